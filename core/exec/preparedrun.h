#pragma once

#include "common/result.h"
#include "exec/execrequest.h"
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
};

// Validates `request` (configuration errors name the option at fault), finds the runtime
// (environment errors), prefetches allowed packages in a trusted step, and writes the files.
Result<PreparedRun> prepareRun(const ExecRequest &request, const ExecEngineConfig &config);

} // namespace Sandbench
