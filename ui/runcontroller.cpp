#include "runcontroller.h"

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
    });
    connect(m_engine, &ExecEngine::failed, this, [this](const Error &error) {
        const int row = m_currentRow;
        m_currentRow = -1;
        m_history->failRun(row, error);
        emit runFailed(row, error);
    });
}

void RunController::setEngineConfig(const ExecEngineConfig &config)
{
    m_engine->setConfig(config);
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
    emit runStarted(m_currentRow, request.auditLogPath);
    // start() may report failed() before it returns; the handlers above cope with that.
    m_engine->start(request);
    return true;
}

void RunController::stop()
{
    if (m_engine->isRunning())
        m_engine->stop();
}

} // namespace Sandbench
