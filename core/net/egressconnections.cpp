#include "egressconnections.h"

#include <algorithm>

namespace Sandbench {

namespace {

AuditEvent closeOf(const AuditEvent &decision, const AuditEvent &end)
{
    AuditEvent e = end;
    e.action = QString::fromLatin1(EgressConnections::closeAction);
    e.resource = decision.resource;
    e.rule = decision.rule;
    return e;
}

} // namespace

QList<AuditEvent> EgressConnections::decided(const SquidConfig::ProxyLine &line)
{
    if (auto early = m_endedFirst.find(line.client); early != m_endedFirst.end()) {
        if (--*early == 0)
            m_endedFirst.erase(early);
        return {}; // its end came first and told it already
    }
    if (m_openCount >= maxOpen) {
        // Forget the oldest (a scan, only at the cap): its end will be told as decision and end.
        auto oldest = m_open.begin();
        for (auto it = m_open.begin(); it != m_open.end(); ++it) {
            if (it->constFirst().timeMs < oldest->constFirst().timeMs)
                oldest = it;
        }
        oldest->removeFirst();
        --m_openCount;
        if (oldest->isEmpty())
            m_open.erase(oldest);
    }
    m_open[line.client] << line.event;
    ++m_openCount;
    return {line.event};
}

QList<AuditEvent> EgressConnections::ended(const SquidConfig::ProxyLine &line)
{
    if (!line.event.allowed || line.client.isEmpty())
        return {line.event}; // a refusal is decided and ended at once: one line
    if (auto it = m_open.find(line.client); it != m_open.end() && !it->isEmpty()) {
        const AuditEvent decision = it->takeFirst();
        --m_openCount;
        if (it->isEmpty())
            m_open.erase(it);
        AuditEvent close = closeOf(decision, line.event);
        // Squid's clock stamps the end, the decision's arrival stamps the decision: a pipe's
        // latency apart, so a short connection could seem to end before it was decided.
        close.timeMs = std::max(close.timeMs, decision.timeMs);
        return {close};
    }
    // The end came before its decision (or the decision was forgotten): tell both now.
    AuditEvent decision = line.event;
    decision.timeMs = line.event.durationMs > 0 ? line.event.timeMs - line.event.durationMs : line.event.timeMs;
    decision.reason.clear();
    decision.bytesOut = decision.bytesIn = decision.durationMs = -1;
    if (m_endedFirst.size() >= maxOpen)
        m_endedFirst.clear(); // a decision that never comes must not hold memory forever
    ++m_endedFirst[line.client];
    return {decision, closeOf(decision, line.event)};
}

QList<AuditEvent> EgressConnections::proxyEnded(qint64 nowMs)
{
    QList<AuditEvent> out;
    QList<AuditEvent> open;
    for (const QList<AuditEvent> &list : std::as_const(m_open))
        open += list;
    std::stable_sort(open.begin(), open.end(), [](const AuditEvent &a, const AuditEvent &b) { return a.timeMs < b.timeMs; });
    for (const AuditEvent &decision : std::as_const(open)) {
        AuditEvent e = decision;
        e.action = QString::fromLatin1(closeAction);
        e.timeMs = nowMs;
        e.durationMs = std::max<qint64>(0, nowMs - decision.timeMs);
        e.reason = QStringLiteral("the proxy stopped while the connection was open; its byte counts are unknown");
        out << e;
    }
    m_open.clear();
    m_endedFirst.clear();
    m_openCount = 0;
    return out;
}

} // namespace Sandbench
