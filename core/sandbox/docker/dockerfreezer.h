#pragma once

#include "common/result.h"

#include <QObject>
#include <QString>

#include <functional>

namespace Sandbench {

class DockerEngine;

// Pause and resume through the engine's freezer (POST /containers/{id}/pause, /unpause): every
// process of the container is frozen in its cgroup, memory kept, no CPU used; the keeper (pid
// 1) too, so while frozen nothing inside the container can end it at its deadline.
class DockerFreezer
{
public:
    // Brings the container to `paused`; one that is already so finishes without error. Gone
    // for a container that no longer exists or no longer runs.
    static void set(const DockerEngine &engine, QObject *context, const QString &containerId,
                    bool paused, std::function<void(Result<void>)> done);
};

} // namespace Sandbench
