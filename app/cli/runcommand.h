#pragma once

#include <QStringList>

namespace Sandbench::Cli {

// `sandbench-cli run [options] FILE [-- ARGS]`; args start after "run". Returns the exit status.
int runCommand(const QStringList &args);
QString runHelp();

} // namespace Sandbench::Cli
