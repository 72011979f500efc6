#include "panelnavigator.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QMainWindow>

namespace Sandbench {

PanelNavigator::PanelNavigator(QMainWindow *window, const QList<QDockWidget *> &docks)
    : QObject(window)
    , m_window(window)
    , m_docks(docks)
{
}

QList<QDockWidget *> PanelNavigator::openDocks() const
{
    QList<QDockWidget *> open;
    for (QDockWidget *dock : m_docks) {
        // Checked for a dock tabbed behind another too; unchecked once closed.
        if (dock->toggleViewAction()->isChecked())
            open << dock;
    }
    return open;
}

QDockWidget *PanelNavigator::currentDock() const
{
    for (QWidget *w = QApplication::focusWidget(); w; w = w->parentWidget()) {
        if (auto *dock = qobject_cast<QDockWidget *>(w); dock && m_docks.contains(dock))
            return dock;
    }
    return nullptr;
}

QWidget *PanelNavigator::focusTarget(QDockWidget *dock)
{
    QWidget *panel = dock->widget();
    if (!panel)
        return dock;
    if (QWidget *proxy = panel->focusProxy(); proxy && proxy->isEnabled() && proxy->isVisibleTo(panel))
        return proxy;
    if (panel->focusPolicy() & Qt::TabFocus)
        return panel;
    // The first control in the tab order that the user could reach with Tab.
    for (QWidget *w = panel->nextInFocusChain(); w && w != panel; w = w->nextInFocusChain()) {
        if (panel->isAncestorOf(w) && (w->focusPolicy() & Qt::TabFocus) && w->isEnabled()
            && w->isVisibleTo(panel))
            return w;
    }
    return panel;
}

bool PanelNavigator::isInFront(const QDockWidget *dock)
{
    return dock->isVisible() && !dock->visibleRegion().isEmpty();
}

void PanelNavigator::focusDock(QDockWidget *dock)
{
    dock->show();
    dock->raise(); // brings its tab forward when it is tabbed with others
    if (dock->isFloating())
        dock->activateWindow();
    else
        m_window->activateWindow();
    focusTarget(dock)->setFocus(Qt::ShortcutFocusReason);
}

void PanelNavigator::activate(QDockWidget *dock)
{
    if (isInFront(dock) && currentDock() == dock) {
        focusNext(1);
        dock->close();
        return;
    }
    focusDock(dock);
}

void PanelNavigator::focusNext(int step)
{
    const QList<QDockWidget *> open = openDocks();
    if (open.isEmpty())
        return;
    const qsizetype at = open.indexOf(currentDock());
    qsizetype next;
    if (at < 0)
        next = step > 0 ? 0 : open.size() - 1;
    else
        next = (at + step % open.size() + open.size()) % open.size();
    focusDock(open.at(next));
}

void PanelNavigator::leaveOnEscape(QWidget *editor)
{
    editor->installEventFilter(this);
}

bool PanelNavigator::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier) {
            focusNext(1);
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace Sandbench
