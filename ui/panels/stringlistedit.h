#pragma once

#include <QIcon>
#include <QStringList>
#include <QWidget>

class QLabel;
class QListWidget;
class QListWidgetItem;
class QToolButton;

namespace Sandbench {

// An editable list of strings with add and remove buttons: one allow list of the policy form.
// "+" opens an empty row in edit mode that lives only here: nothing reaches the policy until a
// value is typed and committed, and a row left empty (or cancelled) goes away again.
class StringListEdit : public QWidget
{
    Q_OBJECT
public:
    explicit StringListEdit(const QString &placeholder, QWidget *parent = nullptr);
    ~StringListEdit() override;

    QStringList values() const;
    // Does not emit changed(): this is how the form shows what the text says.
    void setValues(const QStringList &values);
    void addValue(const QString &value);
    // Opens an empty row for typing, as "+" does.
    void addEmptyRow();
    QListWidget *list() const { return m_list; }
    QToolButton *addButton() const { return m_add; }
    QString placeholder() const { return m_placeholder; }

    // A note beside the value at `index` (counted as in values()): an icon and a tool tip.
    struct RowMark
    {
        int index = 0;
        QIcon icon;
        QString message;
    };
    void setRowMarks(const QList<RowMark> &marks);
    QListWidgetItem *itemForValue(int index) const;
    // A note on "+" (a denial an entry here would allow); empty messages restore the button.
    void setAddNote(const QIcon &icon, const QStringList &messages);
    QString addNote() const { return m_addNote.join(QLatin1Char('\n')); }
    QToolButton *removeButton() const { return m_remove; }

signals:
    void changed();

private:
    void dropEmptyRows();
    void applyRowMarks();

    QListWidget *m_list;
    QToolButton *m_add;
    QToolButton *m_remove;
    QLabel *m_addNoteMark;
    QString m_placeholder;
    QList<RowMark> m_marks;
    QStringList m_addNote;
    bool m_updating = false;
};

} // namespace Sandbench
