#include "execsessionreplayer.h"

#include "common/privateroot.h"

#include "common/background.h"
#include "common/filecopy.h"
#include "exec/execengine.h"
#include "exec/runtimelocator.h"
#include "net/secretproxyconfig.h"
#include "session/exec/execreplaypolicy.h"
#include "session/exec/exectraffic.h"
#include "session/exec/runtimedigest.h"

#include <QDir>
#include <QCoreApplication>
#include <QDirIterator>
#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>

namespace Sandbench {

namespace {

bool isInside(const QString &path, const QString &folder)
{
    return !folder.isEmpty() && (path == folder || path.startsWith(folder + QLatin1Char('/')));
}

bool copyTree(const QString &from, const QString &to)
{
    QDirIterator it(from, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString source = it.next();
        const QString target = to + QLatin1Char('/') + QDir(from).relativeFilePath(source);
        QDir().mkpath(QFileInfo(target).path());
        if (!copyFile(source, target))
            return false;
    }
    return true;
}

// One cache per replayed recording would grow without end: keep the most recently used ones.
// A cache touched within the last hour is left alone, since a replay may be using it.
constexpr int kKeptReplayCaches = 16;

void pruneReplayCaches(const QString &folder, const QString &current)
{
    // Marks the current one as just used; the folder's own time changes only with its entries.
    QFile stamp(current + QStringLiteral("/.sandbench-used"));
    if (stamp.open(QIODevice::WriteOnly | QIODevice::Truncate))
        stamp.close();
    struct Cache
    {
        QString path;
        QDateTime used;
    };
    QList<Cache> caches;
    for (const QFileInfo &entry : QDir(folder).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks)) {
        if (entry.fileName().contains(QLatin1String(".staging-")))
            continue;
        const QFileInfo used(entry.filePath() + QStringLiteral("/.sandbench-used"));
        caches.append({entry.filePath(), used.exists() ? used.lastModified() : entry.lastModified()});
    }
    std::sort(caches.begin(), caches.end(), [](const Cache &a, const Cache &b) { return a.used > b.used; });
    const QDateTime recent = QDateTime::currentDateTime().addSecs(-3600);
    for (qsizetype i = kKeptReplayCaches; i < caches.size(); ++i) {
        if (caches.at(i).path != current && caches.at(i).used < recent)
            QDir(caches.at(i).path).removeRecursively();
    }
}

} // namespace

ExecSessionReplayer::ExecSessionReplayer(ExecSession bundle, ExecReplayOptions options, QObject *parent)
    : SessionReplayer(parent)
    , m_bundle(std::move(bundle))
    , m_options(std::move(options))
{
}

ExecSessionReplayer::~ExecSessionReplayer() = default;

