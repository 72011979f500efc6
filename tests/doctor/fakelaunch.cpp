// A sandbench-launch that leaves a layer out, for tst_doctor: the real one's interface
// (--exec FILE, --any-program, -- PROGRAM ARGS), but it applies no Landlock rule, and built with
// FAKE_NO_NNP it does not set no-new-privileges either. Static, like the real one.
#include <cstdio>
#include <cstring>
#include <sys/prctl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int i = 1;
    while (i < argc && std::strcmp(argv[i], "--") != 0)
        ++i;
    if (i + 1 >= argc)
        return 126;
#ifndef FAKE_NO_NNP
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return 126;
#endif
    ::execv(argv[i + 1], argv + i + 1);
    std::perror("fake launcher");
    return 126;
}
