// What every process Sandbench starts in a sandbox does first: keep exactly the capabilities it
// uses, in every set, the bounding set included, so that a process never holds what it does not
// use and nothing it runs can get more back.
#include "inside.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <grp.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {

struct NamedCapability
{
    const char *name;
    int value;
};

// The only ones Sandbench's own steps use; any other name is refused.
constexpr NamedCapability known[] = {
    {"KILL", CAP_KILL}, {"SETGID", CAP_SETGID}, {"SETUID", CAP_SETUID},
    {"SETPCAP", CAP_SETPCAP}, {"NET_ADMIN", CAP_NET_ADMIN},
};

bool capGet(std::uint64_t *effective, std::uint64_t *permitted, std::uint64_t *inheritable)
{
    __user_cap_header_struct header {_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2] {};
    if (::syscall(SYS_capget, &header, data) != 0)
        return false;
    *effective = data[0].effective | (std::uint64_t(data[1].effective) << 32);
    *permitted = data[0].permitted | (std::uint64_t(data[1].permitted) << 32);
    *inheritable = data[0].inheritable | (std::uint64_t(data[1].inheritable) << 32);
    return true;
}

bool capSet(std::uint64_t effective, std::uint64_t permitted)
{
    __user_cap_header_struct header {_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2] {};
    data[0].effective = std::uint32_t(effective);
    data[1].effective = std::uint32_t(effective >> 32);
    data[0].permitted = std::uint32_t(permitted);
    data[1].permitted = std::uint32_t(permitted >> 32);
    return ::syscall(SYS_capset, &header, data) == 0;
}

// Every capability the kernel knows, dropped from the bounding set unless kept; needs
// CAP_SETPCAP in effect, which stays in effect until capSet (dropping it from the bounding set
// does not take it away).
bool narrowBoundingSet(std::uint64_t keep)
{
    for (int cap = 0; cap < 64; ++cap) {
        const int held = ::prctl(PR_CAPBSET_READ, cap, 0, 0, 0);
        if (held < 0)
            break; // past the last capability of this kernel
        if (held == 1 && !(keep & (std::uint64_t(1) << cap)) && ::prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0)
            return false;
    }
    return true;
}

std::uint64_t boundingSet()
{
    std::uint64_t set = 0;
    for (int cap = 0; cap < 64; ++cap) {
        const int held = ::prctl(PR_CAPBSET_READ, cap, 0, 0, 0);
        if (held < 0)
            break;
        if (held == 1)
            set |= std::uint64_t(1) << cap;
    }
    return set;
}

bool holdsExactly(std::uint64_t keep)
{
    std::uint64_t effective = 0, permitted = 0, inheritable = 0;
    return capGet(&effective, &permitted, &inheritable) && effective == keep && permitted == keep
           && inheritable == 0 && boundingSet() == keep
           && ::prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_KILL, 0, 0) <= 0;
}

} // namespace

bool Inside::parseCapabilities(const char *text, std::uint64_t *out)
{
    *out = 0;
    if (std::strcmp(text, "none") == 0)
        return true;
    const char *at = text;
    while (*at) {
        const char *comma = std::strchr(at, ',');
        const std::size_t length = comma ? std::size_t(comma - at) : std::strlen(at);
        bool found = false;
        for (const NamedCapability &c : known) {
            if (std::strlen(c.name) == length && std::strncmp(c.name, at, length) == 0) {
                *out |= std::uint64_t(1) << c.value;
                found = true;
            }
        }
        if (!found)
            return false;
        at += length;
        if (*at == ',' && *++at == '\0')
            return false;
    }
    return *out != 0;
}

int Inside::keepOnly(std::uint64_t keep)
{
    if (::prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL)
        return fail("clearing ambient capabilities");
    if (!narrowBoundingSet(keep))
        return fail("narrowing the bounding set");
    if (!capSet(keep, keep))
        return fail("capset");
    if (!holdsExactly(keep)) {
        std::fprintf(stderr, "sandbench-inside: the capabilities could not be narrowed\n");
        return failure;
    }
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return fail("no_new_privs");
    return 0;
}

int Inside::becomeUnprivileged(long uid, long gid)
{
    if (uid <= 0 || gid <= 0) {
        std::fprintf(stderr, "sandbench-inside: never root, never the overflow id\n");
        return failure;
    }
    if (::prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL)
        return fail("clearing ambient capabilities");
    // The bounding set first (that needs CAP_SETPCAP), then groups, group and user: a uid other
    // than 0 in all three slots empties the permitted and effective sets.
    if (!narrowBoundingSet(0))
        return fail("emptying the bounding set");
    if (::setgroups(0, nullptr) != 0)
        return fail("setgroups");
    if (::setresgid(gid_t(gid), gid_t(gid), gid_t(gid)) != 0)
        return fail("setresgid");
    if (::setresuid(uid_t(uid), uid_t(uid), uid_t(uid)) != 0)
        return fail("setresuid");
    if (!capSet(0, 0))
        return fail("capset");
    // Fail closed: a kernel or a privilege that let it become root again must not go on.
    if (::setresuid(0, 0, 0) == 0 || ::getuid() != uid_t(uid) || ::geteuid() != uid_t(uid)
        || ::getgid() != gid_t(gid) || !holdsExactly(0)) {
        std::fprintf(stderr, "sandbench-inside: root could be regained; stopped\n");
        return failure;
    }
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return fail("no_new_privs");
    return 0;
}
