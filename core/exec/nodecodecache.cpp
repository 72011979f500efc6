#include "nodecodecache.h"

#include "common/runfile.h"
#include "exec/processgroup.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QProcess>
#include <QTemporaryDir>

#include <fcntl.h>
#include <unistd.h>

namespace Sandbench {

namespace {

// The runtime's code cache: one SQLite database.
constexpr const char *cacheFile = "v8_code_cache_v2";

// A CommonJS module makes the runtime load its Node compatibility layer, as a package does.
constexpr const char *mainModule = "import \"./layer.cjs\";\n";
constexpr const char *layerModule = "module.exports = {};\n";
// The runtime exits leaving most of its cache in SQLite's write-ahead log (1.8 MB beside a
// 4 KB database here). Copied as it is, every run would copy the log and SQLite would replay
// it: 12 ms slower than one checkpointed file, measured. The runtime's own SQLite folds it in.
constexpr const char *checkpointModule =
        "import { DatabaseSync } from \"node:sqlite\";\n"
        "const db = new DatabaseSync(Deno.args[0]);\n"
        "db.exec(\"PRAGMA journal_mode=DELETE\");\n"
        "db.close();\n";

QProcessEnvironment runtimeEnvironment(const QString &denoDir)
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("DENO_DIR"), denoDir);
    env.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
    env.insert(QStringLiteral("DENO_NO_UPDATE_CHECK"), QStringLiteral("1"));
    env.insert(QStringLiteral("DENO_NO_PACKAGE_JSON"), QStringLiteral("1"));
    return env;
}

// One start of the runtime in the trusted step; "" or what went wrong.
QString runRuntime(const RuntimeInfo &runtime, const QString &denoDir, const QString &workDir, const QStringList &args)
{
    QProcess deno;
    deno.setProcessEnvironment(runtimeEnvironment(denoDir));
    deno.setWorkingDirectory(workDir);
    deno.setChildProcessModifier(leadOwnProcessGroupInChild);
    deno.setStandardInputFile(QProcess::nullDevice());
    deno.start(runtime.path, QStringList{QStringLiteral("run"), QStringLiteral("--no-config"), QStringLiteral("--no-remote"),
                                         QStringLiteral("--cached-only"), QStringLiteral("--no-npm"), QStringLiteral("--no-prompt"),
                                         QStringLiteral("--quiet")}
                                     + args);
    if (deno.waitForFinished(60000) && deno.exitStatus() == QProcess::NormalExit && deno.exitCode() == 0)
        return {};
    killProcessGroup(&deno);
    const QString error = QString::fromUtf8(deno.readAllStandardError()).trimmed();
    return error.isEmpty() ? QStringLiteral("the runtime failed") : error;
}

QString templateDir(const RuntimeInfo &runtime, const QString &cacheDir)
{
    return cacheDir + QStringLiteral("/node-code-cache-") + runtimeBinaryKey(runtime.path);
}

// Runs the pinned runtime on our own two-line module with a cache folder of its own, then puts
// that folder's code cache in place under `dir` in one rename.
bool makeTemplate(const RuntimeInfo &runtime, const QString &dir, const QString &workDir, QString *why)
{
    const QString source = workDir + QStringLiteral("/node-layer");
    if (!QDir().mkpath(source) || !writeRunFile(source + QStringLiteral("/main.mjs"), mainModule)
        || !writeRunFile(source + QStringLiteral("/layer.cjs"), layerModule)) {
        *why = QStringLiteral("cannot write its module in %1").arg(source);
        return false;
    }
    QTemporaryDir made(dir + QStringLiteral(".making-XXXXXX"));
    if (!made.isValid()) {
        *why = QStringLiteral("cannot create a folder next to %1").arg(dir);
        return false;
    }
    const QString layer = source + QStringLiteral("/main.mjs");
    if (const QString error = runRuntime(runtime, made.path(), source, {layer}); !error.isEmpty()) {
        *why = QStringLiteral("the runtime did not compile its Node layer: %1").arg(error);
        return false;
    }
    const QString database = made.filePath(QLatin1String(cacheFile));
    const QString checkpoint = source + QStringLiteral("/checkpoint.mjs");
    if (!writeRunFile(checkpoint, checkpointModule)) {
        *why = QStringLiteral("cannot write %1").arg(checkpoint);
        return false;
    }
    // With a cache folder of its own, so that this run compiles nothing into the template.
    const QString grant = QStringLiteral("=") + made.path();
    if (const QString error = runRuntime(runtime, source + QStringLiteral("/deno"), source,
                                         {QStringLiteral("--allow-read") + grant, QStringLiteral("--allow-write") + grant, checkpoint, database});
        !error.isEmpty()) {
        *why = QStringLiteral("the runtime could not checkpoint its code cache: %1").arg(error);
        return false;
    }
    // Only the database is kept; the folder's other caches describe our module alone.
    const QDir from(made.path());
    for (const QString &name : from.entryList(QDir::Files | QDir::Hidden | QDir::System)) {
        if (name != QLatin1String(cacheFile))
            QFile::remove(from.filePath(name));
    }
    for (const QString &name : from.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden))
        QDir(from.filePath(name)).removeRecursively();
    if (QFileInfo(database).size() <= 0) {
        *why = QStringLiteral("the runtime wrote no code cache");
        return false;
    }
    // Another process may have made the same template meanwhile: then its copy is used.
    if (::rename(QFile::encodeName(made.path()).constData(), QFile::encodeName(dir).constData()) == 0)
        made.setAutoRemove(false);
    return QFileInfo(dir).isDir();
}

} // namespace

NodeCodeCache::~NodeCodeCache()
{
    for (const File &file : std::as_const(files))
        ::close(file.fd);
}

std::shared_ptr<const NodeCodeCache> nodeCodeCache(const RuntimeInfo &runtime, const QString &cacheDir,
                                                   const QString &workDir, QString *why)
{
    // A template that could not be made is not tried again by this process: each try costs two
    // runtime starts, and would repeat in every run with packages.
    static QMutex mutex;
    static QHash<QString, QString> failed;
    const QString dir = templateDir(runtime, cacheDir);
    {
        QMutexLocker lock(&mutex);
        if (const auto it = failed.constFind(dir); it != failed.cend()) {
            if (why)
                *why = *it;
            return nullptr;
        }
    }
    if (QString reason; !QFileInfo(dir).isDir() && !makeTemplate(runtime, dir, workDir, &reason)) {
        QMutexLocker lock(&mutex);
        failed.insert(dir, reason);
        if (why)
            *why = reason;
        return nullptr;
    }
    const int fd = ::open(QFile::encodeName(dir + QLatin1Char('/') + QLatin1String(cacheFile)).constData(),
                          O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        if (why)
            *why = QStringLiteral("%1 has no code cache").arg(dir);
        return nullptr;
    }
    auto cache = std::make_shared<NodeCodeCache>();
    cache->files.append({fd, QLatin1String(cacheFile)});
    return cache;
}

void shareNodeCodeCacheInChild(const NodeCodeCache *cache)
{
    if (!cache)
        return;
    for (qsizetype i = 0; i < cache->files.size(); ++i) {
        const int fd = cache->files.at(i).fd;
        // The offset is shared with the parent's descriptor: each child starts from byte 0.
        ::lseek(fd, 0, SEEK_SET);
        ::fcntl(fd, F_SETFD, 0);
    }
}

} // namespace Sandbench
