#pragma once

#include <QIcon>

namespace Sandbench {

// The application icon, painted in code from the same shapes as resources/icons/sandbench.svg:
// Debian's Qt has no SVG image plugin unless qt6-svg is installed, and a window icon should not
// depend on it. The SVG itself is what the desktop entry uses.
QIcon appIcon();
QPixmap appIconPixmap(int size);
QIcon runIcon();
QIcon stopIcon();

} // namespace Sandbench
