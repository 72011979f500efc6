#pragma once

#include "common/result.h"

#include <QByteArray>
#include <QProcessEnvironment>
#include <QStringList>

namespace Sandbench {

// The start-up module graph: the main module, its static imports and literal dynamic imports
// are read by the runtime's loader without any permission check, so the broker never hears of
// them. The engine asks the runtime for the graph (`deno info --json`) inside the run's own
// namespace before the run starts, so the list holds exactly the files the loader can read
// there, and each one is written to the audit log.
struct ModuleGraphCommand
{
    QString program;         // bwrap
    QStringList arguments;   // the run's namespace, then the runtime and `info --json ...`
    QProcessEnvironment environment;
    QString workingDirectory;
};

// The local files of the modules `deno info --json` reports as loaded (modules with an error,
// remote and npm modules have no local file and are left out), in the order reported.
QStringList moduleGraphFiles(const QByteArray &infoJson);

// Runs the command and returns moduleGraphFiles() of its output. A runtime that cannot be
// started or does not finish in time is an environment error (the run must not start with its
// graph unaudited); a graph the runtime cannot build (a module missing or unparsable) is
// reported with the modules it did find, since the run then fails in the same place.
Result<QStringList> startUpModuleFiles(const ModuleGraphCommand &command);

} // namespace Sandbench
