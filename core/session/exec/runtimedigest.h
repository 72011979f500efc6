#pragma once

#include "common/result.h"

#include <QString>

namespace Sandbench {

// The sha256 (hex) of a runtime binary. Hashing Deno reads ~100 MB, so the digest is kept in
// `cacheDir`, keyed by path, size and modification time, and computed again only when one changes.
Result<QString> runtimeDigest(const QString &runtimePath, const QString &cacheDir);

} // namespace Sandbench
