#pragma once

#include <QDockWidget>
#include <QList>
#include <QPointer>
#include <QWidget>

namespace Sandbench {

// Marks the panel that holds the keyboard focus, as KDE applications mark their active view: a
// frame around the dock and a bar over its title, in the palette's highlight colour (readable
// on the light and the dark theme, and following a theme switch). One overlay, moved into the
// focused dock; it takes no mouse events and no focus.
class DockFocusFrame : public QWidget
{
    Q_OBJECT
public:
    // `window` holds the docks; the frame lives in the focused dock.
    DockFocusFrame(QWidget *window, const QList<QDockWidget *> &docks);

    // The dock marked now, or null (the focus is in no dock: the toolbar, a dialog).
    QDockWidget *markedDock() const { return m_dock; }
    static constexpr int kFrameWidth = 2;
    static constexpr int kTitleBarHeight = 3;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void follow(QWidget *focus);
    void mark(QDockWidget *dock);

    QWidget *m_window;
    QList<QDockWidget *> m_docks;
    QPointer<QDockWidget> m_dock;
    // The same dock as a plain object, for the event filter: events reach the filter while the
    // dock is being destroyed, when it is no longer a QDockWidget and m_dock's cast is undefined.
    QPointer<QObject> m_watched;
};

} // namespace Sandbench
