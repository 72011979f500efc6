#pragma once

#include "exec/execrequest.h"

#include <QString>

namespace Sandbench {

// What the doctor tries its probes with. Empty fields take what a run takes (so the doctor proves
// what runs get); tests set them to take one layer away (a launcher without Landlock, a bwrap that
// drops a namespace, a cgroup root where none can be made, a runtime that is not the pinned one).
struct DoctorOptions
{
    QString bwrapPath;    // bubblewrap, or a wrapper of it
    QString launcherPath; // sandbench-launch
    QString probePath;    // sandbench-probe (app/probe)
    QString cgroupRoot;   // RunLimits::defaultCgroupRoot
    ExecEngineConfig engine; // the runtime (and its cache) the broker layers are tried with
    QString runtimeSha256 = QStringLiteral(SANDBENCH_DENO_SHA256);
    bool sandboxes = true; // try the Docker layers (the Workbench's provider)
    int probeTimeoutMs = 60'000;
};

} // namespace Sandbench
