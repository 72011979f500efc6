#pragma once

#include <string>

namespace Sandbench {

// The path a file operation would reach, with every symlink and ".." resolved, also for paths
// that do not exist yet (a file about to be written): existing components are resolved through
// the file system, the rest is appended. Relative paths are taken from `base`.
// Returns "" when the resolution cannot finish (ELOOP, ENAMETOOLONG, EACCES, ENOTDIR...): the
// caller must deny, since the runtime's own lookup would not follow the lexical path.
std::string resolvePath(const std::string &path, const std::string &base = {});

// True when `path` is `root` or lies below it (both already resolved).
bool pathWithin(const std::string &path, const std::string &root);

} // namespace Sandbench
