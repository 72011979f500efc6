#pragma once

#include "common/result.h"

#include <QHostAddress>
#include <QObject>

class QTcpServer;
class QTcpSocket;

namespace Sandbench {

// The way from one sandbox's egress proxy to one port on the machine Sandbench runs on (an
// allow entry 127.0.0.1:PORT or localhost:PORT, EgressRule::isHostService). The service listens
// on loopback, which a container cannot reach; so this relay listens on the gateway of the
// sandbox's own internal network (the host's side of that bridge, an address no other sandbox's
// network has) on the target's port number when it is free there (Squid tunnels a CONNECT to an
// origin server peer only on the port asked for), else on one of the kernel's choosing,
// takes connections from the proxy's own address only, and copies bytes to and from that one
// target. Squid sends the entry's requests to it (a cache_peer, SquidConfig) and nothing else;
// every other address of the host stays denied. Gone with its proxy.
class HostPortRelay : public QObject
{
    Q_OBJECT
public:
    HostPortRelay(QHostAddress target, quint16 targetPort, QObject *parent);
    ~HostPortRelay() override;

    // Listens on `listenAddress` (the gateway) and accepts connections from `peer` alone.
    VoidResult listen(const QHostAddress &listenAddress, const QHostAddress &peer);
    quint16 port() const;
    void close();

    // Per direction, at most this much is held in memory before reading pauses.
    static constexpr qint64 bufferBytes = 256 * 1024;

private:
    void onConnection();
    void pair(QTcpSocket *from, QTcpSocket *to);

    QHostAddress m_target;
    quint16 m_targetPort;
    QHostAddress m_peer;
    QTcpServer *m_server = nullptr;
};

} // namespace Sandbench
