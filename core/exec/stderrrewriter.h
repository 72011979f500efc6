#pragma once

#include <QByteArray>
#include <QString>

namespace Sandbench {

// Rewrites the runtime's stderr for an LLM that has to fix its code: the broker's experimental
// warning goes, frames inside the runtime (ext:, node:) go, only the first frame in the user's
// code stays, and file URLs under the workdir become relative paths.
QByteArray rewriteStderr(const QByteArray &raw, const QString &workdir, const QString &hiddenEntryName = {});

} // namespace Sandbench
