// Pause and resume on the real engine: a paused sandbox's counter does not advance and its
// cgroup uses no CPU for as long as it stays paused, its processes carry on after resume, calls
// into it are refused with a clear error, and a paused sandbox released or past its lifetime
// leaves no container. Containers are counted by this process's owner label only: other tests
// run beside these.
#include "dockertestsupport.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QUrl>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

QStringList mine()
{
    const QByteArray filter = QUrl::toPercentEncoding(QStringLiteral(R"({"label":["%1=%2"]})")
                                                          .arg(QLatin1String(DockerProvider::ownerLabel), DockerProvider::ownerIdentity()));
    auto r = dockerCall(dockerSocket(), "GET", "/containers/json?all=true&filters=" + filter);
    if (!r || r->status != 200)
        return {QStringLiteral("(the engine did not list)")};
    QStringList ids;
    for (const QJsonValue &v : QJsonDocument::fromJson(r->body).array())
        ids << v.toObject().value(QLatin1String("Id")).toString();
    return ids;
}

QJsonObject inspectState(const QString &id)
{
    auto r = dockerCall(dockerSocket(), "GET", "/containers/" + id.toLatin1() + "/json");
    return r && r->status == 200 ? QJsonDocument::fromJson(r->body).object().value(QLatin1String("State")).toObject() : QJsonObject();
}

