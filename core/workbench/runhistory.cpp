#include "runhistory.h"

#include "common/background.h"

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

QString RunRecord::statusText() const
{
    if (running)
        return RunHistory::tr("running");
    if (error)
        return RunHistory::tr("failed: %1").arg(error->message);
    if (!result)
        return {};
    const ExecResult &r = *result;
    QStringList parts;
    if (r.timedOut)
        parts << RunHistory::tr("timed out");
    else if (r.cancelled)
        parts << RunHistory::tr("stopped");
    else if (r.memoryExceeded)
        parts << RunHistory::tr("out of memory");
    if (r.exitCode)
        parts << RunHistory::tr("exit %1").arg(*r.exitCode);
    if (r.truncated)
        parts << RunHistory::tr("truncated");
    return parts.join(QStringLiteral(", "));
}

RunHistory::RunHistory(QObject *parent)
    : QObject(parent)
{
}

RunHistory::~RunHistory()
{
    // Each session holds a copy of its workdir on disk: removing it is not the caller's wait.
    for (RunRecord &run : m_runs)
        releaseInBackground(std::move(run.session));
}

int RunHistory::addRun(RunRecord record)
{
    const int row = int(m_runs.size());
    if (record.number == 0)
        record.number = row + 1;
    emit runAboutToBeAdded(row);
    m_runs.append(std::move(record));
    emit runAdded(row);
    return row;
}

void RunHistory::appendOutput(int row, ExecStream stream, const QByteArray &data)
{
    if (has(row))
        m_runs[row].appendOutput(stream, data, kTranscriptCap);
}

void RunHistory::finishRun(int row, const ExecResult &result)
{
    if (!has(row))
        return;
    m_runs[row].running = false;
    m_runs[row].result = result;
    emit runChanged(row);
}

void RunHistory::failRun(int row, const Error &error)
{
    if (!has(row))
        return;
    m_runs[row].running = false;
    m_runs[row].error = error;
    emit runChanged(row);
}

void RunHistory::setSession(int row, std::shared_ptr<const ExecSession> session)
{
    if (!has(row))
        return;
    m_runs[row].session = std::move(session);
    m_runs[row].sessionPending = false;
    m_runs[row].sessionError.clear();
    emit runChanged(row);
    int kept = 0;
    for (int i = int(m_runs.size()) - 1; i >= 0; --i) {
        if (!m_runs[i].session || ++kept <= kKeptSessions)
            continue;
        releaseInBackground(std::move(m_runs[i].session));
        m_runs[i].sessionError = tr("not kept: only the newest %1 runs keep their session").arg(kKeptSessions);
        emit runChanged(i);
    }
}

void RunHistory::setSessionPending(int row)
{
    if (!has(row))
        return;
    m_runs[row].sessionPending = true;
    emit runChanged(row);
}

void RunHistory::setSessionSaved(int row, const QString &path)
{
    if (!has(row))
        return;
    m_runs[row].sessionFile = path;
    emit runChanged(row);
}

void RunHistory::setSessionError(int row, const QString &error)
{
    if (!has(row))
        return;
    m_runs[row].sessionPending = false;
    m_runs[row].sessionError = error;
    emit runChanged(row);
}

void RunHistory::clear()
{
    emit aboutToBeCleared();
    for (RunRecord &run : m_runs)
        releaseInBackground(std::move(run.session));
    m_runs.clear();
    emit cleared();
}

} // namespace Sandbench
