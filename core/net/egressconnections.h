#pragma once

#include "audit/auditevent.h"
#include "net/squidconfig.h"

#include <QHash>
#include <QList>

namespace Sandbench {

// Ties together the two lines Squid gives for an allowed connection (SquidConfig): its decision,
// told by the helper as it is made, and its end, told by the access log with the figures. The
// audit gets the decision at once (action connect) and, when the connection ends, a second line
// (action close) with the bytes each way and the duration; a denied connection ends as it is
// decided and stays one line. The two lines travel on different streams (stderr and stdout), so
// an end can arrive before its decision: it is then told as both, and the late decision dropped.
class EgressConnections
{
public:
    static constexpr char closeAction[] = "close";
    // Open connections remembered at most (a sandbox holding more loses nothing on the record:
    // the oldest one's end is then told as decision and end together).
    static constexpr qsizetype maxOpen = 16384;

    QList<AuditEvent> decided(const SquidConfig::ProxyLine &line);
    QList<AuditEvent> ended(const SquidConfig::ProxyLine &line);
    // The proxy is gone: every connection still open ends now, its figures unknown.
    QList<AuditEvent> proxyEnded(qint64 nowMs);
    qsizetype openCount() const { return m_openCount; }

private:
    QHash<QByteArray, QList<AuditEvent>> m_open;  // client -> its allowed requests, oldest first
    QHash<QByteArray, int> m_endedFirst;          // client -> ends told before their decision
    qsizetype m_openCount = 0;
};

} // namespace Sandbench
