#pragma once

#include <QStringList>

namespace Sandbench::Cli {

// `sandbench-cli sandbox pause|resume ID [--json]`: acts on a sandbox that outlives the command
// line that made it, by id (prefix of 4 or more, or name). The id is the caller's: only a
// sandbox carrying Sandbench's owner label is touched, anything else is refused by name.
// Returns the exit status.
bool isSandboxLifecycleCommand(const QString &sub);
int sandboxLifecycleCommand(const QString &sub, const QStringList &args);
QString sandboxLifecycleHelp();

} // namespace Sandbench::Cli
