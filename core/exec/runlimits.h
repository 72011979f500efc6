#pragma once

#include "common/result.h"
#include "policy/policy.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace Sandbench {

// Range checks of every limit of a run, the engine's own: the CLI and the policy file check the
// same ranges, but the GUI, the Workbench and the agent server build requests directly, and an
// unchecked value does harm here (a negative workdir cap becomes no file size limit and a run
// stopped at its first check, a task cap of 0 a run that cannot start). Errors name the option
// and the value.
VoidResult checkRunLimits(const Policy &policy);

// Limits that count the whole run, not only the JavaScript heap: a memory cgroup around the
// runtime and everything it starts (ArrayBuffers, Workers, children, files in its /tmp), and
// a cap on what the workdir holds. The cgroup exists where the machine lets Sandbench create
// one (cgroup v1 memory controller or cgroup v2 with memory enabled, as root or delegated);
// memoryCgroupActive() says whether it does, and a run fails closed without it
// (ExecRun::setUpLimits) unless its policy accepts the missing layer.
class RunLimits
{
public:
    RunLimits() = default;
    ~RunLimits();
    RunLimits(const RunLimits &) = delete;
    RunLimits &operator=(const RunLimits &) = delete;

    // Where the cgroup file system is mounted (the doctor's tests point it elsewhere); set
    // before the limits.
    void setCgroupRoot(const QString &root) { m_root = root; }
    static QString defaultCgroupRoot() { return QStringLiteral("/sys/fs/cgroup"); }

    // Creates the cgroup `name` limited to `bytes` (none: no cgroup).
    void setMemoryLimit(const QString &name, std::optional<qint64> bytes);
    void setFileSizeLimit(std::optional<qint64> bytes) { m_fileSizeLimit = bytes; }
    bool memoryCgroupActive() const { return m_procsFd >= 0; }
    // Creates the cgroup `name` in the pids controller holding at most `tasks` processes and
    // threads (fork fails with EAGAIN past it), where the machine lets Sandbench create one.
    void setTaskLimit(const QString &name, int tasks);
    bool taskCgroupActive() const { return m_pidsProcsFd >= 0; }

    // In the forked child, before exec: joins the cgroup and bounds the size of any one file
    // (a write past it fails with EFBIG). Async-signal-safe.
    void applyInChild() const;
    // After the run: whether a fork or a thread was refused for the task limit.
    bool tasksExceeded() const;
    // After the run: whether the kernel had to kill inside the cgroup for lack of memory.
    bool memoryExceeded() const;

    // Removes the empty `sandbench-*` cgroups below `parent` made before `madeBefore` (those of
    // a killed process: the kernel keeps a cgroup that holds a process), returning how many.
    // The limit setters call it once per controller and process.
    static int reapOrphanCgroups(const QString &parent, const QDateTime &madeBefore);

    // Bytes below `folder`, not following links (what the workdir cap counts).
    static qint64 folderBytes(const QString &folder);

private:
    QString m_root = defaultCgroupRoot();
    QString m_cgroupDir;
    bool m_v2 = false;
    int m_procsFd = -1;
    QString m_pidsCgroupDir;
    int m_pidsProcsFd = -1;
    std::optional<qint64> m_fileSizeLimit;
};

} // namespace Sandbench
