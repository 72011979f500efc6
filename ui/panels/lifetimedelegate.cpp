#include "lifetimedelegate.h"

#include "models/sandboxlistmodel.h"

#include <QApplication>
#include <QPainter>
#include <QStyleOptionProgressBar>

namespace Sandbench {

void LifetimeDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                             const QModelIndex &index) const
{
    const qint64 remaining = index.data(SandboxListModel::RemainingMsRole).toLongLong();
    const qint64 lifetime = index.data(SandboxListModel::LifetimeMsRole).toLongLong();
    if (lifetime <= 0)
        return QStyledItemDelegate::paint(painter, option, index);
    QStyleOptionProgressBar bar;
    bar.rect = option.rect.adjusted(2, 2, -2, -2);
    bar.state = option.state | QStyle::State_Horizontal;
    bar.direction = option.direction;
    bar.fontMetrics = option.fontMetrics;
    bar.palette = option.palette;
    // Per mille: smooth enough for hour-long lifetimes, within int for any of them.
    bar.minimum = 0;
    bar.maximum = 1000;
    bar.progress = int(std::clamp<qint64>(remaining * 1000 / lifetime, 0, 1000));
    bar.text = index.data(Qt::DisplayRole).toString();
    bar.textVisible = true;
    bar.textAlignment = Qt::AlignCenter;
    // The last tenth turns red: the sandbox is about to go.
    if (bar.progress < 100)
        bar.palette.setColor(QPalette::Highlight, QColor(0xc0, 0x39, 0x2b));
    if (option.state & QStyle::State_Selected)
        painter->fillRect(option.rect, option.palette.highlight());
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ProgressBar, &bar, painter, widget);
}

QSize LifetimeDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    s.setWidth(std::max(s.width(), option.fontMetrics.horizontalAdvance(QStringLiteral("00:00:00")) + 60));
    return s;
}

} // namespace Sandbench
