#include "theme.h"

#include <QApplication>
#include <QPainter>
#include <QProxyStyle>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOption>

#include <algorithm>
#include <cmath>

namespace Sandbench {

namespace {

// Fusion outlines check boxes and radio buttons with the window colour made darker: on a dark
// palette an unticked box is dark on dark and all but invisible. This draws a readable outline
// on top (WCAG asks 3:1 for the parts of a control).
class ContrastStyle : public QProxyStyle
{
public:
    ContrastStyle() : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))) {}

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget) const override
    {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        const bool box = element == PE_IndicatorCheckBox || element == PE_IndicatorItemViewItemCheck;
        if ((!box && element != PE_IndicatorRadioButton) || !isDarkPalette(option->palette))
            return;
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, element == PE_IndicatorRadioButton);
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(indicatorOutline(option->palette), 1));
        const QRect r = option->rect.adjusted(0, 0, -1, -1);
        if (box)
            painter->drawRect(r);
        else
            painter->drawEllipse(QRectF(r).adjusted(0.5, 0.5, -0.5, -0.5));
        painter->restore();
    }
};

double channel(int value)
{
    const double c = value / 255.0;
    return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

} // namespace

double relativeLuminance(const QColor &color)
{
    const QColor c = color.toRgb();
    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue());
}

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor indicatorOutline(const QPalette &palette)
{
    return isDarkPalette(palette) ? palette.color(QPalette::PlaceholderText)
                                  : palette.color(QPalette::Window).darker(140);
}

QString themeName(Theme theme)
{
    switch (theme) {
    case Theme::Light: return QStringLiteral("light");
    case Theme::Dark: return QStringLiteral("dark");
    case Theme::System: break;
    }
    return QStringLiteral("system");
}

Theme themeFromName(const QString &name)
{
    if (name == QLatin1String("light"))
        return Theme::Light;
    if (name == QLatin1String("dark"))
        return Theme::Dark;
    return Theme::System;
}

QPalette lightPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0xf3, 0xf4, 0xf6));
    p.setColor(QPalette::WindowText, QColor(0x1f, 0x23, 0x28));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xf6, 0xf8, 0xfa));
    p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xff, 0xe1));
    p.setColor(QPalette::ToolTipText, Qt::black);
    // Console notices and hints are drawn in it: 4.5:1 against Base, as body text needs.
    p.setColor(QPalette::PlaceholderText, QColor(0x65, 0x6d, 0x76));
    p.setColor(QPalette::Text, QColor(0x1f, 0x23, 0x28));
    p.setColor(QPalette::Button, QColor(0xea, 0xec, 0xef));
    p.setColor(QPalette::ButtonText, QColor(0x1f, 0x23, 0x28));
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Link, QColor(0x09, 0x69, 0xda));
    p.setColor(QPalette::Highlight, QColor(0x21, 0x6e, 0xd1));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0xc4, 0xc9, 0xcf));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x8c, 0x95, 0x9f));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x8c, 0x95, 0x9f));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x8c, 0x95, 0x9f));
    return p;
}

QPalette darkPalette()
{
    QPalette p;
    const QColor text(0xd8, 0xdc, 0xe1);
    const QColor disabled(0x6e, 0x76, 0x81);
    p.setColor(QPalette::Window, QColor(0x22, 0x25, 0x2a));
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, QColor(0x18, 0x1a, 0x1e));
    p.setColor(QPalette::AlternateBase, QColor(0x22, 0x25, 0x2a));
    p.setColor(QPalette::ToolTipBase, QColor(0x2d, 0x31, 0x37));
    p.setColor(QPalette::ToolTipText, text);
    // Console notices and hints are drawn in it: 4.5:1 against Base, as body text needs.
    p.setColor(QPalette::PlaceholderText, QColor(0x8b, 0x94, 0x9e));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x2d, 0x31, 0x37));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x7b, 0x72));
    p.setColor(QPalette::Link, QColor(0x58, 0xa6, 0xff));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xc6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Light, QColor(0x3a, 0x3f, 0x46));
    p.setColor(QPalette::Midlight, QColor(0x30, 0x34, 0x3a));
    p.setColor(QPalette::Mid, QColor(0x26, 0x29, 0x2e));
    p.setColor(QPalette::Dark, QColor(0x14, 0x16, 0x19));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Disabled, QPalette::Text, disabled);
    p.setColor(QPalette::Disabled, QPalette::WindowText, disabled);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, disabled);
    return p;
}

bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

void applyTheme(Theme theme)
{
    QApplication::setStyle(new ContrastStyle);
    switch (theme) {
    case Theme::Light: QApplication::setPalette(lightPalette()); break;
    case Theme::Dark: QApplication::setPalette(darkPalette()); break;
    case Theme::System: QApplication::setPalette(QApplication::style()->standardPalette()); break;
    }
}

} // namespace Sandbench
