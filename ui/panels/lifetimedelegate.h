#pragma once

#include <QStyledItemDelegate>

namespace Sandbench {

// Paints a sandbox's remaining lifetime as a bar that empties as it runs out, with the time
// left on it (SandboxListModel's RemainingMsRole over LifetimeMsRole).
class LifetimeDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace Sandbench
