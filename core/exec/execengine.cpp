#include "execengine.h"

#include "exec/execrun.h"

#include <QEventLoop>

namespace Sandbench {

ExecEngine::ExecEngine(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<Sandbench::ExecResult>();
    qRegisterMetaType<Sandbench::AuditEvent>();
    qRegisterMetaType<Sandbench::Error>();
    qRegisterMetaType<Sandbench::ExecStream>();
    // A run ends either way: drop it once its last signal has been delivered.
    auto release = [this] {
        if (m_run)
            m_run.release()->deleteLater();
    };
    connect(this, &ExecEngine::finished, this, release, Qt::QueuedConnection);
    connect(this, &ExecEngine::failed, this, release, Qt::QueuedConnection);
}

ExecEngine::~ExecEngine() = default;

void ExecEngine::setConfig(const ExecEngineConfig &config)
{
    m_config = config;
}

bool ExecEngine::isRunning() const
{
    return m_run != nullptr;
}

void ExecEngine::start(const ExecRequest &request)
{
    if (m_run) {
        emit failed(Error::config(QStringLiteral("a run is already in progress")));
        return;
    }
    m_run = std::make_unique<ExecRun>(this, request);
    m_run->start();
}

void ExecEngine::stop()
{
    if (m_run)
        m_run->stop();
}

Result<ExecResult> ExecEngine::runSync(const ExecRequest &request, const ExecEngineConfig &config)
{
    ExecEngine engine;
    engine.setConfig(config);
    QEventLoop loop;
    Result<ExecResult> outcome = fail(ErrorCode::Internal, QStringLiteral("the run did not finish"));
    connect(&engine, &ExecEngine::finished, &loop, [&](const ExecResult &result) {
        outcome = result;
        loop.quit();
    });
    connect(&engine, &ExecEngine::failed, &loop, [&](const Error &error) {
        outcome = std::unexpected(error);
        loop.quit();
    });
    engine.start(request);
    loop.exec();
    return outcome;
}

} // namespace Sandbench
