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

struct Mount
{
    QString path;
    bool writable;
};

// Each grant that exists, in its own mode, and nothing around it: a rule naming a file that does
// not exist yet mounts nothing (binding its parent would show the parent's other files), and a
// read grant is read-only even when a race makes the broker's answer apply to another path.
// Shorter paths first, so a rule inside another keeps its own mode; for the same path the
// writable mount comes last and wins, as it does in the matcher.
std::vector<Mount> grantMounts(const PolicyMatcher &matcher)
{
    std::vector<Mount> mounts;
    for (const auto &rule : matcher.readRules())
        mounts.push_back({QString::fromStdString(rule.path), false});
    for (const auto &rule : matcher.writeRules())
        mounts.push_back({QString::fromStdString(rule.path), true});
    std::erase_if(mounts, [](const Mount &m) { return !QFileInfo::exists(m.path); });
    std::stable_sort(mounts.begin(), mounts.end(), [](const Mount &a, const Mount &b) {
        return a.path.size() < b.path.size() || (a.path.size() == b.path.size() && !a.writable && b.writable);
    });
    return mounts;
}

bool within(const QString &path, const QString &root)
{
    return path == root || path.startsWith(root + QLatin1Char('/'));
}

// Files copied into the run's own cache tmpfs, from descriptors bubblewrap reads to the end.
void copyIntoDenoDir(QStringList &args, const NamespaceSetup &setup)
{
    for (const auto &[fd, name] : setup.denoDirCopies)
        args << QStringLiteral("--file") << QString::number(fd) << setup.denoDir + QLatin1Char('/') + name;
}

} // namespace

