#pragma once

#include "exec/runtimelocator.h"

#include <QList>
#include <QString>

#include <memory>

namespace Sandbench {

// The runtime's compiled Node compatibility layer, made once per runtime binary in a trusted
// step and copied into each run that can load npm packages.
//
// A run's runtime cache starts empty (the runtime trusts the bytecode in it, so a cache one
// run's runtime wrote must never reach the next). Loading an npm package then compiles about
// 95 of the runtime's own `ext:deno_node` modules every run: 61 ms against 42 ms with their
// code cache, for a script importing one small package (bench/README.md). The template holds
// only what our own fixed module made the pinned runtime compile: that layer, which is code
// of the binary itself, and the module. Nothing of a run, a package or the code is in it, and a
// run only ever gets a copy (bubblewrap `--file` into the run's own cache tmpfs), so nothing a
// run writes reaches another. V8 rejects an entry made by another V8 or with other flags, and
// the runtime an entry whose source differs, so a stale template costs speed, not safety.
struct NodeCodeCache
{
    struct File
    {
        int fd = -1;  // open for reading, close-on-exec until the run's child clears it
        QString name; // its name in the runtime's cache folder
    };
    QList<File> files;
    NodeCodeCache() = default;
    NodeCodeCache(const NodeCodeCache &) = delete;
    NodeCodeCache &operator=(const NodeCodeCache &) = delete;
    ~NodeCodeCache();
};

// The template of `runtime`, made in `cacheDir` the first time (one runtime start of about 60 ms,
// from `workDir`, a folder of the run's own) and opened; nullptr, and the run goes on without
// it, when it cannot be made (`why` says why, for the start-up trace).
std::shared_ptr<const NodeCodeCache> nodeCodeCache(const RuntimeInfo &runtime, const QString &cacheDir,
                                                   const QString &workDir, QString *why = nullptr);

// In the forked child, before exec: lets bubblewrap read the template's files from the start.
// Async-signal-safe.
void shareNodeCodeCacheInChild(const NodeCodeCache *cache);

} // namespace Sandbench
