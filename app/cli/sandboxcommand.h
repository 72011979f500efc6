#pragma once

#include <QStringList>

namespace Sandbench::Cli {

// `sandbench-cli sandbox run|ls|rm ...`; args start after "sandbox". Returns the exit status.
int sandboxCommand(const QStringList &args);
QString sandboxHelp();

} // namespace Sandbench::Cli
