#include "hostportrelay.h"

#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>

namespace Sandbench {

HostPortRelay::HostPortRelay(QHostAddress target, quint16 targetPort, QObject *parent)
    : QObject(parent), m_target(std::move(target)), m_targetPort(targetPort)
{
}

HostPortRelay::~HostPortRelay() = default;

VoidResult HostPortRelay::listen(const QHostAddress &listenAddress, const QHostAddress &peer)
{
    if (listenAddress.isNull() || peer.isNull())
        return fail(ErrorCode::Internal, QStringLiteral("the relay to %1:%2 has no gateway or proxy address").arg(m_target.toString()).arg(m_targetPort));
    m_peer = peer;
    m_server = new QTcpServer(this);
    // The target's own port number first: Squid tunnels a CONNECT to an origin server peer only
    // when the peer listens on the port asked for. Taken (a service on every address holds it):
    // any port, and plain HTTP alone goes through.
    if (!m_server->listen(listenAddress, m_targetPort) && !m_server->listen(listenAddress, 0))
        return fail(ErrorCode::EnvironmentError, QStringLiteral("the relay to %1:%2 cannot listen on %3: %4")
                                                     .arg(m_target.toString()).arg(m_targetPort).arg(listenAddress.toString(), m_server->errorString()));
    connect(m_server, &QTcpServer::pendingConnectionAvailable, this, &HostPortRelay::onConnection);
    return {};
}

quint16 HostPortRelay::port() const
{
    return m_server ? m_server->serverPort() : 0;
}

void HostPortRelay::close()
{
    if (m_server)
        m_server->close();
    // The connections (children of this relay) go with it.
    const auto sockets = findChildren<QTcpSocket *>();
    for (QTcpSocket *s : sockets)
        s->abort();
}

void HostPortRelay::onConnection()
{
    while (QTcpSocket *in = m_server->nextPendingConnection()) {
        in->setParent(this);
        // The gateway is reachable from every container of the bridge and from the host: only
        // the proxy this relay was made for gets through.
        if (in->peerAddress().toIPv4Address() != m_peer.toIPv4Address() || in->peerAddress().isNull()) {
            in->abort();
            in->deleteLater();
            continue;
        }
        auto *out = new QTcpSocket(this);
        in->setReadBufferSize(bufferBytes);
        out->setReadBufferSize(bufferBytes);
        pair(in, out);
        pair(out, in);
        auto closeBoth = [in = QPointer<QTcpSocket>(in), out = QPointer<QTcpSocket>(out)] {
            if (!in || !out)
                return;
            // What one side sent before it closed still goes to the other (at most one buffer).
            if (out->state() == QAbstractSocket::ConnectedState && in->bytesAvailable() > 0)
                out->write(in->readAll());
            if (in->state() == QAbstractSocket::ConnectedState && out->bytesAvailable() > 0)
                in->write(out->readAll());
            // Each goes once what it holds is written (disconnectFromHost waits for that).
            for (QTcpSocket *s : {in.data(), out.data()}) {
                if (s->state() == QAbstractSocket::UnconnectedState) {
                    s->deleteLater();
                } else {
                    connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
                    s->disconnectFromHost();
                }
            }
        };
        connect(in, &QTcpSocket::disconnected, this, closeBoth);
        connect(out, &QTcpSocket::disconnected, this, closeBoth);
        connect(out, &QTcpSocket::errorOccurred, this, closeBoth);
        connect(out, &QTcpSocket::connected, in, [in, out] {
            if (in->bytesAvailable() > 0)
                out->write(in->read(bufferBytes));
        });
        out->connectToHost(m_target, m_targetPort);
    }
}

void HostPortRelay::pair(QTcpSocket *from, QTcpSocket *to)
{
    // Bytes move as the other side takes them: a slow reader pauses the writer (the read
    // buffers are bounded), never memory.
    auto pump = [from, to] {
        if (to->state() != QAbstractSocket::ConnectedState)
            return;
        while (from->bytesAvailable() > 0 && to->bytesToWrite() < bufferBytes)
            to->write(from->read(bufferBytes - to->bytesToWrite()));
    };
    connect(from, &QTcpSocket::readyRead, this, pump);
    connect(to, &QTcpSocket::bytesWritten, this, pump);
}

} // namespace Sandbench
