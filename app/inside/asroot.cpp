// as-root: one of root's own steps (the kill, the host cut-off, a root file), with only the
// capabilities it uses: the container holds a few for root's execs, and each exec keeps the ones
// of its step alone, in every set (the bounding set too), before the step's program runs.
#include "inside.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <unistd.h>

int Inside::asRoot(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "sandbench-inside: as-root needs CAPABILITIES PROGRAM\n");
        return failure;
    }
    std::uint64_t keep = 0;
    if (!parseCapabilities(argv[0], &keep)) {
        std::fprintf(stderr, "sandbench-inside: as-root: unknown capabilities %s\n", argv[0]);
        return failure;
    }
    if (::getuid() != 0 || ::geteuid() != 0) {
        std::fprintf(stderr, "sandbench-inside: as-root runs as root only\n");
        return failure;
    }
    if (const int status = keepOnly(keep); status != 0)
        return status;
    ::execv(argv[1], argv + 1);
    std::fprintf(stderr, "sandbench-inside: cannot start %s: %s\n", argv[1], std::strerror(errno));
    return errno == ENOENT ? 127 : 126;
}
