// sandbench-probe: the doctor's witness (core/doctor). It reports what it finds where it runs, one
// "key value" line each, and judges nothing: the doctor compares what it sees inside a namespace,
// a cgroup or a rule with what it sees outside. Static like sandbench-launch, so it runs in a
// namespace that holds nothing for it.
//
// Usage: sandbench-probe facts [--path FILE]... [--try-exec FILE]...
//        sandbench-probe memory MIB     touch MIB mebibytes, then print "allocated MIB"
//        sandbench-probe tasks N        start N processes that wait; print "started K refused R"
//        sandbench-probe exit           exit 0 at once (what --try-exec runs)
#include <linux/capability.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <initializer_list>
#include <net/if.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

void namespaces()
{
    for (const char *name : {"user", "pid", "net", "mnt", "ipc", "uts"}) {
        char path[64];
        std::snprintf(path, sizeof path, "/proc/self/ns/%s", name);
        struct stat info {};
        if (::stat(path, &info) == 0)
            std::printf("ns.%s %llu\n", name, static_cast<unsigned long long>(info.st_ino));
        else
            std::printf("ns.%s -\n", name);
    }
}

void capabilities()
{
    __user_cap_header_struct header {_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2] {};
    if (::syscall(SYS_capget, &header, data) != 0) {
        std::printf("capeff -\n");
        return;
    }
    const unsigned long long effective = (static_cast<unsigned long long>(data[1].effective) << 32) | data[0].effective;
    std::printf("capeff %llx\n", effective);
}

void interfaces()
{
    struct if_nameindex *names = ::if_nameindex();
    if (!names) {
        std::printf("netif-error %d\n", errno);
        return;
    }
    for (struct if_nameindex *n = names; n->if_index != 0; ++n)
        std::printf("netif %s\n", n->if_name);
    ::if_freenameindex(names);
}

// Runs `file exit` in a child: "ok" when it started, else the errno execv failed with.
void tryExec(const char *file)
{
    int report[2];
    if (::pipe2(report, O_CLOEXEC) != 0) {
        std::printf("exec %s error %d\n", file, errno);
        return;
    }
    std::fflush(stdout);
    const pid_t child = ::fork();
    if (child == 0) {
        char *const argv[] = {const_cast<char *>(file), const_cast<char *>("exit"), nullptr};
        ::execv(file, argv);
        const int error = errno;
        (void)!::write(report[1], &error, sizeof error);
        ::_exit(127);
    }
    ::close(report[1]);
    int error = 0;
    const ssize_t got = child > 0 ? ::read(report[0], &error, sizeof error) : -1;
    ::close(report[0]);
    int status = 0;
    if (child > 0)
        ::waitpid(child, &status, 0);
    if (child < 0)
        std::printf("exec %s error %d\n", file, errno);
    else if (got == sizeof error)
        std::printf("exec %s error %d\n", file, error);
    else
        std::printf("exec %s ok\n", file);
}

int facts(int argc, char **argv)
{
    std::printf("pid %d\nuid %d\nnnp %d\n", int(::getpid()), int(::getuid()), ::prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
    capabilities();
    namespaces();
    interfaces();
    for (int i = 2; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--path") == 0) {
            struct stat info {};
            std::printf("path %s %s\n", argv[i + 1], ::lstat(argv[i + 1], &info) == 0 ? "exists" : "absent");
        } else if (std::strcmp(argv[i], "--try-exec") == 0) {
            tryExec(argv[i + 1]);
        }
    }
    return 0;
}

int memory(long mib)
{
    for (long i = 0; i < mib; ++i) {
        void *block = std::malloc(1 << 20);
        if (!block)
            return 3;
        std::memset(block, int(i + 1), 1 << 20); // touched, so the pages are really charged
    }
    std::printf("allocated %ld\n", mib);
    return 0;
}

int tasks(long count)
{
    int hold[2];
    if (::pipe(hold) != 0)
        return 3;
    long started = 0, refused = 0;
    std::fflush(stdout);
    for (long i = 0; i < count; ++i) {
        const pid_t child = ::fork();
        if (child == 0) {
            ::close(hold[1]);
            char byte;
            (void)!::read(hold[0], &byte, 1); // until the parent closes its end
            ::_exit(0);
        }
        child > 0 ? ++started : ++refused;
    }
    ::close(hold[1]);
    while (::wait(nullptr) > 0) {
    }
    std::printf("started %ld refused %ld\n", started, refused);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    if (std::strcmp(mode, "exit") == 0)
        return 0;
    if (std::strcmp(mode, "facts") == 0)
        return facts(argc, argv);
    if (std::strcmp(mode, "memory") == 0 && argc > 2)
        return memory(std::strtol(argv[2], nullptr, 10));
    if (std::strcmp(mode, "tasks") == 0 && argc > 2)
        return tasks(std::strtol(argv[2], nullptr, 10));
    std::fprintf(stderr, "usage: sandbench-probe facts|memory MIB|tasks N|exit\n");
    return 2;
}
