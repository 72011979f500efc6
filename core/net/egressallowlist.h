#pragma once

#include "common/result.h"

#include <QHostAddress>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandbench {

// One entry of a sandbox's network allow list (network kind `allow`), as the egress proxy
// decides by it: a name exactly, every name below a domain ("*.example.org", not the domain
// itself, as allow_net reads it), one IP literal, or a range of IP literals (CIDR). A name
// entry matches the name a client asked for, never an address it resolves to; an IP entry
// matches only a request that names an address literally.
struct EgressRule
{
    enum class Kind { Host, Subdomains, Ip, Cidr };

    Kind kind = Kind::Host;
    QString host;               // lower-case ASCII (punycode), no trailing dot; for Ip the address
    QHostAddress network;       // Ip, Cidr
    int prefixLength = -1;      // Cidr (Ip: 32 or 128)
    std::optional<int> port;    // none: every port
    QString text;               // the entry as written, for messages and the audit

    // The entry in its canonical spelling ("*.example.org:443", "10.0.0.0/8").
    QString canonical() const;
    // A loopback address or "localhost" with a port (127.0.0.1:3000, [::1]:8080,
    // localhost:5173): that port on the machine Sandbench runs on, reached through a relay of
    // Sandbench's own (HostPortRelay) and nothing else of that machine. Without a port such an
    // entry is refused, so a list never opens the whole host.
    bool isHostService() const;
    // The address the relay connects to on this machine (127.0.0.1 for "localhost").
    QHostAddress hostServiceAddress() const;
};

// A parsed allow list. Every entry is checked as a whole before anything is made: a malformed
// one, or one that could never match a request (a port 0, a wildcard over an address, a CIDR
// with host bits set), is refused with its position and text.
class EgressAllowList
{
public:
    static Result<EgressAllowList> parse(const QStringList &entries);
    // "allow:HOST[,HOST...]", the spelling of the CLI and the agent server.
    static Result<EgressAllowList> parseSpec(const QString &spec);
    static Result<EgressRule> parseEntry(const QString &entry);

    const QList<EgressRule> &rules() const { return m_rules; }
    QStringList canonicalEntries() const;

    static constexpr int maxEntries = 256;

private:
    static Result<EgressRule> parseShape(const QString &entry);

    QList<EgressRule> m_rules;
};

} // namespace Sandbench
