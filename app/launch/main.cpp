// sandbench-launch: the first program inside the runtime's namespace. bubblewrap has built the
// mounts; this restricts, with Landlock, which files may ever be executed (the runtime and the
// programs the policy allows, resolved to one binary each when the policy was made), then execs
// the runtime. The restriction is inherited by every descendant and cannot be lifted, so code
// that writes an executable and points PATH or cwd at it still cannot run it.
//
// It restricts nothing else: the mounts and the broker decide which files may be read and
// written. Landlock refuses every move or link of a file into another folder ("refer") unless
// the ruleset handles LANDLOCK_ACCESS_FS_REFER and a rule allows it, so the ruleset handles it
// and allows it beneath "/". That widens nothing: the kernel still refuses a move through which
// a file would gain an access right it lacks where it is (here: EXECUTE), and EXECUTE is only
// ever granted to single files, which keep their rule wherever they are linked or moved. REFER
// exists from Landlock ABI 2 (Linux 5.19); on ABI 1 restricting what executes (every run but
// --any-program) would make every cross-folder rename fail, so the launcher refuses to start
// rather than break allowed file operations or drop the restriction.
//
// Usage: sandbench-launch [--exec FILE]... [--any-program] [--max-abi N] -- PROGRAM ARGS...
// --max-abi uses no Landlock feature newer than ABI N (tests of older kernels; it can only
// make the launcher refuse, never restrict less).
// Plain C and syscalls only: it is linked statically so the namespace needs nothing for it.
#include <linux/landlock.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {

constexpr int launchFailure = 126;
constexpr long referAbi = 2;

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
    long maxAbi = 0;
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
        } else if (std::strcmp(argv[i], "--max-abi") == 0 && i + 1 < argc) {
            char *end = nullptr;
            maxAbi = std::strtol(argv[++i], &end, 10);
            if (!end || *end != '\0' || maxAbi < 1) {
                std::fprintf(stderr, "sandbench-launch: --max-abi needs a number >= 1, not %s\n", argv[i]);
                return launchFailure;
            }
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
        long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
        if (abi < 1) // fail closed: without Landlock an allowed name could be any binary
            return fail("Landlock is not available; a policy naming programs cannot be enforced", nullptr);
        if (maxAbi > 0 && abi > maxAbi)
            abi = maxAbi;
        if (abi < referAbi) {
            std::fprintf(stderr, "sandbench-launch: this kernel's Landlock (ABI %ld) cannot restrict which programs run "
                                 "without also breaking every rename or link into another folder; a run that "
                                 "does not allow every program needs Linux 5.19 or later (Landlock ABI 2)\n", abi);
            return launchFailure;
        }
        landlock_ruleset_attr attr {};
        attr.handled_access_fs = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_REFER;
        const int ruleset = int(::syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0));
        if (ruleset < 0)
            return fail("landlock_create_ruleset", nullptr);
        // Moves and links anywhere, as far as Landlock is concerned (see the top of this file).
        const int root = ::open("/", O_PATH | O_CLOEXEC | O_DIRECTORY);
        if (root < 0)
            return fail("cannot open", "/");
        landlock_path_beneath_attr everywhere {};
        everywhere.allowed_access = LANDLOCK_ACCESS_FS_REFER;
        everywhere.parent_fd = root;
        if (::syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &everywhere, 0) != 0)
            return fail("landlock_add_rule", "/");
        ::close(root);
        for (int p = 0; p < programCount; ++p) {
            const int fd = ::open(programs[p], O_PATH | O_CLOEXEC);
            if (fd < 0)
                return fail("cannot open allowed program", programs[p]);
            // A folder would let everything beneath it execute, and what is moved into it too.
            struct stat info {};
            if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
                errno = EISDIR;
                return fail("an allowed program must be one file, not", programs[p]);
            }
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
