#pragma once

// Writing a whole buffer to a socket (the broker's answers, core/exec/permissionbroker.cpp), and
// copying between two connected sockets until both directions have ended, for the relays that
// pass a connection on byte for byte: the launcher's inside a replay's namespace
// (app/launch/main.cpp, linked statically without Qt or the core library, hence header-only
// and plain syscalls) and UnixRelay's on the engine's side (core/net/unixrelay.h).
#include <cerrno>
#include <cstddef>
#include <poll.h>
#include <sys/socket.h>
#include <sys/types.h>

namespace Sandbench::SocketCopy {

// All of `data` to `fd`, or false; never SIGPIPE.
inline bool sendAll(int fd, const char *data, ssize_t size)
{
    while (size > 0) {
        const ssize_t n = ::send(fd, data, size_t(size), MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        size -= n;
    }
    return true;
}

// Both ways until both have ended: a half-close is passed on as one; an error (not an end)
// ends both. `buffer` is the caller's: a thread's stack, or static storage in a process that
// copies one connection.
inline void bothWays(int a, int b, char *buffer, size_t bufferSize)
{
    bool open[2] = {true, true};
    const int from[2] = {a, b};
    const int to[2] = {b, a};
    while (open[0] || open[1]) {
        pollfd fds[2] = {{open[0] ? a : -1, POLLIN, 0}, {open[1] ? b : -1, POLLIN, 0}};
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        for (int k = 0; k < 2; ++k) {
            if (!open[k] || !fds[k].revents)
                continue;
            const ssize_t n = ::recv(from[k], buffer, bufferSize, 0);
            if (n > 0 && sendAll(to[k], buffer, n))
                continue;
            if (n < 0 && errno == EINTR)
                continue;
            open[k] = false;
            ::shutdown(to[k], SHUT_WR);
            if (n != 0)
                return;
        }
    }
}

} // namespace Sandbench::SocketCopy
