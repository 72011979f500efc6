#pragma once

#include "common/result.h"

#include <QMutex>
#include <QString>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace Sandbench {

// A Unix socket whose every connection is copied, both ways, to one TCP port on the host's
// loopback: how a replayed run, whose namespace has no network at all, reaches its replay proxy
// (hostmitmproxy.h; sandbench-launch --relay listens in the namespace and connects here). The
// socket's folder is the run's private folder; the socket is 0600, so only this user (and the
// run's namespace, which binds that folder) can connect. Everything ends with the object: the
// listening thread and each connection's thread are joined, their sockets closed.
class UnixRelay
{
public:
    ~UnixRelay();
    UnixRelay(const UnixRelay &) = delete;
    UnixRelay &operator=(const UnixRelay &) = delete;

    static Result<std::unique_ptr<UnixRelay>> start(const QString &socketPath, quint16 targetPort);

private:
    UnixRelay() = default;
    void acceptLoop();

    QString m_path;
    quint16 m_port = 0;
    int m_listenFd = -1;
    int m_wake[2] = {-1, -1};
    std::thread m_acceptor;
    QMutex m_mutex;
    struct Connection
    {
        int client = -1;
        int server = -1;
        std::thread copier;
        std::atomic<bool> done = false;
    };
    std::vector<std::unique_ptr<Connection>> m_connections;
};

} // namespace Sandbench
