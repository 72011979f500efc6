#include "execsessionrecorder.h"

#include "common/privateroot.h"

#include "common/filecopy.h"
#include "exec/runtimelocator.h"
#include "session/exec/exectraffic.h"
#include "session/exec/runtimedigest.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QTemporaryDir>

namespace Sandbench {

namespace {

QString absoluteFrom(const QString &base, const QString &path)
{
    return QDir::cleanPath(QDir(base).absoluteFilePath(path));
}

bool isInside(const QString &path, const QString &folder)
{
    return !folder.isEmpty() && (path == folder || path.startsWith(folder + QLatin1Char('/')));
}

} // namespace

QString packageCacheName(const QStringList &allowPackages)
{
    if (allowPackages.isEmpty())
        return QStringLiteral("deno-none");
    QStringList names = allowPackages;
    names.sort();
    return QStringLiteral("deno-") + QString::fromLatin1(QCryptographicHash::hash(names.join(QLatin1Char('\n')).toUtf8(),
                                                                                  QCryptographicHash::Sha256).toHex().left(20));
}

Result<ExecSessionRecorder> ExecSessionRecorder::begin(const ExecRequest &request, const ExecEngineConfig &config,
                                               const ExecSessionRecordOptions &options)
{
    ExecSessionRecorder recorder;
    recorder.m_request = request;
    recorder.m_config = config;
    recorder.m_options = options;
    // The inputs' copies are the run's private files: no grant of another run reaches them.
    auto staging = makePrivateFolder(QStringLiteral("sandbench-record"));
    if (!staging)
        return std::unexpected(staging.error());
    recorder.m_staging = std::move(*staging);
    recorder.m_stagingPath = recorder.m_staging->path();
    QDir(recorder.m_stagingPath).mkpath(QStringLiteral("files"));

    ExecSessionManifest &m = recorder.m_manifest;
    const QString base = request.baseDir.isEmpty() ? QDir::currentPath() : request.baseDir;
    m.applicationVersion = QStringLiteral(SANDBENCH_VERSION);
    m.recordedAtMs = QDateTime::currentMSecsSinceEpoch();
    m.policy = request.policy;
    m.baseDir = base;
    m.args = request.args;
    m.code = request.code;
    if (!request.policy.workdir.isEmpty())
        m.workdir = absoluteFrom(base, request.policy.workdir);
    if (!m.workdir.isEmpty()) {
        const QString source = request.workdirSource.isEmpty() ? m.workdir : request.workdirSource;
        if (auto ok = recorder.snapshotWorkdir(source); !ok)
            return std::unexpected(ok.error());
    }
    if (!request.entrypoint.isEmpty()) {
        m.entrypoint = absoluteFrom(m.workdir.isEmpty() ? base : m.workdir, request.entrypoint);
        QString source = m.entrypoint;
        if (!request.workdirSource.isEmpty() && isInside(m.entrypoint, m.workdir))
            source = request.workdirSource + m.entrypoint.mid(m.workdir.size());
        auto sha = recorder.storeFile(source);
        if (!sha)
            return std::unexpected(sha.error());
        m.entrySha256 = *sha;
    }
    for (const SandboxSecret &s : request.secrets)
        m.secretNames << s.name;
    const QProcessEnvironment host = QProcessEnvironment::systemEnvironment();
    for (const QString &name : request.policy.permissions.allowEnv) {
        if (host.contains(name))
            recorder.m_hostEnv.insert(name, host.value(name));
    }
    return recorder;
}

Result<QString> ExecSessionRecorder::storeFile(const QString &path)
{
    // Copy first, then hash the copy: the stored bytes and their name always agree, even when
    // the original changes meanwhile.
    const QString temp = m_stagingPath + QStringLiteral("/files/.incoming-%1").arg(++m_tempCounter);
    if (!copyFile(path, temp))
        return fail(ErrorCode::Io, QStringLiteral("%1: cannot copy into the session").arg(path));
    QFile copy(temp);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!copy.open(QIODevice::ReadOnly) || !hash.addData(&copy))
        return fail(ErrorCode::Io, QStringLiteral("%1: cannot read back its copy").arg(path));
    m_storedBytes += copy.size();
    copy.close();
    const QString sha = QString::fromLatin1(hash.result().toHex());
    const QString target = m_stagingPath + QStringLiteral("/files/") + sha;
    if (QFileInfo::exists(target))
        QFile::remove(temp);
    else if (!QFile::rename(temp, target))
        return fail(ErrorCode::Io, QStringLiteral("cannot store %1").arg(path));
    return sha;
}

VoidResult ExecSessionRecorder::snapshotWorkdir(const QString &folder)
{
    const QDir root(folder);
    QDirIterator it(folder, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    qint64 files = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo info = it.fileInfo();
        const QString relative = root.relativeFilePath(path);
        if (info.isSymLink()) {
            m_manifest.notes << QStringLiteral("workdir symlink not recorded: %1").arg(relative);
            continue;
        }
        if (info.isDir()) {
            m_manifest.workdirDirs << relative;
            continue;
        }
        if (!info.isFile()) {
            m_manifest.notes << QStringLiteral("workdir special file not recorded: %1").arg(relative);
            continue;
        }
        if (info.fileName().startsWith(QLatin1String(".sandbench-main-")))
            continue; // the engine's own copy of --code
        if (++files > m_options.maxWorkdirFiles || m_storedBytes + info.size() > m_options.maxWorkdirBytes)
            return fail(ErrorCode::LimitExceeded, QStringLiteral("the workdir %1 is too large to record (over %2 files or %3 MB)")
                                                          .arg(folder).arg(m_options.maxWorkdirFiles).arg(m_options.maxWorkdirBytes >> 20));
        auto sha = storeFile(path);
        if (!sha)
            return std::unexpected(sha.error());
        m_manifest.workdirFiles.insert(relative, *sha);
    }
    m_manifest.workdirDirs.sort();
    return {};
}

