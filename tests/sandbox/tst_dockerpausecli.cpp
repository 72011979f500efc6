// `sandbench-cli sandbox pause|resume ID` on the real engine: a sandbox of another Sandbench
// process is frozen and thawed by id prefix, and ids from the command line that name nothing,
// or a container Sandbench did not make, are refused without touching it.
#include "dockertestsupport.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// `sandbench-cli sandbox ARGS...`.
SandboxCliRun cli(const QStringList &args)
{
    return runSandboxCli(QStringList{QStringLiteral("sandbox")} + args, {}, 90'000);
}

bool isPaused(const QString &id)
{
    auto r = dockerCall(dockerSocket(), "GET", "/containers/" + id.toLatin1() + "/json");
    return r && r->status == 200
        && QJsonDocument::fromJson(r->body).object().value(QLatin1String("State")).toObject().value(QLatin1String("Paused")).toBool();
}

// One engine call with a JSON body, waited for.
Result<HttpResponse> engineCall(const QByteArray &method, const QByteArray &path, const QJsonObject &body)
{
    DockerEngine engine(dockerSocket());
    QObject context;
    QEventLoop loop;
    Result<HttpResponse> out = fail(ErrorCode::TimedOut, QStringLiteral("no answer"));
    engine.call(&context, method, path, body, [&](const Result<HttpResponse> &r) {
        out = r;
        loop.quit();
    }, 30'000);
    loop.exec();
    return out;
}

} // namespace

class TestDockerPauseCli : public QObject
{
    Q_OBJECT

    std::unique_ptr<SandboxPool> m_pool;
    QString m_foreign; // a container Sandbench did not make

private slots:
    void initTestCase()
    {
        REQUIRE_DOCKER();
        QVERIFY2(QFile::exists(qEnvironmentVariable("SANDBENCH_CLI")), "SANDBENCH_CLI does not name sandbench-cli");
        PoolOptions po;
        po.maxSandboxes = 2;
        po.maxLifetimeMs = 600'000;
        auto pool = openDockerPool(po);
        QVERIFY2(pool, pool ? "" : qPrintable(why(pool.error())));
        m_pool = std::move(*pool);
        // Labelled like ours in every way but the owner label.
        const QString name = QStringLiteral("sandbench-pausecli-foreign-%1").arg(QCoreApplication::applicationPid());
        auto created = engineCall("POST", "/containers/create?name=" + name.toLatin1(),
                                  QJsonObject{{QStringLiteral("Image"), QStringLiteral("sandbench/base:1")},
                                              {QStringLiteral("Entrypoint"), QJsonArray{QStringLiteral("sleep")}},
                                              {QStringLiteral("Cmd"), QJsonArray{QStringLiteral("300")}},
                                              {QStringLiteral("Labels"), QJsonObject{{QLatin1String(DockerProvider::expiresLabel), QStringLiteral("0")}}},
                                              {QStringLiteral("HostConfig"), QJsonObject{{QStringLiteral("NetworkMode"), QStringLiteral("none")},
                                                                                         {QStringLiteral("AutoRemove"), true}}}});
        QVERIFY2(created && created->status == 201, created ? created->body.constData() : qPrintable(why(created.error())));
        m_foreign = QJsonDocument::fromJson(created->body).object().value(QLatin1String("Id")).toString();
        auto started = engineCall("POST", "/containers/" + m_foreign.toLatin1() + "/start", {});
        QVERIFY2(started && started->status == 204, started ? started->body.constData() : "no answer");
    }

    void cleanupTestCase()
    {
        if (!m_foreign.isEmpty())
            dockerCall(dockerSocket(), "DELETE", "/containers/" + m_foreign.toLatin1() + "?force=true");
        if (m_pool)
            QVERIFY(waitFor(m_pool->close(), 60'000));
    }

    void pausesAndResumesBySandboxId()
    {
        SandboxOptions so;
        so.lifetimeMs = 300'000;
        Sandbox *s = createSandbox(m_pool.get(), so);
        QVERIFY(s);
        const SandboxCliRun paused = cli({QStringLiteral("pause"), s->id().left(12)});
        QVERIFY2(paused.status == 0, paused.err.constData());
        QVERIFY(isPaused(s->id()));
        const SandboxCliRun again = cli({QStringLiteral("pause"), s->id().left(12)});
        QVERIFY2(again.status == 0, again.err.constData());

        const SandboxCliRun resumed = cli({QStringLiteral("resume"), s->id(), QStringLiteral("--json")});
        QVERIFY2(resumed.status == 0, resumed.err.constData());
        const QJsonObject json = QJsonDocument::fromJson(resumed.out).object();
        QCOMPARE(json.value(QLatin1String("ok")).toBool(), true);
        QCOMPARE(json.value(QLatin1String("paused")).toBool(true), false);
        // As in tst_dockerpause: the engine's own flag settles once containerd's events are in.
        QTRY_VERIFY_WITH_TIMEOUT(!isPaused(s->id()), 15'000);
        auto r = waitFor(s->exec({QStringLiteral("echo"), QStringLiteral("carried on")}), 60'000);
        QVERIFY2(r && r->stdoutData == "carried on\n", r ? r->stderrData.constData() : qPrintable(why(r.error())));
        QVERIFY(waitFor(s->release(), 60'000));
    }

    void refusesWhatSandbenchDidNotMake_data()
    {
        QTest::addColumn<QString>("id");
        QTest::newRow("unknown") << QStringLiteral("no-such-sandbox");
        QTest::newRow("too short a prefix") << QStringLiteral("a");
        QTest::newRow("foreign id") << QStringLiteral("FOREIGN");
        QTest::newRow("foreign prefix") << QStringLiteral("FOREIGN12");
        QTest::newRow("foreign name") << QStringLiteral("FOREIGNNAME");
    }

    void refusesWhatSandbenchDidNotMake()
    {
        QFETCH(QString, id);
        if (id == QLatin1String("FOREIGN"))
            id = m_foreign;
        else if (id == QLatin1String("FOREIGN12"))
            id = m_foreign.left(12);
        else if (id == QLatin1String("FOREIGNNAME"))
            id = QStringLiteral("sandbench-pausecli-foreign-%1").arg(QCoreApplication::applicationPid());
        for (const QString &sub : {QStringLiteral("pause"), QStringLiteral("resume")}) {
            const SandboxCliRun run = cli({sub, id});
            QCOMPARE(run.status, 2);
            QVERIFY2(run.err.contains("no sandbox of ours is called"), run.err.constData());
            QVERIFY(!isPaused(m_foreign));
        }
        const SandboxCliRun json = cli({QStringLiteral("pause"), id, QStringLiteral("--json")});
        QCOMPARE(json.status, 2);
        QCOMPARE(QJsonDocument::fromJson(json.out).object().value(QLatin1String("ok")).toBool(true), false);
        QVERIFY(!isPaused(m_foreign));
    }

    void refusesBadUsage()
    {
        QCOMPARE(cli({QStringLiteral("pause")}).status, 2);
        QCOMPARE(cli({QStringLiteral("resume"), QStringLiteral("a"), QStringLiteral("b")}).status, 2);
        QCOMPARE(cli({QStringLiteral("pause"), QStringLiteral("--bogus"), QStringLiteral("abcd")}).status, 2);
    }
};

QTEST_GUILESS_MAIN(TestDockerPauseCli)
#include "tst_dockerpausecli.moc"
