#pragma once

#include "exec/execresult.h"
#include "session/replaynote.h"
#include "session/traffic/replayedrequest.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace Sandbench {

// Screenshot: only sandbox sessions with desktop steps have it (see SandboxSessionReplayer).
// Call: what an agent session's tool call answered (AgentSessionReplayer); its index is the call.
// Network: a sandbox session's recorded traffic (a request the recording lacks or has otherwise,
// or one it has that the replay never made).
enum class ReplayStream { Stdout, Stderr, Exit, Audit, Screenshot, Call, Network };

QString replayStreamName(ReplayStream stream);

// The first place one stream of a replay differs from the recording.
struct Divergence
{
    ReplayStream stream = ReplayStream::Stdout;
    qint64 index = 0;  // 1-based line (stdout, stderr) or event number (audit); 0 for exit;
                       // in a sandbox session, the 1-based step of every stream
    QString recorded;  // the line, event or exit as recorded ("<end>" when there is none)
    QString replayed;
    // Network only: the request the replay made (madeRequest false when it never made a
    // recorded one), and the recorded request to set beside it (0-based in the recording; -1
    // for none). Not a std::optional: GCC 12's -O2 takes a disengaged one in an aggregate for
    // uninitialized (-Wmaybe-uninitialized).
    bool madeRequest = false;
    ReplayedRequest request = {};
    qint64 recordedRequest = -1;

    bool operator==(const Divergence &) const = default;
};

// A permission decision that went the other way in the replay (matched by kind, action and
// resource, in order).
struct DecisionChange
{
    qint64 event = 0;  // the recorded event's number (1-based)
    QString kind;
    QString action;
    QString resource;
    bool recordedAllowed = false;
    bool replayedAllowed = false;

    bool operator==(const DecisionChange &) const = default;
};

struct ReplayReport
{
    bool identical = false;
    QList<Divergence> divergences;        // at most one per stream, in stream order
    QList<DecisionChange> changedDecisions;
    QList<ReplayNote> notes;              // what the replay could not reproduce exactly, for people
    ExecResult replayed;

    // Human text: "identical", or the first divergence, then the changed decisions.
    QString summary() const;
};

// Where two outputs first differ: the 1-based line and both lines, as text for people ("<end>"
// past the last line; a binary line by its size and digest; a long one cut at 200 characters).
struct LineDifference
{
    qint64 line = 0;
    QString recorded;
    QString replayed;
};
std::optional<LineDifference> firstLineDifference(const QByteArray &recorded, const QByteArray &replayed);

// The audit events as a replay compares them, one line each ("kind action resource: decision"),
// without the engine's own reads; line N is audit event N of a Divergence.
QStringList comparedAuditLines(const QList<AuditEvent> &events);

// Compares a replay with what was recorded: stdout and rewritten stderr line by line, the exit,
// and the audit events by kind, action, resource and decision (times, ids and pids differ by
// nature and are not compared).
ReplayReport compareReplay(const QByteArray &recordedStdout, const QByteArray &recordedStderr,
                           const std::optional<int> &recordedExit, bool recordedTimedOut,
                           const QList<AuditEvent> &recordedEvents, const ExecResult &replayed);

} // namespace Sandbench

Q_DECLARE_METATYPE(Sandbench::ReplayReport)
