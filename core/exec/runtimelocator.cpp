#include "runtimelocator.h"

#include "common/helperprogram.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>

namespace Sandbench {

namespace {

QStringList candidates(const ExecEngineConfig &config)
{
    if (!config.runtimePath.isEmpty())
        return {config.runtimePath};
    const QString fromEnv = qEnvironmentVariable("SANDBENCH_DENO");
    if (!fromEnv.isEmpty())
        return {fromEnv};
    QStringList out;
    if (QCoreApplication::instance())
        out << QCoreApplication::applicationDirPath() + QStringLiteral("/../lib/sandbench/deno");
    QString prefix = qEnvironmentVariable("SANDBENCH_PREFIX");
    if (prefix.isEmpty())
        prefix = QStringLiteral("/opt/sandbench");
    out << prefix + QStringLiteral("/bin/deno");
    return out;
}

QString probeVersion(const QString &path, QString *error)
{
    QProcess process;
    process.setProcessEnvironment(QProcessEnvironment());
    process.start(path, {QStringLiteral("--version")});
    if (!process.waitForFinished(20000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        process.kill();
        *error = QStringLiteral("the runtime at %1 does not start (%2)").arg(path, process.errorString());
        return {};
    }
    static const QRegularExpression versionLine(QStringLiteral("^deno ([0-9]+)\\.([0-9]+)\\.([0-9]+)"));
    const QRegularExpressionMatch match = versionLine.match(QString::fromUtf8(process.readAllStandardOutput()));
    if (!match.hasMatch()) {
        *error = QStringLiteral("%1 is not a Deno binary (its --version does not say \"deno X.Y.Z\")").arg(path);
        return {};
    }
    const int major = match.captured(1).toInt();
    const int minor = match.captured(2).toInt();
    if (major < 2 || (major == 2 && minor < 9)) {
        *error = QStringLiteral("%1 is Deno %2; Sandbench needs 2.9 or later (the permission broker)")
                         .arg(path, match.captured(0).mid(5));
        return {};
    }
    return match.captured(0).mid(5);
}

} // namespace

QString engineCacheDir(const ExecEngineConfig &config)
{
    if (!config.cacheDir.isEmpty())
        return config.cacheDir;
    const QString fromEnv = qEnvironmentVariable("SANDBENCH_CACHE_DIR");
    if (!fromEnv.isEmpty())
        return fromEnv;
    QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    if (base.isEmpty())
        base = QDir::tempPath();
    return base + QStringLiteral("/sandbench");
}

QString runtimeBinaryKey(const QString &path)
{
    const QFileInfo info(path);
    return QString::fromLatin1(QCryptographicHash::hash(path.toUtf8() + '|' + QByteArray::number(info.size()) + '|'
                                                            + QByteArray::number(info.lastModified().toMSecsSinceEpoch()),
                                                    QCryptographicHash::Sha256)
                                       .toHex()
                                       .left(24));
}

Result<RuntimeInfo> locateRuntime(const ExecEngineConfig &config)
{
    const QStringList paths = candidates(config);
    QString path;
    for (const QString &candidate : paths) {
        const QFileInfo info(candidate);
        if (info.isFile() && info.isExecutable()) {
            path = info.canonicalFilePath();
            break;
        }
    }
    if (path.isEmpty()) {
        return fail(ErrorCode::EnvironmentError,
                    QStringLiteral("Deno runtime not found (looked at %1); run scripts/setup or set SANDBENCH_DENO")
                            .arg(paths.join(QStringLiteral(", "))));
    }
    const QString stamp = engineCacheDir(config) + QStringLiteral("/runtime-") + runtimeBinaryKey(path);
    QFile cached(stamp);
    if (cached.open(QIODevice::ReadOnly)) {
        const QString version = QString::fromUtf8(cached.readAll()).trimmed();
        if (!version.isEmpty())
            return RuntimeInfo{path, version};
    }
    QString error;
    const QString version = probeVersion(path, &error);
    if (version.isEmpty())
        return fail(ErrorCode::EnvironmentError, error);
    QDir().mkpath(QFileInfo(stamp).absolutePath());
    // Atomic: two runs starting at once must never read a half-written version.
    QSaveFile save(stamp);
    if (save.open(QIODevice::WriteOnly)) {
        save.write(version.toUtf8());
        save.commit();
    }
    return RuntimeInfo{path, version};
}

Result<QString> locateLauncher()
{
    return locateHelperProgram(QStringLiteral("sandbench-launch"), "SANDBENCH_LAUNCHER",
                               QStringLiteral(SANDBENCH_LAUNCHER_INSTALL_PATH),
                               QStringLiteral(SANDBENCH_LAUNCHER_BUILD_PATH));
}

Result<QString> locateBubblewrap()
{
    const QString path = QStandardPaths::findExecutable(QStringLiteral("bwrap"),
                                                        {QStringLiteral("/usr/bin"), QStringLiteral("/usr/local/bin"), QStringLiteral("/bin")});
    if (path.isEmpty())
        return fail(ErrorCode::EnvironmentError,
                    QStringLiteral("bubblewrap (bwrap) is not installed; the runtime must run in its own namespaces (run scripts/setup or apt-get install bubblewrap)"));
    return path;
}

} // namespace Sandbench
