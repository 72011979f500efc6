#pragma once

#include "common/result.h"

#include <QByteArray>
#include <QHash>
#include <QProcessEnvironment>
#include <QStringList>

#include <optional>

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

// What a run's namespace shows of the host at the same path (namespaceArguments), so that the
// start-up graph can be learned in process, without starting the runtime a second time.
struct LocalGraphScope
{
    // False for what the in-process method leaves to the runtime: every file readable (the
    // host's root), a replay's copies mounted at other paths, an import map it does not know.
    bool usable = false;
    QStringList mounts;              // the grants the namespace binds at their own path
    QStringList hidden;              // hidden or replaced inside them (protected, private folder)
    QHash<QString, QString> imports; // the import map's "imports": package names to npm: specifiers
};

LocalGraphScope localGraphScope(bool everyFileReadable, bool copiesMounted, const QStringList &mounts,
                                const QStringList &hidden, const QByteArray &importMapJson);

// The files moduleGraphFiles() would list for `entry` in that namespace, found by reading the
// modules with scanModuleImports() and resolving their specifiers as the runtime does, or
// nothing when any part of the graph is not certain: a module the lexer cannot be sure of, a
// specifier it does not resolve itself (remote, mapped to a file, bare, with a query, escaped),
// a file that is missing, behind a symlink, not a plain module, or outside what the namespace
// shows. The caller then runs the full check (startUpModuleFiles): fail closed.
std::optional<QStringList> localStartUpModules(const QString &entry, const LocalGraphScope &scope);

} // namespace Sandbench
