#include "preparedrun.h"

#include "approvals/approvalfolder.h"
#include "common/startuptrace.h"

#include "common/privateroot.h"
#include "common/runfile.h"
#include "exec/permissionbroker.h"
#include "exec/processgroup.h"

#include "exec/modulegraph.h"
#include "exec/namespaceargs.h"
#include "exec/nodecodecache.h"
#include "exec/packagespec.h"
#include "exec/preloadscript.h"
#include "exec/runlimits.h"
#include "exec/runsecrets.h"
#include "exec/seededrandom.h"
#include "exec/symlinkscan.h"
#include "exec/warmstart.h"
#include "policy/envnames.h"
#include "policy/netrule.h"
#include "policy/pathresolver.h"
#include "policy/sensitivepaths.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QUrl>

namespace Sandbench {

namespace {

std::unexpected<Error> configError(const QString &message)
{
    return fail(ErrorCode::ConfigError, message);
}

// Durable: read by later runs.
bool writeCacheFile(const QString &path, const QByteArray &data)
{
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(data) == data.size() && file.commit();
}

QString absoluteFrom(const QString &base, const QString &path)
{
    return QDir::cleanPath(QDir(base).absoluteFilePath(path));
}

VoidResult validateOptions(const ExecRequest &request, const QString &base)
{
    const Policy &policy = request.policy;
    if (request.code.isEmpty() == request.entrypoint.isEmpty())
        return configError(QStringLiteral("give exactly one of code and an entry file"));
    if (!request.workdirSource.isEmpty() && (policy.workdir.isEmpty() || !QFileInfo(request.workdirSource).isDir()))
        return configError(QStringLiteral("a workdir source needs a workdir and an existing folder: %1").arg(request.workdirSource));
    for (const FileOverlay &overlay : request.overlays) {
        if (!QFileInfo::exists(overlay.source) || !QDir::isAbsolutePath(overlay.target))
            return configError(QStringLiteral("overlay %1 -> %2: the source must exist and the target be absolute")
                                       .arg(overlay.source, overlay.target));
    }
    if (!policy.workdir.isEmpty() && request.workdirSource.isEmpty() && !QFileInfo(absoluteFrom(base, policy.workdir)).isDir())
        return configError(QStringLiteral("--workdir %1: no such folder (it must exist)").arg(policy.workdir));
    for (const QString &dir : policy.readOnlyDirs) {
        if (!QFileInfo(absoluteFrom(base, dir)).isDir())
            return configError(QStringLiteral("--read-only-dir %1: no such folder").arg(dir));
    }
    if (!request.entrypoint.isEmpty() && request.workdirSource.isEmpty() && request.overlays.isEmpty()) {
        const QString entry = absoluteFrom(policy.workdir.isEmpty() ? base : absoluteFrom(base, policy.workdir),
                                           request.entrypoint);
        if (!QFileInfo(entry).isFile())
            return configError(QStringLiteral("%1: no such file").arg(request.entrypoint));
    }
    for (auto it = policy.env.cbegin(); it != policy.env.cend(); ++it) {
        const QString reason = reservedEnvReason(it.key());
        if (!reason.isEmpty())
            return configError(QStringLiteral("--env %1: %2").arg(it.key(), reason));
        if (it.value().contains(QChar(0)))
            return configError(QStringLiteral("--env %1: the value holds a NUL character").arg(it.key()));
    }
    for (const auto &[flag, names] : {std::pair{"--allow-env", &policy.permissions.allowEnv}, std::pair{"--ask-env", &policy.permissions.askEnv}}) {
        for (const QString &name : *names) {
            const QString reason = reservedEnvReason(name);
            if (!reason.isEmpty())
                return configError(QStringLiteral("%1 %2: %3").arg(QLatin1String(flag), name, reason));
        }
    }
    for (const auto &[flag, hosts] : {std::pair{"--allow-net", &policy.permissions.allowNet}, std::pair{"--ask-net", &policy.permissions.askNet}}) {
        for (const QString &host : *hosts) {
            if (!NetRule::parse(host))
                return configError(QStringLiteral("%1 %2: not a host, host:port, *.domain, IP or URL").arg(QLatin1String(flag), host));
        }
    }
    for (const QString &program : policy.permissions.askRun) {
        if (program.isEmpty() || program == QLatin1String("*"))
            return configError(QStringLiteral("--ask-run %1: name one program").arg(program));
    }
    for (const QString &host : policy.permissions.allowListen) {
        if (!NetRule::parse(host))
            return configError(QStringLiteral("--allow-listen %1: not a host, host:port or IP").arg(host));
    }
    return checkRunLimits(policy);
}

bool covers(const QString &target, const QString &path)
{
    return target == QLatin1String("/") || path == target || path.startsWith(target + QLatin1Char('/'));
}

// What a request mounts from elsewhere (a replay's copies) must not replace what the sandbox is
// made of: a copy over the runtime or a library it loads would run native code outside the
// broker, one over the private folder would answer for the broker.
VoidResult checkMountTargets(const ExecRequest &request, const QString &workdir, const QString &runtime,
                             const QStringList &libraries, const QStringList &folders)
{
    QStringList targets;
    if (!request.workdirSource.isEmpty())
        targets << workdir;
    for (const FileOverlay &overlay : request.overlays)
        targets << QDir::cleanPath(overlay.target);
    QStringList kept = QStringList{runtime} + libraries + folders;
    for (const QString &library : libraries)
        kept << QFileInfo(library).canonicalFilePath();
    for (const QString &target : std::as_const(targets)) {
        for (const char *system : {"/proc", "/dev", "/sys"}) {
            if (covers(QLatin1String(system), target) || covers(target, QLatin1String(system)))
                return configError(QStringLiteral("%1: a mounted copy cannot go there").arg(target));
        }
        for (const QString &path : std::as_const(kept)) {
            if (!path.isEmpty() && covers(target, path))
                return configError(QStringLiteral("%1: a mounted copy would replace %2 of the sandbox").arg(target, path));
        }
    }
    return {};
}

// The trusted step: caches exactly the allowed packages (and what they depend on) into a cache
// folder of their own, so a run can only ever find packages of its own allow list.
VoidResult prefetchPackages(const RuntimeInfo &runtime, const QList<PackageSpec> &packages,
                            const QString &denoDir, const QString &privateDir)
{
    const QByteArray module = prefetchModule(packages);
    const QString stamp = denoDir + QStringLiteral("/.sandbench-prefetched");
    QFile done(stamp);
    if (done.open(QIODevice::ReadOnly) && done.readAll() == module)
        return {};
    const QString modulePath = privateDir + QStringLiteral("/prefetch.js");
    if (!writeRunFile(modulePath, module))
        return fail(ErrorCode::EnvironmentError, QStringLiteral("cannot write %1").arg(modulePath));
    QProcessEnvironment env;
    env.insert(QStringLiteral("DENO_DIR"), denoDir);
    env.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
    env.insert(QStringLiteral("DENO_NO_UPDATE_CHECK"), QStringLiteral("1"));
    env.insert(QStringLiteral("DENO_TLS_CA_STORE"), QStringLiteral("system"));
    env.insert(QStringLiteral("DENO_NO_PACKAGE_JSON"), QStringLiteral("1"));
    const QProcessEnvironment host = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"NPM_CONFIG_REGISTRY", "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY"}) {
        if (host.contains(QLatin1String(name)))
            env.insert(QLatin1String(name), host.value(QLatin1String(name)));
    }
    QProcess deno;
    deno.setProcessEnvironment(env);
    deno.setWorkingDirectory(privateDir);
    deno.setChildProcessModifier(leadOwnProcessGroupInChild);
    deno.start(runtime.path, {QStringLiteral("cache"), QStringLiteral("--no-config"), QStringLiteral("--no-remote"),
                              QStringLiteral("--quiet"), modulePath});
    if (!deno.waitForFinished(300000) || deno.exitStatus() != QProcess::NormalExit || deno.exitCode() != 0) {
        killProcessGroup(&deno);
        return fail(ErrorCode::EnvironmentError,
                    QStringLiteral("could not fetch the %1 allowed package(s): %2")
                            .arg(QString::fromUtf8(module).count(QLatin1String("npm:")))
                            .arg(QString::fromUtf8(deno.readAllStandardError()).trimmed()));
    }
    writeCacheFile(stamp, module);
    return {};
}

} // namespace

