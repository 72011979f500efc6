#pragma once

#include "audit/auditevent.h"
#include "net/egressallowlist.h"

#include <QByteArray>
#include <QMap>
#include <QStringList>

#include <optional>

namespace Sandbench {

// The configuration of one sandbox's Squid (core/net's egress proxy) and the reading of what
// it logs. Squid parses HTTP, CONNECT and DNS; Sandbench only writes its ACLs and reads one
// line per finished transaction.
//
// Order of the decision, first match wins:
//  1. an IP entry naming an address exactly (a literal request for it) is allowed, even in the
//     ranges below (that is how a sandbox is let reach one metadata or host address), and so is
//     a host service (127.0.0.1:PORT, localhost:PORT), which goes to its relay, never direct;
//  2. a request matching no entry is denied before any name is resolved (the proxy resolves
//     only names it is going to allow);
//  3. a metadata name not listed exactly, and any name whose resolved addresses include a
//     loopback, link-local, metadata, multicast or host address, is denied;
//  4. the matching entry allows it; Squid connects to the address it resolved and checked.
namespace SquidConfig {

constexpr int port = 3128;
// Where Squid's own messages go (stderr) and the line that says it is listening.
constexpr char readyMarker[] = "Accepting HTTP Socket connections";

// blockedRanges: CIDRs or addresses (the host's addresses, the proxy's gateway) denied after
// resolution on top of the fixed loopback/link-local/metadata ones. decisionMarker: the
// prefix of the lines that say, as it is decided, that a connection is allowed (see
// parseDecisionLine); a secret of this proxy's (randomMarker()), so that no text Squid copies
// into its messages from a client or a server can pass for one.
QByteArray build(const EgressAllowList &list, const QStringList &blockedRanges, const QByteArray &decisionMarker);
QByteArray randomMarker();

// The rules of the list's host services (EgressRule::isHostService), to append to build()'s:
// each goes to its relay (HostPortRelay at gateway:relayPorts[index]) and never direct, so a
// host service without a relay fails rather than reach the proxy's own loopback.
QByteArray hostServiceRules(const EgressAllowList &list, const QString &gateway, const QMap<qsizetype, quint16> &relayPorts);

// The fixed ranges of step 3.
QStringList fixedBlockedRanges();

// A line Squid gave Sandbench: the event, and the client's address and port (the connection
// from the sandbox) that ties an allowed connection's decision to its end.
struct ProxyLine
{
    AuditEvent event;
    QByteArray client;
};

// Squid writes its access log when a transaction ends, so an allowed connection is told twice:
// when it is decided, by an external ACL helper that is the last condition of each allow line
// and writes "MARKER client-address client-port host port rule-index" to Squid's cache log
// (an event of action connect, without figures); and when it ends, by the access log.
std::optional<ProxyLine> parseDecisionLine(const QByteArray &line, const QByteArray &decisionMarker, const EgressAllowList &list);

// One access-log line (a transaction that ended) as an audit event: kind net, action connect,
// with the bytes each way and the duration; nullopt for a line that is not one of ours.
std::optional<ProxyLine> parseLogLine(const QByteArray &line, const EgressAllowList &list);

} // namespace SquidConfig

} // namespace Sandbench