// The container cgroup's CPU time (ns) as the engine reports it, -1 when it cannot.
qint64 cpuUsage(const QString &id)
{
    auto r = dockerCall(dockerSocket(), "GET", "/containers/" + id.toLatin1() + "/stats?stream=false&one-shot=true", 20'000);
    if (!r || r->status != 200)
        return -1;
    return QJsonDocument::fromJson(r->body).object().value(QLatin1String("cpu_stats")).toObject()
        .value(QLatin1String("cpu_usage")).toObject().value(QLatin1String("total_usage")).toInteger(-1);
}

qint64 counter(Sandbox *s)
{
    auto r = waitFor(s->readFile(QStringLiteral("counter")), 30'000);
    if (!r || !*r)
        return -1;
    return (*r)->trimmed().toLongLong();
}

SandboxOptions options(qint64 lifetimeMs = 300'000)
{
    SandboxOptions so;
    so.lifetimeMs = lifetimeMs;
    return so;
}

} // namespace

class TestDockerPause : public QObject
{
    Q_OBJECT

    std::unique_ptr<SandboxPool> m_pool;

private slots:
    void initTestCase()
    {
        REQUIRE_DOCKER();
        QVERIFY2(mine().isEmpty(), "this process owns containers before any test");
        PoolOptions po;
        po.maxSandboxes = 3;
        po.maxLifetimeMs = 600'000;
        auto pool = openDockerPool(po);
        QVERIFY2(pool, pool ? "" : qPrintable(why(pool.error())));
        m_pool = std::move(*pool);
        QVERIFY(m_pool->provider()->supportsPause());
    }

    void cleanupTestCase()
    {
        if (m_pool)
            QVERIFY(waitFor(m_pool->close(), 60'000));
        QTRY_COMPARE_WITH_TIMEOUT(mine(), QStringList(), 30'000);
    }

    void pausedCounterStaysAndResumes()
    {
        Sandbox *s = createSandbox(m_pool.get(), options());
        QVERIFY(s);
        auto started = waitFor(s->exec({QStringLiteral("sh"), QStringLiteral("-c"),
                                         QStringLiteral("setsid sh -c 'i=0; while :; do i=$((i+1)); echo $i > /workspace/counter.new; "
                                                        "mv /workspace/counter.new /workspace/counter; sleep 0.05; done' "
                                                        "</dev/null >/dev/null 2>&1 &")}), 60'000);
        QVERIFY2(started && started->exitCode == 0, started ? started->stderrData.constData() : qPrintable(why(started.error())));
        // Running: the counter advances.
        qint64 first = -1;
        QTRY_VERIFY_WITH_TIMEOUT((first = counter(s)) > 0, 20'000);
        QTRY_VERIFY_WITH_TIMEOUT(counter(s) > first + 3, 20'000);

        const qint64 beforePause = counter(s);
        auto paused = waitFor(s->pause(), 30'000);
        QVERIFY2(paused, paused ? "" : qPrintable(why(paused.error())));
        QVERIFY(s->isPaused());
        QVERIFY(s->isAlive());
        QVERIFY(inspectState(s->id()).value(QLatin1String("Paused")).toBool());

        // Paused: for as long as we look (3 s, 60 of the loop's ticks), not one nanosecond of CPU.
        const qint64 frozenCpu = cpuUsage(s->id());
        QVERIFY(frozenCpu > 0);
        QElapsedTimer held;
        held.start();
        int looks = 0;
        while (held.elapsed() < 3000) {
            QCOMPARE(cpuUsage(s->id()), frozenCpu);
            QVERIFY(inspectState(s->id()).value(QLatin1String("Paused")).toBool());
            ++looks;
            QTest::qWait(250);
        }
        QVERIFY(looks >= 3);

        // Calls into a paused sandbox are refused, naming it.
        auto refused = waitFor(s->exec({QStringLiteral("true")}), 30'000);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ErrorCode::InvalidInput);
        QVERIFY2(refused.error().message.contains(QStringLiteral("sandbox %1 is paused").arg(s->id())), qPrintable(refused.error().message));
        QVERIFY(!waitFor(s->readFile(QStringLiteral("counter")), 30'000));
        QVERIFY(!waitFor(s->writeFile(QStringLiteral("x"), "y"), 30'000));
        QVERIFY(!waitFor(s->extend(1000), 30'000));
        QVERIFY(waitFor(s->pause(), 30'000)); // again: nothing to do

        auto resumed = waitFor(s->resume(), 30'000);
        QVERIFY2(resumed, resumed ? "" : qPrintable(why(resumed.error())));
        QVERIFY(!s->isPaused());
        // Three seconds frozen are 60 ticks of the loop: at most a few went by around the calls.
        const qint64 afterResume = counter(s);
        QVERIFY2(afterResume >= beforePause && afterResume - beforePause < 20,
                 qPrintable(QStringLiteral("%1 before the pause, %2 after").arg(beforePause).arg(afterResume)));
        // The same processes carry on.
        QTRY_VERIFY_WITH_TIMEOUT(counter(s) > afterResume + 5, 20'000);
        QVERIFY(waitFor(s->resume(), 30'000)); // again: nothing to do
        QVERIFY(waitFor(s->release(), 60'000));
    }

    void releasedWhilePausedLeavesNothing()
    {
        Sandbox *s = createSandbox(m_pool.get(), options());
        QVERIFY(s);
        const QString id = s->id();
        QVERIFY(waitFor(s->pause(), 30'000));
        QVERIFY(inspectState(id).value(QLatin1String("Paused")).toBool());
        auto released = waitFor(s->release(), 60'000);
        QVERIFY2(released, released ? "" : qPrintable(why(released.error())));
        QTRY_VERIFY_WITH_TIMEOUT(!containerExists(dockerSocket(), id), 30'000);
        QTRY_COMPARE_WITH_TIMEOUT(mine(), QStringList(), 30'000);
    }

    void backendNeverTakesPausedForGone()
    {
        // Below the Sandbox's own refusal: the engine refuses an exec in a paused container
        // with the same status as one in a removed container. Taken for gone, the sandbox
        // would be forgotten while frozen with its keeper, and never end.
        Sandbox *s = createSandbox(m_pool.get(), options());
        QVERIFY(s);
        const QString id = s->id();
        QVERIFY(waitFor(s->pause(), 30'000));
        BackendExecRequest request;
        request.argv = {QStringLiteral("true")};
        request.cwd = QStringLiteral("/workspace");
        request.timeoutMs = 20'000;
        request.maxOutputBytes = 4096;
        auto r = waitFor(s->backend()->exec(request), 40'000);
        QVERIFY(!r);
        QVERIFY2(r.error().code == ErrorCode::InvalidInput && r.error().message.contains(QLatin1String("paused")),
                 qPrintable(why(r.error())));
        QVERIFY(s->isAlive());
        QVERIFY(waitFor(s->release(), 60'000));
        QTRY_VERIFY_WITH_TIMEOUT(!containerExists(dockerSocket(), id), 30'000);
    }

    void pauseDoesNotOutliveTheLifetime()
    {
        // The keeper that ends a sandbox at its deadline is frozen with it: the lifetime must
        // hold all the same.
        Sandbox *s = createSandbox(m_pool.get(), options(6'000));
        QVERIFY(s);
        const QString id = s->id();
        QVERIFY(waitFor(s->pause(), 30'000));
        QTRY_COMPARE_WITH_TIMEOUT(s->state(), Sandbox::State::Gone, 30'000);
        QTRY_VERIFY_WITH_TIMEOUT(!containerExists(dockerSocket(), id), 30'000);
        QVERIFY(!waitFor(s->resume(), 30'000));
    }

    void providerRefusesWhatIsNotOurs()
    {
        // Ids from a command line: only a container with our owner label is ever frozen.
        SandboxProvider *provider = m_pool->provider();
        for (const QString &id : {QStringLiteral("no-such-sandbox"), QStringLiteral("abc"), QString()}) {
            auto r = waitFor(provider->pauseSandbox(id), 30'000);
            QVERIFY(!r);
            QCOMPARE(r.error().code, ErrorCode::InvalidInput);
        }
        Sandbox *s = createSandbox(m_pool.get(), options());
        QVERIFY(s);
        QVERIFY(waitFor(provider->pauseSandbox(s->id().left(12)), 30'000));
        QVERIFY(inspectState(s->id()).value(QLatin1String("Paused")).toBool());
        QVERIFY(waitFor(provider->resumeSandbox(s->id()), 30'000));
        // The engine sets its flag as it answers, but containerd's event about the pause, if it
        // arrives only now (a loaded machine), sets it again until the event about the resume
        // follows: its view settles, it is not wrong for good.
        QTRY_VERIFY_WITH_TIMEOUT(!inspectState(s->id()).value(QLatin1String("Paused")).toBool(), 15'000);
        QVERIFY(waitFor(s->release(), 60'000));
    }
};

QTEST_GUILESS_MAIN(TestDockerPause)
#include "tst_dockerpause.moc"
