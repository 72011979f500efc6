#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

class QDockWidget;
class QMainWindow;
class QWidget;

namespace Sandbench {

// Keeps the keyboard focus on a control the user can see in the main window. Qt leaves the
// focus where it was when a dock goes behind another dock's tab (the dock is moved off the
// window, not hidden), and Tab walks into such docks, so a key could act on a control nobody
// sees ("Open Example" on a Welcome tab behind the Script tab). Here a focus that lands on a
// control that is not in front moves on: Tab and Shift+Tab to the next control in front, any
// other move to the panel now in front in its place, else the last control in front that had
// it. Focus lost while the window is active (a dialog closed, a focused control went away)
// comes back the same way.
class FocusKeeper : public QObject
{
    Q_OBJECT
public:
    FocusKeeper(QMainWindow *window, const QList<QDockWidget *> &docks);

    // Shown, and not in a closed dock or one behind another dock's tab.
    static bool isShownToUser(const QWidget *widget);
    // Checks once the events queued now are handled: after a run ends, after a dialog.
    void scheduleCheck();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void focusChanged(QWidget *old, QWidget *now);
    void check();
    bool isOurs(const QWidget *widget) const;
    bool canTakeFocus(const QWidget *widget) const;
    QWidget *nextInChain(QWidget *from, bool forward) const;
    QWidget *fallback(const QWidget *lost) const;

    QMainWindow *m_window;
    QList<QDockWidget *> m_docks;
    QList<QPointer<QWidget>> m_recent; // controls in front that had the focus, newest last
    int m_lastReason = 0;               // Qt::FocusReason of the last focus-in in the window
    // +1 / -1: the focus went out of view by Tab / Shift+Tab, so the check goes on along the
    // chain; 0: it was left there (a dock went behind a tab), so the check goes to a fallback.
    int m_walk = 0;
    bool m_checkPending = false;
};

} // namespace Sandbench
