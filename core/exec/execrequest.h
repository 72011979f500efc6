#pragma once

#include "policy/policy.h"

#include <QString>
#include <QStringList>

namespace Sandbench {

// One run: exactly one of `code` and `entrypoint`, under `policy`.
struct ExecRequest
{
    QString code;       // JS/TS source run as an ES module (relative imports from the workdir)
    QString entrypoint; // a file to run (relative paths: from baseDir, or from the workdir)
    QStringList args;   // Deno.args
    Policy policy;
    QString baseDir;    // where relative paths of the policy resolve; the current dir if empty
    QString auditLogPath; // appended to, one JSON line per decision, flushed as decided
};

// Where the engine finds its runtime and keeps its caches. Empty fields take the defaults:
// SANDBENCH_DENO, else the pinned install; SANDBENCH_CACHE_DIR, else the user's cache folder.
struct ExecEngineConfig
{
    QString runtimePath;
    QString cacheDir;
};

} // namespace Sandbench
