#include "namespaceprobe.h"

#include "doctor/proberun.h"
#include "exec/mounttable.h"
#include "exec/namespaceargs.h"
#include "exec/runtimelocator.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <cerrno>
#include <linux/landlock.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace Sandbench {

namespace {

using namespace DoctorLayer;

LayerCheck held(const char *layer, const QString &why) { return {QLatin1String(layer), LayerState::Held, why}; }
LayerCheck missing(const char *layer, const QString &why) { return {QLatin1String(layer), LayerState::Missing, why}; }

QString hostNamespace(const char *name)
{
    struct stat info {};
    if (::stat(QStringLiteral("/proc/self/ns/%1").arg(QLatin1String(name)).toLocal8Bit().constData(), &info) != 0)
        return {};
    return QString::number(info.st_ino);
}

// Its own namespace: readable inside, and not the doctor's.
bool ownNamespace(const ProbeRun &run, const char *name)
{
    const QString inside = run.fact(QStringLiteral("ns.%1").arg(QLatin1String(name)));
    return !inside.isEmpty() && inside != QLatin1String("-") && inside != hostNamespace(name);
}

struct Folders
{
    QTemporaryDir temp{QDir::tempPath() + QStringLiteral("/sandbench-doctor-XXXXXX")};
    QString root, work, priv, deno, hidden, outside;
    bool make()
    {
        if (!temp.isValid())
            return false;
        root = QFileInfo(temp.path()).canonicalFilePath();
        work = root + QStringLiteral("/work");
        priv = root + QStringLiteral("/private");
        deno = root + QStringLiteral("/deno");
        hidden = root + QStringLiteral("/hidden");
        outside = root + QStringLiteral("/outside");
        QFile secret(hidden + QStringLiteral("/secret"));
        QFile other(outside);
        return QDir().mkpath(work) && QDir().mkpath(priv) && QDir().mkpath(deno) && QDir().mkpath(hidden)
                && secret.open(QIODevice::WriteOnly) && other.open(QIODevice::WriteOnly);
    }
};

ProbeRun runInNamespace(const DoctorOptions &options, const QString &bwrap, const QString &launcher,
                        const QString &probe, const Folders &f, bool sandbox, const QStringList &probeArgs)
{
    PolicyMatcher::Setup ms;
    ms.policy.sandbox = sandbox;
    ms.baseDir = f.root;
    ms.workdir = f.work;
    NamespaceSetup ns;
    ns.runtimePath = probe;
    ns.denoDir = f.deno;
    ns.privateDir = f.priv;
    ns.workdir = f.work;
    ns.launcherPath = launcher;
    if (!sandbox)
        ns.hiddenPaths = {f.hidden};
    const QStringList args = namespaceArguments(ns, PolicyMatcher(ms)) << probe << QStringLiteral("facts") << probeArgs;
    return runProbe(bwrap, args, options.probeTimeoutMs, privateMountTableInChild);
}

QString startFailure(const ProbeRun &run)
{
    return QStringLiteral("the probe did not run in the namespace (exit %1): %2").arg(run.exitCode).arg(run.lastError());
}

} // namespace

