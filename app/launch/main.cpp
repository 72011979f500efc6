// sandbench-launch: the first program inside the runtime's namespace. bubblewrap has built the
// mounts; this restricts, with Landlock, which files may ever be executed (the runtime and the
// programs the policy allows, resolved to one binary each when the policy was made), then execs
// the runtime. The restriction is inherited by every descendant and cannot be lifted, so code
// that writes an executable and points PATH or cwd at it still cannot run it.
//
// Usage: sandbench-launch [--exec FILE]... [--any-program] -- PROGRAM ARGS...
// Plain C and syscalls only: it is linked statically so the namespace needs nothing for it.
#include <linux/landlock.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {

constexpr int launchFailure = 126;

int fail(const char *what, const char *detail)
{
    std::fprintf(stderr, "sandbench-launch: %s %s: %s\n", what, detail ? detail : "", std::strerror(errno));
    return launchFailure;
}

} // namespace

int main(int argc, char **argv)
{
    const char *programs[256];
    int programCount = 0;
    bool anyProgram = false;
    int i = 1;
    for (; i < argc; ++i) {
        if (std::strcmp(argv[i], "--") == 0) {
            ++i;
            break;
        }
        if (std::strcmp(argv[i], "--any-program") == 0) {
            anyProgram = true;
        } else if (std::strcmp(argv[i], "--exec") == 0 && i + 1 < argc && programCount < 256) {
            programs[programCount++] = argv[++i];
        } else {
            std::fprintf(stderr, "sandbench-launch: unknown option %s\n", argv[i]);
            return launchFailure;
        }
    }
    if (i >= argc) {
        std::fprintf(stderr, "sandbench-launch: no program\n");
        return launchFailure;
    }
    // Needed for Landlock without privileges, and it keeps set-uid binaries from regaining any.
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return fail("no_new_privs", nullptr);
    if (!anyProgram) {
        const long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
        if (abi < 1) // fail closed: without Landlock an allowed name could be any binary
            return fail("Landlock is not available; a policy naming programs cannot be enforced", nullptr);
        landlock_ruleset_attr attr {};
        attr.handled_access_fs = LANDLOCK_ACCESS_FS_EXECUTE;
        const int ruleset = int(::syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0));
        if (ruleset < 0)
            return fail("landlock_create_ruleset", nullptr);
        for (int p = 0; p < programCount; ++p) {
            const int fd = ::open(programs[p], O_PATH | O_CLOEXEC);
            if (fd < 0)
                return fail("cannot open allowed program", programs[p]);
            landlock_path_beneath_attr rule {};
            rule.allowed_access = LANDLOCK_ACCESS_FS_EXECUTE;
            rule.parent_fd = fd;
            if (::syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0)
                return fail("landlock_add_rule", programs[p]);
            ::close(fd);
        }
        if (::syscall(SYS_landlock_restrict_self, ruleset, 0) != 0)
            return fail("landlock_restrict_self", nullptr);
        ::close(ruleset);
    }
    ::execv(argv[i], argv + i);
    return fail("cannot start", argv[i]);
}
