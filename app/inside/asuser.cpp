// as-user: every command of the sandbox's user starts here. The exec starts as root (so the
// engine's own start-up process, runc init, is never the user's to stop: stopped, it would hold
// the engine's lock on the container and hang every later call until the lifetime ends), with
// the capabilities the container holds for root's steps. This process then becomes the exec's
// subreaper: every process the command starts stays below it (SandboxScripts::killTagged finds
// it by its parent outside the container and the tag in its arguments). The command becomes
// UID:GID; the subreaper becomes REAPER_UID (not root, not the user: the user can neither signal
// nor trace it). Both hold no capability in any set, and no-new-privileges.
#include "inside.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

int Inside::asUser(int argc, char **argv)
{
    if (argc < 4) {
        std::fprintf(stderr, "sandbench-inside: as-user needs UID GID REAPER_UID PROGRAM\n");
        return failure;
    }
    // Never root, never the overflow id.
    const long uid = parseNumber(argv[0], 1, 65534);
    const long gid = parseNumber(argv[1], 1, 65534);
    const long reaper = parseNumber(argv[2], 1, 65534);
    if (uid < 0 || gid < 0 || reaper < 0 || reaper == uid) {
        std::fprintf(stderr, "sandbench-inside: UID, GID and REAPER_UID must be numbers from 1 to 65534, REAPER_UID not UID\n");
        return failure;
    }
    if (::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0)
        return fail("subreaper");
    const pid_t child = ::fork();
    if (child < 0)
        return fail("fork");
    if (child == 0) {
        if (becomeUnprivileged(uid, gid) != 0)
            ::_exit(failure);
        ::execvp(argv[3], argv + 3);
        std::fprintf(stderr, "sandbench-inside: cannot start %s: %s\n", argv[3], std::strerror(errno));
        ::_exit(errno == ENOENT ? 127 : 126);
    }
    if (becomeUnprivileged(reaper, reaper) != 0) {
        ::kill(child, SIGKILL);
        return failure;
    }
    // Like docker-init -s: reaps whatever is reparented here, and ends with the command.
    for (;;) {
        int status = 0;
        const pid_t done = ::waitpid(-1, &status, 0);
        if (done < 0) {
            if (errno == EINTR)
                continue;
            return failure; // no child left without the command's end seen: cannot happen
        }
        if (done != child)
            continue;
        if (WIFEXITED(status))
            return WEXITSTATUS(status);
        return 128 + WTERMSIG(status);
    }
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
