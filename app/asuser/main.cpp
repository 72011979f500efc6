// sandbench-asuser: how a sandbox's command becomes the sandbox's user. Every exec starts as root
// (with CAP_SETUID and CAP_SETGID, which the container holds for this alone), so the engine's own
// start-up process (runc init) is never the sandbox's user's to stop: stopped, it would hold the
// engine's lock on the container, and every later call (inspect, exec, remove) would hang until
// the lifetime ends. This is the last root program of a command: it gives up root for good and
// execs the command. It runs inside the container, copied there by Sandbench (DockerBackend), so
// it is linked statically and needs nothing from the image.
//
// Usage: sandbench-asuser UID GID PROGRAM ARGS...   (UID and GID from 1 to 65534)
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <grp.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace {

// Distinct from the command's own codes where it can be: the command never started.
constexpr int startFailure = 125;

int fail(const char *what)
{
    std::fprintf(stderr, "sandbench-asuser: %s: %s\n", what, std::strerror(errno));
    return startFailure;
}

// A whole decimal number from 1 to 65534 (never root, never "nobody"'s overflow id), or -1.
long parseId(const char *text)
{
    if (!text || !*text || std::strlen(text) > 5)
        return -1;
    for (const char *c = text; *c; ++c)
        if (*c < '0' || *c > '9')
            return -1;
    const long v = std::strtol(text, nullptr, 10);
    return v >= 1 && v <= 65534 ? v : -1;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 4) {
        std::fprintf(stderr, "usage: sandbench-asuser UID GID PROGRAM ARGS...\n");
        return startFailure;
    }
    const long uid = parseId(argv[1]);
    const long gid = parseId(argv[2]);
    if (uid < 0 || gid < 0) {
        std::fprintf(stderr, "sandbench-asuser: UID and GID must be numbers from 1 to 65534\n");
        return startFailure;
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
        std::fprintf(stderr, "sandbench-asuser: root could be regained; the command was not started\n");
        return startFailure;
    }
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return fail("no_new_privs");
    ::execvp(argv[3], argv + 3);
    std::fprintf(stderr, "sandbench-asuser: cannot start %s: %s\n", argv[3], std::strerror(errno));
    return errno == ENOENT ? 127 : 126;
}
