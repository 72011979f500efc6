#include "desktopstream.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace Sandbench {

DesktopStream::DesktopStream(ExecJob *server, QObject *parent)
    : QObject(parent)
    , m_server(server)
{
    server->setParent(this);
    connect(&m_client, &VncClient::connected, this, [this](QSize size) {
        m_open = true;
        emit opened(size);
    });
    connect(&m_client, &VncClient::frameReady, this, &DesktopStream::frameReady);
    connect(&m_client, &VncClient::failed, this, [this](const QString &message) { close(message); });
    connect(server, &ExecJob::output, this, &DesktopStream::onServerOutput);
    server->then(this, [this](const Result<SandboxExecResult> &r) {
        if (!r)
            return close(r.error().message);
        const QString tail = QString::fromUtf8(m_serverErrors).trimmed();
        close(r->timedOut ? QStringLiteral("the desktop stream reached its time limit")
                          : QStringLiteral("the VNC server ended (status %1)%2")
                                .arg(r->exitCode.value_or(-1))
                                .arg(tail.isEmpty() ? QString() : QStringLiteral(": ") + tail.right(300)));
    });
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
        QMetaObject::invokeMethod(this, [this] { close(QStringLiteral("no socketpair for the desktop stream")); },
                                  Qt::QueuedConnection);
        return;
    }
    m_bridge = fds[0];
    ::fcntl(m_bridge, F_SETFL, ::fcntl(m_bridge, F_GETFL) | O_NONBLOCK);
    m_readable = new QSocketNotifier(m_bridge, QSocketNotifier::Read, this);
    connect(m_readable, &QSocketNotifier::activated, this, &DesktopStream::readFromClient);
    m_writable = new QSocketNotifier(m_bridge, QSocketNotifier::Write, this);
    m_writable->setEnabled(false);
    connect(m_writable, &QSocketNotifier::activated, this, &DesktopStream::flushToClient);
    m_client.start(fds[1]);
}

DesktopStream::~DesktopStream()
{
    m_closed = true;
    m_client.stop();
    if (m_server && !m_server->isFinished())
        m_server->cancel();
    if (m_bridge >= 0)
        ::close(m_bridge);
}

void DesktopStream::sendPointer(int x, int y, int buttonMask)
{
    if (!m_open)
        return;
    const QSize s = size();
    m_client.sendPointer(std::clamp(x, 0, std::max(0, s.width() - 1)), std::clamp(y, 0, std::max(0, s.height() - 1)),
                         buttonMask & 0xff);
}

void DesktopStream::sendKey(quint32 keysym, bool down)
{
    if (m_open)
        m_client.sendKey(keysym, down);
}

void DesktopStream::stop()
{
    close(QStringLiteral("the stream was stopped"));
}

void DesktopStream::onServerOutput(SandboxStream stream, const QByteArray &data)
{
    if (m_closed)
        return;
    if (stream == SandboxStream::Stderr) {
        m_serverErrors = (m_serverErrors + data).right(2048);
        return;
    }
    if (m_toClient.size() + data.size() > maxPendingBytes)
        return close(QStringLiteral("the desktop stream's reader fell behind"));
    m_toClient += data;
    flushToClient();
}

void DesktopStream::flushToClient()
{
    while (!m_toClient.isEmpty() && !m_closed) {
        const ssize_t n = ::write(m_bridge, m_toClient.constData(), size_t(m_toClient.size()));
        if (n < 0) {
            if (errno == EAGAIN || errno == EINTR)
                break;
            return close(QStringLiteral("the RFB client stopped reading"));
        }
        m_toClient.remove(0, n);
    }
    if (m_writable)
        m_writable->setEnabled(!m_toClient.isEmpty() && !m_closed);
}

void DesktopStream::readFromClient()
{
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(m_bridge, buffer, sizeof buffer);
        if (n > 0) {
            if (m_server)
                m_server->writeInput(QByteArray(buffer, n));
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EINTR))
            return;
        m_readable->setEnabled(false);
        return; // the client ended; its own failed() says why
    }
}

void DesktopStream::close(const QString &reason)
{
    if (m_closed)
        return;
    m_closed = true;
    m_open = false;
    if (m_readable)
        m_readable->setEnabled(false);
    if (m_writable)
        m_writable->setEnabled(false);
    m_client.stop();
    if (m_server && !m_server->isFinished())
        m_server->cancel();
    emit closed(reason);
}

} // namespace Sandbench
