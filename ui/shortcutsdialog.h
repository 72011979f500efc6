#pragma once

#include <QDialog>

class QLineEdit;
class QMenuBar;
class QTreeWidget;

namespace Sandbench {

// Help → Keyboard Shortcuts: every shortcut of the menus, read from their actions when the
// dialog opens (so the list cannot drift from the menus), plus the keys that are not menu
// actions. Typing filters by action, menu or key; Escape closes.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ShortcutsDialog(QMenuBar *menus, QWidget *parent = nullptr);

    QLineEdit *searchEdit() const { return m_search; }
    QTreeWidget *list() const { return m_list; }
    // Rows not hidden by the filter.
    int visibleCount() const;

private:
    void addMenu(class QMenu *menu, const QString &path);
    void addRow(const QString &action, const QString &keys, const QString &where);
    void applyFilter(const QString &text);

    QLineEdit *m_search;
    QTreeWidget *m_list;
};

} // namespace Sandbench
