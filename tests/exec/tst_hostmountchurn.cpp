// A run must not fail because the host's mount table changed while its namespace was built.
// bubblewrap binds host folders recursively and then remounts each mount beneath them; a mount
// the host removes in that window (Docker removing a container's overlay) failed the run with
// "Unable to apply mount flags ... Invalid argument" (mounttable.h). Here mounts come and go
// beneath a shared mount as fast as the machine allows, inside the workdir of a sandboxed run
// and anywhere for a run without file rules, and every run must still succeed.
#include "execfixture.h"

#include <QDir>
#include <QTest>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <sys/mount.h>
#include <thread>
#include <unistd.h>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// Mounts and unmounts tmpfs file systems beneath `root` until stopped; counts what failed.
class MountChurn
{
public:
    explicit MountChurn(const QString &root) : m_root(root.toStdString())
    {
        for (int i = 0; i < 8; ++i)
            QDir(root).mkpath(QString::number(i));
        m_thread = std::thread([this] { churn(); });
    }
    ~MountChurn() { stop(); }
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }
    int cycles() const { return m_cycles; }
    // A mount or unmount that failed for good. An unmount may find the mount busy for a moment
    // (the engine walks a sandboxed run's workdir before it starts); one that stays busy means
    // something holds the host's mount.
    std::string failure() const { return m_failure; }

private:
    void churn()
    {
        while (!m_stop) {
            for (int i = 0; i < 8; ++i) {
                const std::string dir = m_root + '/' + std::to_string(i);
                if (::mount("churn", dir.c_str(), "tmpfs", 0, "size=64k") != 0 && m_failure.empty())
                    m_failure = "mount " + dir + ": " + std::strerror(errno);
            }
            for (int i = 0; i < 8; ++i) {
                const std::string dir = m_root + '/' + std::to_string(i);
                int result = ::umount(dir.c_str());
                for (int tries = 0; result != 0 && errno == EBUSY && tries < 200; ++tries) {
                    ::usleep(1000);
                    result = ::umount(dir.c_str());
                }
                if (result != 0 && m_failure.empty())
                    m_failure = "umount " + dir + ": " + std::strerror(errno);
            }
            ++m_cycles;
        }
    }

    std::string m_root;
    std::thread m_thread;
    std::atomic<bool> m_stop = false;
    std::atomic<int> m_cycles = 0;
    std::string m_failure;
};

} // namespace

class TestHostMountChurn : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Making mounts needs root; scripts/test runs as root, so without it this is a fault.
        QVERIFY2(::geteuid() == 0, "this test mounts file systems and must run as root (scripts/test does)");
    }

    void runsSucceedWhileHostMountsChange_data()
    {
        QTest::addColumn<bool>("sandbox");
        QTest::newRow("no file rules (all of / bound)") << false;
        QTest::newRow("sandbox (the workdir bound)") << true;
    }

    void runsSucceedWhileHostMountsChange()
    {
        QFETCH(bool, sandbox);
        ExecFixture fixture;
        // A shared mount, as Docker makes its data folder: what happens beneath it propagates
        // into every namespace that follows the host's.
        const QString shared = fixture.workdir() + QStringLiteral("/churn");
        QVERIFY(QDir().mkpath(shared));
        const QByteArray path = shared.toLocal8Bit();
        QVERIFY2(::mount(path.constData(), path.constData(), nullptr, MS_BIND, nullptr) == 0, std::strerror(errno));
        QVERIFY2(::mount(nullptr, path.constData(), nullptr, MS_SHARED, nullptr) == 0, std::strerror(errno));
        const auto unmountShared = qScopeGuard([&] { ::umount2(path.constData(), MNT_DETACH); });

        Policy policy = sandbox ? fixture.sandboxPolicy() : Policy{};
        policy.timeoutMs = 30000;
        MountChurn churn(shared);
        QStringList failures;
        for (int i = 0; i < 40; ++i) {
            const auto result = fixture.run(QStringLiteral("console.log('ran', %1)").arg(i), policy);
            const QString out = stdoutOf(result);
            if (out.trimmed() != QStringLiteral("ran %1").arg(i))
                failures << QStringLiteral("run %1: %2 %3").arg(i).arg(out, result ? QString::fromUtf8(result->stderrData) : result.error().message);
        }
        churn.stop();
        QVERIFY2(churn.cycles() > 40, "the host's mounts did not change while the runs started");
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
        QVERIFY2(churn.failure().empty(), churn.failure().c_str());
    }
};

QTEST_GUILESS_MAIN(TestHostMountChurn)
#include "tst_hostmountchurn.moc"
