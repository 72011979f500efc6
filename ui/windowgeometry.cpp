#include "windowgeometry.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace Sandbench {

QRect fitIntoScreen(const QRect &wanted, const QRect &available)
{
    if (available.isEmpty())
        return wanted;
    QRect r = wanted;
    r.setWidth(std::min(r.width(), available.width()));
    r.setHeight(std::min(r.height(), available.height()));
    if (r.right() > available.right())
        r.moveRight(available.right());
    if (r.bottom() > available.bottom())
        r.moveBottom(available.bottom());
    if (r.left() < available.left())
        r.moveLeft(available.left());
    if (r.top() < available.top())
        r.moveTop(available.top());
    return r;
}

void clampToScreen(QWidget *window)
{
    QScreen *screen = QGuiApplication::screenAt(window->geometry().center());
    if (!screen)
        screen = window->screen() ? window->screen() : QGuiApplication::primaryScreen();
    if (!screen)
        return;
    const QRect available = screen->availableGeometry();
    // The frame (title bar, borders) counts too once the window is shown; before that it is
    // unknown and the client area is what restoreGeometry() set.
    const QRect frame = window->frameGeometry();
    const QRect client = window->geometry();
    const QMargins margins(client.left() - frame.left(), client.top() - frame.top(),
                           frame.right() - client.right(), frame.bottom() - client.bottom());
    const QRect fitted = fitIntoScreen(frame, available).marginsRemoved(margins);
    if (fitted != client) {
        // A maximized window keeps its state; only a normal one is moved.
        if (window->isMaximized() || window->isFullScreen())
            return;
        window->setGeometry(fitted);
    }
}

} // namespace Sandbench
