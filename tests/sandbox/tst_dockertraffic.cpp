// Recorded traffic on the real engine: a plain HTTP server of the test's own (on a network of
// its own, known to the egress proxy as web.test) that counts, echoes a posted body and the
// Authorization header it got. A sandbox (network allow, traffic recorded) runs busybox wget
// against it: the same URL three times with different answers, a body posted, a request
// carrying a secret's placeholder. The server is then removed and a second sandbox replays
// from the recording: its
// proxy has no network out, the outputs are identical, and a URL the recording lacks is a
// divergence naming it. Credentials and the secret are in no byte of the recording.
#include "dockertestsupport.h"

#include "net/egressproxy.h"
#include "net/trafficproxyconfig.h"
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

Result<SandboxExecResult> shell(Sandbox *s, const QString &script)
{
    ExecOptions o;
    o.timeoutMs = 120'000;
    return waitFor(s->exec({QStringLiteral("sh"), QStringLiteral("-c"), script}, o), 180'000);
}

// No -T: busybox wget's timeout crashes through a proxy.
const QString run = QStringLiteral(
    "wget -q -O - http://web.test:8080/n; wget -q -O - http://web.test:8080/n; "
    "wget -q -O - http://web.test:8080/n; wget -q -O - --post-data 'a=1&b=two' http://web.test:8080/echo; "
    "wget -q -O - --header \"Authorization: Bearer $API_KEY\" --header \"X-Api-Key: $API_KEY\" http://web.test:8080/h");

} // namespace

#define VERIFY_OK(r) QVERIFY2((r), qPrintable((r) ? QString() : why((r).error())))

class TestDockerTraffic : public QObject
{
    Q_OBJECT
    DockerTestServer m_server;

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
        const QString server = trafficTestFile(QStringLiteral("webserver.py"));
        QVERIFY(!server.isEmpty());
        auto address = m_server.start(QStringLiteral("sbtest-traffic"), QStringLiteral("sandbench/egress:2"),
                                      {QStringLiteral("python3"), QStringLiteral("-c"), server});
        VERIFY_OK(address);
        PoolOptions o;
        o.maxSandboxes = 2;
        o.maxLifetimeMs = 300'000;
        o.execTimeoutMs = 180'000;
        o.network = {NetworkKind::None, NetworkKind::Domains};
        DockerProviderOptions po;
        po.egressExtraHosts = {QStringLiteral("web.test:%1").arg(*address)};
        auto pool = openDockerPool(o, po);
        VERIFY_OK(pool);
        m_pool = std::move(*pool);
    }

    void cleanupTestCase()
    {
        m_pool.reset();
        const QString tag = m_server.tag();
        QVERIFY2(m_server.remove(), qPrintable(tag));
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
        docker({QStringLiteral("network"), QStringLiteral("connect"), m_server.tag(), backend->egressProxy()->proxyContainerId()}, &ok);
        QVERIFY(ok);
        auto original = shell(s, run);
        VERIFY_OK(original);
        for (QDeadlineTimer deadline(30'000); traffic.exchanges.size() < 5 && lineErrors.isEmpty() && !deadline.hasExpired();)
            QTest::qWait(100);
        QVERIFY2(original->stdoutData.contains("answer 1\nanswer 2\nanswer 3\nposted: a=1&b=two\nauth=Bearer " + placeholder),
                 original->stdoutData + original->stderrData + QJsonDocument(traffic.toJson()).toJson(QJsonDocument::Compact).right(1500));
        QVERIFY2(lineErrors.isEmpty(), qPrintable(lineErrors.join(u'\n')));
        QCOMPARE(traffic.exchanges.size(), 5);
        // busybox wget sends --post-data through a proxy as a GET with a body (Squid refused
        // that with 411 before `request_entities on`): recorded with its body.
        QCOMPARE(traffic.exchanges[3].url, QStringLiteral("http://web.test:8080/echo"));
        QCOMPARE(*payloads.load(traffic.exchanges[3].requestBody, QStringLiteral("request")), QByteArray("a=1&b=two"));
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
        QVERIFY(m_server.stop());
        auto replayJson = traffic.replayJson(payloads, TrafficProxyConfig::maxReplayBytes);
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
        for (QDeadlineTimer deadline(30'000); requests < 5 && !deadline.hasExpired();)
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
