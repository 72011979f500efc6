#include "shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Sandbench {

namespace {
QString plainText(QString text)
{
    // "Open &Policy…" reads as "Open Policy"; "&&" is a literal ampersand.
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    text.remove(QChar(0x2026));
    return text.trimmed();
}
} // namespace

ShortcutsDialog::ShortcutsDialog(QMenuBar *menus, QWidget *parent)
    : QDialog(parent)
    , m_search(new QLineEdit(this))
    , m_list(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("keyboardShortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_search->setObjectName(QStringLiteral("shortcutSearch"));
    m_search->setPlaceholderText(tr("Search actions, menus or keys"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search shortcuts"));
    auto *searchLabel = new QLabel(tr("&Search:"), this);
    searchLabel->setBuddy(m_search);
    m_list->setObjectName(QStringLiteral("shortcutList"));
    m_list->setAccessibleName(tr("Keyboard shortcuts"));
    m_list->setColumnCount(3);
    m_list->setHeaderLabels({tr("Action"), tr("Shortcut"), tr("Menu")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAlternatingRowColors(true);

    for (QAction *menuAction : menus->actions()) {
        if (QMenu *menu = menuAction->menu())
            addMenu(menu, plainText(menuAction->text()));
    }
    // Keys that are no menu action.
    const QString editing = tr("Editors");
    addRow(tr("Indent (in the script and policy editors)"), QKeySequence(Qt::Key_Tab).toString(QKeySequence::NativeText), editing);
    addRow(tr("Leave the editor for the next panel"), QKeySequence(Qt::Key_Escape).toString(QKeySequence::NativeText), editing);
    addRow(tr("Find in the console"), QKeySequence(QKeySequence::Find).toString(QKeySequence::NativeText), tr("Console"));
    addRow(tr("Next / previous tab inside a panel"),
           QKeySequence(Qt::CTRL | Qt::Key_PageDown).toString(QKeySequence::NativeText) + QStringLiteral(" / ")
               + QKeySequence(Qt::CTRL | Qt::Key_PageUp).toString(QKeySequence::NativeText),
           tr("Panels"));
    m_list->resizeColumnToContents(0);
    m_list->resizeColumnToContents(1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_search, &QLineEdit::textChanged, this, &ShortcutsDialog::applyFilter);

    auto *searchRow = new QHBoxLayout;
    searchRow->addWidget(searchLabel);
    searchRow->addWidget(m_search, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(searchRow);
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);
    resize(660, 700);
    m_search->setFocus();
}

void ShortcutsDialog::addMenu(QMenu *menu, const QString &path)
{
    for (QAction *action : menu->actions()) {
        if (QMenu *sub = action->menu()) {
            addMenu(sub, path + QStringLiteral(" \u2192 ") + plainText(action->text()));
            continue;
        }
        if (action->isSeparator() || action->shortcuts().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence &key : action->shortcuts())
            keys << key.toString(QKeySequence::NativeText);
        addRow(plainText(action->text()), keys.join(QStringLiteral(", ")), path);
    }
}

void ShortcutsDialog::addRow(const QString &action, const QString &keys, const QString &where)
{
    auto *item = new QTreeWidgetItem(m_list, {action, keys, where});
    item->setData(1, Qt::AccessibleTextRole, keys);
}

void ShortcutsDialog::applyFilter(const QString &text)
{
    const QString needle = text.trimmed();
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_list->topLevelItem(i);
        bool match = needle.isEmpty();
        for (int c = 0; c < 3 && !match; ++c)
            match = item->text(c).contains(needle, Qt::CaseInsensitive);
        item->setHidden(!match);
    }
}

int ShortcutsDialog::visibleCount() const
{
    int count = 0;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        count += m_list->topLevelItem(i)->isHidden() ? 0 : 1;
    return count;
}

} // namespace Sandbench
