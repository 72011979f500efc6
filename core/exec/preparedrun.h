#pragma once

#include "common/result.h"
#include "exec/execrequest.h"
#include "exec/modulegraph.h"
#include "exec/runtimelocator.h"
#include "policy/policymatcher.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <memory>

class QTemporaryDir;

namespace Sandbench {

// Everything checked and written before the runtime starts: the validated options, the run's
// private folder (broker socket, preload, import map), the runtime's environment and command.
// Built on a worker thread, since checking folders for symlinks and caching packages take time.
struct PreparedRun
{
    RuntimeInfo runtime;
    QString program;            // bwrap
    QStringList arguments;      // bwrap options, then deno and its arguments
    QProcessEnvironment environment;
    PolicyMatcher::Setup matcherSetup;
    QString socketPath;
    QString auditLogPath;
    QString workdir;
    QString hiddenEntryName;    // the file --code was written to, hidden from error messages
    std::optional<qint64> timeoutMs;
    qint64 maxOutputBytes = 1024 * 1024;
    std::shared_ptr<QTemporaryDir> privateDir; // removed with the run
    std::shared_ptr<QTemporaryDir> codeDir;    // the workdir of a --code run without one
    QString entryFileToRemove;                 // --code written into a given workdir
    QStringList startUpModules;                // files the loader reads unasked, for the audit log
    LocalGraphScope graphScope;                // learning that graph in process (modulegraph.h)

    // A warm runtime (PrepareMode::Warm) starts before its code is known: the code is written to
    // hostEntry and the start-up graph read with `graph` when its run is handed over, and the
    // run goes cold instead if a folder its namespace binds is no longer the one it bound.
    bool warm = false;
    QString entry;                             // the main module, as the runtime sees it
    QString hostEntry;                         // where --code is written on the host
    ModuleGraphCommand graph;
    QStringList boundPaths;
    QStringList boundIdentities;               // fileIdentities(boundPaths) when it started
};

enum class PrepareMode {
    Cold, // everything, then the runtime runs the code
    Warm, // the runtime waits in its first preload (warmstart.h) for a run handed over later
};

// Validates `request` (configuration errors name the option at fault), finds the runtime
// (environment errors), prefetches allowed packages in a trusted step, and writes the files.
Result<PreparedRun> prepareRun(const ExecRequest &request, const ExecEngineConfig &config,
                               PrepareMode mode = PrepareMode::Cold);

} // namespace Sandbench
