// sandbench-inside: Sandbench's own program inside each sandbox. Root copies it into root's tmpfs
// when the sandbox is made (DockerBackend::installInsideProgram); it is linked statically, so it
// needs nothing from the image. Its commands, each started as root:
//
//   sandbench-inside keep KEEPER_UID KEEPER_GID DEADLINE_FILE EXPIRES LATEST
//       the container's pid 1 and lifetime, without root or any capability (keep.cpp).
//   sandbench-inside as-user UID GID REAPER_UID PROGRAM ARGS...
//       the exec's subreaper (as REAPER_UID) of PROGRAM run as UID:GID, neither holding any
//       capability (asuser.cpp); every command of the sandbox's user starts this way.
//   sandbench-inside as-root CAPABILITIES PROGRAM ARGS...
//       one of root's own steps, with only the capabilities it uses (asroot.cpp).
//   sandbench-inside no-host --gateway ADDR [--reply-port PORT]... [--ephemeral LO-HI] ADDR...
//       makes the host's addresses unreachable from the sandbox's network (nohost.cpp).
//
// Exit status 125 when it could not do what it was asked (the command never started).
#include "inside.h"

#include <cstdio>
#include <cstring>

int main(int argc, char **argv)
{
    if (argc >= 2 && std::strcmp(argv[1], "as-user") == 0)
        return Inside::asUser(argc - 2, argv + 2);
    if (argc >= 2 && std::strcmp(argv[1], "as-root") == 0)
        return Inside::asRoot(argc - 2, argv + 2);
    if (argc >= 2 && std::strcmp(argv[1], "keep") == 0)
        return Inside::keep(argc - 2, argv + 2);
    if (argc >= 2 && std::strcmp(argv[1], "no-host") == 0)
        return Inside::noHost(argc - 2, argv + 2);
    std::fprintf(stderr, "usage: sandbench-inside keep KEEPER_UID KEEPER_GID DEADLINE_FILE EXPIRES LATEST\n"
                         "       sandbench-inside as-user UID GID REAPER_UID PROGRAM ARGS...\n"
                         "       sandbench-inside as-root CAPABILITIES PROGRAM ARGS...\n"
                         "       sandbench-inside no-host --gateway ADDR [--reply-port PORT]... [--ephemeral LO-HI] ADDR...\n");
    return Inside::failure;
}
