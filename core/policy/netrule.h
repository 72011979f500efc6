#pragma once

#include <QString>

#include <optional>

namespace Sandbench {

// A network destination as the runtime asks for it ("host:port") or as a rule names it.
struct NetAddress
{
    QString host;              // lower case, no trailing dot; IPv4 in dotted form, IPv6 without brackets
    std::optional<int> port;
    bool isIp = false;

    // Parses "host", "host:port", "[v6]:port", a bare IPv6 literal, or a URL (its host, and its
    // port or the scheme's). IPv4 in any form inet_aton accepts ("0x7f.1", "2130706433") is
    // normalized, since the resolver would connect to it just the same.
    static std::optional<NetAddress> parse(const QString &text);
};

// One allow_net / allow_listen entry: an address, "*.domain", or "*" (every host).
class NetRule
{
public:
    static std::optional<NetRule> parse(const QString &text);

    bool matches(const NetAddress &address) const;
    // Cloud metadata endpoints are only reachable through a rule that names them exactly.
    bool namesExactly(const NetAddress &address) const;

private:
    NetAddress m_address;
    bool m_anyHost = false;
    bool m_subdomains = false; // "*.example.com": every name below example.com
};

// True for the cloud metadata endpoints (and the link-local range they live in).
bool isMetadataAddress(const NetAddress &address);
// True for 0.0.0.0 and ::, the addresses a server listens on.
bool isUnspecifiedAddress(const NetAddress &address);

} // namespace Sandbench
