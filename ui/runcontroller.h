#pragma once

#include "exec/execengine.h"
#include "exec/execrequest.h"
#include "session/exec/execsessionrecorder.h"

#include <QElapsedTimer>
#include <QObject>

#include <optional>

namespace Sandbench {

class RunHistoryModel;

// Runs scripts through the ExecEngine and records each run in the history, with its session
// (when recording is on) so that any run can be saved as a .sbsession. The window and the
// panels listen to its signals; nothing here waits on the runtime or on the disk: the workdir
// snapshot before a run and the session's assembly after it happen on the thread pool.
class RunController : public QObject
{
    Q_OBJECT
public:
    explicit RunController(QObject *parent = nullptr);

    void setEngineConfig(const ExecEngineConfig &config);
    void setRecordOptions(bool recordSessions, const SessionRecordOptions &options);
    RunHistoryModel *history() const { return m_history; }
    ExecEngine *engine() const { return m_engine; }

    bool isRunning() const { return m_engine->isRunning() || m_currentRow >= 0; }
    // Sessions of finished runs still being assembled.
    int sessionsInProgress() const { return m_sessionsInProgress; }
    int currentRow() const { return m_currentRow; }
    qint64 elapsedMs() const { return m_clock.isValid() ? m_clock.elapsed() : 0; }

    // Starts a run of `request` (its auditLogPath filled in when empty); false when one is
    // already running.
    bool start(ExecRequest request, const QString &title);
    void stop();

    // Where each run's audit log goes.
    static QString auditFolder();

signals:
    void runStarted(int row, const QString &auditLogPath);
    void output(Sandbench::ExecStream stream, const QByteArray &data);
    void permissionDecided(const Sandbench::AuditEvent &event);
    void runFinished(int row, const Sandbench::ExecResult &result);
    void runFailed(int row, const Sandbench::Error &error);
    // The run's session is ready to save (RunHistoryModel::run(row).session), or could not be made.
    void sessionReady(int row);
    void sessionFailed(int row, const QString &error);

private:
    void launch(const ExecRequest &request);
    void finishSession(int row, const ExecResult &result);

    ExecEngine *m_engine;
    ExecEngineConfig m_config;
    bool m_recordSessions = true;
    SessionRecordOptions m_recordOptions;
    std::optional<SessionRecorder> m_recorder;
    bool m_preparing = false;
    bool m_stopRequested = false;
    int m_sessionsInProgress = 0;
    RunHistoryModel *m_history;
    int m_currentRow = -1;
    QElapsedTimer m_clock;
};

} // namespace Sandbench
