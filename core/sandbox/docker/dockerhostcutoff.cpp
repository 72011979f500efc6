#include "dockerhostcutoff.h"

#include <QFile>
#include <QHostAddress>
#include <QNetworkInterface>

namespace Sandbench {

Result<HostCutOff> planHostCutOff(const QJsonObject &container, const QList<int> &ports, const QString &networkName)
{
    const QJsonObject network = container.value(QLatin1String("NetworkSettings")).toObject()
                                    .value(QLatin1String("Networks")).toObject()
                                    .value(networkName).toObject();
    HostCutOff cut;
    const QHostAddress gateway(network.value(QLatin1String("Gateway")).toString());
    if (gateway.protocol() != QAbstractSocket::IPv4Protocol)
        return fail(ErrorCode::Internal, QStringLiteral("the sandbox's network has no IPv4 gateway; it cannot be kept off the host"));
    if (!network.value(QLatin1String("GlobalIPv6Address")).toString().isEmpty())
        return fail(ErrorCode::InvalidConfig, QStringLiteral("the Docker network %1 gives sandboxes IPv6, which Sandbench cannot keep off the host's addresses; remove the network")
                                                  .arg(networkName));
    cut.gateway = gateway.toString();
    for (const QHostAddress &a : QNetworkInterface::allAddresses()) {
        // The sandbox's own 127/8 is its own loopback, not the host's.
        if (a.protocol() == QAbstractSocket::IPv4Protocol && !a.isLoopback() && !cut.hostAddresses.contains(a.toString()))
            cut.hostAddresses << a.toString();
    }
    cut.replyPorts = ports;
    // Bounded, and any doubt gives the kernel's default range.
    QFile range(QStringLiteral("/proc/sys/net/ipv4/ip_local_port_range"));
    if (range.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> parts = range.read(64).simplified().split(' ');
        bool okLo = false, okHi = false;
        const int lo = parts.value(0).toInt(&okLo);
        const int hi = parts.value(1).toInt(&okHi);
        if (okLo && okHi && lo >= 1 && hi <= 65535 && lo <= hi) {
            cut.ephemeralFirst = lo;
            cut.ephemeralLast = hi;
        }
    }
    return cut;
}

} // namespace Sandbench
