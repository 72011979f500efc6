#include "execengine.h"

#include "exec/execrun.h"
#include "exec/warmstart.h"

#include <QEventLoop>

namespace Sandbench {

ExecEngine::ExecEngine(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<Sandbench::ExecResult>();
    qRegisterMetaType<Sandbench::AuditEvent>();
    qRegisterMetaType<Sandbench::Error>();
    qRegisterMetaType<Sandbench::ExecStream>();
    // A run ends either way. It is no longer running as soon as it says so (connected first,
    // so every other listener of finished() or failed() already sees isRunning() false and can
    // start the next run), and it is dropped once its last signal has been delivered.
    const auto ended = [this] {
        if (m_run && !m_refusing)
            m_runEnded = true;
    };
    connect(this, &ExecEngine::finished, this, ended);
    connect(this, &ExecEngine::failed, this, ended);
    connect(this, &ExecEngine::finished, this, &ExecEngine::releaseEndedRun, Qt::QueuedConnection);
    connect(this, &ExecEngine::failed, this, &ExecEngine::releaseEndedRun, Qt::QueuedConnection);
    m_warmDeadline.setSingleShot(true);
    connect(&m_warmDeadline, &QTimer::timeout, this, [this] {
        if (!m_warm || m_warm->isWarmReady())
            return;
        // Seen under ThreadSanitizer about once in 200 test runs: a warm start that never
        // announced itself (a child stuck between fork and exec, or a machine too loaded).
        dropWarm();
        retryWarm();
    });
    // Only a deadline: the retries are counted until a run is handed over or the template
    // changes, so a runtime that says it waits and then ends at once is not started forever.
    connect(this, &ExecEngine::warmRuntimeReady, &m_warmDeadline, &QTimer::stop);
}

void ExecEngine::releaseEndedRun()
{
    // Queued: by now a listener may have started the next run, which is not to be dropped.
    if (!m_run || !m_runEnded)
        return;
    m_runEnded = false;
    ExecRun *ended = m_run.release();
    // The next warm runtime starts only once the ended run's process is gone (its
    // destructor kills and reaps it): nothing of one run is alive next to the next one.
    connect(ended, &QObject::destroyed, this, [this] {
        m_warmRetries = 0;
        if (m_template && !m_warm && !m_run)
            startWarm();
    }, Qt::QueuedConnection);
    ended->deleteLater();
}

ExecEngine::~ExecEngine()
{
    // Marked ended first: its process's end, reaped in its destructor, must not call back here.
    if (m_warm)
        m_warm->discard();
    // Every run goes while this is still an engine, ended ones awaiting their deleteLater too:
    // left to ~QObject, they would be destroyed after this object stopped being an ExecEngine.
    m_warm.reset();
    m_run.reset();
    qDeleteAll(findChildren<ExecRun *>(Qt::FindDirectChildrenOnly));
}

void ExecEngine::setConfig(const ExecEngineConfig &config)
{
    m_config = config;
    // A waiting runtime of another binary or cache is not the one this config would start.
    if (m_template)
        setWarmTemplate(*m_template);
}

bool ExecEngine::isRunning() const
{
    return m_run && !m_runEnded;
}

void ExecEngine::start(const ExecRequest &request)
{
    releaseEndedRun();
    if (m_run) {
        // Not the end of the run going on: the flag keeps it running.
        m_refusing = true;
        emit failed(Error::config(QStringLiteral("a run is already in progress")));
        m_refusing = false;
        return;
    }
    m_lastStartWarm = false;
    if (m_warm) {
        if (m_template && warmTemplateMatches(*m_template, request) && m_warm->canServe(request)) {
            m_lastStartWarm = true;
            m_run = std::move(m_warm);
            m_run->begin(request);
            return;
        }
        dropWarm();
    }
    m_run = std::make_unique<ExecRun>(this, request);
    m_run->start();
}

void ExecEngine::setWarmTemplate(const ExecRequest &templ)
{
    m_template = templ;
    m_warmRetries = 0;
    dropWarm();
    if (!m_run)
        startWarm();
}

void ExecEngine::clearWarmTemplate()
{
    m_template.reset();
    dropWarm();
}

bool ExecEngine::hasWarmRuntime() const
{
    return m_warm && m_warm->isWarmReady();
}

qint64 ExecEngine::warmRuntimePid() const
{
    return hasWarmRuntime() ? m_warm->processId() : 0;
}

void ExecEngine::startWarm()
{
    m_warm = std::make_unique<ExecRun>(this, *m_template, true);
    m_warmDeadline.start(m_config.warmReadyTimeoutMs);
    m_warm->start();
}

void ExecEngine::retryWarm()
{
    if (++m_warmRetries > maxWarmRetries)
        return;
    // Not at once: whatever ended the last one gets a moment to pass.
    QTimer::singleShot(100 * m_warmRetries, this, [this] {
        if (m_template && !m_warm && !m_run)
            startWarm();
    });
}

void ExecEngine::dropWarm()
{
    m_warmDeadline.stop();
    if (!m_warm)
        return;
    // Killed now; deleted from the event loop, since this may run inside its own signal.
    m_warm->discard();
    m_warm.release()->deleteLater();
}

void ExecEngine::warmRuntimeGone(ExecRun *run)
{
    if (m_warm.get() != run)
        return;
    m_warmDeadline.stop();
    m_warm.release()->deleteLater();
    retryWarm();
}

void ExecEngine::stop()
{
    if (m_run && !m_runEnded)
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
