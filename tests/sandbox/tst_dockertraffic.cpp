// Recorded traffic on the real engine: a plain HTTP server of the test's own (on a network of
// its own, known to the egress proxy as web.test) that counts, echoes a posted body and the
// Authorization header it got. A sandbox (network allow, traffic recorded) runs busybox wget
// against it: the same URL three times with different answers, a request carrying a secret's
// placeholder. (A POST through the egress proxy gets Squid's 411 today, recorded or not: see
// the report; the POST's matching is covered by tst_recordedtraffic.) The server is then removed and a second sandbox replays from the recording: its
// proxy has no network out, the outputs are identical, and a URL the recording lacks is a
// divergence naming it. Credentials and the secret are in no byte of the recording.
#include "dockertestsupport.h"

#include "net/egressproxy.h"
#include "sandbox/docker/dockerbackend.h"
#include "session/traffic/recordedtraffic.h"
#include "session/traffic/trafficmatcher.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

QByteArray docker(const QStringList &args, bool *ok = nullptr)
{
    QProcess p;
    p.start(QStringLiteral("docker"), args);
    const bool done = p.waitForFinished(60'000);
    if (ok)
        *ok = done && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    return p.readAllStandardOutput().trimmed();
}

QString testFile(const QString &name)
{
    QFile f(qEnvironmentVariable("SANDBENCH_SOURCE_DIR") + QStringLiteral("/tests/sandbox/traffic/") + name);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

Result<SandboxExecResult> shell(Sandbox *s, const QString &script)
{
    ExecOptions o;
    o.timeoutMs = 120'000;
    return waitFor(s->exec({QStringLiteral("sh"), QStringLiteral("-c"), script}, o), 180'000);
}

// No -T: busybox wget's timeout crashes through a proxy.
const QString run = QStringLiteral(
    "wget -q -O - http://web.test:8080/n; wget -q -O - http://web.test:8080/n; "
    "wget -q -O - http://web.test:8080/n; "
    "wget -q -O - --header \"Authorization: Bearer $API_KEY\" --header \"X-Api-Key: $API_KEY\" http://web.test:8080/h");

} // namespace

#define VERIFY_OK(r) QVERIFY2((r), qPrintable((r) ? QString() : why((r).error())))

class TestDockerTraffic : public QObject
{
    Q_OBJECT
    QString m_tag;
    QString m_serverIp;

    std::unique_ptr<SandboxPool> m_pool;

    SandboxOptions options(TrafficCapture capture, const QByteArray &value) const
    {
        SandboxOptions so;
        so.lifetimeMs = 300'000;
        so.image = QStringLiteral("sandbench/base:1");
        so.network.kind = NetworkKind::Domains;
        so.network.domains = {QStringLiteral("web.test:8080")};
        so.secrets = {{QStringLiteral("API_KEY"), {QStringLiteral("web.test")}, value}};
        so.traffic = capture;
        return so;
    }

private slots:
    void initTestCase()
    {
        REQUIRE_DOCKER();
        const QString server = testFile(QStringLiteral("webserver.py"));
        QVERIFY(!server.isEmpty());
        m_tag = QStringLiteral("sbtest-traffic-%1").arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
        bool ok = false;
        docker({QStringLiteral("network"), QStringLiteral("create"), m_tag}, &ok);
        QVERIFY(ok);
        docker({QStringLiteral("run"), QStringLiteral("-d"), QStringLiteral("--rm"), QStringLiteral("--name"), m_tag,
                QStringLiteral("--network"), m_tag, QStringLiteral("sandbench/egress:2"), QStringLiteral("python3"), QStringLiteral("-c"), server}, &ok);
        QVERIFY(ok);
        m_serverIp = QString::fromLatin1(docker({QStringLiteral("inspect"), QStringLiteral("-f"),
                                                 QStringLiteral("{{(index .NetworkSettings.Networks \"%1\").IPAddress}}").arg(m_tag), m_tag}));
        QVERIFY(!m_serverIp.isEmpty());
        PoolOptions o;
        o.maxSandboxes = 2;
        o.maxLifetimeMs = 300'000;
        o.execTimeoutMs = 180'000;
        o.network = {NetworkKind::None, NetworkKind::Domains};
        DockerProviderOptions po;
        po.egressExtraHosts = {QStringLiteral("web.test:%1").arg(m_serverIp)};
        auto pool = openDockerPool(o, po);
        VERIFY_OK(pool);
        m_pool = std::move(*pool);
    }

    void cleanupTestCase()
    {
        m_pool.reset();
        docker({QStringLiteral("rm"), QStringLiteral("-f"), m_tag});
        bool removed = false;
        for (QDeadlineTimer deadline(30'000); !removed && !deadline.hasExpired(); QTest::qWait(removed ? 0 : 200))
            docker({QStringLiteral("network"), QStringLiteral("rm"), m_tag}, &removed);
        QVERIFY2(removed, qPrintable(m_tag));
    }

    void recordedThenReplayedOffline()
    {
        const QByteArray value = QStringLiteral("sk-traffic-%1").arg(QRandomGenerator::system()->generate64(), 16, 16, QLatin1Char('0')).toLatin1();
        // Recording.
        Sandbox *s = createSandbox(m_pool.get(), options(TrafficCapture::Record, value));
        QVERIFY(s);
        auto *backend = qobject_cast<DockerBackend *>(s->backend());
        QVERIFY(backend && backend->egressProxy());
        TrafficRedaction redaction;
        for (const EgressSecret &secret : backend->egressProxy()->secrets())
            redaction.secrets << TrafficRedaction::Secret{secret.name, secret.value, secret.placeholder.toLatin1()};
        QCOMPARE(redaction.secrets.size(), 1);
        const QByteArray placeholder = redaction.secrets.first().placeholder;
        SandboxPayloads payloads;
        RecordedTraffic traffic;
        QStringList lineErrors;
        connect(backend, &SandboxBackend::trafficRecorded, this, [&](const QByteArray &line) {
            if (auto ok = traffic.addProxyLine(line, redaction, payloads, 0); !ok)
                lineErrors << ok.error().message;
        });
        bool ok = false;
        docker({QStringLiteral("network"), QStringLiteral("connect"), m_tag, backend->egressProxy()->proxyContainerId()}, &ok);
        QVERIFY(ok);
        auto original = shell(s, run);
        VERIFY_OK(original);
        for (QDeadlineTimer deadline(30'000); traffic.exchanges.size() < 4 && lineErrors.isEmpty() && !deadline.hasExpired();)
            QTest::qWait(100);
        QVERIFY2(original->stdoutData.contains("answer 1\nanswer 2\nanswer 3\nauth=Bearer " + placeholder),
                 original->stdoutData + original->stderrData + QJsonDocument(traffic.toJson()).toJson(QJsonDocument::Compact).right(1500));
        QVERIFY2(lineErrors.isEmpty(), qPrintable(lineErrors.join(u'\n')));
        QCOMPARE(traffic.exchanges.size(), 4);
        QCOMPARE(traffic.exchanges[2].method, QStringLiteral("GET"));
        QCOMPARE(traffic.exchanges[2].url, QStringLiteral("http://web.test:8080/n"));
        QVERIFY(traffic.exchanges[0].allowed && traffic.exchanges[0].status == 200);

        // Not a byte of the recording holds a credential, the placeholder or the value.
        QByteArray all = QJsonDocument(traffic.toJson()).toJson() + QJsonDocument(traffic.redactedJson()).toJson();
        for (const RecordedExchange &e : traffic.exchanges)
            all += *payloads.load(e.requestBody, QStringLiteral("request")) + *payloads.load(e.responseBody, QStringLiteral("response"));
        for (const QByteArray &gone : {value, placeholder, QByteArray("server-cookie-4242")})
            QVERIFY2(!all.contains(gone), gone.constData());
        QVERIFY(traffic.redacted.contains(QStringLiteral("request header Authorization")));
        QVERIFY(traffic.redacted.contains(QStringLiteral("response header Set-Cookie")));
        QVERIFY(all.contains("answer 2"));
        VERIFY_OK(waitFor(s->release(), 120'000));

        // The server is gone: nothing could answer but the recording.
        docker({QStringLiteral("rm"), QStringLiteral("-f"), m_tag}, &ok);
        QVERIFY(ok);
        auto replayJson = traffic.replayJson(payloads);
        VERIFY_OK(replayJson);
        SandboxOptions ro = options(TrafficCapture::Replay, value);
        ro.replayTraffic = *replayJson;
        Sandbox *r = createSandbox(m_pool.get(), ro);
        QVERIFY(r);
        auto *replayBackend = qobject_cast<DockerBackend *>(r->backend());
        QVERIFY(replayBackend && replayBackend->egressProxy());
        // Its proxy is on the sandbox's own network alone: no route out to anything.
        QCOMPARE(docker({QStringLiteral("inspect"), QStringLiteral("-f"), QStringLiteral("{{range $k, $v := .NetworkSettings.Networks}}{{$k}} {{end}}"),
                         replayBackend->egressProxy()->proxyContainerId()}),
                 replayBackend->egressProxy()->networkName().toLatin1());
        TrafficMatcher matcher(traffic);
        QStringList divergences;
        int requests = 0;
        connect(replayBackend, &SandboxBackend::replayRequested, this, [&](const QByteArray &line) {
            ++requests;
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            auto answer = matcher.take(o.value(QLatin1String("method")).toString(), o.value(QLatin1String("url")).toString(),
                                       o.value(QLatin1String("bodySha256")).toString(), qint64(o.value(QLatin1String("bodySize")).toDouble()));
            if (!answer)
                divergences << answer.error().message;
        });
        auto replay = shell(r, run);
        VERIFY_OK(replay);
        // The recording answers with the original's placeholder; the replay has its own.
        const QByteArray expected = QByteArray(original->stdoutData).replace(placeholder, TrafficRedaction::marker);
        QCOMPARE(replay->stdoutData, expected);
        QCOMPARE(replay->exitCode, original->exitCode);
        for (QDeadlineTimer deadline(30'000); requests < 4 && !deadline.hasExpired();)
            QTest::qWait(100);
        QVERIFY2(divergences.isEmpty(), qPrintable(divergences.join(u'\n')));
        QVERIFY(matcher.unasked().isEmpty());

        // A changed command asks for what the recording lacks: named.
        auto changed = shell(r, QStringLiteral("wget -q -O - http://web.test:8080/missing; echo rc=$?"));
        VERIFY_OK(changed);
        for (QDeadlineTimer deadline(30'000); divergences.isEmpty() && !deadline.hasExpired();)
            QTest::qWait(100);
        QCOMPARE(divergences, QStringList{QStringLiteral("GET http://web.test:8080/missing: not in the recording")});
        QVERIFY2(!changed->stdoutData.contains("rc=0"), changed->stdoutData);
    }
};

QTEST_GUILESS_MAIN(TestDockerTraffic)
#include "tst_dockertraffic.moc"
