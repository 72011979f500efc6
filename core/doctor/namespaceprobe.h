#pragma once

#include "doctor/doctoroptions.h"
#include "doctor/layercheck.h"

namespace Sandbench {

// Starts sandbench-probe in bubblewrap with the arguments a run gets (namespaceArguments), under
// the real launcher, twice: as an open run (procfs inside: its namespaces compared with the
// doctor's own, the network interfaces it sees, a hidden folder it must find empty) and as a
// --sandbox run (a file outside every grant it must not find; an exec the launcher's Landlock rule
// must refuse with EACCES while the allowed one runs). Blocking; for the doctor's worker thread.
// The user, PID, mount and network namespaces, capabilities, no-new-privileges and Landlock.
QList<LayerCheck> probeNamespaces(const DoctorOptions &options, const QString &probePath);

} // namespace Sandbench
