#include "startupactions.h"

#include "common/terminaltext.h"
#include "mainwindow.h"
#include "panelnavigator.h"
#include "panels/auditpanel.h"
#include "panels/policyeditorpanel.h"
#include "panels/scripteditorpanel.h"
#include "panels/sessionspanel.h"
#include "workbench/workbench.h"

#include <QApplication>
#include <QDockWidget>
#include <QTimer>

#include <cstdio>

namespace Sandbench {

namespace {

void complain(const QString &message)
{
    std::fprintf(stderr, "sandbench: %s\n", terminalSafe(message).toLocal8Bit().constData());
}

} // namespace

StartupActions::StartupActions(MainWindow *window, StartupOptions options)
    : QObject(window)
    , m_window(window)
    , m_options(std::move(options))
{
}

int StartupActions::openFiles()
{
    QString error;
    if (!m_options.script.isEmpty() && !m_window->scriptPanel()->openFile(m_options.script, &error))
        complain(error);
    if (!m_options.policy.isEmpty() && !m_window->policyPanel()->loadFile(m_options.policy, &error))
        complain(error);
    if (!m_options.auditLog.isEmpty() && !m_window->auditPanel()->openLog(m_options.auditLog, &error))
        complain(error);
    if ((m_options.replay || !m_options.replayPolicy.isEmpty()) && m_options.sessionFile.isEmpty()) {
        complain(QStringLiteral("--replay and --replay-policy need a session file"));
        return 2;
    }
    if (!m_options.replayPolicy.isEmpty()
        && !m_window->sessionsPanel()->setReplayPolicyFile(m_options.replayPolicy, &error)) {
        complain(QStringLiteral("--replay-policy: %1").arg(error));
        return 2;
    }
    return 0;
}

void StartupActions::start()
{
    SessionsPanel *sessions = m_window->sessionsPanel();
    if (!m_options.screenshot.isEmpty()) {
        if (m_options.run) {
            connect(m_window->workbench(), &Workbench::runFinished, this, &StartupActions::shoot);
            connect(m_window->workbench(), &Workbench::runFailed, this, &StartupActions::shoot);
        } else if (m_options.replay) {
            connect(sessions, &SessionsPanel::replayFinished, this, &StartupActions::shoot);
            connect(sessions, &SessionsPanel::replayFailed, this, &StartupActions::shootFailed);
            connect(sessions, &SessionsPanel::openFailed, this, &StartupActions::shootFailed);
        } else if (!m_options.sessionFile.isEmpty()) {
            connect(sessions, &SessionsPanel::sessionOpened, this, &StartupActions::shoot);
            connect(sessions, &SessionsPanel::openFailed, this, &StartupActions::shootFailed);
        } else {
            QTimer::singleShot(300, this, &StartupActions::shoot);
        }
    }
    if (m_options.run)
        QTimer::singleShot(0, m_window, [window = m_window] { window->runScript(); });
    if (!m_options.sessionFile.isEmpty()) {
        if (m_options.replay)
            connect(sessions, &SessionsPanel::sessionOpened, sessions, &SessionsPanel::replay, Qt::SingleShotConnection);
        connect(sessions, &SessionsPanel::openFailed, this, &complain);
        m_window->openSessionFile(m_options.sessionFile);
    }
    if (m_options.quitAfterMs)
        QTimer::singleShot(*m_options.quitAfterMs, qApp, [] { QApplication::exit(0); });
}

void StartupActions::shoot()
{
    if (m_shooting)
        return; // a replay that fails can say so twice (failed to open, failed to replay)
    m_shooting = true;
    // A moment for the last output to be flushed and painted. The picture is taken even after a
    // failure (it shows the error); the exit status says it went wrong.
    QTimer::singleShot(400, this, [this] {
        if (!m_window->grab().save(m_options.screenshot)) {
            complain(QStringLiteral("cannot write %1").arg(m_options.screenshot));
            m_exitCode = 1;
        }
        if (m_options.panelScreenshots.isEmpty())
            finish();
        else
            shootPanel(0);
    });
}

void StartupActions::shootPanel(int index)
{
    const QList<QDockWidget *> docks = m_window->docks();
    if (index >= docks.size()) {
        finish();
        return;
    }
    QDockWidget *dock = docks.at(index);
    m_window->navigator()->focusDock(dock);
    // Long enough for a tab switch, a lazily filled view and a web view's first paint.
    QTimer::singleShot(500, this, [this, index, dock] {
        QString name = dock->objectName();
        if (name.endsWith(QLatin1String("Dock")))
            name.chop(4);
        const QString file = QStringLiteral("%1-%2.png").arg(m_options.panelScreenshots, name.toLower());
        // The dock as the 1280×800 window lays it out: what fits and what is clipped shows.
        if (!dock->grab().save(file)) {
            complain(QStringLiteral("cannot write %1").arg(file));
            m_exitCode = 1;
        }
        shootPanel(index + 1);
    });
}

void StartupActions::finish()
{
    QApplication::exit(m_exitCode);
}

void StartupActions::shootFailed()
{
    m_exitCode = 1;
    shoot();
}

} // namespace Sandbench
