#include "stringlistedit.h"

#include <QHBoxLayout>
#include <QLineEdit>
#include <QLabel>
#include <QListWidget>
#include <QPixmap>
#include <QStyledItemDelegate>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace Sandbench {

namespace {

// The hint ("/path/to/read") is the editor's placeholder, never the row's text: a hint that
// is text ends up in the policy as a path nobody meant to grant.
class PlaceholderDelegate : public QStyledItemDelegate
{
public:
    PlaceholderDelegate(const QString &placeholder, QObject *parent)
        : QStyledItemDelegate(parent), m_placeholder(placeholder) {}

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QWidget *editor = QStyledItemDelegate::createEditor(parent, option, index);
        if (auto *line = qobject_cast<QLineEdit *>(editor))
            line->setPlaceholderText(m_placeholder);
        return editor;
    }

private:
    QString m_placeholder;
};

} // namespace

StringListEdit::StringListEdit(const QString &placeholder, QWidget *parent)
    : QWidget(parent)
    , m_list(new QListWidget(this))
    , m_add(new QToolButton(this))
    , m_remove(new QToolButton(this))
    , m_addNoteMark(new QLabel(this))
    , m_placeholder(placeholder)
{
    m_list->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                            | QAbstractItemView::SelectedClicked);
    m_list->setItemDelegate(new PlaceholderDelegate(placeholder, m_list));
    m_list->setIconSize(QSize(16, 16));
    m_list->setMinimumHeight(54);
    m_list->setMaximumHeight(110);
    m_list->setToolTip(placeholder);
    m_add->setText(QStringLiteral("+"));
    m_add->setToolTip(tr("Add an entry"));
    m_remove->setText(QStringLiteral("\u2212"));
    m_remove->setToolTip(tr("Remove the selected entry"));
    // "+" and "−" keep one size whatever is noted: a note's icon beside "+" once widened the
    // column and squeezed the buttons. The note is its own mark under them.
    const int side = std::max(m_add->sizeHint().width(), m_add->sizeHint().height());
    m_add->setFixedSize(side, side);
    m_remove->setFixedSize(side, side);
    m_addNoteMark->setObjectName(QStringLiteral("addNoteMark"));
    m_addNoteMark->setFixedSize(side, side);
    m_addNoteMark->setAlignment(Qt::AlignCenter);
    m_addNoteMark->hide();
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addWidget(m_addNoteMark);
    buttons->addStretch();
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);

    connect(m_add, &QToolButton::clicked, this, &StringListEdit::addEmptyRow);
    connect(m_remove, &QToolButton::clicked, this, [this] {
        QListWidgetItem *item = m_list->currentItem();
        if (!item)
            return;
        const bool hadValue = !item->text().trimmed().isEmpty();
        delete item;
        if (hadValue)
            emit changed();
    });
    connect(m_list, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        // An empty row is not a value yet (or not any more); closing its editor removes it.
        if (m_updating || item->text().trimmed().isEmpty())
            return;
        m_updating = true;
        item->setData(Qt::UserRole, true);
        m_updating = false;
        emit changed();
    });
    connect(m_list->itemDelegate(), &QAbstractItemDelegate::closeEditor, this, [this] { dropEmptyRows(); });
}

StringListEdit::~StringListEdit()
{
    // The list and its delegate outlive this part of the object: closing the window closes an
    // open editor, and its signals must not reach a StringListEdit that is already gone.
    m_list->disconnect(this);
    m_list->itemDelegate()->disconnect(this);
}

void StringListEdit::addEmptyRow()
{
    m_updating = true;
    auto *item = new QListWidgetItem(QString(), m_list);
    item->setFlags(item->flags() | Qt::ItemIsEditable);
    m_updating = false;
    m_list->setCurrentItem(item);
    m_list->editItem(item);
}

void StringListEdit::dropEmptyRows()
{
    bool removedValue = false;
    for (int i = m_list->count() - 1; i >= 0; --i) {
        QListWidgetItem *item = m_list->item(i);
        if (item->text().trimmed().isEmpty()) {
            removedValue |= item->data(Qt::UserRole).toBool();
            delete item;
        }
    }
    // A value the user emptied has left values() already (itemChanged does not announce an
    // empty row), so say so once here.
    if (removedValue)
        emit changed();
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
        item->setData(Qt::UserRole, true);
    }
    m_updating = false;
    applyRowMarks();
}

void StringListEdit::addValue(const QString &value)
{
    m_updating = true;
    auto *item = new QListWidgetItem(value, m_list);
    item->setFlags(item->flags() | Qt::ItemIsEditable);
    item->setData(Qt::UserRole, true);
    m_updating = false;
    emit changed();
}

QListWidgetItem *StringListEdit::itemForValue(int index) const
{
    int seen = 0;
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem *item = m_list->item(i);
        if (item->text().trimmed().isEmpty())
            continue;
        if (seen++ == index)
            return item;
    }
    return nullptr;
}

void StringListEdit::setAddNote(const QIcon &icon, const QStringList &messages)
{
    m_addNote = messages;
    if (messages.isEmpty()) {
        m_addNoteMark->hide();
        m_addNoteMark->clear();
        m_add->setToolTip(tr("Add an entry"));
        return;
    }
    m_addNoteMark->setPixmap(icon.pixmap(QSize(16, 16)));
    m_addNoteMark->setToolTip(messages.join(QLatin1Char('\n')));
    m_addNoteMark->show();
    m_add->setToolTip(messages.join(QLatin1Char('\n')) + QLatin1Char('\n') + tr("Add an entry"));
}

void StringListEdit::setRowMarks(const QList<RowMark> &marks)
{
    m_marks = marks;
    applyRowMarks();
}

void StringListEdit::applyRowMarks()
{
    m_updating = true;
    for (int i = 0; i < m_list->count(); ++i) {
        m_list->item(i)->setIcon(QIcon());
        m_list->item(i)->setToolTip(QString());
    }
    QHash<QListWidgetItem *, QStringList> messages;
    for (const RowMark &mark : std::as_const(m_marks)) {
        if (QListWidgetItem *item = itemForValue(mark.index)) {
            if (messages.value(item).isEmpty())
                item->setIcon(mark.icon);
            messages[item] << mark.message;
        }
    }
    for (auto it = messages.cbegin(); it != messages.cend(); ++it)
        it.key()->setToolTip(it.value().join(QLatin1Char('\n')));
    // Rows without a mark keep their text in line with the marked ones.
    if (!messages.isEmpty()) {
        QPixmap blank(m_list->iconSize());
        blank.fill(Qt::transparent);
        for (int i = 0; i < m_list->count(); ++i) {
            if (!messages.contains(m_list->item(i)))
                m_list->item(i)->setIcon(QIcon(blank));
        }
    }
    m_updating = false;
}

} // namespace Sandbench
