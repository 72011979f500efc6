// Recorded traffic on the real engine: a plain HTTP server of the test's own (on a network of
// its own, known to the egress proxy as web.test) that counts, echoes a posted body and the
// Authorization header it got. A sandbox (network allow, traffic recorded) runs busybox wget
// against it: the same URL three times with different answers, a body posted, a request
// carrying a secret's placeholder. The server is then removed and a second sandbox replays
// from the recording: its
// proxy has no network out, the outputs are identical, and a URL the recording lacks is a
// divergence naming it. Credentials and the secret are in no byte of the recording. A recording
// of 4 MiB (more than any start environment carries) replays the same way.
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
#include <QScopeGuard>
#include <QSet>
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

    // What one recorded sandbox did: `script`'s result and its traffic, `count` exchanges
    // waited for. Failures are the test's (QTest::currentTestFailed()).
    struct Recording
    {
        SandboxExecResult original;
        SandboxPayloads payloads;
        RecordedTraffic traffic;
        QByteArray value;
        QByteArray placeholder;
    };

    void record(const QString &script, qsizetype count, Recording &out)
    {
        out.value = QStringLiteral("sk-traffic-%1").arg(QRandomGenerator::system()->generate64(), 16, 16, QLatin1Char('0')).toLatin1();
        Sandbox *s = createSandbox(m_pool.get(), options(TrafficCapture::Record, out.value));
        QVERIFY(s);
        auto *backend = qobject_cast<DockerBackend *>(s->backend());
        QVERIFY(backend && backend->egressProxy());
        TrafficRedaction redaction;
        for (const EgressSecret &secret : backend->egressProxy()->secrets())
            redaction.secrets << TrafficRedaction::Secret{secret.name, secret.value, secret.placeholder.toLatin1()};
        QCOMPARE(redaction.secrets.size(), 1);
        out.placeholder = redaction.secrets.first().placeholder;
        QStringList lineErrors;
        const auto lines = connect(backend, &SandboxBackend::trafficRecorded, this, [&](const QByteArray &line) {
            if (auto ok = out.traffic.addProxyLine(line, redaction, out.payloads, 0); !ok)
                lineErrors << ok.error().message;
        });
        const auto disconnect = qScopeGuard([lines] { QObject::disconnect(lines); });
        bool ok = false;
        docker({QStringLiteral("network"), QStringLiteral("connect"), m_server.tag(), backend->egressProxy()->proxyContainerId()}, &ok);
        QVERIFY(ok);
        auto original = shell(s, script);
        VERIFY_OK(original);
        out.original = *original;
        for (QDeadlineTimer deadline(30'000); out.traffic.exchanges.size() < count && lineErrors.isEmpty() && !deadline.hasExpired();)
            QTest::qWait(100);
        VERIFY_OK(waitFor(s->release(), 120'000));
        QVERIFY2(lineErrors.isEmpty(), qPrintable(lineErrors.join(u'\n')));
        QVERIFY2(out.traffic.exchanges.size() == count,
                 original->stdoutData.right(500) + original->stderrData + QJsonDocument(out.traffic.toJson()).toJson(QJsonDocument::Compact).right(1500));
    }

    // A sandbox replaying `recording`, whose proxy is on the sandbox's own network alone (no
    // route out to anything), each request it asked for matched as a session's replay does.
    struct Replaying
    {
        Sandbox *sandbox = nullptr;
        std::unique_ptr<TrafficMatcher> matcher;
        QStringList divergences;
        int requests = 0;
        QMetaObject::Connection lines;
        ~Replaying() { QObject::disconnect(lines); }
    };

    void startReplay(const Recording &recording, Replaying &out)
    {
        auto replayJson = recording.traffic.replayJson(recording.payloads, TrafficProxyConfig::maxReplayBytes);
        VERIFY_OK(replayJson);
        SandboxOptions ro = options(TrafficCapture::Replay, recording.value);
        ro.replayTraffic = *replayJson;
        out.sandbox = createSandbox(m_pool.get(), ro);
        QVERIFY(out.sandbox);
        auto *backend = qobject_cast<DockerBackend *>(out.sandbox->backend());
        QVERIFY(backend && backend->egressProxy());
        QCOMPARE(docker({QStringLiteral("inspect"), QStringLiteral("-f"), QStringLiteral("{{range $k, $v := .NetworkSettings.Networks}}{{$k}} {{end}}"),
                         backend->egressProxy()->proxyContainerId()}),
                 backend->egressProxy()->networkName().toLatin1());
        out.matcher = std::make_unique<TrafficMatcher>(recording.traffic);
        out.lines = connect(backend, &SandboxBackend::replayRequested, this, [&out](const QByteArray &line) {
            ++out.requests;
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            auto answer = out.matcher->take(o.value(QLatin1String("method")).toString(), o.value(QLatin1String("url")).toString(),
                                            o.value(QLatin1String("bodySha256")).toString(), qint64(o.value(QLatin1String("bodySize")).toDouble()));
            if (!answer)
                out.divergences << answer.error().message;
        });
    }

    // Replays the recording's script: the same output, every recorded request asked, none other.
    void replayIdentical(const Recording &recording, const QString &script, Replaying &out)
    {
        startReplay(recording, out);
        if (QTest::currentTestFailed())
            return;
        auto replay = shell(out.sandbox, script);
        VERIFY_OK(replay);
        // The recording answers with the original's placeholder; the replay has its own.
        const QByteArray expected = QByteArray(recording.original.stdoutData).replace(recording.placeholder, TrafficRedaction::marker);
        QCOMPARE(replay->stdoutData, expected);
        QCOMPARE(replay->exitCode, recording.original.exitCode);
        for (QDeadlineTimer deadline(30'000); out.requests < recording.traffic.exchanges.size() && !deadline.hasExpired();)
            QTest::qWait(100);
        QVERIFY2(out.divergences.isEmpty(), qPrintable(out.divergences.join(u'\n')));
        QVERIFY(out.matcher->unasked().isEmpty());
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

    // A recording larger than a process's start environment could carry (the 1.5 MiB, in
    // pieces, that bounded a sandbox's replay before its proxy read the recording from its
    // standard input): four answers of 1 MiB of random bytes each, the same URL each time.
    void aReplayServesMoreThanAStartEnvironmentCarries()
    {
        const QString script = QStringLiteral("for i in 1 2 3 4; do wget -q -O - http://web.test:8080/bytes/1048576 | md5sum; done");
        Recording recording;
        record(script, 4, recording);
        if (QTest::currentTestFailed())
            return;
        const QList<QByteArray> sums = recording.original.stdoutData.trimmed().split('\n');
        QCOMPARE(sums.size(), 4);
        QCOMPARE(QSet<QByteArray>(sums.begin(), sums.end()).size(), 4);
        for (const RecordedExchange &e : recording.traffic.exchanges)
            QCOMPARE(e.responseBody.size, qint64(1) << 20);
        Replaying replaying;
        replayIdentical(recording, script, replaying);
        if (QTest::currentTestFailed())
            return;
        VERIFY_OK(waitFor(replaying.sandbox->release(), 120'000));
    }

    void recordedThenReplayedOffline()
    {
        Recording recording;
        record(run, 5, recording);
        if (QTest::currentTestFailed())
            return;
        const RecordedTraffic &traffic = recording.traffic;
        const SandboxPayloads &payloads = recording.payloads;
        QVERIFY2(recording.original.stdoutData.contains("answer 1\nanswer 2\nanswer 3\nposted: a=1&b=two\nauth=Bearer " + recording.placeholder),
                 recording.original.stdoutData + recording.original.stderrData);
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
        for (const QByteArray &gone : {recording.value, recording.placeholder, QByteArray("server-cookie-4242")})
            QVERIFY2(!all.contains(gone), gone.constData());
        QVERIFY(traffic.redacted.contains(QStringLiteral("request header Authorization")));
        QVERIFY(traffic.redacted.contains(QStringLiteral("response header Set-Cookie")));
        QVERIFY(all.contains("answer 2"));

        // The server is gone: nothing could answer but the recording.
        QVERIFY(m_server.stop());
        Replaying replaying;
        replayIdentical(recording, run, replaying);
        if (QTest::currentTestFailed())
            return;

        // A changed command asks for what the recording lacks: named.
        auto changed = shell(replaying.sandbox, QStringLiteral("wget -q -O - http://web.test:8080/missing; echo rc=$?"));
        VERIFY_OK(changed);
        for (QDeadlineTimer deadline(30'000); replaying.divergences.isEmpty() && !deadline.hasExpired();)
            QTest::qWait(100);
        QCOMPARE(replaying.divergences, QStringList{QStringLiteral("GET http://web.test:8080/missing: not in the recording")});
        QVERIFY2(!changed->stdoutData.contains("rc=0"), changed->stdoutData);
    }
};

QTEST_GUILESS_MAIN(TestDockerTraffic)
#include "tst_dockertraffic.moc"
