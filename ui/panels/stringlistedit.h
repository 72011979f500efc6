#pragma once

#include <QStringList>
#include <QWidget>

class QListWidget;
class QToolButton;

namespace Sandbench {

// An editable list of strings with add and remove buttons: one allow list of the policy form.
class StringListEdit : public QWidget
{
    Q_OBJECT
public:
    explicit StringListEdit(const QString &placeholder, QWidget *parent = nullptr);

    QStringList values() const;
    // Does not emit changed(): this is how the form shows what the text says.
    void setValues(const QStringList &values);
    void addValue(const QString &value);
    QListWidget *list() const { return m_list; }

signals:
    void changed();

private:
    QListWidget *m_list;
    QToolButton *m_add;
    QToolButton *m_remove;
    QString m_placeholder;
    bool m_updating = false;
};

} // namespace Sandbench
