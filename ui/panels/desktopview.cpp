#include "desktopview.h"

#include "desktop/vnckeys.h"

#include <QKeyEvent>
#include <QPainter>

#include <algorithm>

namespace Sandbench {

DesktopView::DesktopView(QWidget *parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(160, 100);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true); // the stream shows the sandbox's pointer following ours
}

void DesktopView::setImage(const QImage &image)
{
    const bool resized = image.size() != m_image.size();
    m_image = image;
    if (resized && m_actual)
        setActualSize(true);
    update();
}

void DesktopView::setActualSize(bool actual)
{
    m_actual = actual;
    // A scroll area around the view scrolls once the view is as large as the screen.
    setMinimumSize(actual && !m_image.isNull() ? m_image.size() : QSize(160, 100));
    updateGeometry();
    update();
}

double DesktopView::fittedScale(const QSize &area) const
{
    if (m_image.isNull() || m_image.width() <= 0)
        return 1.0;
    return double(m_image.size().scaled(area, Qt::KeepAspectRatio).width()) / m_image.width();
}

QRect DesktopView::targetRect() const
{
    if (m_image.isNull())
        return {};
    if (m_actual) {
        const QSize own = m_image.size();
        return QRect(QPoint(std::max(0, (width() - own.width()) / 2), std::max(0, (height() - own.height()) / 2)), own);
    }
    const QSize scaled = m_image.size().scaled(size(), Qt::KeepAspectRatio);
    return QRect(QPoint((width() - scaled.width()) / 2, (height() - scaled.height()) / 2), scaled);
}

std::optional<QPoint> DesktopView::toScreen(const QPointF &widgetPos) const
{
    const QRect target = targetRect();
    if (target.isEmpty() || !target.contains(widgetPos.toPoint()))
        return std::nullopt;
    const double sx = double(m_image.width()) / target.width();
    const double sy = double(m_image.height()) / target.height();
    // A widget pixel stands for the screen pixel under its centre.
    const int x = std::clamp(int((widgetPos.x() - target.x() + 0.5) * sx), 0, m_image.width() - 1);
    const int y = std::clamp(int((widgetPos.y() - target.y() + 0.5) * sy), 0, m_image.height() - 1);
    return QPoint(x, y);
}

void DesktopView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), QColor(0x20, 0x20, 0x24));
    if (m_image.isNull()) {
        p.setPen(QColor(0xaa, 0xaa, 0xaa));
        p.drawText(rect(), Qt::AlignCenter, tr("No screen yet"));
        return;
    }
    p.setRenderHint(QPainter::SmoothPixmapTransform);
    p.drawImage(targetRect(), m_image);
    if (hasFocus()) {
        // A thin frame says that keys now go to the sandbox.
        p.setPen(QPen(palette().highlight(), 2));
        p.drawRect(targetRect().adjusted(1, 1, -1, -1));
    }
}

static MouseButton toButton(Qt::MouseButton b)
{
    switch (b) {
    case Qt::RightButton: return MouseButton::Right;
    case Qt::MiddleButton: return MouseButton::Middle;
    default: return MouseButton::Left;
    }
}

static int buttonMask(Qt::MouseButtons buttons)
{
    return (buttons & Qt::LeftButton ? 1 : 0) | (buttons & Qt::MiddleButton ? 2 : 0) | (buttons & Qt::RightButton ? 4 : 0);
}

std::optional<QPoint> DesktopView::pointerAt(const QPointF &widgetPos) const
{
    const QRect target = targetRect();
    if (target.isEmpty())
        return std::nullopt;
    const QPointF inside(std::clamp(widgetPos.x(), qreal(target.left()), qreal(target.right())),
                         std::clamp(widgetPos.y(), qreal(target.top()), qreal(target.bottom())));
    return toScreen(inside);
}

void DesktopView::sendPointer(const QPointF &widgetPos, Qt::MouseButtons buttons)
{
    // Outside the picture only a held button follows (a drag), at the screen's edge.
    const bool dragging = buttons != Qt::NoButton;
    const auto pos = dragging ? pointerAt(widgetPos) : toScreen(widgetPos);
    if (!pos)
        return;
    m_lastPointer = *pos;
    emit pointerChanged(*pos, buttonMask(buttons));
}

void DesktopView::mousePressEvent(QMouseEvent *event)
{
    setFocus(Qt::MouseFocusReason);
    if (auto pos = toScreen(event->position())) {
        m_lastPointer = *pos;
        emit pointerChanged(*pos, buttonMask(event->buttons()));
        emit clicked(*pos, toButton(event->button()), 1);
    }
}

void DesktopView::mouseDoubleClickEvent(QMouseEvent *event)
{
    // The first press already went as a click: the second completes the double click.
    if (auto pos = toScreen(event->position())) {
        m_lastPointer = *pos;
        emit pointerChanged(*pos, buttonMask(event->buttons()));
        emit clicked(*pos, toButton(event->button()), 1);
    }
}

