#pragma once

#include "common/error.h"
#include "exec/execresult.h"
#include "policy/policy.h"
#include "session/exec/execsession.h"

#include <QAbstractTableModel>
#include <QList>

#include <memory>
#include <optional>

namespace Sandbench {

// One piece of console output as it arrived, so a past run's console replays in order.
struct ConsoleChunk
{
    ExecStream stream = ExecStream::Stdout;
    QByteArray data;
};

// A run of this session: what was run, under which policy, and how it ended.
struct RunRecord
{
    int number = 0;
    qint64 startedMs = 0;
    QString title;     // the script's file name, or "untitled"
    QString code;
    Policy policy;
    bool running = true;
    std::optional<ExecResult> result;
    std::optional<Error> error; // the run could not start
    QList<ConsoleChunk> transcript;
    qint64 transcriptBytes = 0;
    qint64 transcriptDropped = 0;
    // The run as a session bundle, ready to be saved; kept for the newest kKeptSessions runs.
    std::shared_ptr<const SessionBundle> session;
    bool sessionPending = false; // being recorded
    QString sessionError;        // why there is no session

    // Keeps the first `cap` bytes of output in arrival order; the rest is only counted, since
    // the result itself keeps head and tail of each stream.
    void appendOutput(ExecStream stream, const QByteArray &data, qint64 cap);
};

// The runs of this session, newest last.
class RunHistoryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum class Column { Number, Started, Title, Status, Duration, Allowed, Denied, Session, Count };

    explicit RunHistoryModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // Adds a running record and returns its row.
    int addRun(RunRecord record);
    void appendOutput(int row, ExecStream stream, const QByteArray &data);
    void finishRun(int row, const ExecResult &result);
    void failRun(int row, const Error &error);
    // Attaches a run's session, and lets go of the sessions of runs older than the newest
    // kKeptSessions (each holds a copy of its workdir on disk).
    void setSession(int row, std::shared_ptr<const SessionBundle> session);
    void setSessionPending(int row);
    void setSessionError(int row, const QString &error);

    const RunRecord &run(int row) const { return m_runs.at(row); }
    void clear();

    static QString statusText(const RunRecord &record);

    // Per run, how much console output is kept for replaying it.
    static constexpr qint64 kTranscriptCap = 4 * 1024 * 1024;
    static constexpr int kKeptSessions = 20;

private:
    void rowChanged(int row);

    QList<RunRecord> m_runs;
};

} // namespace Sandbench
