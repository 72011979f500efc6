// keep: the container's first process (pid 1) and its lifetime. The container starts as root
// only so that this can empty every capability set, the bounding set included, before anything
// else: then it is KEEPER_UID (neither root nor the sandbox's user, who can neither signal nor
// trace it) and holds nothing. As pid 1 it reaps every orphan; it ends the container by exiting
// (the kernel then kills every process of the container's pid namespace), at the deadline: the
// number of seconds since the epoch in DEADLINE_FILE (written by root, read here) if later than
// EXPIRES, never later than LATEST. It never forks, so a sandbox that holds every pid cannot
// keep it from ending.
#include "inside.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

constexpr long long maxSeconds = 99'999'999'999LL;

long long parseSeconds(const char *text)
{
    long long v = 0;
    if (!text || !*text)
        return -1;
    for (const char *c = text; *c; ++c) {
        if (*c < '0' || *c > '9' || v > maxSeconds / 10)
            return -1;
        v = v * 10 + (*c - '0');
    }
    return v;
}

// The deadline the file names, or -1 (absent, partly written, not a number).
long long readDeadline(const char *path)
{
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0)
        return -1;
    char text[32] = {};
    const ssize_t n = ::read(fd, text, sizeof text - 1);
    ::close(fd);
    if (n <= 0)
        return -1;
    ssize_t end = n;
    while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == ' '))
        --end;
    text[end] = '\0';
    return parseSeconds(text);
}

} // namespace

int Inside::keep(int argc, char **argv)
{
    if (argc != 5) {
        std::fprintf(stderr, "sandbench-inside: keep needs KEEPER_UID KEEPER_GID DEADLINE_FILE EXPIRES LATEST\n");
        return failure;
    }
    const long uid = parseNumber(argv[0], 1, 65534);
    const long gid = parseNumber(argv[1], 1, 65534);
    const char *deadlineFile = argv[2];
    long long deadline = parseSeconds(argv[3]);
    const long long latest = parseSeconds(argv[4]);
    if (uid < 0 || gid < 0 || deadline < 0 || latest < 0 || deadlineFile[0] != '/') {
        std::fprintf(stderr, "sandbench-inside: keep: malformed arguments\n");
        return failure;
    }
    if (becomeUnprivileged(uid, gid) != 0)
        return failure;
    sigset_t children;
    sigemptyset(&children);
    sigaddset(&children, SIGCHLD);
    if (::sigprocmask(SIG_BLOCK, &children, nullptr) != 0)
        return fail("sigprocmask");
    for (;;) {
        while (::waitpid(-1, nullptr, WNOHANG) > 0) {
        }
        const long long written = readDeadline(deadlineFile);
        if (written > deadline)
            deadline = written;
        if (deadline > latest)
            deadline = latest;
        timespec now {};
        ::clock_gettime(CLOCK_REALTIME, &now);
        if (now.tv_sec >= deadline)
            return 0;
        // Woken by an orphan to reap, else once a second to read the deadline again.
        const timespec second {1, 0};
        ::sigtimedwait(&children, nullptr, &second);
    }
}