RemovedFile::~RemovedFile()
{
    QFile::remove(path);
}

void PrepareCancel::cancel()
{
    std::lock_guard lock(m_mutex);
    m_cancelled = true;
}

bool PrepareCancel::unlessCancelled(const std::function<bool()> &write)
{
    std::lock_guard lock(m_mutex);
    return !m_cancelled && write();
}

Result<PreparedRun> prepareRun(const ExecRequest &request, const ExecEngineConfig &config, PrepareMode mode,
                               std::shared_ptr<PrepareCancel> cancel)
{
    const bool warm = mode == PrepareMode::Warm;
    traceStartUp("prepare: begin");
    const QString base = request.baseDir.isEmpty() ? QDir::currentPath() : request.baseDir;
    if (auto valid = validateOptions(request, base); !valid)
        return std::unexpected(valid.error());
    QList<PackageSpec> packages;
    for (const QString &text : request.policy.allowPackages) {
        auto spec = PackageSpec::parse(text);
        if (!spec)
            return std::unexpected(spec.error());
        packages.append(*spec);
    }

    auto runtime = locateRuntime(config);
    if (!runtime)
        return std::unexpected(runtime.error());
    auto bwrap = locateBubblewrap();
    if (!bwrap)
        return std::unexpected(bwrap.error());
    auto launcher = locateLauncher();
    if (!launcher)
        return std::unexpected(launcher.error());
    const QString cacheDir = engineCacheDir(config);
    traceStartUp("prepare: validated, runtime and helpers found");

    PreparedRun run;
    run.runtime = *runtime;
    run.program = *bwrap;
    run.maxOutputBytes = request.policy.maxOutputBytes;
    run.timeoutMs = request.policy.timeoutMs;
    run.auditLogPath = request.auditLogPath.isEmpty() ? QString() : absoluteFrom(base, request.auditLogPath);
    // The private folder sits outside every folder the code may use; the broker denies it.
    auto madePrivate = makePrivateFolder(QStringLiteral("sandbench-run"));
    if (!madePrivate)
        return std::unexpected(madePrivate.error());
    run.privateDir = std::move(*madePrivate);
    const QString privateDir = QFileInfo(run.privateDir->path()).canonicalFilePath();
    run.socketPath = privateDir + QStringLiteral("/broker.sock");
    traceStartUp("prepare: private folder made");

    if (!request.workdirSource.isEmpty()) {
        run.workdir = absoluteFrom(base, request.policy.workdir);
    } else if (!request.policy.workdir.isEmpty()) {
        run.workdir = QFileInfo(absoluteFrom(base, request.policy.workdir)).canonicalFilePath();
    } else {
        auto madeWork = makePrivateFolder(QStringLiteral("sandbench-work"));
        if (!madeWork)
            return std::unexpected(madeWork.error());
        run.codeDir = std::move(*madeWork);
        run.workdir = QFileInfo(run.codeDir->path()).canonicalFilePath();
    }
    QString entry;
    if (!request.code.isEmpty()) {
        run.hiddenEntryName = QStringLiteral(".sandbench-main-%1.ts")
                                      .arg(QString::fromLatin1(QFileInfo(privateDir).fileName().toLatin1().right(6)));
        entry = run.workdir + QLatin1Char('/') + run.hiddenEntryName;
        const QString hostEntry = (request.workdirSource.isEmpty() ? run.workdir : request.workdirSource)
                + QLatin1Char('/') + run.hiddenEntryName;
        // A warm runtime's code is written into this same file (same inode: the namespace binds
        // it read-only, as in a cold run) when its run is handed over (ExecRun::begin).
        bool written = false;
        const auto write = [&] {
            written = writeRunFile(hostEntry, warm ? QByteArray() : request.code.toUtf8());
            // Every refusal from here on (an outward symlink, a failed prefetch), and a run
            // dropped before it starts, must not leave the hidden file behind in a folder of
            // the user's.
            if (!run.codeDir)
                run.entryFile = std::make_shared<RemovedFile>(hostEntry);
            return true;
        };
        if (cancel ? !cancel->unlessCancelled(write) : !write())
            return fail(ErrorCode::Cancelled, QStringLiteral("the run was dropped before it started"));
        if (!written)
            return fail(ErrorCode::EnvironmentError, QStringLiteral("cannot write the code to %1").arg(entry));
        run.hostEntry = hostEntry;
    } else {
        entry = absoluteFrom(request.policy.workdir.isEmpty() ? base : run.workdir, request.entrypoint);
    }

    // Workers import the preload from a data: module, which the runtime checks like a read.
    const QStringList internal = {privateDir + QStringLiteral("/preload.js"), privateDir + QStringLiteral("/node-crypto.js")};
    QStringList protectedPaths = {cacheDir, privateDir};
    if (!run.auditLogPath.isEmpty())
        protectedPaths << run.auditLogPath;
    // The approver sockets (this run's own when it asks, the agent servers'): same uid as the
    // code, so a grant that reached them would let the code answer its own held checks. Made
    // now when the run will ask, so that the namespace hides it from the start.
    if (request.policy.permissions.hasAsk()) {
        if (auto folder = ApprovalFolder::ensure(); !folder)
            return std::unexpected(folder.error());
    }
    protectedPaths << ApprovalFolder::path();
    // Every run's and session's private files (this run's included, but for its workdir): no
    // grant reaches them (privateroot.h).
    QStringList reserved;
    if (auto root = privateRoot(); root)
        reserved << QFileInfo(*root).canonicalFilePath();
    for (const QString &path : config.reservedPaths) {
        const QString absolute = absoluteFrom(base, path);
        const QString canonical = QFileInfo(absolute).canonicalFilePath();
        reserved << (canonical.isEmpty() ? absolute : canonical);
    }
    reserved.removeAll(QString());
    reserved.removeDuplicates();
    // Secrets before the matcher: the code may read each placeholder as a variable it was given.
    auto secrets = checkRunSecrets(request);
    if (!secrets)
        return std::unexpected(secrets.error());
    run.secrets = std::make_shared<RunSecrets>(std::move(*secrets));
    Policy matched = request.policy;
    for (const EgressSecret &s : run.secrets->secrets)
        matched.env.insert(s.name, s.placeholder);
    run.matcherSetup = {matched, base, run.workdir, entry, internal, protectedPaths, false, {}, reserved};
    SensitiveContext sensitive;
    sensitive.cacheDirs = {cacheDir};
    if (const QString hostDenoDir = qEnvironmentVariable("DENO_DIR"); !hostDenoDir.isEmpty())
        sensitive.cacheDirs << QDir::cleanPath(hostDenoDir);
    run.matcherSetup.observe = request.observe;
    run.matcherSetup.sensitive = sensitive;
    const PolicyMatcher matcher(run.matcherSetup);
    const QString relaySocket = privateDir + QStringLiteral("/proxy.sock");
    if (auto started = startRunProxy(*run.secrets, request, config, matcher.anyNetwork(), relaySocket); !started)
        return std::unexpected(started.error());
    if ((!request.overlays.isEmpty() || !request.workdirSource.isEmpty()) && matcher.everyFileReadable())
        // With every file readable the host's root is the namespace's root: mounting a copy at a
        // path that does not exist would create that path on the host.
        return configError(QStringLiteral("files mounted at other paths (a replay) need the sandbox"));
    if (const QStringList missing = matcher.unresolvedPrograms(); !missing.isEmpty())
        return configError(QStringLiteral("--allow-run %1: no such program (a name is looked up in /usr/local/bin, /usr/bin and /bin when the policy is made)")
                                   .arg(missing.join(QStringLiteral(", "))));
    if (!matcher.everyFileReadable()) {
        std::vector<std::pair<std::string, QString>> folders;
        std::vector<std::string> allowed;
        for (const auto &rule : matcher.readRules()) {
            allowed.push_back(rule.path);
            if (rule.name != QLatin1String("entry"))
                folders.emplace_back(rule.path, rule.name);
        }
        for (const auto &rule : matcher.writeRules()) {
            allowed.push_back(rule.path);
            folders.emplace_back(rule.path, rule.name);
        }
        if (auto clean = checkNoOutwardSymlinks(folders, allowed); !clean)
            return std::unexpected(clean.error());
    }

    traceStartUp("prepare: policy matched, symlinks scanned");
    // Packages live in a cache of their own per allow list: a package fetched for another run
    // is not even there to be found by a computed import. The runtime's own cache (transpiled
    // code, localStorage, the Cache API) is the run's alone: a tmpfs of its namespace at this
    // path (the folder is only its mount point), gone with the run, counted by its memory cap.
    QString sharedPackages;
    if (!packages.isEmpty()) {
        QStringList names = request.policy.allowPackages;
        names.sort();
        const QString listKey = QString::fromLatin1(QCryptographicHash::hash(names.join(QLatin1Char('\n')).toUtf8(),
                                                                             QCryptographicHash::Sha256).toHex().left(20));
        const QString packageDir = cacheDir + QStringLiteral("/deno-") + listKey;
        QDir().mkpath(packageDir);
        if (auto fetched = prefetchPackages(*runtime, packages, packageDir, privateDir); !fetched)
            return std::unexpected(fetched.error());
        sharedPackages = packageDir + QStringLiteral("/npm");
        QDir().mkpath(sharedPackages);
    }
    // Only the tmpfs's mount point: bubblewrap makes the package cache's own inside the tmpfs.
    const QString denoDir = privateDir + QStringLiteral("/deno");
    if (!QDir().mkdir(denoDir))
        return fail(ErrorCode::EnvironmentError, QStringLiteral("cannot create %1").arg(denoDir));

    QStringList denoArgs = {QStringLiteral("run"), QStringLiteral("--no-config"), QStringLiteral("--no-remote"),
                            QStringLiteral("--cached-only"), QStringLiteral("--no-prompt"), QStringLiteral("--no-lock")};
    if (packages.isEmpty())
        denoArgs << QStringLiteral("--no-npm");
    const Policy &policy = request.policy;
    if (warm) {
        // First, so that nothing of the run (the frozen clock's start included) happens before
        // the run is handed over.
        const QString waiter = privateDir + QStringLiteral("/waiter.js");
        if (!writeRunFile(waiter, waiterModule(!packages.isEmpty())))
            return fail(ErrorCode::EnvironmentError, QStringLiteral("cannot write %1").arg(waiter));
        denoArgs << QStringLiteral("--preload") << waiter;
    }
    QString cryptoShimUrl;
    if (policy.seed) {
        denoArgs << QStringLiteral("--seed") << QString::number(*policy.seed);
        const QString shim = privateDir + QStringLiteral("/node-crypto.js");
        if (!writeRunFile(shim, cryptoShimModule()))
            return fail(ErrorCode::EnvironmentError, QStringLiteral("cannot write %1").arg(shim));
        cryptoShimUrl = QUrl::fromLocalFile(shim).toString();
    }
    if (policy.freezeTimeMs || policy.seed) {
        const QString preload = privateDir + QStringLiteral("/preload.js");
        const DeterminismSetup determinism{policy.freezeTimeMs, policy.seed, QUrl::fromLocalFile(preload).toString()};
        if (!writeRunFile(preload, preloadModule(determinism)))
            return fail(ErrorCode::EnvironmentError, QStringLiteral("cannot write %1").arg(preload));
        denoArgs << QStringLiteral("--preload") << preload;
    }
    QByteArray importMap;
    if (!packages.isEmpty() || !cryptoShimUrl.isEmpty()) {
        const QString map = privateDir + QStringLiteral("/import-map.json");
        importMap = importMapJson(packages, cryptoShimUrl);
        if (!writeRunFile(map, importMap))
            return fail(ErrorCode::EnvironmentError, QStringLiteral("cannot write %1").arg(map));
        denoArgs << QStringLiteral("--import-map") << map;
    }
    // `deno info` takes the options that decide how the graph resolves, not the run's own.
    QStringList infoArgs = {QStringLiteral("info"), QStringLiteral("--json"), QStringLiteral("--no-config"),
                            QStringLiteral("--no-remote"), QStringLiteral("--no-lock")};
    for (const QString &option : {QStringLiteral("--no-npm"), QStringLiteral("--import-map")}) {
        if (const qsizetype at = denoArgs.indexOf(option); at >= 0)
            infoArgs << denoArgs.mid(at, option == QLatin1String("--import-map") ? 2 : 1);
    }
    infoArgs << entry;
    if (policy.maxMemoryMb)
        denoArgs << QStringLiteral("--v8-flags=--max-old-space-size=%1").arg(*policy.maxMemoryMb);
    denoArgs << entry << request.args;

    traceStartUp("prepare: packages checked, files written");
    auto libraries = runtimeLibraries(runtime->path, cacheDir + QStringLiteral("/runtime-libs-")
                                                             + QString::number(qHash(runtime->path + runtime->version)));
    if (!libraries)
        return std::unexpected(libraries.error());
    if (auto clear = checkMountTargets(request, run.workdir, runtime->path, *libraries, {privateDir, denoDir}); !clear)
        return std::unexpected(clear.error());
    NamespaceSetup ns;
    ns.runtimePath = runtime->path;
    ns.runtimeLibraries = *libraries;
    ns.denoDir = denoDir;
    ns.privateDir = privateDir;
    ns.workdir = run.workdir;
    ns.anyNetwork = matcher.anyNetwork() && !request.offline;
    ns.workdirSource = request.workdirSource;
    ns.overlays = request.overlays;
    ns.protectedPaths = protectedPaths;
    ns.reservedPaths = reserved;
    ns.sharedPackages = sharedPackages;
    ns.launcherPath = *launcher;
    if (run.secrets->capture == TrafficCapture::Replay)
        ns.proxyRelay = {replayProxyPort, relaySocket};
    if (request.observe) {
        ns.hiddenPaths = secretPlaces(sensitive);
        if (!matcher.everyFileReadable())
            ns.hiddenPaths.clear(); // only granted files are mounted at all
    }
    ns.anyProgram = !policy.permissions.allowRun.isEmpty() || (!policy.sandbox && !policy.permissions.denyRun);
    // `deno info` (below) gets no copies: it compiles nothing, and a descriptor is read once.
    const QStringList namespaceArgs = namespaceArguments(ns, matcher);
    if (!packages.isEmpty()) {
        QString why;
        run.nodeCodeCache = nodeCodeCache(*runtime, cacheDir, privateDir, &why);
        if (!run.nodeCodeCache)
            traceStartUp(qPrintable(QStringLiteral("prepare: no Node layer code cache: ") + why));
        for (const NodeCodeCache::File &file : run.nodeCodeCache ? run.nodeCodeCache->files : QList<NodeCodeCache::File>{})
            ns.denoDirCopies.append({file.fd, file.name});
    }
    run.arguments = (ns.denoDirCopies.isEmpty() ? namespaceArgs : namespaceArguments(ns, matcher)) + QStringList{runtime->path} + denoArgs;
    traceStartUp("prepare: libraries listed, namespace arguments made");
    // bubblewrap stops at 9000 arguments ("Exceeded maximum number of arguments"), which would
    // look as if the script had exited 1: say which part of the configuration is too large.
    constexpr qsizetype kBubblewrapMaxArguments = 9000;
    if (run.arguments.size() >= kBubblewrapMaxArguments)
        return configError(QStringLiteral("the sandbox would need %1 arguments for its %2 read and %3 write rules and %4 "
                                          "script arguments; bubblewrap takes fewer than %5: allow common parent folders "
                                          "instead of many single files")
                                   .arg(run.arguments.size()).arg(matcher.readRules().size()).arg(matcher.writeRules().size())
                                   .arg(request.args.size()).arg(kBubblewrapMaxArguments));

    // Built from nothing: only what the runtime needs and what the policy passes on.
    QProcessEnvironment env;
    env.insert(QStringLiteral("DENO_DIR"), denoDir);
    env.insert(QStringLiteral("DENO_PERMISSION_BROKER_PATH"), run.socketPath);
    env.insert(QStringLiteral("DENO_NO_UPDATE_CHECK"), QStringLiteral("1"));
    env.insert(QStringLiteral("DENO_NO_PROMPT"), QStringLiteral("1"));
    env.insert(QStringLiteral("DENO_NO_PACKAGE_JSON"), QStringLiteral("1"));
    // The runtime's built-in roots: the namespace need not show the host's certificate folders.
    env.insert(QStringLiteral("DENO_TLS_CA_STORE"), QStringLiteral("mozilla"));
    env.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
    env.insert(QStringLiteral("TZ"), QStringLiteral("UTC"));
    // An observe run denies programs, but the runtime only asks about one it found on PATH:
    // without it the attempt would never reach the audit log.
    if (ns.anyProgram || request.observe)
        env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/local/bin:/usr/bin:/bin"));
    const QProcessEnvironment host = QProcessEnvironment::systemEnvironment();
    // An ask_env variable is there too: the broker holds each read of it for the person.
    for (const QString &name : policy.permissions.allowEnv + policy.permissions.askEnv) {
        if (host.contains(name))
            env.insert(name, host.value(name));
    }
    for (auto it = policy.env.cbegin(); it != policy.env.cend(); ++it)
        env.insert(it.key(), it.value());
    if (auto added = addSecretEnvironment(env, *run.secrets, privateDir + QStringLiteral("/secret-ca.pem")); !added)
        return std::unexpected(added.error());
    run.environment = env;

    // The loader reads the start-up graph without asking the broker: learn it in process where
    // that is certain (localStartUpModules: the files the namespace shows at their own paths),
    // else ask the runtime for it in the same namespace (so it finds only what the run could
    // load), with no broker (it executes nothing); either way audit each file before the run.
    QStringList shownGrants;
    for (const auto &rule : matcher.readRules())
        shownGrants << QString::fromStdString(rule.path);
    for (const auto &rule : matcher.writeRules())
        shownGrants << QString::fromStdString(rule.path);
    run.graphScope = localGraphScope(matcher.everyFileReadable(), !request.workdirSource.isEmpty() || !request.overlays.isEmpty(),
                                     shownGrants, protectedPaths + QStringList{privateDir}, importMap);
    QProcessEnvironment infoEnv = env;
    infoEnv.remove(QStringLiteral("DENO_PERMISSION_BROKER_PATH"));
    const ModuleGraphCommand graph{run.program, namespaceArgs + QStringList{runtime->path} + infoArgs, infoEnv,
                                   QFileInfo(run.workdir).isDir() ? run.workdir : privateDir};
    run.entry = entry;
    if (warm) {
        run.warm = true;
        run.graph = graph;
        run.boundPaths = {run.workdir};
        for (const auto &rule : matcher.readRules())
            run.boundPaths << QString::fromStdString(rule.path);
        for (const auto &rule : matcher.writeRules())
            run.boundPaths << QString::fromStdString(rule.path);
        run.boundPaths.removeDuplicates();
        run.boundIdentities = fileIdentities(run.boundPaths);
        return run;
    }
    const std::optional<QStringList> local = localStartUpModules(entry, run.graphScope);
    traceStartUp(local ? "prepare: graph learned in process" : "prepare: graph not certain in process");
    auto modules = local ? Result<QStringList>(*local) : startUpModuleFiles(graph);
    traceStartUp("prepare: graph known");
    if (!modules)
        return std::unexpected(modules.error());
    run.startUpModules = *modules;
    if (run.startUpModules.isEmpty() && QFileInfo(entry).isFile())
        run.startUpModules << entry; // no graph at all: the loader still reads the main module
    if (!run.hiddenEntryName.isEmpty())
        // --code: the engine's own file holding the code it was given, under a name of the
        // moment (a replay would differ in it): audited under a name that says what it is.
        for (QString &module : run.startUpModules)
            if (module == entry)
                module = QLatin1String(PermissionBroker::codeEntryResource);
    return run;
}

} // namespace Sandbench