void DesktopView::mouseReleaseEvent(QMouseEvent *event)
{
    // A release always goes, where the pointer last was if it left the picture: a button
    // left down in the sandbox would turn every later move into a drag.
    const auto pos = pointerAt(event->position());
    emit pointerChanged(pos.value_or(m_lastPointer), buttonMask(event->buttons()));
}

void DesktopView::mouseMoveEvent(QMouseEvent *event)
{
    sendPointer(event->position(), event->buttons());
}

void DesktopView::wheelEvent(QWheelEvent *event)
{
    const auto pos = toScreen(event->position());
    if (!pos)
        return;
    // 120 eighths of a degree per notch; touchpads send less at a time.
    m_wheelRest += event->angleDelta();
    const int dx = m_wheelRest.x() / 120, dy = m_wheelRest.y() / 120;
    m_wheelRest -= QPoint(dx * 120, dy * 120);
    // Qt's positive y is away from the user (up); xdotool's down is positive.
    if (dx != 0 || dy != 0)
        emit scrolled(*pos, dx, -dy);
    // RFB has no wheel either: a press and release of X's buttons 4-7 per notch.
    const int held = buttonMask(event->buttons());
    const auto notches = [&](int count, int bit) {
        for (int i = 0; i < std::min(count, 100); ++i) {
            emit pointerChanged(*pos, held | bit);
            emit pointerChanged(*pos, held);
        }
    };
    notches(dy, 8);
    notches(-dy, 16);
    notches(-dx, 32);
    notches(dx, 64);
    event->accept();
}

QString DesktopView::keyCombo(int key, Qt::KeyboardModifiers modifiers)
{
    static const QHash<int, QString> names{
        {Qt::Key_Return, QStringLiteral("Return")}, {Qt::Key_Enter, QStringLiteral("KP_Enter")},
        {Qt::Key_Backspace, QStringLiteral("BackSpace")}, {Qt::Key_Tab, QStringLiteral("Tab")},
        {Qt::Key_Escape, QStringLiteral("Escape")}, {Qt::Key_Delete, QStringLiteral("Delete")},
        {Qt::Key_Insert, QStringLiteral("Insert")}, {Qt::Key_Home, QStringLiteral("Home")},
        {Qt::Key_End, QStringLiteral("End")}, {Qt::Key_PageUp, QStringLiteral("Prior")},
        {Qt::Key_PageDown, QStringLiteral("Next")}, {Qt::Key_Left, QStringLiteral("Left")},
        {Qt::Key_Right, QStringLiteral("Right")}, {Qt::Key_Up, QStringLiteral("Up")},
        {Qt::Key_Down, QStringLiteral("Down")}, {Qt::Key_Space, QStringLiteral("space")}};
    QString name = names.value(key);
    if (name.isEmpty() && key >= Qt::Key_F1 && key <= Qt::Key_F24)
        name = QStringLiteral("F%1").arg(key - Qt::Key_F1 + 1);
    const bool chord = modifiers & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier);
    if (name.isEmpty()) {
        if (!chord)
            return {}; // plain text (or a lone modifier): type() it
        if (key >= Qt::Key_A && key <= Qt::Key_Z)
            name = QChar(QLatin1Char('a' + (key - Qt::Key_A)));
        else if (key >= Qt::Key_0 && key <= Qt::Key_9)
            name = QChar(QLatin1Char('0' + (key - Qt::Key_0)));
        else
            return {};
    } else if (key == Qt::Key_Space && !chord) {
        return {};
    }
    QStringList parts;
    if (modifiers & Qt::ControlModifier)
        parts << QStringLiteral("ctrl");
    if (modifiers & Qt::AltModifier)
        parts << QStringLiteral("alt");
    if (modifiers & Qt::MetaModifier)
        parts << QStringLiteral("super");
    // Only named keys and chords get here, where shift means something (shift+Tab, ctrl+shift+t).
    if (modifiers & Qt::ShiftModifier)
        parts << QStringLiteral("shift");
    parts << name;
    return parts.join(QLatin1Char('+'));
}

void DesktopView::keyPressEvent(QKeyEvent *event)
{
    if (const quint32 keysym = VncKeys::keysym(event->key(), event->text())) {
        // Held keys repeat as presses; the release sends what the first press sent.
        m_keysDown.insert(event->key(), keysym);
        emit keysymChanged(keysym, true);
    }
    const QString combo = keyCombo(event->key(), event->modifiers());
    if (!combo.isEmpty())
        emit keyPressed(combo);
    else if (!event->text().isEmpty() && event->text().at(0).isPrint())
        emit textTyped(event->text());
    event->accept();
}

void DesktopView::keyReleaseEvent(QKeyEvent *event)
{
    if (event->isAutoRepeat())
        return event->accept();
    if (const auto keysym = m_keysDown.take(event->key()))
        emit keysymChanged(keysym, false);
    event->accept();
}

void DesktopView::focusOutEvent(QFocusEvent *event)
{
    // Keys released elsewhere never reach us: let go of them in the sandbox, or a Control held
    // when the focus left would stay down there.
    for (const quint32 keysym : std::exchange(m_keysDown, {}))
        emit keysymChanged(keysym, false);
    QWidget::focusOutEvent(event);
}

} // namespace Sandbench
