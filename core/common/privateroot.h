#pragma once

#include "common/result.h"

#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace Sandbench {

// Where Sandbench keeps the private files of its runs and sessions (a run's broker socket,
// preload and import map, an agent session's workdir copy, a recording's staging copy, a
// replay's extracted bundle): one folder of this user's, 0700, outside the shared temporary
// folder wherever the system offers one: $XDG_RUNTIME_DIR/sandbench when that folder is usable
// (absolute, a folder, this user's, 0700), else <temp>/sandbench-<uid>.
//
// Not left to a grant: the exec engine reserves this whole folder (PolicyMatcher::Setup::
// reservedPaths, NamespaceSetup::reservedPaths), so a policy granting /tmp, /run/user or the
// folder itself still reaches nothing of another run or session, only its own workdir.
//
// Fails closed: a path that is a link, not a folder, or someone else's is refused with why.
Result<QString> privateRoot();

// A new folder (0700) in privateRoot() named "<prefix>-XXXXXX", removed with the object.
Result<std::unique_ptr<QTemporaryDir>> makePrivateFolder(const QString &prefix);

} // namespace Sandbench
