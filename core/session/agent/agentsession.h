#pragma once

#include "common/result.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace Sandbench {

// An agent session (.sbagent): what one client of the agent server (sandbench-cli mcp) did,
// as JSON Lines, one line per event, each written whole and flushed before the call it records
// is answered, so a killed server loses nothing it answered. The lines, in order:
//   {"kind":"sandbench-agent-session","formatVersion":1,"applicationVersion","recordedAtMs",
//    "transport":"stdio"|"http","pid","server":{"toolSets":[...],"image","network","lifetimeMs",
//    "envNames":[...],"snapshot"?,"snapshotDigest"?,"policy":{...}}}   the header, always first
//    (the sandboxes' variables by name only; the snapshot of --from and what it held)
//   {"type":"initialize","atMs","protocolVersion","client":{"name","version"}}
//   {"type":"call","seq","atMs","durationMs","tool","arguments":{...},
//    "result":{"isError","structuredContent"?,"images"?,"text"?} | "refused":{"code","message"},
//    "decisions":[audit events]?, "cancelled":true?,
//    "approval":{"decision":"approve"|"edit"|"refuse"|"timeout"|"end","by","atMs","waitedMs",
//                "reason"?,"asked"?,"changed"?}?}     one per tools/call, in answer order
//   {"type":"held","seq","atMs","tool","arguments"}      a call of an --approve tool starts to
//                                                           wait for a person (before its call line)
//   {"type":"execSession","seq","data":"<base64 of the run's exec .sbsession>"}
//                                                           after each code.run's call line
//   {"type":"net","atMs","toolSet","event":{audit event}}  one per connection of a tool set's
//                                                           sandbox (network allow), as it closes
//   {"type":"end","atMs","reason"}                          last, when the session closed
// A file that has no end line is a session still going on (its server holds NAME.lock) or one
// whose server died; either reads like a finished one up to its last whole line.
struct AgentCall
{
    qint64 seq = 0;          // 1-based, in the order the calls were made
    qint64 atMs = 0;         // since the epoch
    qint64 durationMs = 0;
    QString tool;
    QJsonObject arguments;
    // What the model got: {isError, structuredContent?, images?, text?}; empty when refused.
    QJsonObject result;
    // A call refused before it ran (unknown tool, bad arguments): its JSON-RPC error.
    std::optional<int> refusedCode;
    QString refusedMessage;
    bool cancelled = false;  // the client cancelled it (notifications/cancelled); never answered
    QList<QJsonObject> decisions; // code.run: every permission decision, as the audit log has it
    // A call held for a person (--approve): the decision; "arguments" above are what ran.
    QJsonObject approval;
    std::optional<qint64> heldAtMs; // from its "held" line
    // code.run: where its exec session's line starts in the file, or -1 when it has none (the
    // server stopped before writing it).
    qint64 execSessionOffset = -1;

    bool isCodeRun() const { return tool == QLatin1String("code.run"); }
};

// One connection of a tool set's sandbox (network allow): an audit event of kind net, action
// connect, as `sandbox run --audit-log` writes it.
struct AgentConnection
{
    qint64 atMs = 0;
    QString toolSet;
    QJsonObject event;
};

struct AgentSession
{
    static constexpr int currentFormatVersion = 1;
    static inline const QString kindName = QStringLiteral("sandbench-agent-session");
    static QString fileExtension() { return QStringLiteral(".sbagent"); }

    // What the reader accepts from a file it did not write.
    static constexpr qint64 maxLineBytes = qint64(256) << 20;     // an exec session's line
    static constexpr qint64 maxCallLineBytes = qint64(32) << 20;  // any other line
    static constexpr qint64 maxCalls = 100000;
    static constexpr qint64 maxConnections = 1000000;

    QString path;
    int formatVersion = currentFormatVersion;
    QString applicationVersion;
    qint64 recordedAtMs = 0;
    QString transport;
    qint64 pid = 0;
    QJsonObject server;      // the header's "server" object, as written
    QString protocolVersion; // from the initialize line
    QString clientName;
    QString clientVersion;
    QList<AgentCall> calls;
    QHash<qint64, qsizetype> callIndex; // seq -> index in calls
    QHash<qint64, qint64> heldAtMs;     // seq -> when a held call started to wait
    QList<AgentConnection> connections;
    bool ended = false;
    QString endReason;
    // Set when the last line was cut off (the server stopped while writing it).
    bool lastLineCut = false;
    qint64 bytesRead = 0;    // where a reader that follows the file goes on from
    qint64 linesRead = 0;

    // Reads the file whole (lines up to its last complete one), checking each line's fields
    // and types where they stand: an error names the file, the line and the field. A newer
    // format or another kind is refused. The exec sessions' data is not read, only found.
    static Result<AgentSession> read(const QString &path);
    // Reads what was appended since `session` was read (a live session the GUI follows);
    // false when nothing new came.
    static Result<bool> readMore(AgentSession &session);
    // True when the file starts like an agent session (its first bytes), for SessionFile::open.
    static bool looksLikeOne(const QByteArray &head);

    // The bytes of the exec session of call `index` (0-based), checked as base64 and bounded.
    Result<QByteArray> execSessionData(qsizetype index) const;
};

} // namespace Sandbench
