#pragma once

#include "common/result.h"

#include <string>
#include <vector>

namespace Sandbench {

// A symlink inside an allowed folder that points outside every allowed folder would hand the
// code a path past its rules; code-sandbox-exec.md makes it a configuration error before the
// run. `folders` are the (resolved) folders to scan, `allowed` every folder the code may use.
VoidResult checkNoOutwardSymlinks(const std::vector<std::pair<std::string, QString>> &folders,
                                  const std::vector<std::string> &allowed, int maxEntries = 200000);

} // namespace Sandbench
