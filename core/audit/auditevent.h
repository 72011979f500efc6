#pragma once

#include <QByteArray>
#include <QMetaType>
#include <QString>

namespace Sandbench {

// One permission decision, as written to the audit log (one JSON line each).
struct AuditEvent
{
    quint64 seq = 0;          // 1, 2, 3 ... in decision order
    qint64 timeMs = 0;        // wall-clock epoch ms of the decision
    QString kind;             // read, write, net, env, run, sys, ffi, import
    QString action;           // read, write, connect, listen, get, spawn, ...
    QString resource;         // the path, host:port, name or command as asked
    bool allowed = false;
    QString rule;             // the rule that decided: "allow_read[0]", "sandbox default", ...
    QString reason;           // what the code is told on a deny
    qint64 pid = 0;           // the runtime's pid as it reported it
    // For a connection that has closed (kind net, from a sandbox's egress proxy): bytes sent
    // by the client, bytes it received, and how long it lasted; -1 when not known.
    qint64 bytesOut = -1;
    qint64 bytesIn = -1;
    qint64 durationMs = -1;
    // A check held for a person (rule "ask"): the ask entry, the answer ("once", "run",
    // "refuse", "timeout", "withdrawn", "for-run grant", "replayed ..."), the local user who
    // answered, and how long the runtime waited; empty / -1 otherwise.
    QString askEntry;
    QString answer;
    QString answeredBy;
    qint64 waitedMs = -1;
    // Set by a log browser for a line that is not an event: shown as it is, never as a decision.
    bool unreadable = false;

    QString decisionName() const { return allowed ? QStringLiteral("allow") : QStringLiteral("deny"); }
    // False for the line that tells an allowed connection's end (kind net, action close, from a
    // sandbox's egress proxy): it repeats a decision already counted, with the figures.
    bool isDecision() const { return !(kind == QLatin1String("net") && action == QLatin1String("close")); }
    // The JSON line without its newline; fast, no QJsonDocument on the hot path.
    QByteArray toJsonLine() const;
    // Parses one line; false when it is not an audit event. Any JSON spelling of an event is
    // read (whitespace, key order, "\u" escapes): this parse alone decides what a line says,
    // for its row, the counts and every filter. A key written twice is refused, since readers
    // disagree on which one counts.
    static bool fromJsonLine(const QByteArray &line, AuditEvent *event, QString *error = nullptr);

    bool operator==(const AuditEvent &) const = default;
};

} // namespace Sandbench

Q_DECLARE_METATYPE(Sandbench::AuditEvent)
