#include "runlimits.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QMutex>
#include <QSet>
#include <QThread>

#include <csignal>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

namespace Sandbench {

namespace {

bool writeText(const QString &file, const QByteArray &text)
{
    QFile f(file);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size() && f.flush();
}

qint64 counter(const QString &file, const QByteArray &key)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith(key + ' '))
            return line.mid(key.size() + 1).trimmed().toLongLong();
    }
    return 0;
}

// Left by a process that was killed before its RunLimits could remove them. The kernel
// refuses to remove a cgroup that still holds a process, so a live run's is never taken; the
// age keeps a cgroup being set up by another process (made, not yet joined) out of reach.
constexpr qint64 orphanAgeSeconds = 600;

// Once per parent folder and process: the first run's set-up pays one listing.
void reapOnce(const QString &parent)
{
    static QMutex mutex;
    static QSet<QString> done;
    {
        QMutexLocker lock(&mutex);
        if (done.contains(parent))
            return;
        done.insert(parent);
    }
    RunLimits::reapOrphanCgroups(parent, QDateTime::currentDateTimeUtc().addSecs(-orphanAgeSeconds));
}

// The file a forked child writes "0" to, to join the cgroup `dir`. On cgroup v1 that is
// `tasks`: it moves only the writing thread, and the kernel lets a write of "0" there skip the
// global threadgroup lock, whose writer waits for an RCU grace period: measured on this
// machine's v1 hierarchy, 0.03 ms against 8-15 ms for `cgroup.procs`, on every cold run's
// critical path. The child between fork and exec has exactly one thread, so moving it moves the
// whole process, and everything it starts inherits the cgroup. On v2 `tasks` does not exist
// (threads move only inside threaded subtrees): `cgroup.procs` there.
int openJoinFile(const QString &dir, bool v2)
{
    const QString tasks = dir + QStringLiteral("/tasks");
    const QString file = !v2 && QFile::exists(tasks) ? tasks : dir + QStringLiteral("/cgroup.procs");
    return ::open(QFile::encodeName(file).constData(), O_WRONLY | O_CLOEXEC);
}

} // namespace

int RunLimits::reapOrphanCgroups(const QString &parent, const QDateTime &madeBefore)
{
    int removed = 0;
    const QFileInfoList entries = QDir(parent).entryInfoList({QStringLiteral("sandbench-*")}, QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks);
    for (const QFileInfo &entry : entries) {
        if (entry.lastModified().toUTC() < madeBefore && QDir().rmdir(entry.absoluteFilePath()))
            ++removed;
    }
    return removed;
}

VoidResult checkRunLimits(const Policy &policy)
{
    struct Range
    {
        const char *option;
        std::optional<qint64> value;
        qint64 min;
        qint64 max;
        const char *unit;
    };
    const Range ranges[] = {
        {"--timeout (timeout_ms)", policy.timeoutMs, 1, qint64(7) * 24 * 3600 * 1000, "milliseconds"},
        {"--max-memory (max_memory_mb)", policy.maxMemoryMb, 16, 1024 * 1024, "MB"},
        {"--max-workdir-mb (max_workdir_mb)", policy.maxWorkdirMb, 1, 1024 * 1024, "MB"},
        {"--max-tasks (max_tasks)", policy.maxTasks, Policy::minTasks, Policy::maxTasksLimit, "processes and threads"},
        {"--max-output-bytes (max_output_bytes)", policy.maxOutputBytes, 1, qint64(1) << 34, "bytes"},
    };
    for (const Range &range : ranges) {
        if (range.value && (*range.value < range.min || *range.value > range.max))
            return fail(ErrorCode::ConfigError, QStringLiteral("%1: %2 is out of range (%3 to %4 %5)")
                                                        .arg(QLatin1String(range.option)).arg(*range.value)
                                                        .arg(range.min).arg(range.max).arg(QLatin1String(range.unit)));
    }
    return {};
}

RunLimits::~RunLimits()
{
    if (m_procsFd >= 0)
        ::close(m_procsFd);
    if (m_pidsProcsFd >= 0)
        ::close(m_pidsProcsFd);
    // Every process of the run is gone once bwrap has exited (its PID namespace ends with it),
    // but the kernel may take a moment to release the last one. (In v2 both limits share one
    // folder.)
    for (const QString &dir : {m_cgroupDir, m_pidsCgroupDir}) {
        for (int attempt = 0; !dir.isEmpty() && QFileInfo(dir).isDir() && attempt < 100 && !QDir().rmdir(dir); ++attempt)
            QThread::msleep(10);
    }
}

