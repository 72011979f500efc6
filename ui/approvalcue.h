#pragma once

#include <QKeySequence>
#include <QObject>
#include <QPointer>
#include <QSet>

class QDockWidget;
class QMainWindow;
class QSystemTrayIcon;

namespace Sandbench {

class ApprovalWatcher;

// Tells the user that an agent's call waits for them, without changing what they look at
// (issue #24's rule): the Approvals dock's title (and its tab) carries the count, and when a call
// starts waiting while that dock is not in front with the focus, the status bar says so and how
// to get there, the window asks for attention (QApplication::alert: the task bar's mark) and,
// where the desktop has a tray, a tray message comes. Nothing here shows, raises or focuses a
// panel; only a click on the tray's icon or message (the user's act) asks for the dock.
class ApprovalCue : public QObject
{
    Q_OBJECT
public:
    ApprovalCue(QMainWindow *window, QDockWidget *dock, ApprovalWatcher *watcher, const QKeySequence &showKey);

    int waiting() const { return m_waiting; }
    // The words of the last cue raised for a call out of sight; empty before the first.
    QString lastCue() const { return m_lastCue; }
    // The dock's title for `count` waiting calls.
    static QString title(int count);

signals:
    // Raised for calls that started waiting out of the user's sight (text: what the status bar says).
    void cued(const QString &text);
    // The user clicked the tray's icon or message.
    void showRequested();

private:
    void update();
    bool userIsOnDock() const;
    void notifyTray(const QString &text);

    QMainWindow *m_window;
    QDockWidget *m_dock;
    ApprovalWatcher *m_watcher;
    QKeySequence m_showKey;
    QSet<QString> m_seen; // ids cued or seen in the dock already
    int m_waiting = 0;
    QString m_lastCue;
    QPointer<QSystemTrayIcon> m_tray;
};

} // namespace Sandbench
