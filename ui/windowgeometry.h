#pragma once

#include <QRect>

class QWidget;

namespace Sandbench {

// `wanted` made to fit `available`: no larger, moved inside (its top-left corner first, so the
// title bar stays reachable). An empty `available` leaves it as it is.
QRect fitIntoScreen(const QRect &wanted, const QRect &available);

// Keeps a top-level window on the screen it lands on after restoreGeometry(): a geometry saved
// on a larger screen (or grown by a widget that asked for too much) must not outgrow this one.
void clampToScreen(QWidget *window);

} // namespace Sandbench
