#include "brokerclient.h"

#include "common/socketcopy.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace Sandbench::Test {

BrokerClient::~BrokerClient()
{
    close();
}

bool BrokerClient::connectTo(const QString &socketPath)
{
    close();
    m_fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un address {};
    address.sun_family = AF_UNIX;
    const QByteArray path = QFile::encodeName(socketPath);
    std::memcpy(address.sun_path, path.constData(), size_t(qMin<qsizetype>(path.size(), sizeof address.sun_path - 1)));
    if (m_fd < 0 || ::connect(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
        close();
        return false;
    }
    return true;
}

void BrokerClient::close()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
    m_buffer.clear();
}

bool BrokerClient::send(const QByteArray &data)
{
    return SocketCopy::sendAll(m_fd, data.constData(), data.size());
}

QByteArray BrokerClient::readLine(int timeoutMs, bool *eof)
{
    if (eof)
        *eof = false;
    QElapsedTimer clock;
    clock.start();
    for (;;) {
        const qsizetype newline = m_buffer.indexOf('\n');
        if (newline >= 0) {
            const QByteArray line = m_buffer.left(newline);
            m_buffer.remove(0, newline + 1);
            return line;
        }
        const int left = timeoutMs - int(clock.elapsed());
        if (left <= 0)
            return {};
        pollfd wait {m_fd, POLLIN, 0};
        if (::poll(&wait, 1, left) <= 0)
            continue;
        char chunk[64 * 1024];
        const ssize_t n = ::recv(m_fd, chunk, sizeof chunk, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (eof)
                *eof = true;
            return {};
        }
        m_buffer.append(chunk, n);
    }
}

bool BrokerClient::hungUpWithoutAnswer(int timeoutMs)
{
    bool eof = false;
    const QByteArray line = readLine(timeoutMs, &eof);
    return eof && line.isEmpty() && m_buffer.isEmpty();
}

QByteArray BrokerClient::request(qint64 id, const QString &permission, const QString &value, bool hasValue)
{
    // Field for field what the runtime sends (PLATFORM.md), serialized by a real JSON writer so
    // that escapes in the value are the runtime's, not ours.
    QJsonObject object{{QStringLiteral("v"), 1},
                       {QStringLiteral("pid"), 4242},
                       {QStringLiteral("id"), id},
                       {QStringLiteral("datetime"), QStringLiteral("2026-01-01T00:00:00.000000000+00:00")},
                       {QStringLiteral("permission"), permission}};
    object.insert(QStringLiteral("value"), hasValue ? QJsonValue(value) : QJsonValue(QJsonValue::Null));
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

BackgroundSend::BackgroundSend(BrokerClient &client, QByteArray data)
    : m_client(client), m_thread([this, data = std::move(data)] { m_sent = m_client.send(data); })
{
}

BackgroundSend::~BackgroundSend()
{
    if (m_thread.joinable()) {
        ::shutdown(m_client.fd(), SHUT_RDWR);
        m_thread.join();
    }
}

bool BackgroundSend::finish()
{
    if (m_thread.joinable())
        m_thread.join();
    return m_sent;
}

} // namespace Sandbench::Test
