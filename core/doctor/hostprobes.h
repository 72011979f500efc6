#pragma once

#include "doctor/doctoroptions.h"
#include "doctor/layercheck.h"

namespace Sandbench {

// The memory and pids cgroups, made the way a run makes them (RunLimits), each tried by a
// process inside that asks for more than its cap: the memory hog must be killed, forks past the
// task cap refused. Blocking; for the doctor's worker thread.
QList<LayerCheck> probeCgroups(const DoctorOptions &options, const QString &probePath);

// The runtime's sha256 against the pinned one (the runtime a run would take), and that the
// runtime refuses to run code at all when its broker socket is gone. Blocking.
QList<LayerCheck> probeRuntime(const DoctorOptions &options);

} // namespace Sandbench
