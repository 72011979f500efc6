// sandbench-inside: Sandbench's own program inside each sandbox. Root copies it into root's tmpfs
// when the sandbox is made (DockerBackend::installInsideProgram); it is linked statically, so it
// needs nothing from the image. Two commands, each run by root:
//
//   sandbench-inside as-user UID GID PROGRAM ARGS...
//       gives up root for good and execs PROGRAM (asuser.cpp); every command of the sandbox's
//       user starts this way.
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
    if (argc >= 2 && std::strcmp(argv[1], "no-host") == 0)
        return Inside::noHost(argc - 2, argv + 2);
    std::fprintf(stderr, "usage: sandbench-inside as-user UID GID PROGRAM ARGS...\n"
                         "       sandbench-inside no-host --gateway ADDR [--reply-port PORT]... [--ephemeral LO-HI] ADDR...\n");
    return Inside::failure;
}
