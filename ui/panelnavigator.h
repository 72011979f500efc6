#pragma once

#include <QList>
#include <QObject>

class QDockWidget;
class QMainWindow;
class QWidget;

namespace Sandbench {

// Moves the keyboard focus between the window's panels, so a keyboard-only user can get
// anywhere: Ctrl+Tab / F6 to the next open panel (Ctrl+Shift+Tab / Shift+F6 back), Alt+1…9 and
// View → panel to a given one, Escape out of an editor (where Tab indents) to the next panel.
// The keys are window-wide actions (MainWindow makes them); this class only decides where the
// focus goes. Open panels are those not closed: a panel tabbed behind another is open, and
// going to it brings its tab forward.
class PanelNavigator : public QObject
{
    Q_OBJECT
public:
    PanelNavigator(QMainWindow *window, const QList<QDockWidget *> &docks);

    // The open docks, in the View menu's order.
    QList<QDockWidget *> openDocks() const;
    // The dock holding the focus, or null.
    QDockWidget *currentDock() const;
    // Shows, raises and focuses `dock` (its panel's focus proxy, else its first focusable control).
    void focusDock(QDockWidget *dock);
    // View → panel: like Qt Creator's panes, goes to the dock; only when it is already in front
    // with the focus does it close it (and the focus moves on to the next panel).
    void activate(QDockWidget *dock);
    // step +1: the next open dock after the current one (wrapping); -1: the one before.
    void focusNext(int step);
    // Escape in `editor` moves the focus to the next panel.
    void leaveOnEscape(QWidget *editor);

    static QWidget *focusTarget(QDockWidget *dock);
    // Shown and not behind another dock's tab (Qt moves those off the window, still "visible").
    static bool isInFront(const QDockWidget *dock);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QMainWindow *m_window;
    QList<QDockWidget *> m_docks;
};

} // namespace Sandbench
