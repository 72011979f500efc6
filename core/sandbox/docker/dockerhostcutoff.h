#pragma once

#include "common/result.h"
#include "sandbox/docker/dockerbackend.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace Sandbench {

// The host's side of an online sandbox: the gateway of its network networkName (from the
// container's inspection), every IPv4 address the host has (the engine is local: its socket is
// a unix one), the host's ephemeral port range, where the engine's proxy connects from, and the published
// ports, whose replies must still reach it. An IPv6 address on the network fails closed: the
// host's IPv6 addresses are not routed away.
Result<HostCutOff> planHostCutOff(const QJsonObject &container, const QList<int> &ports, const QString &networkName);

} // namespace Sandbench
