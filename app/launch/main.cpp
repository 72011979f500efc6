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
// --relay PORT SOCKET (a replay with recorded traffic, whose namespace has no network): listens
// on 127.0.0.1:PORT of the namespace's own loopback and copies each connection to the Unix
// socket SOCKET (the replay proxy's, core/net/unixrelay.h), in a child that runs under the same
// restriction and ends with the namespace. It reaches that one socket and nothing else.
//
// Usage: sandbench-launch [--exec FILE]... [--any-program] [--max-abi N] [--relay PORT SOCKET] -- PROGRAM ARGS...
// --max-abi uses no Landlock feature newer than ABI N (tests of older kernels; it can only
// make the launcher refuse, never restrict less).
// Plain C and syscalls only: it is linked statically so the namespace needs nothing for it.
#include "common/socketcopy.h"

#include <linux/landlock.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <csignal>
#include <sys/socket.h>
#include <sys/un.h>

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

// Listens before the program starts (so its first request finds the port open), then serves
// in a child: one grandchild per connection, reaped by the kernel.
int startRelay(const char *portText, const char *socketPath)
{
    char *end = nullptr;
    const long port = std::strtol(portText, &end, 10);
    sockaddr_un target {};
    if (!end || *end != '\0' || port < 1 || port > 65535 || std::strlen(socketPath) >= sizeof target.sun_path) {
        errno = EINVAL;
        return fail("bad --relay", portText);
    }
    target.sun_family = AF_UNIX;
    std::strcpy(target.sun_path, socketPath);
    const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_port = htons(uint16_t(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const int one = 1;
    if (listener < 0 || ::setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0
        || ::bind(listener, reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0 || ::listen(listener, 64) != 0)
        return fail("cannot listen for the replay proxy on port", portText);
    const pid_t child = ::fork();
    if (child < 0)
        return fail("cannot fork the replay relay", nullptr);
    if (child > 0) {
        ::close(listener);
        return 0;
    }
    const int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null >= 0) {
        ::dup2(null, 0);
        ::dup2(null, 1);
    }
    ::signal(SIGCHLD, SIG_IGN);
    for (;;) {
        const int client = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0) {
            if (errno == EINTR || errno == ECONNABORTED)
                continue;
            ::_exit(0);
        }
        if (::fork() == 0) {
            ::close(listener);
            const int server = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
            static char buffer[65536]; // one connection per process
            if (server >= 0 && ::connect(server, reinterpret_cast<const sockaddr *>(&target), sizeof target) == 0)
                Sandbench::SocketCopy::bothWays(client, server, buffer, sizeof buffer);
            ::_exit(0);
        }
        ::close(client);
    }
}

} // namespace

int main(int argc, char **argv)
{
    const char *programs[256];
    int programCount = 0;
    bool anyProgram = false;
    long maxAbi = 0;
    const char *relayPort = nullptr;
    const char *relaySocket = nullptr;
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
        } else if (std::strcmp(argv[i], "--relay") == 0 && i + 2 < argc) {
            relayPort = argv[++i];
            relaySocket = argv[++i];
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
    if (relayPort) {
        if (const int failed = startRelay(relayPort, relaySocket); failed != 0)
            return failed;
    }
    ::execv(argv[i], argv + i);
    return fail("cannot start", argv[i]);
}
