#pragma once

#include "exec/execengine.h"
#include "exec/outputcapture.h"
#include "exec/permissionbroker.h"
#include "exec/preparedrun.h"
#include "exec/runasker.h"
#include "exec/runlimits.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QTimer>

#include <mutex>

namespace Sandbench {

// One run in flight: preparation on a worker thread, then the broker and the runtime process,
// the timeout, and the output captures. Owned by ExecEngine; reports through its signals.
class ExecRun : public QObject
{
    Q_OBJECT
public:
    // A warm run (ExecEngine::setWarmTemplate) prepares and starts its runtime for `request`
    // and holds it waiting, reporting nothing, until begin() hands it its run.
    ExecRun(ExecEngine *engine, const ExecRequest &request, bool warm = false);
    ~ExecRun() override;

    void start();
    void stop();

    // Warm runs only. Ready: the runtime waits in its first preload. canServe(): ready, and
    // every folder its namespace bound is still the one at that path.
    bool isWarmReady() const { return m_warmReady && m_process && m_process->state() == QProcess::Running; }
    bool canServe(const ExecRequest &request) const;
    qint64 processId() const { return m_process ? m_process->processId() : 0; }
    // Hands over the run (a request warmTemplateMatches() the template): from here on it
    // reports like a cold run; its timeout and durationMs count from this call.
    void begin(const ExecRequest &request);
    // Ends a warm runtime that will not be used (its process is killed now).
    void discard();

private:
    void prepared(Result<PreparedRun> result);
    void launch();
    VoidResult setUpLimits();
    void startWatching();
    void handOver(Result<QStringList> modules);
    void readWarmSignal();
    void warmGone();
    QString auditLogOf(const ExecRequest &request) const;
    bool waiting() const { return m_warm && !m_begun; }
    void readStream(ExecStream stream);
    void processFinished();
    void flushEvents();
    void finish(ExecResult result);
    void failWith(const Error &error);

    ExecEngine *m_engine;
    ExecRequest m_request;
    PreparedRun m_run;
    std::shared_ptr<PrepareCancel> m_cancel = std::make_shared<PrepareCancel>();
    std::unique_ptr<PermissionBroker> m_broker;
    RunAsker *m_asker = nullptr; // policies with ask_* entries only
    QProcess *m_process = nullptr;
    bool m_warm = false;
    bool m_warmReady = false;
    bool m_begun = false;
    QTimer m_timeout;
    QTimer m_flushTimer;
    QTimer m_workdirTimer;
    RunLimits m_limits;
    QStringList m_missingLayers; // layers the machine lacks and the policy accepts going without
    bool m_workdirExceeded = false;
    QTimer m_tasksTimer;
    bool m_tasksExceeded = false;
    QElapsedTimer m_clock;
    OutputCapture m_stdout;
    OutputCapture m_stderr;
    bool m_timedOut = false;
    bool m_cancelled = false;
    bool m_done = false;
    bool m_stopRequested = false;
    bool m_brokerWarningHandled = false;
    QByteArray m_stderrHead;

    // Decisions arrive on the broker's thread and are handed over in batches.
    std::mutex m_eventsMutex;
    QList<AuditEvent> m_pendingEvents;
    QList<AuditEvent> m_events;
    qint64 m_eventsDropped = 0;
    int m_allows = 0;
    int m_denies = 0;
};

} // namespace Sandbench
