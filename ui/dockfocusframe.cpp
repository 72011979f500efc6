#include "dockfocusframe.h"

#include <QApplication>
#include <QDockWidget>
#include <QEvent>
#include <QPainter>

namespace Sandbench {

DockFocusFrame::DockFocusFrame(QWidget *window, const QList<QDockWidget *> &docks)
    : QWidget(window)
    , m_window(window)
    , m_docks(docks)
{
    setObjectName(QStringLiteral("dockFocusFrame"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) { follow(now); });
}

void DockFocusFrame::follow(QWidget *focus)
{
    // Focus in a dialog or a menu leaves the mark where the keys will go back to.
    if (focus && focus->window() != m_window && !m_docks.contains(qobject_cast<QDockWidget *>(focus->window())))
        return;
    QDockWidget *dock = nullptr;
    for (QWidget *w = focus; w && !dock; w = w->parentWidget()) {
        if (auto *d = qobject_cast<QDockWidget *>(w); d && m_docks.contains(d))
            dock = d;
    }
    if (!focus && m_dock)
        return; // the window lost the activation; its focus comes back to the same dock
    mark(dock);
}

void DockFocusFrame::mark(QDockWidget *dock)
{
    if (dock == m_dock && (!dock || isVisible()))
        return;
    if (m_dock)
        m_dock->removeEventFilter(this);
    m_dock = dock;
    m_watched = dock;
    if (!dock) {
        hide();
        setParent(m_window);
        return;
    }
    setParent(dock);
    dock->installEventFilter(this);
    setGeometry(dock->rect());
    raise();
    show();
}

bool DockFocusFrame::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_watched.data()) {
        switch (event->type()) {
        case QEvent::Resize:
            setGeometry(static_cast<QWidget *>(watched)->rect());
            break;
        case QEvent::ChildAdded:
        case QEvent::ZOrderChange:
            raise(); // a control made later must not cover the frame
            break;
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void DockFocusFrame::paintEvent(QPaintEvent *)
{
    if (!m_dock)
        return;
    QPainter painter(this);
    const QColor color = palette().color(QPalette::Active, QPalette::Highlight);
    const QRect r = rect();
    // The frame, inside the dock's edge.
    painter.fillRect(QRect(r.left(), r.top(), r.width(), kFrameWidth), color);
    painter.fillRect(QRect(r.left(), r.bottom() - kFrameWidth + 1, r.width(), kFrameWidth), color);
    painter.fillRect(QRect(r.left(), r.top(), kFrameWidth, r.height()), color);
    painter.fillRect(QRect(r.right() - kFrameWidth + 1, r.top(), kFrameWidth, r.height()), color);
    // A bar under the title, so the mark reads even where the frame meets a splitter.
    if (QWidget *panel = m_dock->widget()) {
        const int titleBottom = panel->geometry().top();
        if (titleBottom > kTitleBarHeight)
            painter.fillRect(QRect(r.left(), titleBottom - kTitleBarHeight, r.width(), kTitleBarHeight), color);
    }
}

} // namespace Sandbench
