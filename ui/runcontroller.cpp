#include "runcontroller.h"

#include "common/background.h"
#include "models/runhistorymodel.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QStandardPaths>

namespace Sandbench {

RunController::RunController(QObject *parent)
    : QObject(parent)
    , m_engine(new ExecEngine(this))
    , m_history(new RunHistoryModel(this))
{
    connect(m_engine, &ExecEngine::output, this, [this](ExecStream stream, const QByteArray &data) {
        m_history->appendOutput(m_currentRow, stream, data);
        emit output(stream, data);
    });
    connect(m_engine, &ExecEngine::permissionDecided, this, &RunController::permissionDecided);
    connect(m_engine, &ExecEngine::finished, this, [this](const ExecResult &result) {
        const int row = m_currentRow;
        m_currentRow = -1;
        m_history->finishRun(row, result);
        emit runFinished(row, result);
        finishSession(row, result);
    });
    connect(m_engine, &ExecEngine::failed, this, [this](const Error &error) {
        const int row = m_currentRow;
        m_currentRow = -1;
        m_history->failRun(row, error);
        if (m_recorder) {
            m_recorder.reset();
            m_history->setSessionError(row, tr("the run did not start, so there is nothing to replay"));
        }
        emit runFailed(row, error);
    });
}

void RunController::setEngineConfig(const ExecEngineConfig &config)
{
    m_config = config;
    m_engine->setConfig(config);
}

void RunController::setRecordOptions(bool recordSessions, const SessionRecordOptions &options)
{
    m_recordSessions = recordSessions;
    m_recordOptions = options;
}

QString RunController::auditFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)
           + QStringLiteral("/audit");
}

bool RunController::start(ExecRequest request, const QString &title)
{
    if (isRunning())
        return false;
    if (request.auditLogPath.isEmpty()) {
        QDir().mkpath(auditFolder());
        request.auditLogPath = auditFolder()
                               + QStringLiteral("/run-%1-%2.jsonl")
                                     .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")))
                                     .arg(QCoreApplication::applicationPid());
    }
    RunRecord record;
    record.startedMs = QDateTime::currentMSecsSinceEpoch();
    record.title = title;
    record.code = request.code;
    record.policy = request.policy;
    m_currentRow = m_history->addRun(record);
    m_clock.start();
    m_stopRequested = false;
    emit runStarted(m_currentRow, request.auditLogPath);
    if (!m_recordSessions) {
        launch(request);
        return true;
    }
    // The snapshot must be taken before the code can change its workdir, so the run waits for it.
    m_history->setSessionPending(m_currentRow);
    m_preparing = true;
    const int row = m_currentRow;
    runInBackground(this, [request, config = m_config, options = m_recordOptions] {
        return SessionRecorder::begin(request, config, options);
    }, [this, row, request](const Result<SessionRecorder> &recorder) {
        m_preparing = false;
        if (recorder)
            m_recorder = *recorder;
        else
            m_history->setSessionError(row, tr("not recorded: %1").arg(recorder.error().message));
        if (m_stopRequested) {
            m_recorder.reset();
            const Error stopped{ErrorCode::Cancelled, tr("stopped before it started")};
            m_currentRow = -1;
            m_history->failRun(row, stopped);
            m_history->setSessionError(row, stopped.message);
            emit runFailed(row, stopped);
            return;
        }
        launch(request);
    });
    return true;
}

void RunController::launch(const ExecRequest &request)
{
    // start() may report failed() before it returns; the handlers above cope with that.
    m_engine->start(request);
}

void RunController::finishSession(int row, const ExecResult &result)
{
    if (!m_recorder)
        return;
    ++m_sessionsInProgress;
    runInBackground(this, [recorder = *m_recorder, result]() mutable { return recorder.finish(result); }, [this, row](const Result<SessionBundle> &bundle) {
            --m_sessionsInProgress;
            if (bundle) {
                m_history->setSession(row, std::make_shared<const SessionBundle>(*bundle));
                emit sessionReady(row);
            } else {
                m_history->setSessionError(row, tr("not recorded: %1").arg(bundle.error().message));
                emit sessionFailed(row, bundle.error().message);
            }
        });
    m_recorder.reset();
}

void RunController::stop()
{
    if (m_preparing)
        m_stopRequested = true;
    if (m_engine->isRunning())
        m_engine->stop();
}

} // namespace Sandbench