QStringList namespaceArguments(const NamespaceSetup &setup, const PolicyMatcher &matcher)
{
    // Capabilities dropped: run as root, bwrap would otherwise hand the runtime (and any program
    // it may start) every capability of the host's user namespace, mount and ptrace included.
    QStringList args = {QStringLiteral("--unshare-pid"), QStringLiteral("--unshare-ipc"),
                        QStringLiteral("--unshare-uts"), QStringLiteral("--unshare-cgroup-try"),
                        QStringLiteral("--die-with-parent"), QStringLiteral("--new-session"),
                        QStringLiteral("--cap-drop"), QStringLiteral("ALL")};
    if (!setup.anyNetwork)
        args << QStringLiteral("--unshare-net");
    auto roBind = [&args](const QString &from, const QString &to) {
        args << QStringLiteral("--ro-bind") << from << to;
    };
    if (matcher.everyFileReadable()) {
        // No file rules to enforce by mounts: the broker alone decides, the namespace contains.
        args << QStringLiteral("--dev-bind") << QStringLiteral("/") << QStringLiteral("/")
             << QStringLiteral("--proc") << QStringLiteral("/proc");
        if (!setup.hiddenPaths.isEmpty())
            args << QStringLiteral("--dev") << QStringLiteral("/dev") << QStringLiteral("--tmpfs") << QStringLiteral("/sys")
                 << QStringLiteral("--remount-ro") << QStringLiteral("/sys");
        for (const QString &path : setup.hiddenPaths) {
            const QFileInfo info(path);
            if (!info.exists() || info.isSymLink() || within(setup.privateDir, path))
                continue;
            if (info.isDir())
                args << QStringLiteral("--tmpfs") << path << QStringLiteral("--remount-ro") << path;
            else
                roBind(QStringLiteral("/dev/null"), path);
        }
        for (const QString &root : setup.reservedPaths) {
            if (!QFileInfo(root).isDir())
                continue;
            args << QStringLiteral("--tmpfs") << root;
            if (within(setup.workdir, root))
                args << QStringLiteral("--bind") << setup.workdir << setup.workdir;
            if (within(setup.privateDir, root))
                roBind(setup.privateDir, setup.privateDir);
        }
        args << QStringLiteral("--tmpfs") << setup.denoDir;
        copyIntoDenoDir(args, setup);
    } else {
        // No procfs: it would show the runtime's environment, command line and the host paths of
        // every mount to a static import, which no broker sees. The runtime only needs to find
        // itself (/proc/self/exe, read by node:process), so /proc holds that one link, read-only.
        args << QStringLiteral("--dev") << QStringLiteral("/dev") << QStringLiteral("--tmpfs") << QStringLiteral("/tmp")
             << QStringLiteral("--tmpfs") << QStringLiteral("/proc") << QStringLiteral("--dir") << QStringLiteral("/proc/self")
             << QStringLiteral("--symlink") << setup.runtimePath << QStringLiteral("/proc/self/exe")
             << QStringLiteral("--remount-ro") << QStringLiteral("/proc");
        roBind(setup.runtimePath, setup.runtimePath);
        for (const QString &library : setup.runtimeLibraries)
            roBind(QFileInfo(library).canonicalFilePath(), library);
        if (setup.anyNetwork) {
            // Name resolution only; certificates come from the runtime's own store (mozilla).
            for (const char *file : {"/etc/resolv.conf", "/etc/hosts", "/etc/nsswitch.conf"})
                args << QStringLiteral("--ro-bind-try") << QLatin1String(file) << QLatin1String(file);
        }
        if (setup.anyProgram) {
            for (const char *dir : {"/usr", "/bin", "/lib", "/lib64", "/sbin", "/etc/alternatives"})
                args << QStringLiteral("--ro-bind-try") << QLatin1String(dir) << QLatin1String(dir);
        }
        std::vector<Mount> mounts = grantMounts(matcher);
        // A rule for a path that a copy is mounted at (a replay's input file) mounts nothing of
        // the host, and neither does one for a replay's workdir (or what is inside it), which is
        // mounted from its copy below.
        QStringList overlaid;
        for (const FileOverlay &overlay : setup.overlays)
            overlaid << QDir::cleanPath(overlay.target);
        std::erase_if(mounts, [&](const Mount &m) {
            return overlaid.contains(m.path) || (!setup.workdirSource.isEmpty() && within(m.path, setup.workdir));
        });
        for (const Mount &mount : mounts) {
            if (!setup.workdirSource.isEmpty() && mount.path == setup.workdir)
                continue; // mounted from its source below
            args << (mount.writable ? QStringLiteral("--bind") : QStringLiteral("--ro-bind")) << mount.path << mount.path;
        }
        // What Sandbench protects is hidden even inside a grant (an audit log in the workdir):
        // the broker denies it, and a race that gets past the broker finds an empty stand-in.
        for (const QString &path : setup.protectedPaths) {
            const QFileInfo info(path);
            const bool granted = std::any_of(mounts.begin(), mounts.end(), [&](const Mount &m) { return within(path, m.path); });
            if (!granted || !info.exists() || within(setup.privateDir, path))
                continue;
            if (info.isDir())
                args << QStringLiteral("--tmpfs") << path << QStringLiteral("--remount-ro") << path;
            else
                roBind(QStringLiteral("/dev/null"), path);
        }
        // Every other run's and session's private files are out of sight even under a grant of
        // a folder that holds them (/tmp, /run/user): an empty folder over them, then this run's
        // own mounts inside it again (its workdir, its private folder below).
        for (const QString &root : setup.reservedPaths) {
            const bool reached = std::any_of(mounts.begin(), mounts.end(), [&](const Mount &m) {
                return within(root, m.path) || within(m.path, root);
            });
            if (!reached || !QFileInfo(root).isDir())
                continue;
            args << QStringLiteral("--tmpfs") << root;
            for (const Mount &mount : mounts) {
                if (within(mount.path, root) && within(mount.path, setup.workdir) && setup.workdirSource.isEmpty())
                    args << (mount.writable ? QStringLiteral("--bind") : QStringLiteral("--ro-bind")) << mount.path << mount.path;
            }
        }
        roBind(setup.privateDir, setup.privateDir);
        args << QStringLiteral("--tmpfs") << setup.denoDir;
        copyIntoDenoDir(args, setup);
    }
    // Packages fetched in the trusted step are shared between runs of the same allow list, so
    // they are read-only; everything else the runtime writes to its cache stays with this run.
    if (!setup.sharedPackages.isEmpty())
        roBind(setup.sharedPackages, setup.denoDir + QStringLiteral("/npm"));
    if (!setup.workdirSource.isEmpty())
        args << QStringLiteral("--bind") << setup.workdirSource << setup.workdir;
    for (const FileOverlay &overlay : setup.overlays)
        args << (overlay.writable ? QStringLiteral("--bind") : QStringLiteral("--ro-bind")) << overlay.source << overlay.target;
    roBind(setup.launcherPath, setup.launcherPath);
    args << QStringLiteral("--chdir") << setup.workdir;
    args << QStringLiteral("--") << setup.launcherPath;
    if (setup.proxyRelay)
        args << QStringLiteral("--relay") << QString::number(setup.proxyRelay->first) << setup.proxyRelay->second;
    if (matcher.everyProgram()) {
        args << QStringLiteral("--any-program");
    } else {
        QStringList executables = {setup.runtimePath};
        for (const QString &library : setup.runtimeLibraries) {
            if (QFileInfo(library).fileName().startsWith(QLatin1String("ld-linux")))
                executables << library;
        }
        for (const std::string &program : matcher.allowedPrograms()) {
            const QString path = QString::fromStdString(program);
            executables << path << scriptInterpreter(path);
        }
        executables.removeAll(QString());
        executables.removeDuplicates();
        for (const QString &file : std::as_const(executables))
            args << QStringLiteral("--exec") << file;
    }
    args << QStringLiteral("--");
    return args;
}

QString scriptInterpreter(const QString &program)
{
    QFile file(program);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray head = file.read(256);
    if (!head.startsWith("#!"))
        return {};
    const QByteArray line = head.mid(2, head.indexOf('\n') < 0 ? -1 : head.indexOf('\n') - 2).trimmed();
    const QString interpreter = QString::fromLocal8Bit(line.left(line.indexOf(' ') < 0 ? line.size() : line.indexOf(' ')));
    return QString::fromStdString(PolicyMatcher::resolveProgram(interpreter, "/"));
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
