#pragma once

#include "exec/execengine.h"
#include "exec/execrequest.h"

#include <QElapsedTimer>
#include <QObject>

namespace Sandbench {

class RunHistoryModel;

// Runs scripts through the ExecEngine and records each run in the history. The window and the
// panels listen to its signals; nothing here waits on the runtime.
class RunController : public QObject
{
    Q_OBJECT
public:
    explicit RunController(QObject *parent = nullptr);

    void setEngineConfig(const ExecEngineConfig &config);
    RunHistoryModel *history() const { return m_history; }
    ExecEngine *engine() const { return m_engine; }

    bool isRunning() const { return m_engine->isRunning() || m_currentRow >= 0; }
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

private:
    ExecEngine *m_engine;
    RunHistoryModel *m_history;
    int m_currentRow = -1;
    QElapsedTimer m_clock;
};

} // namespace Sandbench
