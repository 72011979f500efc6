#include "runhistorymodel.h"

#include "common/terminaltext.h"

#include <QDateTime>
#include <QFileInfo>

namespace Sandbench {

RunHistoryModel::RunHistoryModel(RunHistory *history, QObject *parent)
    : QAbstractTableModel(parent)
    , m_history(history)
{
    connect(history, &RunHistory::runAboutToBeAdded, this, [this](int row) { beginInsertRows({}, row, row); });
    connect(history, &RunHistory::runAdded, this, [this] { endInsertRows(); });
    connect(history, &RunHistory::runChanged, this, &RunHistoryModel::rowChanged);
    connect(history, &RunHistory::aboutToBeCleared, this, [this] { beginResetModel(); });
    connect(history, &RunHistory::cleared, this, [this] { endResetModel(); });
    // A store that goes first leaves an empty table, never a dangling one.
    connect(history, &QObject::destroyed, this, [this] { beginResetModel(); endResetModel(); });
}

int RunHistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_history ? 0 : m_history->size();
}

int RunHistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(Column::Count);
}

QVariant RunHistoryModel::data(const QModelIndex &index, int role) const
{
    // Names, paths and messages come from a run, a bundle or a log: every text role of every
    // row is shown through the one function that makes bidi overrides and invisible characters
    // visible, whichever column or path produced it.
    return visibleForRole(rawData(index, role), role);
}

QVariant RunHistoryModel::rawData(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RunRecord &record = m_history->run(index.row());
    if (role == Qt::ToolTipRole && record.error)
        return record.error->message;
    if (role == Qt::ToolTipRole && Column(index.column()) == Column::Title && !record.secrets.isEmpty()) {
        // By name and host only: the value never reached the run, nor this list.
        QStringList lines;
        for (const RunRecord::SecretName &s : record.secrets)
            lines << tr("%1 for %2").arg(visibleText(s.name), visibleText(s.hosts.join(QStringLiteral(", "))));
        return tr("Secrets (the code saw placeholders):\n%1").arg(lines.join(QLatin1Char('\n')));
    }
    if (role == Qt::ToolTipRole && Column(index.column()) == Column::Session && !record.sessionFile.isEmpty())
        return tr("Saved to %1").arg(record.sessionFile);
    if (role == Qt::ToolTipRole && Column(index.column()) == Column::Session && !record.session)
        return record.sessionError;
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case Column::Number: return record.number;
    case Column::Started:
        return QDateTime::fromMSecsSinceEpoch(record.startedMs).toString(QStringLiteral("HH:mm:ss"));
    case Column::Title: return record.title;
    case Column::Status: return record.statusText();
    case Column::Duration:
        return record.result ? tr("%1 ms").arg(record.result->durationMs) : QVariant();
    case Column::Allowed: return record.result ? QVariant(record.result->allowCount) : QVariant();
    case Column::Denied: return record.result ? QVariant(record.result->denyCount) : QVariant();
    case Column::Session:
        if (!record.sessionFile.isEmpty())
            return tr("saved: %1").arg(QFileInfo(record.sessionFile).fileName());
        if (record.session)
            return tr("ready to save");
        if (record.sessionPending)
            return tr("recording");
        return record.sessionError.isEmpty() ? QVariant() : QVariant(tr("not kept"));
    case Column::Count: break;
    }
    return {};
}

QVariant RunHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Column::Number: return tr("Run");
    case Column::Started: return tr("Started");
    case Column::Title: return tr("Script");
    case Column::Status: return tr("Status");
    case Column::Duration: return tr("Duration");
    case Column::Allowed: return tr("Allowed");
    case Column::Denied: return tr("Denied");
    case Column::Session: return tr("Session");
    case Column::Count: break;
    }
    return {};
}

void RunHistoryModel::rowChanged(int row)
{
    emit dataChanged(index(row, 0), index(row, int(Column::Count) - 1));
}

} // namespace Sandbench
