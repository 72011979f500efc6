// as-user: every exec starts as root (with CAP_SETUID and CAP_SETGID, which the container holds
// for root's execs alone), so the engine's own start-up process (runc init) is never the sandbox's
// user's to stop: stopped, it would hold the engine's lock on the container, and every later call
// (inspect, exec, remove) would hang until the lifetime ends. This is a command's last root step.
#include "inside.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <grp.h>
#include <sys/prctl.h>
#include <unistd.h>

int Inside::asUser(int argc, char **argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "sandbench-inside: as-user needs UID GID PROGRAM\n");
        return failure;
    }
    // Never root, never the overflow id.
    const long uid = parseNumber(argv[0], 1, 65534);
    const long gid = parseNumber(argv[1], 1, 65534);
    if (uid < 0 || gid < 0) {
        std::fprintf(stderr, "sandbench-inside: UID and GID must be numbers from 1 to 65534\n");
        return failure;
    }
    // Groups first, then the group, then the user: after setresuid nothing else can change.
    if (::setgroups(0, nullptr) != 0)
        return fail("setgroups");
    if (::setresgid(gid_t(gid), gid_t(gid), gid_t(gid)) != 0)
        return fail("setresgid");
    if (::setresuid(uid_t(uid), uid_t(uid), uid_t(uid)) != 0)
        return fail("setresuid");
    // Fail closed: a kernel or a privilege that let it become root again must not run the command.
    if (::setresuid(0, 0, 0) == 0 || ::getuid() != uid_t(uid) || ::geteuid() != uid_t(uid)) {
        std::fprintf(stderr, "sandbench-inside: root could be regained; the command was not started\n");
        return failure;
    }
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return fail("no_new_privs");
    ::execvp(argv[2], argv + 2);
    std::fprintf(stderr, "sandbench-inside: cannot start %s: %s\n", argv[2], std::strerror(errno));
    return errno == ENOENT ? 127 : 126;
}

long Inside::parseNumber(const char *text, long lo, long hi)
{
    if (!text || !*text || std::strlen(text) > 5)
        return -1;
    for (const char *c = text; *c; ++c)
        if (*c < '0' || *c > '9')
            return -1;
    const long v = std::strtol(text, nullptr, 10);
    return v >= lo && v <= hi ? v : -1;
}

int Inside::fail(const char *what)
{
    std::fprintf(stderr, "sandbench-inside: %s: %s\n", what, std::strerror(errno));
    return failure;
}
