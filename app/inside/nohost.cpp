// no-host: a sandbox on the network reaches the internet through its bridge's gateway, which is
// also an address of the host, as is every other address the host has: any host service that
// listens on all interfaces would answer it. The engine (Docker 20.10) has no switch against
// that, and a host firewall rule would need root on the host; but the sandbox's own network
// namespace is root's to route. So root (with CAP_NET_ADMIN, which this step alone keeps: see
// as-root) adds routing rules there: every host address is unreachable (FR_ACT_UNREACHABLE),
// before the main table is consulted. The sandbox's user cannot remove them (no capability).
//
// One exception keeps published ports working: the engine's proxy connects to the sandbox from
// the gateway, from a port in the host's ephemeral range, so replies from a published port to
// that range on the gateway are routed as usual (a rule before the others). What it leaves open
// is written in docs/SECURITY.md.
#include "inside.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <linux/fib_rules.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

constexpr std::uint32_t replyPriority = 100;
constexpr std::uint32_t unreachablePriority = 101;
constexpr std::uint32_t onLinkOnlyPriority = 102;
constexpr int maxAddresses = 256;
constexpr int maxReplyPorts = 64;

struct PortRange
{
    std::uint16_t first = 0;
    std::uint16_t last = 0;
};

struct RuleRequest
{
    nlmsghdr header;
    fib_rule_hdr rule;
    char attributes[128];
};

void addAttribute(RuleRequest &request, unsigned short type, const void *data, unsigned short length)
{
    auto *attribute = reinterpret_cast<rtattr *>(reinterpret_cast<char *>(&request) + NLMSG_ALIGN(request.header.nlmsg_len));
    attribute->rta_type = type;
    attribute->rta_len = static_cast<unsigned short>(RTA_LENGTH(length));
    std::memcpy(RTA_DATA(attribute), data, length);
    request.header.nlmsg_len = NLMSG_ALIGN(request.header.nlmsg_len) + RTA_ALIGN(attribute->rta_len);
}

// Sends one rule and waits for the kernel's answer; 0, or -1 with errno set.
int sendRule(int socketFd, RuleRequest &request, unsigned sequence);

int addRule(int socketFd, unsigned sequence, in_addr destination, std::uint32_t priority, bool unreachable,
            const PortRange *sourcePort, const PortRange *destinationPorts)
{
    RuleRequest request {};
    request.header.nlmsg_len = NLMSG_LENGTH(sizeof(fib_rule_hdr));
    request.header.nlmsg_type = RTM_NEWRULE;
    request.header.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | NLM_F_CREATE | NLM_F_EXCL;
    request.header.nlmsg_seq = sequence;
    request.rule.family = AF_INET;
    request.rule.dst_len = 32;
    request.rule.action = unreachable ? FR_ACT_UNREACHABLE : FR_ACT_TO_TBL;
    request.rule.table = unreachable ? RT_TABLE_UNSPEC : RT_TABLE_MAIN;
    addAttribute(request, FRA_DST, &destination, sizeof destination);
    addAttribute(request, FRA_PRIORITY, &priority, sizeof priority);
    if (sourcePort) {
        const std::uint8_t tcp = IPPROTO_TCP;
        const fib_rule_port_range source {sourcePort->first, sourcePort->last};
        const fib_rule_port_range destinationRange {destinationPorts->first, destinationPorts->last};
        addAttribute(request, FRA_IP_PROTO, &tcp, sizeof tcp);
        addAttribute(request, FRA_SPORT_RANGE, &source, sizeof source);
        addAttribute(request, FRA_DPORT_RANGE, &destinationRange, sizeof destinationRange);
    }
    return sendRule(socketFd, request, sequence);
}

// The rules of --on-link-only: the main table without its default route (suppress_prefixlength
// 0), then unreachable for every other destination. What is on the sandbox's own network (its
// proxy) stays reachable; nothing behind the gateway is routed at all, so a host address that
// appears after this step (a bridge made later) is not reachable either.
int addOnLinkOnlyRules(int socketFd, unsigned *sequence)
{
    RuleRequest onLink {};
    onLink.header.nlmsg_len = NLMSG_LENGTH(sizeof(fib_rule_hdr));
    onLink.header.nlmsg_type = RTM_NEWRULE;
    onLink.header.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | NLM_F_CREATE | NLM_F_EXCL;
    onLink.header.nlmsg_seq = ++*sequence;
    onLink.rule.family = AF_INET;
    onLink.rule.action = FR_ACT_TO_TBL;
    onLink.rule.table = RT_TABLE_MAIN;
    const std::uint32_t onLinkPriority = onLinkOnlyPriority;
    const std::uint32_t suppressUpTo = 0;
    addAttribute(onLink, FRA_PRIORITY, &onLinkPriority, sizeof onLinkPriority);
    addAttribute(onLink, FRA_SUPPRESS_PREFIXLEN, &suppressUpTo, sizeof suppressUpTo);
    if (sendRule(socketFd, onLink, *sequence) != 0)
        return -1;
    RuleRequest rest {};
    rest.header = onLink.header;
    rest.header.nlmsg_len = NLMSG_LENGTH(sizeof(fib_rule_hdr));
    rest.header.nlmsg_seq = ++*sequence;
    rest.rule.family = AF_INET;
    rest.rule.action = FR_ACT_UNREACHABLE;
    rest.rule.table = RT_TABLE_UNSPEC;
    const std::uint32_t restPriority = onLinkOnlyPriority + 1;
    addAttribute(rest, FRA_PRIORITY, &restPriority, sizeof restPriority);
    return sendRule(socketFd, rest, *sequence);
}

