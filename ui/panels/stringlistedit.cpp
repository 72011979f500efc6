#include "stringlistedit.h"

#include <QHBoxLayout>
#include <QListWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace Sandbench {

StringListEdit::StringListEdit(const QString &placeholder, QWidget *parent)
    : QWidget(parent)
    , m_list(new QListWidget(this))
    , m_add(new QToolButton(this))
    , m_remove(new QToolButton(this))
    , m_placeholder(placeholder)
{
    m_list->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                            | QAbstractItemView::SelectedClicked);
    m_list->setMinimumHeight(54);
    m_list->setMaximumHeight(110);
    m_list->setToolTip(placeholder);
    m_add->setText(QStringLiteral("+"));
    m_add->setToolTip(tr("Add an entry"));
    m_remove->setText(QStringLiteral("\u2212"));
    m_remove->setToolTip(tr("Remove the selected entry"));
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch();
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);

    connect(m_add, &QToolButton::clicked, this, [this] {
        auto *item = new QListWidgetItem(m_placeholder, m_list);
        item->setFlags(item->flags() | Qt::ItemIsEditable);
        m_list->setCurrentItem(item);
        m_list->editItem(item);
        emit changed();
    });
    connect(m_remove, &QToolButton::clicked, this, [this] {
        delete m_list->currentItem();
        emit changed();
    });
    connect(m_list, &QListWidget::itemChanged, this, [this] {
        if (!m_updating)
            emit changed();
    });
}

QStringList StringListEdit::values() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i) {
        const QString text = m_list->item(i)->text().trimmed();
        if (!text.isEmpty())
            out << text;
    }
    return out;
}

void StringListEdit::setValues(const QStringList &values)
{
    if (values == this->values())
        return;
    m_updating = true;
    m_list->clear();
    for (const QString &value : values) {
        auto *item = new QListWidgetItem(value, m_list);
        item->setFlags(item->flags() | Qt::ItemIsEditable);
    }
    m_updating = false;
}

void StringListEdit::addValue(const QString &value)
{
    auto *item = new QListWidgetItem(value, m_list);
    item->setFlags(item->flags() | Qt::ItemIsEditable);
    emit changed();
}

} // namespace Sandbench
