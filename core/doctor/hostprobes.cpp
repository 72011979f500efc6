#include "hostprobes.h"

#include "doctor/proberun.h"
#include "exec/runlimits.h"
#include "exec/runtimelocator.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <atomic>

namespace Sandbench {

namespace {

using namespace DoctorLayer;

constexpr int memoryCapMiB = 32;
constexpr int memoryAskMiB = 256;
constexpr int taskCap = 8;
constexpr int tasksAsked = 32;

QString cgroupName(const char *what)
{
    static std::atomic<int> counter{0};
    return QStringLiteral("doctor-%1-%2-%3").arg(QCoreApplication::applicationPid()).arg(QLatin1String(what)).arg(++counter);
}

QString rootOf(const DoctorOptions &options)
{
    return options.cgroupRoot.isEmpty() ? RunLimits::defaultCgroupRoot() : options.cgroupRoot;
}

LayerCheck probeMemoryCgroup(const DoctorOptions &options, const QString &probe)
{
    const QLatin1String layer(DoctorLayer::memoryCgroup);
    RunLimits limits;
    limits.setCgroupRoot(rootOf(options));
    limits.setMemoryLimit(cgroupName("memory"), qint64(memoryCapMiB) * 1024 * 1024);
    if (!limits.memoryCgroupActive())
        return {layer, LayerState::Missing,
                QStringLiteral("cannot create a memory cgroup under %1 (needs the cgroup v1 memory controller, or v2 with memory "
                               "delegated to this user): --max-memory would cap the heap only").arg(rootOf(options))};
    const RunLimits *in = &limits;
    const ProbeRun run = runProbe(probe, {QStringLiteral("memory"), QString::number(memoryAskMiB)}, options.probeTimeoutMs,
                                  [in] { in->applyInChild(); });
    if (run.facts.contains(QStringLiteral("allocated")))
        return {layer, LayerState::Missing, QStringLiteral("a process in a %1 MiB cgroup touched %2 MiB").arg(memoryCapMiB).arg(memoryAskMiB)};
    if (!run.crashed || !limits.memoryExceeded())
        return {layer, LayerState::Missing, QStringLiteral("the memory probe did not end by the cgroup's kill (exit %1): %2")
                                                    .arg(run.exitCode).arg(run.lastError())};
    return {layer, LayerState::Held, QStringLiteral("a process asking for %1 MiB in a %2 MiB cgroup was killed there")
                                             .arg(memoryAskMiB).arg(memoryCapMiB)};
}

LayerCheck probePidsCgroup(const DoctorOptions &options, const QString &probe)
{
    const QLatin1String layer(DoctorLayer::pidsCgroup);
    RunLimits limits;
    limits.setCgroupRoot(rootOf(options));
    limits.setTaskLimit(cgroupName("pids"), taskCap);
    if (!limits.taskCgroupActive())
        return {layer, LayerState::Missing,
                QStringLiteral("cannot create a pids cgroup under %1 (needs the cgroup v1 pids controller, or v2 with pids "
                               "delegated to this user): a run's processes would be unbounded").arg(rootOf(options))};
    const RunLimits *in = &limits;
    const ProbeRun run = runProbe(probe, {QStringLiteral("tasks"), QString::number(tasksAsked)}, options.probeTimeoutMs,
                                  [in] { in->applyInChild(); });
    const QStringList counts = run.fact(QStringLiteral("started")).split(QLatin1Char(' '));
    const int started = counts.value(0).toInt();
    const int refused = counts.value(2).toInt();
    if (run.exitCode != 0 || counts.size() != 3)
        return {layer, LayerState::Missing, QStringLiteral("the task probe failed (exit %1): %2").arg(run.exitCode).arg(run.lastError())};
    if (refused == 0 || started >= taskCap || !limits.tasksExceeded())
        return {layer, LayerState::Missing, QStringLiteral("%1 of %2 processes started in a cgroup of %3 tasks").arg(started).arg(tasksAsked).arg(taskCap)};
    return {layer, LayerState::Held, QStringLiteral("%1 of %2 forks refused in a cgroup of %3 tasks").arg(refused).arg(tasksAsked).arg(taskCap)};
}

} // namespace

QList<LayerCheck> probeCgroups(const DoctorOptions &options, const QString &probePath)
{
    return {probeMemoryCgroup(options, probePath), probePidsCgroup(options, probePath)};
}

QList<LayerCheck> probeRuntime(const DoctorOptions &options)
{
    const QLatin1String checksum(runtimeChecksum);
    const QLatin1String needsBroker(runtimeNeedsBroker);
    auto runtime = locateRuntime(options.engine);
    if (!runtime)
        return {{checksum, LayerState::Missing, runtime.error().message}, {needsBroker, LayerState::Missing, runtime.error().message}};
    QList<LayerCheck> out;
    QFile file(runtime->path);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!file.open(QIODevice::ReadOnly) || !hash.addData(&file))
        out.append({checksum, LayerState::Missing, QStringLiteral("cannot read %1").arg(runtime->path)});
    else if (const QString sum = QString::fromLatin1(hash.result().toHex()); sum != options.runtimeSha256)
        out.append({checksum, LayerState::Missing, QStringLiteral("%1 has sha256 %2, not the pinned %3").arg(runtime->path, sum, options.runtimeSha256)});
    else
        out.append({checksum, LayerState::Held, QStringLiteral("%1 is the pinned Deno %2 (sha256 %3)")
                                                        .arg(runtime->path, QLatin1String(SANDBENCH_DENO_VERSION), sum.left(12))});

    // Code that asks for a permission: without its broker the runtime must not get that far.
    QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/sandbench-doctor-XXXXXX"));
    const QString script = dir.path() + QStringLiteral("/probe.js");
    QFile code(script);
    if (!dir.isValid() || !code.open(QIODevice::WriteOnly)
        || code.write("console.log('STARTED'); try { Deno.readTextFileSync('/etc/hostname'); console.log('READ'); } "
                      "catch (e) { console.log('REFUSED ' + e.name); }\n") < 0) {
        out.append({needsBroker, LayerState::Missing, QStringLiteral("cannot write the probe script in %1").arg(QDir::tempPath())});
        return out;
    }
    code.close();
    QProcessEnvironment env;
    env.insert(QStringLiteral("DENO_DIR"), dir.path() + QStringLiteral("/deno"));
    env.insert(QStringLiteral("HOME"), dir.path());
    env.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
    env.insert(QStringLiteral("DENO_NO_UPDATE_CHECK"), QStringLiteral("1"));
    env.insert(QStringLiteral("DENO_PERMISSION_BROKER_PATH"), dir.path() + QStringLiteral("/gone.sock"));
    const ProbeRun run = runProbe(runtime->path, {QStringLiteral("run"), QStringLiteral("--no-remote"), script},
                                  options.probeTimeoutMs, {}, env);
    if (!run.started)
        out.append({needsBroker, LayerState::Missing, run.error});
    else if (run.out.contains("STARTED") || run.exitCode == 0)
        out.append({needsBroker, LayerState::Missing, QStringLiteral("with its broker socket gone the runtime ran the code (exit %1%2)")
                                                          .arg(run.exitCode).arg(run.out.contains("READ") ? QStringLiteral(", and it read a file") : QString())});
    else
        out.append({needsBroker, LayerState::Held, QStringLiteral("with its broker socket gone the runtime refused to start (exit %1: %2)")
                                                         .arg(run.exitCode).arg(run.lastError())});
    return out;
}

} // namespace Sandbench
