#include "namespaceargs.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSaveFile>

#include <algorithm>

namespace Sandbench {

namespace {

// The nearest folder that exists: a rule may name a file that the code is about to create.
QString existingAncestor(const QString &path)
{
    QFileInfo info(path);
    while (!info.exists() && info.absolutePath() != info.absoluteFilePath())
        info = QFileInfo(info.absolutePath());
    return info.absoluteFilePath();
}

} // namespace

QStringList namespaceArguments(const NamespaceSetup &setup, const PolicyMatcher &matcher)
{
    QStringList args = {QStringLiteral("--unshare-pid"), QStringLiteral("--unshare-ipc"),
                        QStringLiteral("--unshare-uts"), QStringLiteral("--unshare-cgroup-try"),
                        QStringLiteral("--die-with-parent"), QStringLiteral("--new-session")};
    if (!setup.anyNetwork)
        args << QStringLiteral("--unshare-net");
    if (matcher.everyFileReadable()) {
        // No file rules to enforce by mounts: the broker alone decides, the namespace contains.
        args << QStringLiteral("--dev-bind") << QStringLiteral("/") << QStringLiteral("/")
             << QStringLiteral("--proc") << QStringLiteral("/proc");
    } else {
        args << QStringLiteral("--proc") << QStringLiteral("/proc") << QStringLiteral("--dev") << QStringLiteral("/dev")
             << QStringLiteral("--tmpfs") << QStringLiteral("/tmp");
        auto roBind = [&args](const QString &from, const QString &to) {
            args << QStringLiteral("--ro-bind") << from << to;
        };
        roBind(setup.runtimePath, setup.runtimePath);
        for (const QString &library : setup.runtimeLibraries)
            roBind(QFileInfo(library).canonicalFilePath(), library);
        if (setup.anyNetwork) {
            for (const char *file : {"/etc/resolv.conf", "/etc/hosts", "/etc/nsswitch.conf", "/etc/ssl/certs",
                                     "/usr/share/ca-certificates", "/etc/ca-certificates"})
                args << QStringLiteral("--ro-bind-try") << QLatin1String(file) << QLatin1String(file);
        }
        if (setup.anyProgram) {
            for (const char *dir : {"/usr", "/bin", "/lib", "/lib64", "/sbin", "/etc/alternatives"})
                args << QStringLiteral("--ro-bind-try") << QLatin1String(dir) << QLatin1String(dir);
        }
        // Shorter paths first, so a rule inside another keeps its own mode.
        struct Mount { QString path; bool writable; };
        std::vector<Mount> mounts;
        // A rule for a path that a copy is mounted at (a replay's input file) mounts nothing of
        // the host: neither the host's file nor, where it is absent, a parent folder of it.
        QStringList overlaid;
        for (const FileOverlay &overlay : setup.overlays)
            overlaid << QDir::cleanPath(overlay.target);
        // Likewise the workdir of a replay (and what is inside it), mounted from its copy: where
        // it does not exist here,
        // its nearest existing parent (often "/") would otherwise be bound writable, and bwrap
        // would create the mount point on the host through it.
        auto fromElsewhere = [&](const std::string &path) {
            const QString rulePath = QString::fromStdString(path);
            return overlaid.contains(rulePath)
                    || (!setup.workdirSource.isEmpty()
                        && (rulePath == setup.workdir || rulePath.startsWith(setup.workdir + QLatin1Char('/'))));
        };
        for (const auto &rule : matcher.readRules()) {
            if (!fromElsewhere(rule.path))
                mounts.push_back({existingAncestor(QString::fromStdString(rule.path)), false});
        }
        for (const auto &rule : matcher.writeRules()) {
            if (!fromElsewhere(rule.path))
                mounts.push_back({existingAncestor(QString::fromStdString(rule.path)), true});
        }
        std::stable_sort(mounts.begin(), mounts.end(), [](const Mount &a, const Mount &b) {
            return a.path.size() < b.path.size() || (a.path.size() == b.path.size() && !a.writable && b.writable);
        });
        for (const Mount &mount : mounts) {
            if (!setup.workdirSource.isEmpty() && mount.path == setup.workdir)
                continue; // mounted from its source below
            args << (mount.writable ? QStringLiteral("--bind-try") : QStringLiteral("--ro-bind-try")) << mount.path << mount.path;
        }
        args << QStringLiteral("--ro-bind") << setup.privateDir << setup.privateDir;
        args << QStringLiteral("--bind") << setup.denoDir << setup.denoDir;
    }
    if (!setup.workdirSource.isEmpty())
        args << QStringLiteral("--bind") << setup.workdirSource << setup.workdir;
    for (const FileOverlay &overlay : setup.overlays)
        args << (overlay.writable ? QStringLiteral("--bind") : QStringLiteral("--ro-bind")) << overlay.source << overlay.target;
    args << QStringLiteral("--chdir") << setup.workdir;
    return args;
}

Result<QStringList> runtimeLibraries(const QString &runtimePath, const QString &cacheFile)
{
    QFile cached(cacheFile);
    if (cached.open(QIODevice::ReadOnly)) {
        const QStringList lines = QString::fromUtf8(cached.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        if (!lines.isEmpty())
            return lines;
    }
    QProcess ldd;
    ldd.start(QStringLiteral("ldd"), {runtimePath});
    if (!ldd.waitForFinished(20000) || ldd.exitCode() != 0)
        return fail(ErrorCode::EnvironmentError, QStringLiteral("cannot list the libraries of %1 with ldd").arg(runtimePath));
    static const QRegularExpression path(QStringLiteral("(/[^ ]+) \\(0x"));
    QStringList libraries;
    auto matches = path.globalMatch(QString::fromUtf8(ldd.readAllStandardOutput()));
    while (matches.hasNext())
        libraries << matches.next().captured(1);
    if (libraries.isEmpty())
        return fail(ErrorCode::EnvironmentError, QStringLiteral("ldd found no loader for %1").arg(runtimePath));
    QDir().mkpath(QFileInfo(cacheFile).absolutePath());
    QSaveFile save(cacheFile);
    if (save.open(QIODevice::WriteOnly)) {
        save.write(libraries.join(QLatin1Char('\n')).toUtf8());
        save.commit();
    }
    return libraries;
}

} // namespace Sandbench
