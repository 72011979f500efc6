#pragma once

#include "policy/policy.h"
#include "sandbox/sandboxtypes.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace Sandbench {

// A file or folder of the host shown to the runtime at another path (replays put a session's
// copies where the original run found its files).
struct FileOverlay
{
    QString source;  // on the host
    QString target;  // where the runtime sees it
    bool writable = false;

    bool operator==(const FileOverlay &) const = default;
};

// One run: exactly one of `code` and `entrypoint`, under `policy`.
struct ExecRequest
{
    QString code;       // JS/TS source run as an ES module (relative imports from the workdir)
    QString entrypoint; // a file to run (relative paths: from baseDir, or from the workdir)
    QStringList args;   // Deno.args
    Policy policy;
    QString baseDir;    // where relative paths of the policy resolve; the current dir if empty
    QString auditLogPath; // appended to, one JSON line per decision, flushed as decided

    // For replays: the folder mounted at policy.workdir (which then need not exist on the host),
    // files mounted at the paths the original run read, and no network whatever the policy says.
    QString workdirSource;
    QList<FileOverlay> overlays;
    bool offline = false;

    // API keys the code never sees (`run --secret`): the code gets a placeholder as the
    // variable, and a proxy of this run puts the value in its place in request headers sent
    // over HTTPS to the secret's hosts (core/net/hostmitmproxy.h). Never recorded.
    QList<SandboxSecret> secrets;

    // Record: when the policy allows some network, the run's HTTP and HTTPS go through its own
    // proxy (core/net/hostmitmproxy.h, with a CA only this run trusts) and every exchange is in
    // ExecResult::trafficLines. Replay (offline runs only): that proxy answers from
    // `replayTraffic` (RecordedTraffic::replayJson) and nothing reaches the network; each request
    // is an SBREQ line in ExecResult::trafficLines.
    TrafficCapture traffic = TrafficCapture::Off;
    QByteArray replayTraffic;

    // An observe run (policy learn): the credential and system places and /etc are denied and
    // hidden, and writes go only to the workdir and allow_write, whatever the policy allows.
    bool observe = false;
};

// Where the engine finds its runtime and keeps its caches. Empty fields take the defaults:
// SANDBENCH_DENO, else the pinned install; SANDBENCH_CACHE_DIR, else the user's cache folder.
struct ExecEngineConfig
{
    QString runtimePath;
    QString cacheDir;
    // Folders no run may reach whatever its policy grants (an agent server's session records),
    // besides Sandbench's private root (privateroot.h), which is always reserved.
    QStringList reservedPaths = {};
    // Where the cgroup file system is (RunLimits::defaultCgroupRoot when empty); tests point it
    // where no cgroup can be made, to see a run fail closed.
    QString cgroupRoot = {}; // (initialized: brace-initialized configs may leave it out)
    // Certificates the secret proxy trusts for the servers it terminates (the system's when
    // empty); tests give their own server's CA.
    QString secretUpstreamCaFile = {};
    // How long a warm runtime may take to say it waits (ExecEngine::setWarmTemplate) before it
    // is taken for stuck, killed and started again; tests shorten it.
    int warmReadyTimeoutMs = 15000;
};

} // namespace Sandbench
