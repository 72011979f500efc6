#include "focuskeeper.h"

#include "panelnavigator.h"

#include <QApplication>
#include <QDockWidget>
#include <QFocusEvent>
#include <QMainWindow>
#include <QTimer>

#include <utility>

namespace Sandbench {

namespace {
constexpr qsizetype kRecentKept = 16;
} // namespace

FocusKeeper::FocusKeeper(QMainWindow *window, const QList<QDockWidget *> &docks)
    : QObject(window)
    , m_window(window)
    , m_docks(docks)
{
    connect(qApp, &QApplication::focusChanged, this, &FocusKeeper::focusChanged);
    // A dock going behind a tab or closing keeps (Qt) or passes on (to the next in the chain,
    // maybe behind a tab too) the focus it held.
    for (QDockWidget *dock : std::as_const(m_docks))
        connect(dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
            if (!visible)
                scheduleCheck();
        });
    // The reason of each focus-in (Tab goes on along the chain, anything else to a fallback),
    // and the window's activation after a dialog.
    qApp->installEventFilter(this);
}

bool FocusKeeper::isShownToUser(const QWidget *widget)
{
    if (!widget || !widget->isVisible())
        return false;
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        if (auto *dock = qobject_cast<const QDockWidget *>(w); dock && !PanelNavigator::isInFront(dock))
            return false;
    }
    return true;
}

bool FocusKeeper::isOurs(const QWidget *widget) const
{
    if (!widget)
        return false;
    const QWidget *top = widget->window();
    if (top == m_window)
        return true;
    auto *dock = qobject_cast<const QDockWidget *>(top);
    return dock && m_docks.contains(const_cast<QDockWidget *>(dock));
}

bool FocusKeeper::canTakeFocus(const QWidget *widget) const
{
    return widget && isOurs(widget) && widget->isEnabled() && (widget->focusPolicy() & Qt::TabFocus)
           && isShownToUser(widget);
}

bool FocusKeeper::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::FocusIn) {
        // Compared, not cast: FocusIn also reaches the Qt Quick items inside QtWebEngine, built
        // without RTTI, on which even qobject_cast's member call is undefined. A widget gets its
        // FocusIn after it became the application's focus widget.
        QWidget *focus = QApplication::focusWidget();
        if (focus && watched == focus && isOurs(focus))
            m_lastReason = static_cast<QFocusEvent *>(event)->reason();
    } else if (event->type() == QEvent::WindowActivate && watched == m_window) {
        scheduleCheck();
    }
    return QObject::eventFilter(watched, event);
}

void FocusKeeper::focusChanged(QWidget *, QWidget *now)
{
    if (now && isOurs(now) && isShownToUser(now)) {
        m_recent.removeAll(now);
        m_recent.removeIf([](const QPointer<QWidget> &w) { return w.isNull(); });
        m_recent << now;
        if (m_recent.size() > kRecentKept)
            m_recent.removeFirst();
        return;
    }
    // The focus-in event came before this signal: its reason is the move's.
    if (now && isOurs(now))
        m_walk = m_lastReason == Qt::TabFocusReason ? 1 : m_lastReason == Qt::BacktabFocusReason ? -1 : 0;
    // Later, not now: a dock being raised or a tab being switched is laid out after this.
    scheduleCheck();
}

void FocusKeeper::scheduleCheck()
{
    if (m_checkPending)
        return;
    m_checkPending = true;
    QTimer::singleShot(0, this, [this] {
        m_checkPending = false;
        check();
    });
}

void FocusKeeper::check()
{
    // Only while the user works in this window: not under a dialog, a menu, another window.
    if (!m_window->isVisible() || QApplication::activePopupWidget() || QApplication::activeModalWidget())
        return;
    const int walk = std::exchange(m_walk, 0);
    QWidget *focus = QApplication::focusWidget();
    if (focus && !isOurs(focus))
        return;
    if (!focus && !m_window->isActiveWindow())
        return;
    if (focus && isShownToUser(focus))
        return;
    QWidget *target = nullptr;
    if (focus && walk != 0)
        target = nextInChain(focus, walk > 0);
    if (!target)
        target = fallback(focus);
    if (target)
        target->setFocus(Qt::OtherFocusReason);
}

QWidget *FocusKeeper::nextInChain(QWidget *from, bool forward) const
{
    // Bounded: a focus chain is a ring, and a widget may leave it while we walk.
    int steps = 0;
    for (QWidget *w = forward ? from->nextInFocusChain() : from->previousInFocusChain(); w && w != from && steps < 4096;
         w = forward ? w->nextInFocusChain() : w->previousInFocusChain(), ++steps) {
        if (canTakeFocus(w))
            return w;
    }
    return nullptr;
}

QWidget *FocusKeeper::fallback(const QWidget *lost) const
{
    // The panel now in front where the focused one was: after Ctrl+N, the script editor in
    // place of the Welcome page behind it.
    for (const QWidget *w = lost; w; w = w->parentWidget()) {
        auto *dock = qobject_cast<QDockWidget *>(const_cast<QWidget *>(w));
        if (!dock || !m_docks.contains(dock))
            continue;
        for (QDockWidget *sibling : m_window->tabifiedDockWidgets(dock)) {
            if (PanelNavigator::isInFront(sibling)) {
                QWidget *target = PanelNavigator::focusTarget(sibling);
                if (target && target->isEnabled() && isShownToUser(target))
                    return target;
            }
        }
        break;
    }
    for (qsizetype i = m_recent.size() - 1; i >= 0; --i) {
        QWidget *w = m_recent.at(i);
        if (w && w != lost && canTakeFocus(w))
            return w;
    }
    for (QDockWidget *dock : m_docks) {
        if (!dock->toggleViewAction()->isChecked() || !PanelNavigator::isInFront(dock))
            continue;
        QWidget *target = PanelNavigator::focusTarget(dock);
        if (target && target->isEnabled() && isShownToUser(target))
            return target;
    }
    return nullptr;
}

} // namespace Sandbench
