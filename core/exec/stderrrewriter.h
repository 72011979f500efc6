#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Sandbench {

// Rewrites the runtime's stderr for an LLM that has to fix its code: the broker's experimental
// warning goes, frames inside the runtime (ext:, node:) go, only the first frame in the user's
// code stays, and file URLs under the workdir become relative paths.
// A package refused by the allowlist shows up as a cache miss or a missing import-map entry:
// those lines are replaced by one that says what happened and what is allowed.
QByteArray rewriteStderr(const QByteArray &raw, const QString &workdir, const QString &hiddenEntryName = {},
                         const QStringList &allowedPackages = {});

} // namespace Sandbench
