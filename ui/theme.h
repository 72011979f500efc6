#pragma once

#include <QPalette>
#include <QString>

class QApplication;

namespace Sandbench {

enum class Theme { System, Light, Dark };

QString themeName(Theme theme);
Theme themeFromName(const QString &name);

// Fusion with a palette of our own for Light and Dark: the platform styles of a bare Linux
// session (and the offscreen platform) ignore dark palettes or draw them half-dark.
void applyTheme(Theme theme);
QPalette lightPalette();
QPalette darkPalette();
// Judged from the window colour, so "System" with a dark desktop counts as dark too.
bool isDarkPalette(const QPalette &palette);

// WCAG 2 relative luminance and contrast ratio (1 to 21); text wants 4.5, controls 3.
double relativeLuminance(const QColor &color);
double contrastRatio(const QColor &a, const QColor &b);
// What check boxes and radio buttons are outlined with (on a dark palette, over Fusion's own).
QColor indicatorOutline(const QPalette &palette);

} // namespace Sandbench
