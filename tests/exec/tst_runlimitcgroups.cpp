// The cgroups a killed run leaves behind (RunLimits::reapOrphanCgroups), on a cgroup tree of
// the test's own: a folder with a cgroup.procs file looks like a v1 controller to RunLimits.
#include "exec/runlimits.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <filesystem>

using namespace Sandbench;

namespace {

bool touch(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// The cgroup paths of `controller` (the v1 controller's name, or "" for v2's unified line) in a
// /proc/PID/cgroup text.
QStringList cgroupLines(const QByteArray &text, const QString &controller)
{
    QStringList paths;
    for (const QByteArray &line : text.split('\n')) {
        const QList<QByteArray> fields = line.split(':');
        if (fields.size() == 3 && QString::fromLatin1(fields[1]).split(QLatin1Char(',')).contains(controller))
            paths << QString::fromLatin1(fields[2]);
        else if (fields.size() == 3 && controller.isEmpty() && fields[0] == "0")
            paths << QString::fromLatin1(fields[2]);
    }
    return paths;
}

} // namespace

class TestRunLimitCgroups : public QObject
{
    Q_OBJECT

private slots:
    // A process killed mid-run never reaches ~RunLimits: its cgroups stay. The next process's
    // first run removes those that are old and empty, and nothing else: not a fresh one another
    // process may be setting up, not one that still holds something, not another program's.
    void orphanCgroupsOfKilledRunsAreReaped()
    {
        QTemporaryDir base;
        QVERIFY(base.isValid());
        const QString root = base.path();
        const QString pids = root + QStringLiteral("/pids");
        QVERIFY(touch(pids + QStringLiteral("/cgroup.procs"), QByteArray()));
        const auto made = [&](const QString &name, int secondsAgo, bool holdsSomething = false) {
            const QString dir = pids + QLatin1Char('/') + name;
            if (!QDir().mkpath(dir) || (holdsSomething && !touch(dir + QStringLiteral("/cgroup.procs"), "4242\n")))
                return false;
            std::error_code ec;
            std::filesystem::last_write_time(QFile::encodeName(dir).constData(),
                                             std::filesystem::file_time_type::clock::now() - std::chrono::seconds(secondsAgo), ec);
            return !ec;
        };
        QVERIFY(made(QStringLiteral("sandbench-sandbench-run-killed"), 3600));
        QVERIFY(made(QStringLiteral("sandbench-sandbench-run-busy"), 3600, true));
        QVERIFY(made(QStringLiteral("sandbench-sandbench-run-starting"), 5));
        QVERIFY(made(QStringLiteral("docker-old"), 3600));
        {
            RunLimits limits;
            limits.setCgroupRoot(root);
            limits.setTaskLimit(QStringLiteral("sandbench-run-now"), 64);
            QVERIFY(!QFileInfo::exists(pids + QStringLiteral("/sandbench-sandbench-run-killed")));
            QVERIFY(QFileInfo::exists(pids + QStringLiteral("/sandbench-sandbench-run-busy")));
            QVERIFY(QFileInfo::exists(pids + QStringLiteral("/sandbench-sandbench-run-starting")));
            QVERIFY(QFileInfo::exists(pids + QStringLiteral("/docker-old")));
            QVERIFY(QFileInfo::exists(pids + QStringLiteral("/sandbench-sandbench-run-now")));
        }
        // The reaper itself, with a later bound: the starting one is now old enough.
        QCOMPARE(RunLimits::reapOrphanCgroups(pids, QDateTime::currentDateTimeUtc()), 1);
        QVERIFY(!QFileInfo::exists(pids + QStringLiteral("/sandbench-sandbench-run-starting")));
        QVERIFY(QFileInfo::exists(pids + QStringLiteral("/sandbench-sandbench-run-busy")));
    }

    // On the machine's real cgroups: a child that joins in its modifier (as a run's bubblewrap
    // does) is in both cgroups from its first instruction after exec, and so is everything it
    // starts; the parent, many-threaded like Sandbench, stays where it was. On cgroup v1 the child
    // joins through `tasks`, which moves one thread: this is what shows that thread is the whole
    // child.
    void aJoinedChildAndAllItStartsAreInTheCgroups()
    {
        const QString name = QStringLiteral("join-%1").arg(QCoreApplication::applicationPid());
        RunLimits limits;
        limits.setTaskLimit(name, 64);
        limits.setMemoryLimit(name, qint64(256) << 20);
        if (!limits.taskCgroupActive() || !limits.memoryCgroupActive()) {
            if (qEnvironmentVariableIsSet("SANDBENCH_REQUIRE_CGROUPS"))
                QFAIL("this machine lets Sandbench create no pids or memory cgroup (SANDBENCH_REQUIRE_CGROUPS is set)");
            QSKIP("this machine lets Sandbench create no pids or memory cgroup");
        }
        QFile own(QStringLiteral("/proc/self/cgroup"));
        QVERIFY(own.open(QIODevice::ReadOnly));
        const QByteArray before = own.readAll();

        QProcess child;
        const RunLimits *joined = &limits;
        child.setChildProcessModifier([joined] { joined->applyInChild(); });
        child.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("cat /proc/self/cgroup; echo ---; (cat /proc/self/cgroup) & wait")});
        QVERIFY(child.waitForFinished(10000));
        QCOMPARE(child.exitCode(), 0);
        const QByteArray out = child.readAllStandardOutput();
        const qsizetype cut = out.indexOf("---\n");
        QVERIFY2(cut > 0, out.constData());
        const QByteArrayList parts{out.left(cut), out.mid(cut + 4)};
        const bool v2 = cgroupLines(before, QStringLiteral("pids")).isEmpty();
        const QString suffix = QStringLiteral("/sandbench-") + name;
        for (const QByteArray &text : parts) {
            for (const QString &controller : v2 ? QStringList{QString()} : QStringList{QStringLiteral("pids"), QStringLiteral("memory")}) {
                const QStringList paths = cgroupLines(text, controller);
                QVERIFY2(paths.size() == 1 && paths.first().endsWith(suffix), qPrintable(controller + QLatin1String(": ") + QString::fromLatin1(text)));
            }
        }
        own.close();
        QVERIFY(own.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromLatin1(own.readAll()), QString::fromLatin1(before));
    }
};

QTEST_GUILESS_MAIN(TestRunLimitCgroups)
#include "tst_runlimitcgroups.moc"