void ExecSessionRecorder::recordEnvironment(const ExecResult &result)
{
    ExecSessionManifest &m = m_manifest;
    const bool values = m_options.recordEnvValues;
    m.environmentValuesRecorded = values;
    QStringList seen;
    for (auto it = m_request.policy.env.cbegin(); it != m_request.policy.env.cend(); ++it) {
        m.environment.append({it.key(), QStringLiteral("policy"), values ? std::optional<QString>(it.value()) : std::nullopt});
        seen << it.key();
    }
    auto addHost = [&](const QString &name) {
        // A secret's variable held a placeholder of the run's own: secretNames keeps it.
        if (seen.contains(name) || m.secretNames.contains(name))
            return;
        seen << name;
        std::optional<QString> value;
        if (values && m_hostEnv.contains(name))
            value = m_hostEnv.value(name);
        m.environment.append({name, QStringLiteral("host"), value});
    };
    for (const QString &name : m_request.policy.permissions.allowEnv)
        addHost(name);
    for (const AuditEvent &event : result.auditEvents) {
        if (event.kind == QLatin1String("env") && !event.resource.isEmpty())
            addHost(event.resource);
    }
    // Names without a recorded value leave the stored policy: a replay takes them from its own
    // environment (see ExecSessionReplayer).
    m.policy.env.clear();
    for (const ExecSessionEnvVar &var : std::as_const(m.environment)) {
        if (var.source == QLatin1String("policy") && var.value)
            m.policy.env.insert(var.name, *var.value);
    }
}

Result<ExecSession> ExecSessionRecorder::finish(const ExecResult &result)
{
    ExecSessionManifest &m = m_manifest;
    QStringList stored;
    for (const AuditEvent &event : result.auditEvents) {
        if (event.kind != QLatin1String("read") || !event.allowed || !QDir::isAbsolutePath(event.resource))
            continue;
        // Sandbench's own files of the run (its seeded crypto shim, its preload) are not the
        // code's input: a replay writes them again, and they go with the run's private folder,
        // which may already be gone by now.
        if (event.rule == QLatin1String("sandbench"))
            continue;
        const QString path = QDir::cleanPath(event.resource);
        if (isInside(path, m.workdir) || path == m.entrypoint || m.inputFiles.contains(path) || stored.contains(path))
            continue;
        stored << path;
        const QFileInfo info(path);
        if (info.isSymLink() || !info.exists()) {
            m.notes << QStringLiteral("read of %1 not recorded (%2)").arg(path, info.exists() ? QStringLiteral("symlink") : QStringLiteral("absent"));
            continue;
        }
        if (info.isDir()) {
            m.notes << QStringLiteral("folder listing of %1 not recorded").arg(path);
            continue;
        }
        if (m_storedBytes + info.size() > m_options.maxWorkdirBytes + m_options.maxInputBytes) {
            m.notes << QStringLiteral("input %1 not recorded: over the size limit").arg(path);
            continue;
        }
        auto sha = storeFile(path);
        if (!sha)
            return std::unexpected(sha.error());
        m.inputFiles.insert(path, *sha);
    }
    recordEnvironment(result);
    if (auto traffic = ExecTraffic::record(m_request, result, m_stagingPath + QStringLiteral("/files"), m); !traffic)
        return std::unexpected(traffic.error());

    auto runtime = locateRuntime(m_config);
    if (runtime) {
        m.runtimeVersion = runtime->version;
        if (auto digest = runtimeDigest(runtime->path, engineCacheDir(m_config)))
            m.runtimeSha256 = *digest;
    }
    if (!result.runtimeVersion.isEmpty())
        m.runtimeVersion = result.runtimeVersion;

    QString packageDir;
    if (!m.policy.allowPackages.isEmpty()) {
        m.packageCacheName = packageCacheName(m.policy.allowPackages);
        packageDir = engineCacheDir(m_config) + QLatin1Char('/') + m.packageCacheName;
        QDirIterator it(packageDir, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString name = QDir(packageDir).relativeFilePath(it.next());
            if (name != QLatin1String(".sandbench-prefetched") && !name.startsWith(QLatin1String("npm/")))
                continue; // see ExecSession::write
            ++m.packageFileCount;
            m.packageBytes += it.fileInfo().size();
        }
    }

    m.outcome.exitCode = result.exitCode;
    m.outcome.timedOut = result.timedOut;
    m.outcome.cancelled = result.cancelled;
    m.outcome.truncated = result.truncated;
    m.outcome.memoryExceeded = result.memoryExceeded;
    m.outcome.durationMs = result.durationMs;
    m.outcome.stdoutTotalBytes = result.stdoutTotalBytes;
    m.outcome.stderrTotalBytes = result.stderrTotalBytes;
    m.outcome.auditEventsDropped = result.auditEventsDropped;
    m.outcome.allowCount = result.allowCount;
    m.outcome.denyCount = result.denyCount;
    if (result.auditEventsDropped > 0)
        m.notes << QStringLiteral("%1 audit events were dropped by the engine's bound").arg(result.auditEventsDropped);

    ExecSession bundle;
    bundle.manifest = m;
    bundle.stdoutData = result.stdoutData;
    bundle.stderrData = result.stderrData;
    bundle.rawStderr = result.rawStderr;
    bundle.auditEvents = result.auditEvents;
    bundle.setContent(m_stagingPath, packageDir, m_staging);
    return bundle;
}

} // namespace Sandbench
