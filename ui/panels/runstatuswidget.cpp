#include "runstatuswidget.h"
#include "textroles.h"

#include "common/terminaltext.h"
#include "workbench/workbench.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QTimer>

namespace Sandbench {

RunStatusWidget::RunStatusWidget(QWidget *parent)
    : QWidget(parent)
    , m_seed(new QLabel(this))
    , m_frozen(new QLabel(this))
    , m_run(new QLabel(this))
    , m_state(new QLabel(this))
    , m_timer(new QTimer(this))
{
    m_seed->setObjectName(QStringLiteral("seedLabel"));
    m_frozen->setObjectName(QStringLiteral("frozenTimeLabel"));
    m_run->setObjectName(QStringLiteral("shownRunLabel"));
    m_run->hide();
    m_state->setObjectName(QStringLiteral("runStateLabel"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 0, 8, 0);
    layout->setSpacing(16);
    layout->addWidget(m_seed);
    layout->addWidget(m_frozen);
    layout->addWidget(m_run);
    layout->addWidget(m_state);
    m_timer->setInterval(100);
    connect(m_timer, &QTimer::timeout, this, &RunStatusWidget::tick);
    setPolicy({});
    m_state->setText(tr("Ready"));
}

void RunStatusWidget::setPolicy(const Policy &policy)
{
    m_seed->setText(policy.seed ? tr("Seed: %1").arg(*policy.seed) : tr("Seed: random"));
    m_frozen->setText(policy.freezeTimeMs
                          ? tr("Time: frozen at %1")
                                .arg(QDateTime::fromMSecsSinceEpoch(*policy.freezeTimeMs, Qt::UTC)
                                         .toString(Qt::ISODate))
                          : tr("Time: real"));
}

void RunStatusWidget::setRunning(bool running)
{
    if (running) {
        m_policyFailed = false;
        clearTextRole(m_state);
        m_startedMs = QDateTime::currentMSecsSinceEpoch();
        m_timer->start();
        tick();
    } else {
        m_timer->stop();
    }
}

void RunStatusWidget::tick()
{
    const double seconds = double(QDateTime::currentMSecsSinceEpoch() - m_startedMs) / 1000.0;
    m_state->setText(tr("Running\u2026 %1 s").arg(seconds, 0, 'f', 1));
}

void RunStatusWidget::setResult(const ExecResult &r)
{
    setRunning(false);
    QStringList parts;
    if (r.timedOut)
        parts << tr("Timed out");
    else if (r.cancelled)
        parts << tr("Stopped");
    else if (r.memoryExceeded)
        parts << tr("Out of memory");
    if (r.exitCode)
        parts << tr("Exit code %1").arg(*r.exitCode);
    if (r.truncated)
        parts << tr("Output truncated");
    parts << tr("%1 ms").arg(r.durationMs);
    const bool ok = r.exitCode == 0 && !r.timedOut && !r.cancelled;
    m_state->setText(parts.join(QStringLiteral(" \u00b7 ")));
    setTextRole(m_state, ok ? TextRole::Success : TextRole::Error);
}

void RunStatusWidget::setPolicyFailed(const QString &message)
{
    setFailed(message);
    m_policyFailed = true;
}

void RunStatusWidget::clearPolicyFailure()
{
    if (!m_policyFailed)
        return;
    m_policyFailed = false;
    m_state->setText(tr("Ready"));
    clearTextRole(m_state);
}

void RunStatusWidget::setFailed(const QString &message)
{
    m_policyFailed = false;
    setRunning(false);
    m_state->setText(visibleText(tr("Could not run: %1").arg(message)));
    setTextRole(m_state, TextRole::Error);
}

void RunStatusWidget::setEngineFailure(const QString &engineMessage)
{
    setFailed({});
    m_state->setText(visibleText(tr("Could not run. The engine's message: \u201c%1\u201d").arg(engineMessage)));
}

QString RunStatusWidget::seedText() const { return m_seed->text(); }
QString RunStatusWidget::frozenTimeText() const { return m_frozen->text(); }
QString RunStatusWidget::stateText() const { return m_state->text(); }
QString RunStatusWidget::shownRunText() const { return m_run->text(); }

void RunStatusWidget::setShownRun(int number)
{
    m_run->setText(number > 0 ? tr("Run %1:").arg(number) : QString());
    m_run->setVisible(number > 0);
}

void RunStatusWidget::follow(Workbench *workbench)
{
    connect(workbench, &Workbench::runStarted, this, [this] { setRunning(true); });
    connect(workbench, &Workbench::runFinished, this, [this](int, const ExecResult &result) { setResult(result); });
    connect(workbench, &Workbench::runFailed, this, [this](int, const Error &error) { setEngineFailure(error.message); });
}

} // namespace Sandbench