void RunLimits::setTaskLimit(const QString &name, int tasks)
{
    const QString v1 = m_root + QStringLiteral("/pids");
    const QString v2 = m_root;
    QString parent;
    if (QFile::exists(v1 + QStringLiteral("/cgroup.procs")) && !QFile::exists(v1 + QStringLiteral("/cgroup.controllers"))) {
        parent = v1;
    } else {
        QFile controllers(v2 + QStringLiteral("/cgroup.subtree_control"));
        if (controllers.open(QIODevice::ReadOnly) && controllers.readAll().contains("pids"))
            parent = v2;
    }
    if (parent.isEmpty())
        return;
    reapOnce(parent);
    const QString dir = parent + QStringLiteral("/sandbench-") + name;
    if (!QDir().mkdir(dir) && !QFileInfo(dir).isDir())
        return;
    if (!writeText(dir + QStringLiteral("/pids.max"), QByteArray::number(tasks))) {
        if (dir != m_cgroupDir)
            QDir().rmdir(dir);
        return;
    }
    m_pidsCgroupDir = dir;
    m_pidsProcsFd = openJoinFile(dir, parent == v2);
}

void RunLimits::setMemoryLimit(const QString &name, std::optional<qint64> bytes)
{
    if (!bytes)
        return;
    const QString v1 = m_root + QStringLiteral("/memory");
    const QString v2 = m_root;
    QString parent;
    if (QFile::exists(v1 + QStringLiteral("/memory.limit_in_bytes"))) {
        parent = v1;
    } else {
        QFile controllers(v2 + QStringLiteral("/cgroup.subtree_control"));
        if (controllers.open(QIODevice::ReadOnly) && controllers.readAll().contains("memory")) {
            parent = v2;
            m_v2 = true;
        }
    }
    if (parent.isEmpty())
        return;
    reapOnce(parent);
    const QString dir = parent + QStringLiteral("/sandbench-") + name;
    if (!QDir().mkdir(dir) && !QFileInfo(dir).isDir())
        return;
    const QByteArray limit = QByteArray::number(*bytes);
    bool limited = false;
    if (m_v2) {
        limited = writeText(dir + QStringLiteral("/memory.max"), limit);
        writeText(dir + QStringLiteral("/memory.swap.max"), "0");
    } else {
        limited = writeText(dir + QStringLiteral("/memory.limit_in_bytes"), limit);
        // With swap the run could spill past its cap: memory plus swap get the same bound.
        writeText(dir + QStringLiteral("/memory.memsw.limit_in_bytes"), limit);
    }
    if (!limited) {
        QDir().rmdir(dir);
        return;
    }
    m_cgroupDir = dir;
    m_procsFd = openJoinFile(dir, m_v2);
}

void RunLimits::applyInChild() const
{
    if (m_procsFd >= 0) {
        // "0" is the writing thread, this child's only one (openJoinFile). If it fails the run
        // must not go on believing it is capped: exit before exec.
        if (::write(m_procsFd, "0", 1) != 1)
            ::_exit(126);
    }
    if (m_pidsProcsFd >= 0 && ::write(m_pidsProcsFd, "0", 1) != 1)
        ::_exit(126); // as above: a run believed bounded must not run unbounded
    if (m_fileSizeLimit) {
        ::signal(SIGXFSZ, SIG_IGN); // a write past the limit fails with EFBIG instead of killing
        const rlimit limit{rlim_t(*m_fileSizeLimit), rlim_t(*m_fileSizeLimit)};
        ::setrlimit(RLIMIT_FSIZE, &limit);
    }
}

bool RunLimits::tasksExceeded() const
{
    if (m_pidsCgroupDir.isEmpty())
        return false;
    // v1 and v2 count refused forks alike: "max N" in pids.events.
    return counter(m_pidsCgroupDir + QStringLiteral("/pids.events"), "max") > 0;
}

bool RunLimits::memoryExceeded() const
{
    if (m_cgroupDir.isEmpty())
        return false;
    if (m_v2)
        return counter(m_cgroupDir + QStringLiteral("/memory.events"), "oom_kill") > 0;
    return counter(m_cgroupDir + QStringLiteral("/memory.oom_control"), "oom_kill") > 0;
}

qint64 RunLimits::folderBytes(const QString &folder)
{
    qint64 total = 0;
    QDirIterator it(folder, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        const QFileInfo info = it.fileInfo();
        if (info.isFile() && !info.isSymLink())
            total += info.size();
    }
    return total;
}

} // namespace Sandbench
