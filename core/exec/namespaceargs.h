#pragma once

#include "common/result.h"
#include "exec/execrequest.h"
#include "policy/policymatcher.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace Sandbench {

struct NamespaceSetup
{
    QString runtimePath;
    QStringList runtimeLibraries; // what the runtime's loader needs, from ldd
    QString denoDir;
    QString privateDir;
    QString workdir;
    bool anyNetwork = false;
    bool anyProgram = false;      // some program may be run: it needs /usr
    QString workdirSource;        // mounted at workdir when set
    QList<FileOverlay> overlays;  // mounted last, over everything else
    QStringList protectedPaths;   // hidden even where a grant would show them
    // Sandbench's private places (PolicyMatcher::Setup::reservedPaths): an empty folder even
    // where a grant (or no sandbox) would show them, but for this run's own files inside.
    QStringList reservedPaths;
    QString sharedPackages;       // the allow list's package cache, shown read-only in denoDir/npm
    // Copied into denoDir: an open descriptor and the name of the copy (nodecodecache.h). The
    // descriptors must be open in bubblewrap (shareNodeCodeCacheInChild).
    QList<std::pair<int, QString>> denoDirCopies;
    QString launcherPath;         // sandbench-launch: restricts what may execute, then runs the runtime
    // An observe run without file rules: these (the credential places) are empty stand-ins,
    // and /dev and /sys are the namespace's own, so a way past the broker finds nothing there.
    QStringList hiddenPaths;
    // A replay with recorded traffic: the launcher listens on this port of the namespace's own
    // loopback and relays each connection to this Unix socket (the replay proxy's; runsecrets.h).
    std::optional<std::pair<quint16, QString>> proxyRelay;
};

// bubblewrap options that give the runtime its own PID namespace (every descendant ends with
// the run) and, under a sandbox, a mount namespace that holds only the runtime, its loader, the
// allowed folders and the run's own files: a module outside them cannot even be found.
// Ends with "<launcher> [--exec FILE]... -- ": the runtime's command follows.
QStringList namespaceArguments(const NamespaceSetup &setup, const PolicyMatcher &matcher);

// The interpreter a "#!" script names, resolved, so that it may execute too; "" for binaries.
QString scriptInterpreter(const QString &program);

// The shared libraries a binary loads (ldd), remembered in `cacheFile`.
Result<QStringList> runtimeLibraries(const QString &runtimePath, const QString &cacheFile);

} // namespace Sandbench
