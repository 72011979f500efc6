#include "mounttable.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>

namespace Sandbench {

namespace {

// open/write/close only: this runs between fork and exec.
bool writeProcFile(const char *path, const char *text, int length)
{
    const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool written = ::write(fd, text, size_t(length)) == length;
    ::close(fd);
    return written;
}

bool mapOwnIds(uid_t uid, gid_t gid)
{
    char line[64];
    // Groups cannot be mapped without privilege unless setgroups(2) is given up first.
    if (!writeProcFile("/proc/self/setgroups", "deny", 4))
        return false;
    int length = std::snprintf(line, sizeof line, "%u %u 1\n", unsigned(uid), unsigned(uid));
    if (length <= 0 || !writeProcFile("/proc/self/uid_map", line, length))
        return false;
    length = std::snprintf(line, sizeof line, "%u %u 1\n", unsigned(gid), unsigned(gid));
    return length > 0 && writeProcFile("/proc/self/gid_map", line, length);
}

} // namespace

void privateMountTableInChild()
{
    if (::unshare(CLONE_NEWNS) != 0) {
        if (errno != EPERM)
            return;
        const uid_t uid = ::getuid();
        const gid_t gid = ::getgid();
        if (::unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0)
            return;
        // unshare cannot be undone, and a child left without a mapping would start bubblewrap
        // as the overflow user: it ends instead, and nothing runs.
        if (!mapOwnIds(uid, gid))
            ::_exit(127);
    }
    ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr);
}

} // namespace Sandbench
