#pragma once

#include "common/error.h"
#include "exec/execresult.h"
#include "policy/policy.h"
#include "session/exec/execsession.h"

#include <QList>
#include <QObject>

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
    std::shared_ptr<const ExecSession> session;
    bool sessionPending = false; // being recorded
    QString sessionError;        // why there is no session
    QString sessionFile;         // where the session was last saved; empty until it was
    // The run's secrets by name and host, never by value (the code saw placeholders).
    struct SecretName
    {
        QString name;
        QStringList hosts;
    };
    QList<SecretName> secrets;

    // Keeps the first `cap` bytes of output in arrival order; the rest is only counted, since
    // the result itself keeps head and tail of each stream.
    void appendOutput(ExecStream stream, const QByteArray &data, qint64 cap);
    // "running", "timed out, exit 1", "failed: …": how the run ended, in a few words.
    QString statusText() const;
};

// The runs of this Workbench, newest last: the store behind the GUI's history table
// (RunHistoryModel adapts it) and where a front end finds a run's session to save. Rows only
// grow until clear(); an out-of-range row is ignored by every setter.
class RunHistory : public QObject
{
    Q_OBJECT
public:
    explicit RunHistory(QObject *parent = nullptr);
    ~RunHistory() override;

    int size() const { return int(m_runs.size()); }
    const RunRecord &run(int row) const { return m_runs.at(row); }

    // Adds a running record (numbered from 1 when it has no number) and returns its row.
    int addRun(RunRecord record);
    void appendOutput(int row, ExecStream stream, const QByteArray &data);
    void finishRun(int row, const ExecResult &result);
    void failRun(int row, const Error &error);
    // Attaches a run's session, and lets go of the sessions of runs older than the newest
    // kKeptSessions (each holds a copy of its workdir on disk).
    void setSession(int row, std::shared_ptr<const ExecSession> session);
    void setSessionPending(int row);
    void setSessionError(int row, const QString &error);
    // The session was written to `path` (the history shows it as saved from now on).
    void setSessionSaved(int row, const QString &path);
    void clear();

    // Per run, how much console output is kept for replaying it.
    static constexpr qint64 kTranscriptCap = 4 * 1024 * 1024;
    static constexpr int kKeptSessions = 20;

signals:
    // Around each change, so that a model can tell its views in the order they expect.
    void runAboutToBeAdded(int row);
    void runAdded(int row);
    void runChanged(int row);
    void aboutToBeCleared();
    void cleared();

private:
    bool has(int row) const { return row >= 0 && row < m_runs.size(); }

    QList<RunRecord> m_runs;
};

} // namespace Sandbench