int sendRule(int socketFd, RuleRequest &request, unsigned sequence)
{
    if (::send(socketFd, &request, request.header.nlmsg_len, 0) < 0)
        return -1;
    char answer[4096];
    const ssize_t n = ::recv(socketFd, answer, sizeof answer, 0);
    if (n < ssize_t(NLMSG_LENGTH(sizeof(nlmsgerr))))
        return errno = EPROTO, -1;
    const auto *header = reinterpret_cast<const nlmsghdr *>(answer);
    if (header->nlmsg_type != NLMSG_ERROR || header->nlmsg_seq != sequence)
        return errno = EPROTO, -1;
    const auto *error = static_cast<const nlmsgerr *>(NLMSG_DATA(header));
    if (error->error != 0)
        return errno = -error->error, -1;
    return 0;
}

bool parseAddress(const char *text, in_addr *out)
{
    return text && ::inet_pton(AF_INET, text, out) == 1;
}

long parsePort(const char *text)
{
    return Inside::parseNumber(text, 1, 65535);
}

bool parseRange(const char *text, PortRange *out)
{
    const char *dash = text ? std::strchr(text, '-') : nullptr;
    if (!dash || dash - text > 5)
        return false;
    char first[6] = {};
    std::memcpy(first, text, size_t(dash - text));
    const long lo = parsePort(first);
    const long hi = parsePort(dash + 1);
    if (lo < 0 || hi < lo)
        return false;
    *out = {std::uint16_t(lo), std::uint16_t(hi)};
    return true;
}

int usage(const char *why)
{
    std::fprintf(stderr, "sandbench-inside: no-host: %s\n", why);
    return Inside::failure;
}

} // namespace

int Inside::noHost(int argc, char **argv)
{
    in_addr gateway {};
    bool haveGateway = false;
    PortRange ephemeral {32768, 60999};
    PortRange replyPorts[maxReplyPorts];
    int replyPortCount = 0;
    in_addr addresses[maxAddresses];
    int addressCount = 0;
    bool onLinkOnly = false;
    for (int i = 0; i < argc; ++i) {
        const char *arg = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : nullptr;
        if (std::strcmp(arg, "--gateway") == 0) {
            if (!parseAddress(value, &gateway))
                return usage("--gateway needs an IPv4 address");
            haveGateway = true;
            ++i;
        } else if (std::strcmp(arg, "--reply-port") == 0) {
            const long port = parsePort(value);
            if (port < 0 || replyPortCount == maxReplyPorts)
                return usage("--reply-port needs a port from 1 to 65535 (at most 64 of them)");
            replyPorts[replyPortCount++] = {std::uint16_t(port), std::uint16_t(port)};
            ++i;
        } else if (std::strcmp(arg, "--on-link-only") == 0) {
            onLinkOnly = true;
        } else if (std::strcmp(arg, "--ephemeral") == 0) {
            if (!parseRange(value, &ephemeral))
                return usage("--ephemeral needs a port range LO-HI");
            ++i;
        } else {
            if (addressCount == maxAddresses)
                return usage("at most 256 addresses");
            if (!parseAddress(arg, &addresses[addressCount]))
                return usage("an address is not IPv4");
            ++addressCount;
        }
    }
    if (!haveGateway)
        return usage("--gateway is required");

    const int fd = ::socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
    if (fd < 0)
        return fail("netlink socket");
    unsigned sequence = 0;
    for (int p = 0; p < replyPortCount; ++p)
        if (addRule(fd, ++sequence, gateway, replyPriority, false, &replyPorts[p], &ephemeral) != 0)
            return fail("reply rule");
    if (addRule(fd, ++sequence, gateway, unreachablePriority, true, nullptr, nullptr) != 0)
        return fail("gateway rule");
    for (int a = 0; a < addressCount; ++a) {
        // The gateway twice (it is a host address too) is not an error.
        if (addresses[a].s_addr == gateway.s_addr)
            continue;
        if (addRule(fd, ++sequence, addresses[a], unreachablePriority, true, nullptr, nullptr) != 0 && errno != EEXIST)
            return fail("host address rule");
    }
    if (onLinkOnly && addOnLinkOnlyRules(fd, &sequence) != 0)
        return fail("on-link rules");
    ::close(fd);
    return 0;
}
