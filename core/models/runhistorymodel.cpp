#include "runhistorymodel.h"

#include "common/background.h"

#include <QDateTime>

namespace Sandbench {

void RunRecord::appendOutput(ExecStream stream, const QByteArray &data, qint64 cap)
{
    const qint64 room = cap - transcriptBytes;
    if (room <= 0) {
        transcriptDropped += data.size();
        return;
    }
    const QByteArray kept = data.size() > room ? data.left(room) : data;
    transcriptDropped += data.size() - kept.size();
    transcriptBytes += kept.size();
    // Merge with the previous chunk of the same stream: fewer, larger pieces to replay.
    if (!transcript.isEmpty() && transcript.last().stream == stream)
        transcript.last().data.append(kept);
    else
        transcript.append({stream, kept});
}

RunHistoryModel::RunHistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int RunHistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_runs.size());
}

int RunHistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(Column::Count);
}

QString RunHistoryModel::statusText(const RunRecord &record)
{
    if (record.running)
        return tr("running");
    if (record.error)
        return tr("failed: %1").arg(record.error->message);
    if (!record.result)
        return {};
    const ExecResult &r = *record.result;
    QStringList parts;
    if (r.timedOut)
        parts << tr("timed out");
    else if (r.cancelled)
        parts << tr("stopped");
    else if (r.memoryExceeded)
        parts << tr("out of memory");
    if (r.exitCode)
        parts << tr("exit %1").arg(*r.exitCode);
    if (r.truncated)
        parts << tr("truncated");
    return parts.join(QStringLiteral(", "));
}

QVariant RunHistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RunRecord &record = m_runs.at(index.row());
    if (role == Qt::ToolTipRole && record.error)
        return record.error->message;
    if (role == Qt::ToolTipRole && Column(index.column()) == Column::Session && !record.session)
        return record.sessionError;
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case Column::Number: return record.number;
    case Column::Started:
        return QDateTime::fromMSecsSinceEpoch(record.startedMs).toString(QStringLiteral("HH:mm:ss"));
    case Column::Title: return record.title;
    case Column::Status: return statusText(record);
    case Column::Duration:
        return record.result ? tr("%1 ms").arg(record.result->durationMs) : QVariant();
    case Column::Allowed: return record.result ? QVariant(record.result->allowCount) : QVariant();
    case Column::Denied: return record.result ? QVariant(record.result->denyCount) : QVariant();
    case Column::Session:
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

int RunHistoryModel::addRun(RunRecord record)
{
    const int row = int(m_runs.size());
    if (record.number == 0)
        record.number = row + 1;
    beginInsertRows({}, row, row);
    m_runs.append(std::move(record));
    endInsertRows();
    return row;
}

void RunHistoryModel::appendOutput(int row, ExecStream stream, const QByteArray &data)
{
    if (row < 0 || row >= m_runs.size())
        return;
    m_runs[row].appendOutput(stream, data, kTranscriptCap);
}

void RunHistoryModel::finishRun(int row, const ExecResult &result)
{
    if (row < 0 || row >= m_runs.size())
        return;
    m_runs[row].running = false;
    m_runs[row].result = result;
    rowChanged(row);
}

void RunHistoryModel::failRun(int row, const Error &error)
{
    if (row < 0 || row >= m_runs.size())
        return;
    m_runs[row].running = false;
    m_runs[row].error = error;
    rowChanged(row);
}

void RunHistoryModel::setSession(int row, std::shared_ptr<const SessionBundle> session)
{
    if (row < 0 || row >= m_runs.size())
        return;
    m_runs[row].session = std::move(session);
    m_runs[row].sessionPending = false;
    m_runs[row].sessionError.clear();
    rowChanged(row);
    int kept = 0;
    for (int i = int(m_runs.size()) - 1; i >= 0; --i) {
        if (!m_runs[i].session || ++kept <= kKeptSessions)
            continue;
        releaseInBackground(std::move(m_runs[i].session)); // its copy of the workdir goes too
        m_runs[i].sessionError = tr("not kept: only the newest %1 runs keep their session").arg(kKeptSessions);
        rowChanged(i);
    }
}

void RunHistoryModel::setSessionPending(int row)
{
    if (row < 0 || row >= m_runs.size())
        return;
    m_runs[row].sessionPending = true;
    rowChanged(row);
}

void RunHistoryModel::setSessionError(int row, const QString &error)
{
    if (row < 0 || row >= m_runs.size())
        return;
    m_runs[row].sessionPending = false;
    m_runs[row].sessionError = error;
    rowChanged(row);
}

void RunHistoryModel::clear()
{
    beginResetModel();
    for (RunRecord &run : m_runs)
        releaseInBackground(std::move(run.session));
    m_runs.clear();
    endResetModel();
}

void RunHistoryModel::rowChanged(int row)
{
    emit dataChanged(index(row, 0), index(row, int(Column::Count) - 1));
}

} // namespace Sandbench
