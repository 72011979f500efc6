#pragma once

#include "common/result.h"
#include "exec/execrequest.h"
#include "exec/execresult.h"

#include <QObject>
#include <memory>

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

private:
    ExecEngineConfig m_config;
    std::unique_ptr<ExecRun> m_run;
    friend class ExecRun;
};

} // namespace Sandbench
