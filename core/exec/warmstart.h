#pragma once

#include "exec/execrequest.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Sandbench {

// The pieces of a warm runtime (ExecEngine::setWarmTemplate): a runtime started for a request
// known in advance, held in its first preload until its one run is handed over.

// The byte the waiter writes to stdout once it waits, and the one it waits for on stdin (the
// pipe is the engine's: nothing of any run can write to it).
inline constexpr char warmReadyByte = '\x06';
inline constexpr char warmGoByte = 'g';

// The first preload of a warm runtime. It runs before the determinism preload and the code, asks
// the broker nothing, and returns only when the engine hands the run over; anything else on its
// stdin ends the runtime. With `nodeLayer` (a run that may load packages) it first starts the
// runtime's Node layer, off the run's critical path.
QByteArray waiterModule(bool nodeLayer = false);

// Whether a runtime started for `templ` can serve `request`: everything that decides the
// runtime's command line, environment, namespace, broker and limits is equal; only the code
// given with --code may differ (it is written when the run is handed over).
// The audit log may differ too when neither log lies inside a folder the namespace binds
// (`boundPaths`, absolute): the run then only protects another file in its broker, which
// ExecRun::begin() sets, and the namespace would be the same.
bool warmTemplateMatches(const ExecRequest &templ, const ExecRequest &request);

// Whether the run gets a proxy of its own that records or replays its traffic (runsecrets.h):
// such a run always starts cold, like one with secrets.
bool hasTrafficProxy(const ExecRequest &request);
bool auditLogsInterchangeable(const QString &templateLog, const QString &requestLog, const QStringList &boundPaths);

// Device and inode of each existing path ("" for a missing one): the mounts of a namespace hold
// what was at a path when it was made, so a folder replaced since then is a different run.
QStringList fileIdentities(const QStringList &paths);

// True when `source` cannot name any module for the loader to read unasked: none of the
// tokens a static import, a re-export, a literal dynamic import or a type reference needs
// appears anywhere in it (keywords cannot be written with escapes). Its start-up module graph
// is then the main module alone, without asking the runtime.
bool surelyImportFree(const QString &source);

} // namespace Sandbench
