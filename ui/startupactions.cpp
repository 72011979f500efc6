#include "startupactions.h"

#include "common/terminaltext.h"
#include "mainwindow.h"
#include "panels/auditpanel.h"
#include "panels/policyeditorpanel.h"
#include "panels/scripteditorpanel.h"
#include "panels/sessionspanel.h"
#include "workbench/workbench.h"

#include <QApplication>
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
        QApplication::exit(m_exitCode);
    });
}

void StartupActions::shootFailed()
{
    m_exitCode = 1;
    shoot();
}

} // namespace Sandbench
