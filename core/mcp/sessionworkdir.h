#pragma once

#include "common/result.h"

#include <QTemporaryDir>

#include <memory>

namespace Sandbench {

// A client session's own workdir: a private folder (0700) that starts as a copy of `source`
// (regular files and folders only; symlinks, devices and FIFOs are left out), so what one
// session's code writes is never seen by another session, and the server's folder is never
// written. Bounded: a source of more than 20,000 entries or 1 GiB is refused, with why.
Result<std::unique_ptr<QTemporaryDir>> makeSessionWorkdir(const QString &source);

} // namespace Sandbench
