#include "theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace Sandbench {

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
    p.setColor(QPalette::PlaceholderText, QColor(0x8c, 0x95, 0x9f));
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
    p.setColor(QPalette::PlaceholderText, disabled);
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
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    switch (theme) {
    case Theme::Light: QApplication::setPalette(lightPalette()); break;
    case Theme::Dark: QApplication::setPalette(darkPalette()); break;
    case Theme::System: QApplication::setPalette(QApplication::style()->standardPalette()); break;
    }
}

} // namespace Sandbench
