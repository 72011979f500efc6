// The warm pool on the real engine: a claim sees nothing of any other claim, its own env is
// there on its first exec, the pool refills, warm sandboxes hold places under maxSandboxes, go
// with the pool's close, and a killed owner's are reaped by the next pool. Containers are
// counted by this process's (or the holder's) owner label only: other tests run beside these.
#include "dockertestsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>
#include <QUrl>

#include <csignal>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// Containers (running or not) whose owner label is `owner`.
QStringList containersOwnedBy(const QString &owner)
{
    const QByteArray filter = QUrl::toPercentEncoding(
        QStringLiteral(R"({"label":["%1=%2"]})").arg(QLatin1String(DockerProvider::ownerLabel), owner));
    auto r = dockerCall(dockerSocket(), "GET", "/containers/json?all=true&filters=" + filter);
    QStringList ids;
    if (!r || r->status != 200)
        return {QStringLiteral("(the engine did not list)")};
    for (const QJsonValue &v : QJsonDocument::fromJson(r->body).array())
        ids << v.toObject().value(QLatin1String("Id")).toString();
    return ids;
}

QStringList mine()
{
    return containersOwnedBy(DockerProvider::ownerIdentity());
}

QString run(Sandbox *s, const QString &script, const ExecOptions &options = {})
{
    auto r = waitFor(s->exec({QStringLiteral("sh"), QStringLiteral("-c"), script}, options), 60'000);
    if (!r) {
        qWarning("exec: %s", qPrintable(why(r.error())));
        return QStringLiteral("(exec failed)");
    }
    return QString::fromUtf8(r->stdoutData + r->stderrData);
}

PoolOptions warmOptions(int warm, int max)
{
    PoolOptions o;
    o.maxSandboxes = max;
    o.maxLifetimeMs = 600'000;
    o.warm = warm;
    o.network = {NetworkKind::None, NetworkKind::All};
    return o;
}

SandboxOptions claimOptions(QMap<QString, QString> env = {})
{
    SandboxOptions so;
    so.lifetimeMs = 300'000;
    so.env = std::move(env);
    return so;
}

} // namespace

