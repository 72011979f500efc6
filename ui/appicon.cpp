#include "appicon.h"

#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace Sandbench {

QPixmap appIconPixmap(int size)
{
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.scale(size / 256.0, size / 256.0); // the SVG's coordinates

    QLinearGradient bg(0, 8, 0, 248);
    bg.setColorAt(0, QColor(0x2b, 0x6f, 0xd6));
    bg.setColorAt(1, QColor(0x1b, 0x3f, 0x8f));
    p.setPen(Qt::NoPen);
    p.setBrush(bg);
    p.drawRoundedRect(QRectF(8, 8, 240, 240), 52, 52);
    p.setBrush(QColor(0xe8, 0xc9, 0x8a));
    p.drawRoundedRect(QRectF(36, 188, 184, 26), 8, 8);
    p.setBrush(QColor(0xf3, 0xdc, 0xac));
    p.drawRoundedRect(QRectF(36, 188, 184, 8), 4, 4);

    QPainterPath shield;
    shield.moveTo(128, 30);
    shield.lineTo(196, 56);
    shield.lineTo(196, 112);
    shield.cubicTo(196, 150, 168, 176, 128, 190);
    shield.cubicTo(88, 176, 60, 150, 60, 112);
    shield.lineTo(60, 56);
    shield.closeSubpath();
    QLinearGradient fill(0, 30, 0, 190);
    fill.setColorAt(0, Qt::white);
    fill.setColorAt(1, QColor(0xdf, 0xe8, 0xf7));
    p.setBrush(fill);
    p.setPen(QPen(QColor(0x0f, 0x2a, 0x66), 6, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.drawPath(shield);

    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(QColor(0x2b, 0x6f, 0xd6), 12, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.drawPolyline(QPolygonF({QPointF(108, 84), QPointF(84, 110), QPointF(108, 136)}));
    p.drawPolyline(QPolygonF({QPointF(148, 84), QPointF(172, 110), QPointF(148, 136)}));
    p.setPen(QPen(QColor(0xe0, 0xa4, 0x3a), 10, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(QPointF(136, 76), QPointF(120, 144));
    return pixmap;
}

QIcon appIcon()
{
    QIcon icon;
    for (int size : {16, 24, 32, 48, 64, 128, 256})
        icon.addPixmap(appIconPixmap(size));
    return icon;
}

} // namespace Sandbench

namespace Sandbench {

namespace {

QPixmap actionPixmap(bool run, int size)
{
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    const qreal m = size * 0.2;
    if (run) {
        p.setBrush(QColor(0x2d, 0xa4, 0x4e));
        p.drawPolygon(QPolygonF({QPointF(m, m * 0.8), QPointF(size - m * 0.8, size / 2.0),
                                 QPointF(m, size - m * 0.8)}));
    } else {
        p.setBrush(QColor(0xe5, 0x48, 0x4d));
        p.drawRoundedRect(QRectF(m, m, size - 2 * m, size - 2 * m), size * 0.08, size * 0.08);
    }
    return pixmap;
}

QIcon actionIcon(bool run)
{
    // Colours that read on light and dark toolbars alike (the style's icons are black).
    QIcon icon;
    for (int size : {16, 22, 32, 48})
        icon.addPixmap(actionPixmap(run, size));
    return icon;
}

} // namespace

QIcon runIcon()
{
    return actionIcon(true);
}

QIcon stopIcon()
{
    return actionIcon(false);
}

} // namespace Sandbench