Result<ExecReplayPlan> ExecSessionReplayer::plan(const ExecSession &bundle, const ExecReplayOptions &options)
{
    const ExecSessionManifest &m = bundle.manifest;
    // Before anything is made: an empty value in place of a recorded one would replay another run.
    const ReplayValueNames needed = replayValueNames(m);
    ReplayValues supplied = options.env;
    if (options.ignoreUnknownValues)
        supplied.removeIf([&needed](const auto &item) { return !needed.contains(item.key()); });
    if (auto ok = checkReplayValues(needed, supplied, options.policy ? options.policy->env.keys() : QStringList()); !ok)
        return std::unexpected(ok.error());
    ExecReplayPlan plan;
    auto scratchDir = makePrivateFolder(QStringLiteral("sandbench-replay"));
    if (!scratchDir)
        return std::unexpected(scratchDir.error());
    plan.scratch = std::move(*scratchDir);
    const QString scratch = QFileInfo(plan.scratch->path()).canonicalFilePath();

    // The bundle's manifest is a record, not a grant: see replaypolicy.h.
    const ContainedReplayPolicy contained = containedReplayPolicy(m, supplied);
    for (const ReplayNote &refused : contained.refused)
        plan.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "refused: ")) + refused;
    plan.notes << contained.notes;
    auto policy = replayPolicy(m, contained, options.policy, options.allowWiderPolicy, &plan.notes);
    if (!policy)
        return std::unexpected(policy.error());

    ExecRequest &request = plan.request;
    request.policy = *policy;
    request.baseDir = m.baseDir;
    request.args = m.args;
    request.code = m.code;
    request.entrypoint = m.entrypoint;
    request.offline = true;
    // A secret's value is never recorded, nor needed: the code gets a placeholder, as it did.
    for (const QString &name : m.secretNames) {
        if (!request.policy.env.contains(name))
            request.policy.env.insert(name, SecretProxyConfig::placeholder(name));
    }
    if (m.trafficRecorded) {
        // Served by the run's own replay proxy, reached through a socket: the namespace still
        // has no network (runsecrets.h).
        auto traffic = ExecTraffic::replayJson(bundle);
        if (!traffic)
            return std::unexpected(traffic.error());
        request.traffic = TrafficCapture::Replay;
        request.replayTraffic = *traffic;
    }
    if (!m.workdir.isEmpty()) {
        // A copy per replay: the code may change its workdir, the bundle must not change.
        const QString workdir = scratch + QStringLiteral("/workdir");
        QDir root;
        root.mkpath(workdir);
        for (const QString &dir : m.workdirDirs)
            root.mkpath(workdir + QLatin1Char('/') + dir);
        for (auto it = m.workdirFiles.cbegin(); it != m.workdirFiles.cend(); ++it) {
            const QString target = workdir + QLatin1Char('/') + it.key();
            root.mkpath(QFileInfo(target).path());
            if (!copyFile(bundle.filePath(it.value()), target))
                return fail(ErrorCode::Io, QStringLiteral("cannot copy %1 into the replay's workdir").arg(it.key()));
            QFile(target).setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
        }
        request.workdirSource = workdir;
        if (request.policy.workdir.isEmpty() || QDir::cleanPath(QDir(m.baseDir).absoluteFilePath(request.policy.workdir)) != m.workdir)
            request.policy.workdir = m.workdir;
    }
    for (auto it = m.inputFiles.cbegin(); it != m.inputFiles.cend(); ++it)
        request.overlays.append({bundle.filePath(it.value()), it.key(), false});
    if (!m.entrypoint.isEmpty() && !isInside(m.entrypoint, m.workdir))
        request.overlays.append({bundle.filePath(m.entrySha256), m.entrypoint, false});

    // The bundle's own cache folder: its packages are there and nothing else is, so a replay
    // needs no registry and cannot use what this machine happens to have cached.
    plan.config.runtimePath = options.runtimePath;
    // Kept per recording (keyed by its manifest, which names every file by digest), so that only
    // the first replay of a bundle pays for transpiling and compiling its modules again; it holds
    // the bundle's packages and what replays of the same bundle cached, nothing of other runs.
    const QString bundleCache = bundle.contentDir() + QStringLiteral("/cache");
    const QByteArray key = QCryptographicHash::hash(m.toJson(), QCryptographicHash::Sha256).toHex().left(32);
    plan.config.cacheDir = engineCacheDir({}) + QStringLiteral("/replays/") + QString::fromLatin1(key);
    if (!QFileInfo(plan.config.cacheDir).isDir()) {
        const QString staging = plan.config.cacheDir + QStringLiteral(".staging-") + QString::number(QCoreApplication::applicationPid());
        QDir(staging).removeRecursively();
        QDir().mkpath(staging);
        if (QFileInfo(bundleCache).isDir() && !copyTree(bundleCache, staging))
            return fail(ErrorCode::Io, QStringLiteral("cannot copy the bundle's packages into %1").arg(staging));
        if (!QDir().rename(staging, plan.config.cacheDir)) {
            QDir(staging).removeRecursively();
            if (!QFileInfo(plan.config.cacheDir).isDir())
                return fail(ErrorCode::Io, QStringLiteral("cannot create %1").arg(plan.config.cacheDir));
        }
    }
    pruneReplayCaches(QFileInfo(plan.config.cacheDir).path(), plan.config.cacheDir);
    // What the engine learnt about the runtime binary itself (its version, the libraries it
    // loads) is about this machine, not the run: reuse it rather than ask ldd again (~0.3 s).
    const QDir hostCache(engineCacheDir({}));
    for (const QString &name : hostCache.entryList({QStringLiteral("runtime-*")}, QDir::Files))
        copyFile(hostCache.filePath(name), plan.config.cacheDir + QLatin1Char('/') + name);
    if (!m.packageCacheName.isEmpty() && !request.policy.allowPackages.isEmpty()) {
        QStringList sorted = request.policy.allowPackages;
        sorted.sort();
        QStringList recorded = m.policy.allowPackages;
        recorded.sort();
        if (sorted != recorded)
            plan.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote",
                                                       "the replay policy allows other packages than the recording; they are not in the bundle"));
    }
    auto runtime = locateRuntime(plan.config);
    if (!runtime)
        return std::unexpected(runtime.error());
    if (!m.runtimeVersion.isEmpty() && runtime->version != m.runtimeVersion)
        plan.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "recorded with Deno %1, replayed with %2"),
                                 {m.runtimeVersion, runtime->version});
    else if (!m.runtimeSha256.isEmpty()) {
        auto digest = runtimeDigest(runtime->path, engineCacheDir({}));
        if (digest && *digest != m.runtimeSha256)
            plan.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "the runtime binary differs from the recorded one (sha256 %1)"),
                                     {digest->left(12)});
    }
    // The recording's own notes come from the file: data, whatever language they are in.
    for (const QString &note : m.notes)
        plan.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "recording: ")) + ReplayNote::data(note);
    return plan;
}

