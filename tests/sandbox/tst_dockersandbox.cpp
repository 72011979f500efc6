// The Docker provider against the real engine: the lock-down seen from inside, ports, lifetime,
// limits and release. The contract itself is tst_dockerconformance.
#include "dockertestsupport.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

Result<SandboxExecResult> shell(Sandbox *s, const QString &script, qint64 timeoutMs = 30'000)
{
    ExecOptions o;
    o.timeoutMs = timeoutMs;
    return waitFor(s->exec({QStringLiteral("sh"), QStringLiteral("-c"), script}, o), 120'000);
}

} // namespace

#define VERIFY_OK(r) QVERIFY2((r), qPrintable((r) ? QString() : why((r).error())))

class TestDockerSandbox : public QObject
{
    Q_OBJECT

    std::unique_ptr<SandboxPool> open(PoolOptions o, DockerProviderOptions po = {})
    {
        auto pool = openDockerPool(o, po);
        if (!pool)
            qWarning("pool: %s", qPrintable(pool.error().message));
        return pool ? std::move(*pool) : nullptr;
    }

private slots:
    void initTestCase() { REQUIRE_DOCKER(); }

    void lockedDownFromInside()
    {
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 120'000;
        DockerProviderOptions po;
        po.pidsLimit = 32;
        auto pool = open(o, po);
        QVERIFY(pool);
        SandboxOptions so;
        so.lifetimeMs = 120'000;
        so.memoryMiB = 48;
        Sandbox *s = createSandbox(pool.get(), so);
        QVERIFY(s);
        auto r = shell(s, QStringLiteral(
            "echo uid=$(id -u) gid=$(id -g) host=$(cat /proc/sys/kernel/hostname)\n"
            "grep -E '^(CapEff|CapPrm|CapBnd|NoNewPrivs):' /proc/self/status | tr -s '\\t ' ' '\n"
            "touch /etc/sandbench 2>/dev/null && echo root=writable || echo root=readonly\n"
            "touch /workspace/ok && echo workspace=writable\n"
            "echo net=$(ls /sys/class/net | tr '\\n' ' ')\n"
            "[ -e /var/run/docker.sock ] || [ -e /run/docker.sock ] && echo socket=present || echo socket=absent\n"));
        VERIFY_OK(r);
        const QString out = QString::fromUtf8(r->stdoutData);
        // One name in every sandbox: a replay prints what the recording did, and no container id shows.
        QVERIFY2(out.contains(QLatin1String("uid=1000 gid=1000 host=sandbox\n")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("CapEff: 0000000000000000")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("CapPrm: 0000000000000000")), qPrintable(out));
        // Not even in the bounding set: what root's steps start with is emptied before the
        // command runs (sandbench-inside as-user).
        QVERIFY2(out.contains(QLatin1String("CapBnd: 0000000000000000")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("NoNewPrivs: 1")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("root=readonly")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("workspace=writable")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("net=lo\n")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("socket=absent")), qPrintable(out));

        // Over the memory limit the kernel kills the command (no swap to spill into).
        r = shell(s, QStringLiteral("dd if=/dev/zero of=/dev/null bs=96M count=1 2>/dev/null; echo status=$?"));
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.contains("status=137"), r->stdoutData.constData());

        // The pids limit refuses forks; the command still ends and its children are stopped.
        r = shell(s, QStringLiteral("for i in $(seq 1 64); do sleep 30 & done; echo done"), 5000);
        VERIFY_OK(r);
        QVERIFY2(r->stderrData.contains("can't fork") || r->stderrData.contains("Resource temporarily unavailable"),
                 r->stderrData.constData());
        QVERIFY(waitFor(s->release(), 30'000));
    }

    void publishedPortReachedFromHost()
    {
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 120'000;
        o.network = {NetworkKind::None, NetworkKind::All};
        auto pool = open(o);
        QVERIFY(pool);
        SandboxOptions so;
        so.lifetimeMs = 120'000;
        so.network.kind = NetworkKind::All;
        so.ports = {8080};
        Sandbox *s = createSandbox(pool.get(), so);
        QVERIFY(s);
        auto url = s->url(8080);
        VERIFY_OK(url);
        QCOMPARE(url->host(), QStringLiteral("127.0.0.1"));
        QVERIFY(url->port() > 0 && url->port() != 8080);

        // Bound on loopback only: nobody on the host's network reaches the sandbox.
        auto inspect = dockerCall(dockerSocket(), "GET", "/containers/" + s->id().toLatin1() + "/json");
        QVERIFY(inspect && inspect->status == 200);
        const QJsonArray bound = QJsonDocument::fromJson(inspect->body).object()
            .value(QLatin1String("NetworkSettings")).toObject().value(QLatin1String("Ports")).toObject()
            .value(QLatin1String("8080/tcp")).toArray();
        QCOMPARE(bound.size(), 1);
        QCOMPARE(bound.first().toObject().value(QLatin1String("HostIp")).toString(), QStringLiteral("127.0.0.1"));

        VERIFY_OK(waitFor(s->writeFile(QStringLiteral("www/index.html"), "hello from the sandbox\n"), 30'000));
        auto r = shell(s, QStringLiteral("setsid httpd -p 8080 -h /workspace/www </dev/null >/dev/null 2>&1 &"));
        VERIFY_OK(r);
        QNetworkAccessManager nam;
        QByteArray body;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 10'000) {
            QNetworkReply *reply = nam.get(QNetworkRequest(url->resolved(QUrl(QStringLiteral("/index.html")))));
            QSignalSpy done(reply, &QNetworkReply::finished);
            done.wait(5000);
            body = reply->readAll();
            delete reply;
            if (!body.isEmpty())
                break;
            QTest::qWait(200);
        }
        QCOMPARE(body, QByteArray("hello from the sandbox\n"));
        QVERIFY(waitFor(s->release(), 30'000));
    }

    void lifetimeEndsMidExecWithGone()
    {
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 60'000;
        auto pool = open(o);
        QVERIFY(pool);
        SandboxOptions so;
        so.lifetimeMs = 3000;
        Sandbox *s = createSandbox(pool.get(), so);
        QVERIFY(s);
        const QString id = s->id();
        QElapsedTimer clock;
        clock.start();
        auto r = shell(s, QStringLiteral("sleep 30"), 60'000);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::Gone);
        QVERIFY2(clock.elapsed() < 8000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(waitFor(s->readFile(QStringLiteral("x")), 5000).error().code, ErrorCode::Gone);
        QCOMPARE(waitFor(s->exec({QStringLiteral("true")}), 5000).error().code, ErrorCode::Gone);
        // The engine removes the container: its own `sleep <lifetime>` ended with AutoRemove.
        QTRY_VERIFY_WITH_TIMEOUT(!containerExists(dockerSocket(), id), 15'000);
    }

    // ~SandboxPool with live sandboxes returns at once (no nested event loop on the caller's
    // thread) and still removes their containers, long before their lifetimes would.
    void destroyingThePoolRemovesLiveContainersWithoutWaiting()
    {
        PoolOptions o;
        o.maxSandboxes = 2;
        o.maxLifetimeMs = 300'000;
        auto pool = open(o);
        QVERIFY(pool);
        SandboxOptions so;
        so.lifetimeMs = 300'000;
        QStringList ids;
        for (int i = 0; i < 2; ++i) {
            Sandbox *s = createSandbox(pool.get(), so);
            QVERIFY(s);
            ids << s->id();
        }
        bool loopRan = false;
        QTimer::singleShot(0, this, [&] { loopRan = true; });
        QElapsedTimer clock;
        clock.start();
        pool.reset();
        QVERIFY2(!loopRan, "~SandboxPool ran an event loop");
        QVERIFY2(clock.elapsed() < 1000, qPrintable(QStringLiteral("~SandboxPool took %1 ms").arg(clock.elapsed())));
        for (const QString &id : ids)
            QTRY_VERIFY_WITH_TIMEOUT(!containerExists(dockerSocket(), id), 30'000);
    }

    void extendMovesTheDeadlineOnlyForThePool()
    {
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 9000;
        auto pool = open(o);
        QVERIFY(pool);
        SandboxOptions so;
        so.lifetimeMs = 3000;
        Sandbox *s = createSandbox(pool.get(), so);
        QVERIFY(s);
        const QString id = s->id();
        // The sandbox's own user cannot move its deadline.
        auto planted = shell(s, QStringLiteral("echo 99999999999 > /run/sandbench/deadline"), 10'000);
        QVERIFY(planted);
        QVERIFY(planted->exitCode != 0);
        QCOMPARE(waitFor(s->extend(7000), 5000).error().code, ErrorCode::LimitExceeded);
        QVERIFY(waitFor(s->extend(3000), 10'000));
        const qint64 deadline = (s->expiresAt().toMSecsSinceEpoch() + 999) / 1000;
        auto written = shell(s, QStringLiteral("cat /run/sandbench/deadline"), 10'000);
        QVERIFY(written && written->exitCode == 0);
        QCOMPARE(written->stdoutData.trimmed().toLongLong(), deadline);
        // Past the first lifetime, alive; past the extended one, gone and removed.
        QTest::qWait(int(std::max<qint64>(0, s->remainingMs() - 2000)));
        auto alive = shell(s, QStringLiteral("echo still here"), 10'000);
        QVERIFY2(alive && alive->stdoutData.startsWith("still here"), "the extended sandbox ended early");
        QTRY_COMPARE_WITH_TIMEOUT(s->state(), Sandbox::State::Gone, 10'000);
        QTRY_VERIFY_WITH_TIMEOUT(!containerExists(dockerSocket(), id), 15'000);
    }

    void eightAtOnceAndTheNinthRefused()
    {
        PoolOptions o;
        o.maxSandboxes = 8;
        o.maxLifetimeMs = 120'000;
        auto pool = open(o);
        QVERIFY(pool);
        SandboxOptions so;
        so.lifetimeMs = 120'000;
        QList<Operation<Sandbox *> *> creates;
        for (int i = 0; i < 8; ++i)
            creates << pool->create(so);
        auto ninth = waitFor(pool->create(so), 5000);
        QVERIFY(!ninth);
        QCOMPARE(ninth.error().code, ErrorCode::LimitExceeded);
        QList<Sandbox *> all;
        for (auto *op : creates) {
            auto r = waitFor(op, 120'000);
            VERIFY_OK(r);
            all << *r;
        }
        // Eight containers, not one shared: each keeps what it was given while the others are
        // given theirs (every sandbox has the same host name, so that cannot tell them apart).
        QList<ExecJob *> jobs;
        for (qsizetype i = 0; i < all.size(); ++i)
            jobs << all.at(i)->exec({QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo %1 > mark").arg(i)});
        for (ExecJob *job : jobs) {
            auto r = waitFor(job, 60'000);
            VERIFY_OK(r);
            QCOMPARE(r->exitCode, 0);
        }
        jobs.clear();
        for (Sandbox *s : all)
            jobs << s->exec({QStringLiteral("cat"), QStringLiteral("mark")});
        for (qsizetype i = 0; i < jobs.size(); ++i) {
            auto r = waitFor(jobs.at(i), 60'000);
            VERIFY_OK(r);
            QCOMPARE(r->stdoutData, QByteArray::number(i) + '\n');
        }
        // Release twice: the second does nothing and fails nothing.
        for (Sandbox *s : all) {
            VERIFY_OK(waitFor(s->release(), 30'000));
            VERIFY_OK(waitFor(s->release(), 30'000));
            QVERIFY(!containerExists(dockerSocket(), s->id()));
        }
        QVERIFY(createSandbox(pool.get(), so));
        QVERIFY(waitFor(pool->close(), 30'000));
    }

    void missingImageNamesIt()
    {
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 60'000;
        auto pool = open(o);
        QVERIFY(pool);
        SandboxOptions so;
        so.lifetimeMs = 10'000;
        so.image = QStringLiteral("sandbench/not-there:7");
        auto r = waitFor(pool->create(so), 30'000);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::InvalidConfig);
        QVERIFY(r.error().message.contains(QLatin1String("sandbench/not-there:7")));
    }

    void remoteEnginesAreRefused()
    {
        QCOMPARE(DockerEngine::socketFromHost(QStringLiteral("tcp://127.0.0.1:2375")).error().code,
                 ErrorCode::InvalidConfig);
        QCOMPARE(DockerEngine::socketFromHost(QStringLiteral("ssh://me@host")).error().code, ErrorCode::InvalidConfig);
        QCOMPARE(*DockerEngine::socketFromHost(QStringLiteral("unix:///run/x.sock")), QStringLiteral("/run/x.sock"));
    }
};

QTEST_GUILESS_MAIN(TestDockerSandbox)
#include "tst_dockersandbox.moc"
