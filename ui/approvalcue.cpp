#include "approvalcue.h"

#include "approvals/approvalwatcher.h"
#include "common/terminaltext.h"
#include "panelnavigator.h"

#include <QApplication>
#include <QDockWidget>
#include <QJsonObject>
#include <QMainWindow>
#include <QStatusBar>
#include <QSystemTrayIcon>

namespace Sandbench {

ApprovalCue::ApprovalCue(QMainWindow *window, QDockWidget *dock, ApprovalWatcher *watcher, const QKeySequence &showKey)
    : QObject(window), m_window(window), m_dock(dock), m_watcher(watcher), m_showKey(showKey)
{
    connect(m_watcher, &ApprovalWatcher::changed, this, &ApprovalCue::update);
    update();
}

QString ApprovalCue::title(int count)
{
    return count > 0 ? tr("Approvals (%1)").arg(count) : tr("Approvals");
}

bool ApprovalCue::userIsOnDock() const
{
    if (!m_window->isActiveWindow() || !PanelNavigator::isInFront(m_dock))
        return false;
    const QWidget *focus = QApplication::focusWidget();
    return focus && m_dock->isAncestorOf(focus);
}

void ApprovalCue::update()
{
    const QList<QJsonObject> pending = m_watcher->pending();
    QSet<QString> now;
    QStringList fresh; // tools of the calls that started waiting since the last update
    for (const QJsonObject &p : pending) {
        const QString id = p.value(QLatin1String("id")).toString();
        now.insert(id);
        if (!m_seen.contains(id))
            fresh << p.value(QLatin1String("tool")).toString().left(64);
    }
    m_seen = now; // decided calls go: an id is never cued twice while it waits
    const int before = m_waiting;
    m_waiting = int(pending.size());
    if (m_waiting != before)
        m_dock->setWindowTitle(title(m_waiting));
    if (m_waiting == 0) {
        // Our words leave the status bar with the last call; anything else said there stays.
        if (!m_lastCue.isEmpty() && m_window->statusBar()->currentMessage() == m_lastCue)
            m_window->statusBar()->clearMessage();
        if (m_tray)
            m_tray->hide();
        return;
    }
    if (fresh.isEmpty() || userIsOnDock())
        return;
    // Tool names come from a server over the socket: shown as text, never obeyed.
    const QString key = m_showKey.toString(QKeySequence::NativeText);
    m_lastCue = fresh.size() == 1 ? tr("%1 waits for approval: %2 shows the Approvals panel.").arg(visibleText(fresh.first()), key)
                                  : tr("%n calls wait for approval: %1 shows the Approvals panel.", nullptr, int(fresh.size())).arg(key);
    m_window->statusBar()->showMessage(m_lastCue);
    QApplication::alert(m_window);
    notifyTray(m_lastCue);
    emit cued(m_lastCue);
}

void ApprovalCue::notifyTray(const QString &text)
{
    if (!QSystemTrayIcon::isSystemTrayAvailable())
        return;
    if (!m_tray) {
        m_tray = new QSystemTrayIcon(m_window->windowIcon(), this);
        m_tray->setToolTip(tr("Sandbench: calls wait for approval"));
        connect(m_tray, &QSystemTrayIcon::activated, this, &ApprovalCue::showRequested);
        connect(m_tray, &QSystemTrayIcon::messageClicked, this, &ApprovalCue::showRequested);
    }
    m_tray->show();
    if (QSystemTrayIcon::supportsMessages())
        m_tray->showMessage(tr("A call waits for approval"), text, QSystemTrayIcon::Information, 10000);
}

} // namespace Sandbench
