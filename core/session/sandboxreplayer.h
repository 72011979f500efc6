#pragma once

#include "common/result.h"
#include "session/replayreport.h"
#include "session/sandboxreplay.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace Sandbench {

class SandboxPool;

// For the CLI and tests: runs a SandboxReplay and waits for it.
class SandboxReplayer
{
public:
    // Creates a fresh sandbox of the recorded image in `pool` (network none unless the session
    // had all and the pool allows it; recorded env values, when present), runs the steps in
    // order (desktop input included) and releases the sandbox. The report has the first
    // divergence of stdout, stderr, exit (a step's outcome) and screenshot (compared by pixels,
    // see SandboxReplayOptions; by size and digest when a PNG cannot be decoded), each with its
    // 1-based step in `index`. Fails only when the replay could not run (no sandbox).
    static Result<ReplayReport> runSync(const SandboxSession &session, SandboxPool *pool,
                                        const SandboxReplayOptions &options = {});
    // Like ReplayReport::summary(), but names steps rather than lines.
    static QString summary(const ReplayReport &report);
};

} // namespace Sandbench
