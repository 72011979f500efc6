/* The floor under any permission broker: one JSON line there and one back over a unix socket
 * between two processes, as Deno and the broker do per check. Prints microseconds per round trip. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    const int rounds = argc > 1 ? atoi(argv[1]) : 100000;
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0)
        return 1;
    static const char request[] = "{\"v\":1,\"pid\":1,\"id\":1,\"datetime\":\"2026-01-01T00:00:00Z\",\"permission\":\"read\",\"value\":\"/tmp/x\"}\n";
    static const char response[] = "{\"id\":1,\"result\":\"allow\"}\n";
    char buffer[512];
    if (fork() == 0) {
        close(fds[0]);
        for (int i = 0; i < rounds; ++i) {
            if (read(fds[1], buffer, sizeof buffer) <= 0 || write(fds[1], response, sizeof response - 1) < 0)
                _exit(1);
        }
        _exit(0);
    }
    close(fds[1]);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 0; i < rounds; ++i) {
        if (write(fds[0], request, sizeof request - 1) < 0 || read(fds[0], buffer, sizeof buffer) <= 0)
            return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    wait(NULL);
    const double us = ((end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec)) / 1e3 / rounds;
    printf("%.2f\n", us);
    return 0;
}
