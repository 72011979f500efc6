#pragma once

#include "common/result.h"
#include "exec/execrequest.h"

#include <QString>

namespace Sandbench {

struct RuntimeInfo
{
    QString path;
    QString version; // "2.9.6"
};

// Finds the Deno binary: the configured path, else SANDBENCH_DENO, else the packaged copy next
// to the executable, else the pinned install of scripts/setup. A missing binary, or one that
// is not a Deno 2.9 or later, is an environment error. The version check runs once per binary
// (keyed by path, size and time) and is remembered in the cache folder.
Result<RuntimeInfo> locateRuntime(const ExecEngineConfig &config);

// A short key of the runtime binary at `path` (its path, size and time): what the cache folder's
// files made for one binary are named after.
QString runtimeBinaryKey(const QString &path);

// The engine's cache folder: configured, SANDBENCH_CACHE_DIR, or the user's cache location.
QString engineCacheDir(const ExecEngineConfig &config);

// sandbench-launch, the first program in the namespace (Landlock: only allowed binaries execute).
Result<QString> locateLauncher();

// bubblewrap, which puts the runtime in its own PID and mount namespace.
Result<QString> locateBubblewrap();

} // namespace Sandbench
