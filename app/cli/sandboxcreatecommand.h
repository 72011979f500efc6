#pragma once

#include <QStringList>

namespace Sandbench::Cli {

// `sandbench-cli sandbox create [options] [--json]` and `sandbox exec ID [--json] -- CMD ARGS...`:
// a sandbox that outlives the command line that made it (persistent: its keeper ends it at its
// lifetime, any Sandbench process reaps it once past it, `sandbox rm ID` removes it before),
// and commands run in it from later command lines. Returns the exit status.
bool isSandboxCreateCommand(const QString &sub);
int sandboxCreateCommand(const QString &sub, const QStringList &args);
QString sandboxCreateHelp();

} // namespace Sandbench::Cli
