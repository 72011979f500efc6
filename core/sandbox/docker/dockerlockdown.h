#pragma once

#include "common/result.h"

#include <QJsonObject>

namespace Sandbench {

// Docker applies some of a container's limits only where the kernel can: without the pids or
// memory cgroup it creates the container anyway, drops the limit and says so in a warning that
// nobody reads. A sandbox that runs with less than the README promises must not be handed out,
// so the provider compares what it asked for with what the engine recorded for the running
// container (GET /containers/ID/json) and refuses the sandbox, naming the layer, when one was
// dropped or changed.
VoidResult verifyDockerLockDown(const QJsonObject &askedHostConfig, const QJsonObject &inspectedHostConfig);

} // namespace Sandbench
