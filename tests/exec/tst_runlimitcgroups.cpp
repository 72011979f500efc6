// The cgroups a killed run leaves behind (RunLimits::reapOrphanCgroups), on a cgroup tree of
// the test's own: a folder with a cgroup.procs file looks like a v1 controller to RunLimits.
#include "exec/runlimits.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
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

};

QTEST_GUILESS_MAIN(TestRunLimitCgroups)
#include "tst_runlimitcgroups.moc"