QList<LayerCheck> probeNamespaces(const DoctorOptions &options, const QString &probePath)
{
    const QStringList layers = {QLatin1String(userNamespace), QLatin1String(pidNamespace), QLatin1String(mountNamespace),
                                QLatin1String(networkNamespace), QLatin1String(capabilities),
                                QLatin1String(noNewPrivileges), QLatin1String(landlock)};
    auto allMissing = [&](const QString &why) {
        QList<LayerCheck> out;
        for (const QString &layer : layers)
            out.append({layer, LayerState::Missing, why});
        return out;
    };
    QString bwrap = options.bwrapPath;
    if (bwrap.isEmpty()) {
        auto found = locateBubblewrap();
        if (!found)
            return allMissing(found.error().message);
        bwrap = *found;
    }
    QString launcher = options.launcherPath;
    if (launcher.isEmpty()) {
        auto found = locateLauncher();
        if (!found)
            return allMissing(found.error().message);
        launcher = *found;
    }
    Folders f;
    if (!f.make())
        return allMissing(QStringLiteral("cannot create the probe's folders in %1").arg(QDir::tempPath()));
    const QString copy = f.work + QStringLiteral("/probe-copy");
    if (!QFile::copy(probePath, copy))
        return allMissing(QStringLiteral("cannot copy %1 into %2").arg(probePath, f.work));

    const ProbeRun open = runInNamespace(options, bwrap, launcher, probePath, f, false,
                                         {QStringLiteral("--path"), f.hidden + QStringLiteral("/secret")});
    const ProbeRun boxed = runInNamespace(options, bwrap, launcher, probePath, f, true,
                                          {QStringLiteral("--path"), f.outside, QStringLiteral("--path"), copy,
                                           QStringLiteral("--try-exec"), probePath, QStringLiteral("--try-exec"), copy});
    QList<LayerCheck> out;
    const bool openRan = open.exitCode == 0 && open.facts.contains(QStringLiteral("pid"));
    const bool boxedRan = boxed.exitCode == 0 && boxed.facts.contains(QStringLiteral("pid"));

    // User: as root bubblewrap makes none (it drops every capability instead, checked below).
    if (!openRan)
        out << missing(userNamespace, startFailure(open));
    else if (ownNamespace(open, "user"))
        out << held(userNamespace, QStringLiteral("the runtime's user namespace is not the host's"));
    else if (::geteuid() == 0)
        out << LayerCheck{QLatin1String(userNamespace), LayerState::NotApplicable,
                          QStringLiteral("Sandbench runs as root: bubblewrap makes no user namespace, it drops every capability instead")};
    else
        out << missing(userNamespace, QStringLiteral("the runtime shares the host's user namespace"));

    const int pid = open.fact(QStringLiteral("pid")).toInt();
    if (!openRan)
        out << missing(pidNamespace, startFailure(open));
    else if (ownNamespace(open, "pid") && pid > 0 && pid <= 2)
        out << held(pidNamespace, QStringLiteral("the runtime is pid %1 of a PID namespace of its own").arg(pid));
    else
        out << missing(pidNamespace, QStringLiteral("the runtime shares the host's PID namespace (it is pid %1 there)").arg(pid));

    const bool hiddenEmpty = open.facts.value(QStringLiteral("path")).value(0).endsWith(QLatin1String(" absent"));
    const bool outsideAbsent = boxed.facts.value(QStringLiteral("path")).value(0).endsWith(QLatin1String(" absent"));
    const bool copyPresent = boxed.facts.value(QStringLiteral("path")).value(1).endsWith(QLatin1String(" exists"));
    if (!openRan || !boxedRan)
        out << missing(mountNamespace, startFailure(openRan ? boxed : open));
    else if (!ownNamespace(open, "mnt") || !hiddenEmpty)
        out << missing(mountNamespace, QStringLiteral("a hidden folder's file is still there in the runtime's namespace"));
    else if (!outsideAbsent || !copyPresent)
        out << missing(mountNamespace, QStringLiteral("a --sandbox run sees %1").arg(outsideAbsent ? QStringLiteral("no granted file")
                                                                                                    : QStringLiteral("a file outside every grant")));
    else
        out << held(mountNamespace, QStringLiteral("a mount namespace of its own: a hidden folder is empty, a file outside every grant is absent, the workdir is there"));

    const QStringList interfaces = open.facts.value(QStringLiteral("netif"));
    if (!openRan)
        out << missing(networkNamespace, startFailure(open));
    else if (ownNamespace(open, "net") && interfaces == QStringList{QStringLiteral("lo")})
        out << held(networkNamespace, QStringLiteral("a network namespace of its own with only lo"));
    else
        out << missing(networkNamespace, QStringLiteral("the runtime sees the network interfaces %1").arg(interfaces.join(QLatin1Char(','))));

    if (!boxedRan)
        out << missing(capabilities, startFailure(boxed));
    else if (boxed.fact(QStringLiteral("capeff")) == QLatin1String("0"))
        out << held(capabilities, QStringLiteral("the runtime holds no capability"));
    else
        out << missing(capabilities, QStringLiteral("the runtime holds capabilities %1").arg(boxed.fact(QStringLiteral("capeff"))));

    if (!boxedRan)
        out << missing(noNewPrivileges, startFailure(boxed));
    else if (boxed.fact(QStringLiteral("nnp")) == QLatin1String("1") && open.fact(QStringLiteral("nnp")) == QLatin1String("1"))
        out << held(noNewPrivileges, QStringLiteral("NoNewPrivs is set in the runtime"));
    else
        out << missing(noNewPrivileges, QStringLiteral("NoNewPrivs is not set in the runtime: a set-uid binary would gain privileges"));

    const long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
    const QStringList execs = boxed.facts.value(QStringLiteral("exec"));
    const bool allowedRan = execs.value(0) == probePath + QStringLiteral(" ok");
    const bool otherRefused = execs.value(1) == copy + QStringLiteral(" error %1").arg(EACCES);
    if (abi < 1)
        out << missing(landlock, QStringLiteral("the kernel offers no Landlock (%1): a policy naming programs cannot run").arg(QString::fromLocal8Bit(std::strerror(errno))));
    else if (!boxedRan)
        out << missing(landlock, startFailure(boxed));
    else if (!allowedRan)
        out << missing(landlock, QStringLiteral("the allowed program did not run (%1)").arg(execs.value(0)));
    else if (!otherRefused)
        out << missing(landlock, QStringLiteral("a program outside the rule was not refused (%1): the launcher applied no rule").arg(execs.value(1)));
    else
        out << held(landlock, QStringLiteral("ABI %1; an exec outside the rule was refused (EACCES), the allowed one ran").arg(abi));
    return out;
}

} // namespace Sandbench
