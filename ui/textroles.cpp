#include "textroles.h"

#include "theme.h"

#include <QEvent>
#include <QPalette>
#include <QWidget>
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
constexpr const char *kRoleFollower = "sandbenchTextRole";

// Sits on a widget with a role and sets its colour again whenever the palette under it changes.
// Deferred: a theme switch reaches a window's widgets in several events, this one's may be first.
class RoleFollower : public QObject
{
public:
    RoleFollower(QWidget *widget, TextRole role, bool bold)
        : QObject(widget), m_widget(widget), m_role(role), m_bold(bold)
    {
        setObjectName(QLatin1String(kRoleFollower));
        widget->installEventFilter(this);
        watchWindow();
    }
    void set(TextRole role, bool bold)
    {
        m_role = role;
        m_bold = bold;
        apply();
    }
    void apply()
    {
        m_pending = false;
        // The window's palette decides: a widget with a style sheet keeps the palette it was
        // polished with (the theme before), and so may a toolbar's widget.
        const QColor colour = textRoleColor(m_role, m_widget->window()->palette());
        const QString sheet = QStringLiteral("color: %1;%2").arg(colour.name(), m_bold ? QStringLiteral(" font-weight: bold;") : QString());
        if (m_widget->styleSheet() != sheet) // setting it sends a palette change of its own
            m_widget->setStyleSheet(sheet);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_widget && event->type() == QEvent::ParentChange)
            watchWindow();
        // The window too: a widget with a style sheet is not always told of a new palette.
        if ((watched == m_widget || watched == m_window) && !m_pending
            && (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange
                || event->type() == QEvent::StyleChange)) {
            m_pending = true;
            QTimer::singleShot(0, this, [this] { apply(); });
        }
        return false;
    }

private:
    void watchWindow()
    {
        QWidget *window = m_widget->window();
        if (window == m_window)
            return;
        if (m_window)
            m_window->removeEventFilter(this);
        m_window = window;
        if (m_window != m_widget)
            m_window->installEventFilter(this);
    }

    QWidget *m_widget;
    QPointer<QWidget> m_window;
    TextRole m_role;
    bool m_bold;
    bool m_pending = false;
};

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

void setTextRole(QWidget *widget, TextRole role, bool bold)
{
    auto *follower = static_cast<RoleFollower *>(widget->findChild<QObject *>(QLatin1String(kRoleFollower), Qt::FindDirectChildrenOnly));
    if (!follower)
        follower = new RoleFollower(widget, role, bold);
    widget->setProperty(kTextRoleProperty, int(role));
    follower->set(role, bold);
}

void clearTextRole(QWidget *widget)
{
    delete static_cast<RoleFollower *>(widget->findChild<QObject *>(QLatin1String(kRoleFollower), Qt::FindDirectChildrenOnly));
    widget->setProperty(kTextRoleProperty, QVariant());
    widget->setStyleSheet({});
}

} // namespace Sandbench
