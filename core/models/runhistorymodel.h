#pragma once

#include "workbench/runhistory.h"

#include <QAbstractTableModel>
#include <QPointer>

namespace Sandbench {

// A table over a RunHistory (the store), newest run last; it follows the store's signals and
// never changes it.
class RunHistoryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum class Column { Number, Started, Title, Status, Duration, Allowed, Denied, Session, Count };

    explicit RunHistoryModel(RunHistory *history, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    RunHistory *history() const { return m_history; }
    const RunRecord &run(int row) const { return m_history->run(row); }

private:
    // data() before its text is made visible (visibleForRole).
    QVariant rawData(const QModelIndex &index, int role) const;
    void rowChanged(int row);

    QPointer<RunHistory> m_history;
};

} // namespace Sandbench
