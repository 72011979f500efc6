#pragma once

#include "common/result.h"
#include "exec/execrequest.h"
#include "exec/modulegraph.h"
#include "exec/runtimelocator.h"
#include "policy/policymatcher.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <mutex>

class QTemporaryDir;

namespace Sandbench {

struct NodeCodeCache;

struct RunSecrets;

// Everything checked and written before the runtime starts: the validated options, the run's
// private folder (broker socket, preload, import map), the runtime's environment and command.
// Built on a worker thread, since checking folders for symlinks and caching packages take time.
struct RemovedFile
{
    explicit RemovedFile(QString p) : path(std::move(p)) {}
    ~RemovedFile();
    RemovedFile(const RemovedFile &) = delete;
    RemovedFile &operator=(const RemovedFile &) = delete;
    QString path;
};

// Lets the engine drop a run while it is prepared on its worker thread: once cancel() has
// returned, the preparation writes nothing more into the run's workdir (an agent session's
// folder about to be removed, a user's folder) and gives up.
class PrepareCancel
{
public:
    void cancel();
    // Runs `write` unless cancelled, holding off cancel() until it is done; false if cancelled.
    bool unlessCancelled(const std::function<bool()> &write);

private:
    std::mutex m_mutex;
    bool m_cancelled = false;
};

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
    // --code written into a given workdir: removed once the last copy of the run goes, whether
    // it ran, was refused, or was dropped while it was being prepared.
    std::shared_ptr<const RemovedFile> entryFile;
    std::shared_ptr<RunSecrets> secrets;       // placeholders and their proxy, ended with the run
    std::shared_ptr<const NodeCodeCache> nodeCodeCache; // copied into the runtime's cache (runs with packages)
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
                               PrepareMode mode = PrepareMode::Cold, std::shared_ptr<PrepareCancel> cancel = {});

} // namespace Sandbench