ReplayReport ExecSessionReplayer::compare(const ExecSession &bundle, const ExecResult &replayed, const ExecReplayPlan &plan)
{
    ReplayReport report = compareReplay(bundle.stdoutData, bundle.stderrData, bundle.manifest.outcome.exitCode,
                                        bundle.manifest.outcome.timedOut, bundle.auditEvents, replayed);
    report.notes = plan.notes;
    // A request that differs comes first: what the code printed differs because of it.
    if (bundle.manifest.trafficRecorded) {
        if (auto network = ExecTraffic::compare(bundle.manifest.traffic, replayed)) {
            report.divergences.prepend(*network);
            report.identical = false;
        }
    }
    return report;
}

Result<ReplayReport> ExecSessionReplayer::runSync(const ExecSession &bundle, const ExecReplayOptions &options)
{
    auto planned = plan(bundle, options);
    if (!planned)
        return std::unexpected(planned.error());
    auto result = ExecEngine::runSync(planned->request, planned->config);
    if (!result)
        return std::unexpected(result.error());
    return compare(bundle, *result, *planned);
}

void ExecSessionReplayer::start()
{
    if (m_started)
        return;
    m_started = true;
    m_planning = true;
    m_stopRequested = false;
    emit progress(0, 2);
    // Planning copies the workdir and, on a bundle's first replay, its packages, and may hash
    // the runtime: file work that must not stall the caller's event loop.
    runInBackground(this, [bundle = *m_bundle, options = m_options] { return plan(bundle, options); },
                    [this](const Result<ExecReplayPlan> &planned) {
            m_planning = false;
            if (!planned) {
                emit failed(planned.error());
                return;
            }
            if (m_stopRequested) {
                emit failed(Error{ErrorCode::Cancelled, QStringLiteral("the replay was stopped before it started")});
                return;
            }
            emit progress(1, 2);
            run(*planned);
        });
}

void ExecSessionReplayer::run(const ExecReplayPlan &plan)
{
    m_plan = plan;
    // A child, so that an ended run awaiting its deferred deletion goes with the replayer when no
    // event loop turns again (the CLI returns right after the report), its folders with it.
    m_engine = std::make_unique<ExecEngine>(this);
    m_engine->setConfig(m_plan->config);
    connect(m_engine.get(), &ExecEngine::output, this, &ExecSessionReplayer::output);
    connect(m_engine.get(), &ExecEngine::finished, this, [this](const ExecResult &result) {
        const ReplayReport report = compare(*m_bundle, result, *m_plan);
        finishRun();
        emit progress(2, 2);
        emit finished(report);
    });
    connect(m_engine.get(), &ExecEngine::failed, this, [this](const Error &error) {
        finishRun();
        emit failed(error);
    });
    m_engine->start(m_plan->request);
}

void ExecSessionReplayer::finishRun()
{
    m_engine.release()->deleteLater();
    // The replay's scratch copy of the workdir, and the bundle's extracted folder when this was
    // its last copy, are deleted on the thread pool: thousands of files take seconds to unlink.
    releaseInBackground(std::move(m_plan->scratch));
    releaseInBackground(std::make_shared<ExecSession>(std::move(*m_bundle)));
    m_bundle.reset();
    m_plan.reset();
}

void ExecSessionReplayer::cancel()
{
    m_stopRequested = m_planning;
    if (m_engine)
        m_engine->stop();
}

bool ExecSessionReplayer::isRunning() const
{
    return m_planning || m_engine != nullptr;
}

} // namespace Sandbench
