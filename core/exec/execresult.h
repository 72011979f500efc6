#pragma once

#include "audit/auditevent.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>

#include <optional>

namespace Sandbench {

enum class ExecStream { Stdout, Stderr };

// What a run produced, in the shape of code-sandbox-exec.md plus what Sandbench adds for people
// (raw stderr, the audit events, byte counts).
struct ExecResult
{
    QByteArray stdoutData;          // capped: head and tail kept, the middle dropped
    QByteArray stderrData;          // rewritten for an LLM, capped the same way
    QByteArray rawStderr;           // as the runtime wrote it (capped)
    std::optional<int> exitCode;    // none when the run was stopped
    bool timedOut = false;          // stopped by its timeout
    bool cancelled = false;         // stopped by the user
    bool truncated = false;         // stdout or stderr lost its middle
    bool memoryExceeded = false;    // the heap cap or the run's memory cgroup ended the run
    bool workdirExceeded = false;   // the workdir grew past max_workdir_mb and the run was stopped
    bool tasksExceeded = false;     // a fork or thread was refused at the task cap and the run was stopped
    qint64 durationMs = 0;
    qint64 stdoutTotalBytes = 0;    // what the code wrote, kept or not
    qint64 stderrTotalBytes = 0;
    QList<AuditEvent> auditEvents;  // every decision, in order (bounded; see auditEventsDropped)
    qint64 auditEventsDropped = 0;
    int allowCount = 0;
    int denyCount = 0;
    QString runtimeVersion;
    // The run's proxy's traffic lines (ExecRequest::traffic): SBFLOW lines of a recording, SBREQ
    // lines of a replay, in order; the secrets' placeholders, to redact them from a recording.
    bool trafficCaptured = false;       // the run had a proxy recording or replaying its traffic
    QList<QByteArray> trafficLines;
    qsizetype trafficLinesDropped = 0;
    QString trafficNotCaptured;         // why traffic asked to be recorded was not

    QMap<QString, QString> secretPlaceholders;

    // {stdout, stderr, exitCode, timedOut, truncated, durationMs, ...} as one JSON object.
    QByteArray toJson() const;
};

} // namespace Sandbench

Q_DECLARE_METATYPE(Sandbench::ExecResult)
