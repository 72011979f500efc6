/* The least a permission broker can do: accept Deno's connection, and answer every request
 * "allow" with its id, on one thread with blocking I/O. What Deno pays with this broker is the
 * floor under Sandbench's own (which also resolves, matches, audits). Usage: minimalbroker SOCKET */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    int server = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    strncpy(address.sun_path, argv[1], sizeof address.sun_path - 1);
    unlink(argv[1]);
    if (bind(server, (struct sockaddr *)&address, sizeof address) != 0 || listen(server, 1) != 0)
        return 1;
    int connection = accept(server, NULL, NULL);
    char buffer[65536];
    size_t have = 0;
    for (;;) {
        ssize_t n = read(connection, buffer + have, sizeof buffer - have);
        if (n <= 0)
            return 0;
        have += (size_t)n;
        char *start = buffer, *newline;
        while ((newline = memchr(start, '\n', have - (size_t)(start - buffer)))) {
            *newline = 0;
            const char *id = strstr(start, "\"id\":");
            char reply[64];
            int length = snprintf(reply, sizeof reply, "{\"id\":%ld,\"result\":\"allow\"}\n", id ? strtol(id + 5, NULL, 10) : 0L);
            if (write(connection, reply, (size_t)length) != length)
                return 1;
            start = newline + 1;
        }
        have -= (size_t)(start - buffer);
        memmove(buffer, start, have);
    }
}
