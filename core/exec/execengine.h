#pragma once

#include "common/result.h"
#include "exec/execrequest.h"
#include "exec/execresult.h"

#include <QObject>
#include <QTimer>
#include <memory>
#include <optional>

namespace Sandbench {

class ExecRun;

// Runs one request at a time in a Deno child process whose every permission check is answered
// by Sandbench's PermissionBroker. Never blocks the thread it lives in: preparation runs on a
// worker thread, the runtime is a QProcess, the broker has its own thread.
class ExecEngine : public QObject
{
    Q_OBJECT
public:
    explicit ExecEngine(QObject *parent = nullptr);
    ~ExecEngine() override;

    void setConfig(const ExecEngineConfig &config);
    ExecEngineConfig config() const { return m_config; }

    bool isRunning() const;

    // Starts a run. Emits either failed() (configuration or environment error, nothing ran)
    // or finished(); in between, started(), output() and permissionsDecided() as they happen.
    void start(const ExecRequest &request);
    // Stops the run and every process it started; finished() follows with cancelled set.
    void stop();

    // Keeps the next run's runtime started and waiting (an agent server knows its one policy in
    // advance): from now on, whenever no run is in flight, the engine holds a runtime prepared
    // and started for `templ` in its namespaces, with its broker, waiting for its code. A
    // start() whose request matches the template (warmTemplateMatches(): everything equal but
    // the code given with --code) hands that runtime its run and skips the runtime's start-up;
    // the run behaves as a cold one (same audit lines in the same order, output, limits,
    // result). Each warm runtime serves exactly one run; the next one is started once that run
    // has ended and its process is gone. A request that does not match, or a warm runtime that
    // is not ready, died or whose folders were replaced, is discarded and the run starts cold.
    // A warm runtime that ends or is not ready within config().warmReadyTimeoutMs before any run
    // was handed to it is started again, a few times at most (maxWarmRetries): one that cannot
    // wait must not loop, and one lost to a passing failure must not leave every later start
    // cold until the next run ends.
    // The audit log may differ from the template's when neither lies in a folder the runtime's
    // namespace binds (a log per run in a folder of its own stays warm).
    void setWarmTemplate(const ExecRequest &templ);
    void clearWarmTemplate();
    const std::optional<ExecRequest> &warmTemplate() const { return m_template; }
    // A warm runtime waits, ready for a matching start().
    bool hasWarmRuntime() const;
    // The waiting runtime's process (bubblewrap), 0 when none waits; for diagnostics and tests.
    qint64 warmRuntimePid() const;
    // How often a waiting runtime that ended or got stuck is started again before a run is
    // handed over (setWarmTemplate).
    static constexpr int maxWarmRetries = 2;
    // Whether the last start() handed its run to a warm runtime.
    bool lastStartWasWarm() const { return m_lastStartWarm; }

    // Blocks the calling thread until the run ends (for the CLI and tests).
    static Result<ExecResult> runSync(const ExecRequest &request,
                                      const ExecEngineConfig &config = {});

signals:
    void started(qint64 pid);
    void output(Sandbench::ExecStream stream, const QByteArray &data);
    // The decisions since the last batch, in order. This is the one place they are batched on
    // their way from the broker's thread to whoever shows them: every 50 ms while the runtime
    // asks, and the last ones before finished().
    void permissionsDecided(const QList<Sandbench::AuditEvent> &batch);
    void finished(const Sandbench::ExecResult &result);
    void failed(const Sandbench::Error &error);
    // A warm runtime is now waiting (setWarmTemplate).
    void warmRuntimeReady();

private:
    void startWarm();
    void dropWarm();
    void warmRuntimeGone(ExecRun *run);
    void retryWarm();
    void releaseEndedRun();

    ExecEngineConfig m_config;
    std::unique_ptr<ExecRun> m_run;
    bool m_runEnded = false; // m_run said finished() or failed() and waits to be dropped
    bool m_refusing = false; // failed() is about a start refused, not about m_run
    std::optional<ExecRequest> m_template;
    std::unique_ptr<ExecRun> m_warm;
    QTimer m_warmDeadline; // m_warm has this long to become ready
    int m_warmRetries = 0; // since the last run ended or the template was set
    bool m_lastStartWarm = false;
    friend class ExecRun;
};

} // namespace Sandbench
