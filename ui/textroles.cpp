#include "textroles.h"

#include "theme.h"

#include <QPalette>
#include <QPlainTextEdit>
#include <QPointer>
#include <QTimer>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

#include <vector>

namespace Sandbench {

namespace {

constexpr int kRoleProperty = QTextFormat::UserProperty + 0x5b; // "what this text is"
constexpr const char *kPendingProperty = "sandbenchRecolorPending";

} // namespace

QColor textRoleColor(TextRole role, const QPalette &palette)
{
    const bool dark = isDarkPalette(palette);
    switch (role) {
    case TextRole::Plain: return palette.color(QPalette::Text);
    case TextRole::Error: return dark ? QColor(0xff, 0x7b, 0x72) : QColor(0xcf, 0x22, 0x2e);
    case TextRole::Notice: return palette.color(QPalette::PlaceholderText);
    case TextRole::Command: return dark ? QColor(0x79, 0xc0, 0xff) : QColor(0x09, 0x69, 0xda);
    case TextRole::Success: return dark ? QColor(0x56, 0xd3, 0x64) : QColor(0x1a, 0x7f, 0x37);
    }
    return palette.color(QPalette::Text);
}

QTextCharFormat textRoleFormat(TextRole role, const QPalette &palette)
{
    QTextCharFormat format;
    format.setProperty(kRoleProperty, int(role));
    format.setForeground(textRoleColor(role, palette));
    if (role == TextRole::Notice)
        format.setFontItalic(true);
    return format;
}

void recolorTextRoles(QTextDocument *document, const QPalette &palette)
{
    // Collected first: changing a fragment's format merges fragments under a running iterator.
    struct Range
    {
        int position;
        int length;
        QColor colour;
    };
    std::vector<Range> ranges;
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            const QTextCharFormat format = fragment.charFormat();
            if (!format.hasProperty(kRoleProperty))
                continue;
            const QColor wanted = textRoleColor(TextRole(format.intProperty(kRoleProperty)), palette);
            if (format.foreground().color() != wanted)
                ranges.push_back({fragment.position(), fragment.length(), wanted});
        }
    }
    if (ranges.empty())
        return;
    QTextCursor cursor(document);
    cursor.beginEditBlock();
    for (const Range &range : ranges) {
        QTextCharFormat colour;
        colour.setForeground(range.colour);
        cursor.setPosition(range.position);
        cursor.setPosition(range.position + range.length, QTextCursor::KeepAnchor);
        cursor.mergeCharFormat(colour);
    }
    cursor.endEditBlock();
}

void recolorTextRolesLater(QPlainTextEdit *view)
{
    if (view->property(kPendingProperty).toBool())
        return;
    view->setProperty(kPendingProperty, true);
    QTimer::singleShot(0, view, [view = QPointer<QPlainTextEdit>(view)] {
        if (!view)
            return;
        view->setProperty(kPendingProperty, false);
        recolorTextRoles(view->document(), view->palette());
    });
}

} // namespace Sandbench