class TestDockerWarmPool : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        REQUIRE_DOCKER();
        QVERIFY2(mine().isEmpty(), "this process owns containers before any test");
    }

    void claimsSeeNothingOfEachOther()
    {
        auto pool = openDockerPool(warmOptions(2, 4));
        QVERIFY2(pool, pool ? "" : qPrintable(why(pool.error())));
        QTRY_COMPARE_WITH_TIMEOUT((*pool)->warmReady(), 2, 90'000);
        const QStringList warmIds = mine();
        QCOMPARE(warmIds.size(), 2);

        Sandbox *a = createSandbox(pool->get(), claimOptions({{QStringLiteral("CLAIM_SECRET"), QStringLiteral("alpha-123")}}));
        QVERIFY(a);
        QVERIFY2(warmIds.contains(a->id()), "the first claim cold-started");
        // A's first exec: its env is there already.
        QCOMPARE(run(a, QStringLiteral("printf '%s' \"$CLAIM_SECRET\"")), QStringLiteral("alpha-123"));
        QCOMPARE(run(a, QStringLiteral("echo a-file > /workspace/a-file && echo a-tmp > /tmp/a-tmp && echo ok")),
                 QStringLiteral("ok\n"));
        // A process of A's that runs on while B is claimed.
        ExecJob *sleeper = a->exec({QStringLiteral("sleep"), QStringLiteral("4321")});
        QTRY_VERIFY_WITH_TIMEOUT(run(a, QStringLiteral("cat /proc/[0-9]*/cmdline | tr '\\0' ' '")).contains(QStringLiteral("sleep 4321")), 30'000);
        // Its own command's env over the claim's, as over a cold sandbox's.
        ExecOptions over;
        over.env.insert(QStringLiteral("CLAIM_SECRET"), QStringLiteral("own"));
        QCOMPARE(run(a, QStringLiteral("printf '%s' \"$CLAIM_SECRET\""), over), QStringLiteral("own"));

        Sandbox *b = createSandbox(pool->get(), claimOptions({{QStringLiteral("ONLY_B"), QStringLiteral("beta")}}));
        QVERIFY(b);
        QVERIFY2(warmIds.contains(b->id()), "the second claim cold-started");
        QVERIFY(a->id() != b->id());
        // B's first exec: its own env, nothing of A's.
        const QString env = run(b, QStringLiteral("env"));
        QVERIFY2(env.contains(QStringLiteral("ONLY_B=beta")), qPrintable(env));
        QVERIFY2(!env.contains(QStringLiteral("alpha-123")) && !env.contains(QStringLiteral("CLAIM_SECRET")), qPrintable(env));
        const QString seen = run(b, QStringLiteral("ls -A /workspace /tmp; ps -eo args 2>/dev/null || cat /proc/[0-9]*/cmdline | tr '\\0' ' '"));
        QVERIFY2(!seen.contains(QStringLiteral("a-file")) && !seen.contains(QStringLiteral("a-tmp")), qPrintable(seen));
        QVERIFY2(!seen.contains(QStringLiteral("4321")), qPrintable(seen));
        // And A kept what is its own, without B's env.
        const QString aSees = run(a, QStringLiteral("cat /workspace/a-file /tmp/a-tmp; env; cat /proc/[0-9]*/cmdline | tr '\\0' ' '"));
        QVERIFY2(aSees.contains(QStringLiteral("a-file")) && aSees.contains(QStringLiteral("4321")), qPrintable(aSees));
        QVERIFY2(!aSees.contains(QStringLiteral("ONLY_B")), qPrintable(aSees));
        // The env reaches only the sandbox's user, never a file anyone else wrote for a claim before.
        QVERIFY2(!run(b, QStringLiteral("cat /run/sandbench/env 2>&1")).contains(QStringLiteral("alpha")), "A's env in B's env file");

        sleeper->cancel();
        QVERIFY(waitFor((*pool)->close(), 60'000));
        QCOMPARE(mine(), QStringList());
    }

    void offlineAndOnlineClaims()
    {
        auto pool = openDockerPool(warmOptions(1, 3));
        QVERIFY2(pool, pool ? "" : qPrintable(why(pool.error())));
        QTRY_COMPARE_WITH_TIMEOUT((*pool)->warmReady(), 1, 90'000);
        QStringList warmIds = mine();
        // Network kind none (the default): no interface but loopback, no resolver.
        Sandbox *offline = createSandbox(pool->get(), claimOptions());
        QVERIFY(offline);
        QVERIFY(warmIds.contains(offline->id()));
        const QString dev = run(offline, QStringLiteral("tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '"));
        QCOMPARE(dev, QStringLiteral("lo\n"));

        QTRY_COMPARE_WITH_TIMEOUT((*pool)->warmReady(), 1, 90'000);
        warmIds = mine();
        SandboxOptions so = claimOptions();
        so.network.kind = NetworkKind::All;
        Sandbox *online = createSandbox(pool->get(), so);
        QVERIFY(online);
        QVERIFY2(warmIds.contains(online->id()), "the online claim cold-started");
        const QString onlineDev = run(online, QStringLiteral("tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | sort"));
        QVERIFY2(onlineDev.contains(QStringLiteral("eth")), qPrintable(onlineDev));
        // Cut off from the host as a cold online sandbox is: the rules are in its namespace.
        const QString rules = run(online, QStringLiteral("ip rule 2>&1 || cat /proc/net/fib_trie 2>&1 | head -0"));
        QVERIFY2(rules.contains(QStringLiteral("unreachable")), qPrintable(rules));
        QVERIFY(waitFor((*pool)->close(), 60'000));
        QCOMPARE(mine(), QStringList());
    }

    void claimSetsTheKeepersDeadline()
    {
        auto pool = openDockerPool(warmOptions(1, 1));
        QVERIFY2(pool, pool ? "" : qPrintable(why(pool.error())));
        QTRY_COMPARE_WITH_TIMEOUT((*pool)->warmReady(), 1, 90'000);
        SandboxOptions so = claimOptions();
        so.lifetimeMs = 500'000;
        Sandbox *s = createSandbox(pool->get(), so);
        QVERIFY(s);
        // The keeper ends the sandbox at the claim's end even with this process dead.
        const QString expected = QString::number((s->expiresAt().toMSecsSinceEpoch() + 999) / 1000);
        QTRY_COMPARE_WITH_TIMEOUT(run(s, QStringLiteral("cat /run/sandbench/deadline 2>/dev/null")).trimmed(), expected, 30'000);
        QVERIFY(waitFor((*pool)->close(), 60'000));
        QCOMPARE(mine(), QStringList());
    }

    void refillsAndHoldsToMaxSandboxes()
    {
        auto pool = openDockerPool(warmOptions(2, 2));
        QVERIFY2(pool, pool ? "" : qPrintable(why(pool.error())));
        QTRY_COMPARE_WITH_TIMEOUT((*pool)->warmReady(), 2, 90'000);
        QCOMPARE(mine().size(), 2);
        Sandbox *first = createSandbox(pool->get(), claimOptions());
        QVERIFY(first);
        // One place left: one warm again, never two.
        QTRY_COMPARE_WITH_TIMEOUT((*pool)->warmReady(), 1, 90'000);
        for (int i = 0; i < 10; ++i) {
            QVERIFY2(mine().size() <= 2, qPrintable(mine().join(QLatin1Char(' '))));
            QTest::qWait(200);
        }
        QCOMPARE((*pool)->count(), 2);
        // Another shape with the pool full: the warm one gives its place up, the create goes cold.
        SandboxOptions other = claimOptions();
        other.memoryMiB = 256;
        auto second = waitFor((*pool)->create(other), 90'000);
        QVERIFY2(second, second ? "" : qPrintable(why(second.error())));
        QVERIFY(mine().size() <= 2);
        QCOMPARE(run(*second, QStringLiteral("echo cold")), QStringLiteral("cold\n"));
        // Places free again: the pool refills (both shapes are now kept warm).
        QVERIFY(waitFor(first->release(), 60'000));
        QTRY_COMPARE_WITH_TIMEOUT((*pool)->warmReady(), 1, 90'000);
        QVERIFY(mine().size() <= 2);
        // Close removes the warm ones too.
        QVERIFY(waitFor((*pool)->close(), 60'000));
        QCOMPARE(mine(), QStringList());
    }

    void closeRemovesWarmOnesStillBeingMade()
    {
        auto pool = openDockerPool(warmOptions(3, 3));
        QVERIFY2(pool, pool ? "" : qPrintable(why(pool.error())));
        // Closed while the creates are under way: what they bring goes too.
        QTRY_VERIFY_WITH_TIMEOUT((*pool)->count() == 3, 30'000);
        QVERIFY(waitFor((*pool)->close(), 90'000));
        QCOMPARE(mine(), QStringList());
        QCOMPARE((*pool)->count(), 0);
    }

    void killedOwnersWarmOnesAreReaped()
    {
        QProcess holder;
        holder.start(QStringLiteral(SANDBOX_HOLDER), {QStringLiteral("2"), QStringLiteral("600000"), QStringLiteral("warm")});
        QVERIFY(holder.waitForStarted(5000));
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += holder.readAllStandardOutput()).contains("ready\n") || holder.state() != QProcess::Running,
                                 90'000);
        QVERIFY2(out.contains("ready\n"), (out + holder.readAllStandardError()).constData());
        const QString owner = QString::fromLatin1(out.split('\n').first());
        QCOMPARE(containersOwnedBy(owner).size(), 2);
        ::kill(pid_t(holder.processId()), SIGKILL);
        QVERIFY(holder.waitForFinished(5000));
        QCOMPARE(containersOwnedBy(owner).size(), 2); // their keeper's window has not passed
        // The next pool (no warm ones of its own) takes them for orphans.
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 60'000;
        auto pool = openDockerPool(o);
        QVERIFY2(pool, pool ? "" : qPrintable(why(pool.error())));
        // Its own reap at open, well before the warm ones' keeper window (60 s) would end them.
        QSignalSpy reaped(pool->get(), &SandboxPool::orphansReaped);
        QTRY_COMPARE_WITH_TIMEOUT(containersOwnedBy(owner), QStringList(), 20'000);
        QTRY_VERIFY_WITH_TIMEOUT(!reaped.isEmpty(), 20'000);
        QVERIFY(reaped.first().first().toInt() >= 2);
    }

    void cleanupTestCase()
    {
        QTRY_COMPARE_WITH_TIMEOUT(mine(), QStringList(), 30'000);
    }
};

QTEST_GUILESS_MAIN(TestDockerWarmPool)
#include "tst_dockerwarmpool.moc"
