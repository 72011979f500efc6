#pragma once

#include "common/result.h"

#include <QString>

namespace Sandbench {

// One of Sandbench's own programs (sandbench-launch, sandbench-inside): the path in the
// environment variable, else next to the executable, else in ../libexec/sandbench beside it,
// else where it is installed, else where this build made it. The first executable file wins;
// none is an environment error that lists every place looked at.
Result<QString> locateHelperProgram(const QString &name, const char *environmentVariable,
                                    const QString &installPath, const QString &buildPath);

} // namespace Sandbench
