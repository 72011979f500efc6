#include "unixrelay.h"

#include "common/socketcopy.h"

#include <QFile>

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace Sandbench {

namespace {

// Bounded like every relay of Sandbench: at most this many connections at once.
constexpr size_t maxConnections = 256;

int connectLoopback(quint16 port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace

Result<std::unique_ptr<UnixRelay>> UnixRelay::start(const QString &socketPath, quint16 targetPort)
{
    auto failed = [&](const char *what) {
        return fail(ErrorCode::EnvironmentError, QStringLiteral("cannot make the replay proxy's socket %1: %2 (%3)")
                                                     .arg(socketPath, QLatin1String(what), QString::fromLocal8Bit(std::strerror(errno))));
    };
    const QByteArray path = QFile::encodeName(socketPath);
    sockaddr_un address{};
    if (size_t(path.size()) >= sizeof address.sun_path) {
        errno = ENAMETOOLONG;
        return failed("its path is too long");
    }
    std::unique_ptr<UnixRelay> relay(new UnixRelay);
    relay->m_path = socketPath;
    relay->m_port = targetPort;
    relay->m_listenFd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (relay->m_listenFd < 0)
        return failed("socket");
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path, path.constData(), size_t(path.size()));
    // Made 0600 from the start: there is no moment in which another user could connect.
    const mode_t previous = ::umask(0177);
    const int bound = ::bind(relay->m_listenFd, reinterpret_cast<const sockaddr *>(&address), sizeof address);
    ::umask(previous);
    if (bound != 0)
        return failed("bind");
    if (::listen(relay->m_listenFd, 64) != 0)
        return failed("listen");
    if (::pipe2(relay->m_wake, O_CLOEXEC) != 0)
        return failed("pipe");
    relay->m_acceptor = std::thread([raw = relay.get()] { raw->acceptLoop(); });
    return relay;
}

void UnixRelay::acceptLoop()
{
    for (;;) {
        pollfd fds[2] = {{m_listenFd, POLLIN, 0}, {m_wake[0], POLLIN, 0}};
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        if (fds[1].revents)
            return;
        const int client = ::accept4(m_listenFd, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0)
            continue;
        const QMutexLocker lock(&m_mutex);
        std::erase_if(m_connections, [](const std::unique_ptr<Connection> &c) {
            if (!c->done)
                return false;
            c->copier.join();
            ::close(c->client);
            ::close(c->server);
            return true;
        });
        const int server = m_connections.size() < maxConnections ? connectLoopback(m_port) : -1;
        if (server < 0) {
            ::close(client);
            continue;
        }
        auto connection = std::make_unique<Connection>();
        connection->client = client;
        connection->server = server;
        connection->copier = std::thread([c = connection.get()] {
            char buffer[65536];
            SocketCopy::bothWays(c->client, c->server, buffer, sizeof buffer);
            c->done = true;
        });
        m_connections.push_back(std::move(connection));
    }
}

UnixRelay::~UnixRelay()
{
    if (m_wake[1] >= 0) {
        const char stop = 1;
        [[maybe_unused]] const ssize_t n = ::write(m_wake[1], &stop, 1);
    }
    if (m_acceptor.joinable())
        m_acceptor.join();
    const QMutexLocker lock(&m_mutex);
    for (auto &connection : m_connections) {
        ::shutdown(connection->client, SHUT_RDWR);
        ::shutdown(connection->server, SHUT_RDWR);
        if (connection->copier.joinable())
            connection->copier.join();
        ::close(connection->client);
        ::close(connection->server);
    }
    for (int fd : {m_listenFd, m_wake[0], m_wake[1]}) {
        if (fd >= 0)
            ::close(fd);
    }
    if (!m_path.isEmpty())
        QFile::remove(m_path);
}

} // namespace Sandbench
