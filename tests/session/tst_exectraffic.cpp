// An exec run's HTTP(S) traffic in its session (`run --record`, then `replay`): recorded through
// the run's own proxy (core/net/hostmitmproxy.h) into the bundle by digest, redacted, and served
// offline by a replay, which names a request the recording lacks as its divergence.
// Real parts: Deno, mitmproxy's mitmdump, and Python HTTP and HTTPS servers (a CA of their own)
// that the test stops before it replays.
#include "execfixture.h"
#include "trafficservers.h"
#include "session/exec/execsessionrecorder.h"
#include "session/exec/execsessionreplayer.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

constexpr char secretValue[] = "sk-traffic-5e4d3c2b1a-VALUE";

QByteArray allFilesOf(const QString &folder)
{
    QByteArray out;
    QDirIterator it(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile file(it.next());
        if (file.open(QIODevice::ReadOnly))
            out += file.readAll();
    }
    return out;
}

} // namespace

class TestExecTraffic : public QObject
{
    Q_OBJECT

    ExecFixture m_fixture;
    int m_count = 0;

    ExecRequest request(const QString &code, const Servers &servers) const
    {
        ExecRequest r;
        r.code = code;
        r.policy = m_fixture.sandboxPolicy();
        r.policy.seed = 7;
        r.policy.freezeTimeMs = 1767225600000;
        r.policy.permissions.allowNet = {QStringLiteral("127.0.0.1:%1").arg(servers.plain), QStringLiteral("localhost:%1").arg(servers.tls)};
        r.baseDir = m_fixture.root();
        r.traffic = TrafficCapture::Record;
        return r;
    }

    // Runs and records `request` as `run --record` does, writes the bundle and reads it back.
    Result<ExecSession> record(const ExecRequest &request, const Servers &servers, ExecResult *ran = nullptr)
    {
        ExecEngineConfig config;
        config.secretUpstreamCaFile = servers.caFile();
        auto recorder = ExecSessionRecorder::begin(request, config);
        if (!recorder)
            return std::unexpected(recorder.error());
        auto result = ExecEngine::runSync(request, config);
        if (!result)
            return std::unexpected(result.error());
        if (ran)
            *ran = *result;
        auto bundle = recorder->finish(*result);
        if (!bundle)
            return std::unexpected(bundle.error());
        const QString file = m_fixture.path(QStringLiteral("t%1.sbsession").arg(++m_count));
        if (auto ok = bundle->write(file); !ok)
            return std::unexpected(ok.error());
        return ExecSession::read(file);
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("mitmdump")).isEmpty(), "mitmdump is not installed (scripts/setup installs mitmproxy)");
        QVERIFY2(!qEnvironmentVariable("SANDBENCH_SOURCE_DIR").isEmpty(), "SANDBENCH_SOURCE_DIR is not set (ctest sets it)");
    }

    // GET over HTTP, GET over HTTPS (a server with its own CA), POST a body: all recorded, and
    // replayed identical with both servers stopped.
    void httpAndHttpsReplayIdenticalWithServersStopped()
    {
        Servers servers;
        QVERIFY2(servers.tls && servers.plain, qPrintable(servers.error()));
        const ExecRequest r = request(QStringLiteral(
            "const plain = await (await fetch('http://127.0.0.1:%1/plain?x=1')).json();\n"
            "const tls = await (await fetch('https://localhost:%2/tls')).json();\n"
            "const posted = await (await fetch('http://127.0.0.1:%1/post', {method: 'POST', body: 'hello body'})).json();\n"
            "console.log(JSON.stringify({plain, tls, posted, r: Math.random()}));\n").arg(servers.plain).arg(servers.tls), servers);
        ExecResult ran;
        auto bundle = record(r, servers, &ran);
        QVERIFY2(bundle, bundle ? "" : qPrintable(bundle.error().message));
        QVERIFY2(ran.exitCode == 0, (ran.stdoutData + ran.stderrData).constData());
        QVERIFY2(bundle->stdoutData.contains("\"path\":\"/tls\"") && bundle->stdoutData.contains("\"size\":10"), bundle->stdoutData.constData());
        // Each request reached its server once, through the proxy.
        QCOMPARE(servers.requests(), QByteArray("GET /plain?x=1\nGET /tls\nPOST /post\n"));

        const ExecSessionManifest &m = bundle->manifest;
        QVERIFY(m.trafficRecorded);
        QCOMPARE(m.traffic.exchanges.size(), 3);
        QCOMPARE(m.traffic.exchanges[0].url, QStringLiteral("http://127.0.0.1:%1/plain?x=1").arg(servers.plain));
        QCOMPARE(m.traffic.exchanges[1].url, QStringLiteral("https://localhost:%1/tls").arg(servers.tls));
        QCOMPARE(m.traffic.exchanges[2].method, QStringLiteral("POST"));
        QCOMPARE(m.traffic.exchanges[2].requestBody.size, 10);
        for (const RecordedExchange &e : m.traffic.exchanges) {
            QCOMPARE(e.status, 200);
            QVERIFY(e.allowed);
            QVERIFY(e.responseBody.size > 0);
            QVERIFY(QFileInfo(bundle->filePath(e.responseBody.sha256)).isFile());
        }
        // The broker's decisions are in the audit as they always were.
        bool decided = false;
        for (const AuditEvent &event : bundle->auditEvents)
            decided |= event.kind == QLatin1String("net") && event.allowed && event.resource.contains(QStringLiteral("localhost:%1").arg(servers.tls));
        QVERIFY(decided);

        servers.stop();
        auto report = ExecSessionReplayer::runSync(*bundle);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QVERIFY2(report->identical, qPrintable(report->summary() + QString::fromUtf8(report->replayed.stderrData)));
        QCOMPARE(report->replayed.stdoutData, bundle->stdoutData);
    }

    // mitmproxy is only recommended by the package, and every recorded run asks for its
    // traffic: without it a run with network still runs, and its session says what it lacks.
    void withoutMitmproxyTheRunGoesAheadAndSaysSo()
    {
        Servers servers;
        QVERIFY2(servers.tls && servers.plain, qPrintable(servers.error()));
        const QByteArray path = qgetenv("PATH");
        QTemporaryDir empty;
        qputenv("PATH", empty.path().toLocal8Bit()); // the runtime and bubblewrap are found by full path
        ExecResult ran;
        auto bundle = record(request(QStringLiteral("console.log(await (await fetch('http://127.0.0.1:%1/plain')).text());").arg(servers.plain), servers),
                             servers, &ran);
        qputenv("PATH", path);
        QVERIFY2(bundle, bundle ? "" : qPrintable(bundle.error().message));
        QVERIFY2(ran.exitCode == 0, (ran.stdoutData + ran.stderrData).constData());
        QCOMPARE(servers.requests(), QByteArray("GET /plain\n"));
        QVERIFY(!bundle->manifest.trafficRecorded);
        QVERIFY2(bundle->manifest.notes.join(QLatin1Char('\n')).contains(QStringLiteral("traffic not recorded: mitmdump is not installed")),
                 qPrintable(bundle->manifest.notes.join(QLatin1Char('\n'))));
    }

    // A replay reaches no server even when they are there: every answer comes from the bundle.
    void replayReachesNoServer()
    {
        Servers servers;
        QVERIFY2(servers.tls && servers.plain, qPrintable(servers.error()));
        auto bundle = record(request(QStringLiteral("console.log(await (await fetch('https://localhost:%1/once')).text());").arg(servers.tls), servers), servers);
        QVERIFY2(bundle, bundle ? "" : qPrintable(bundle.error().message));
        QCOMPARE(servers.requests(), QByteArray("GET /once\n"));
        auto report = ExecSessionReplayer::runSync(*bundle);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QVERIFY2(report->identical, qPrintable(report->summary()));
        QCOMPARE(servers.requests(), QByteArray("GET /once\n"));
    }

    // An exec run's proxy reads its recording from a file: 3.5 MiB here, more than twice what a
    // process's start environment could carry in pieces (1.5 MiB, the bound replays once had),
    // identical with the servers stopped.
    void aReplayServesMoreThanAStartEnvironmentCarries()
    {
        Servers servers;
        QVERIFY2(servers.tls && servers.plain, qPrintable(servers.error()));
        const QString code = QStringLiteral(
            "const sums = [];\n"
            "for (let i = 0; i < 14; i++) {\n"
            "  const bytes = new Uint8Array(await (await fetch('http://127.0.0.1:%1/bytes/262144?' + i)).arrayBuffer());\n"
            "  sums.push(bytes.length + ':' + bytes.reduce((a, b) => (a * 31 + b) >>> 0, 7));\n"
            "}\n"
            "console.log(sums.join(' '));").arg(servers.plain);
        ExecResult ran;
        auto bundle = record(request(code, servers), servers, &ran);
        QVERIFY2(bundle, bundle ? "" : qPrintable(bundle.error().message));
        QVERIFY2(ran.exitCode == 0, ran.stderrData.constData());
        QCOMPARE(bundle->manifest.traffic.exchanges.size(), 14);
        qint64 served = 0;
        for (const RecordedExchange &e : bundle->manifest.traffic.exchanges)
            served += e.responseBody.size;
        QVERIFY(served > qint64(3) << 20);
        servers.stop();
        auto report = ExecSessionReplayer::runSync(*bundle);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QVERIFY2(report->identical, qPrintable(report->summary()));
    }

    // A changed script asks for a URL the recording lacks: the replay diverges there, naming it.
    void changedScriptDivergesNamingTheRequest()
    {
        Servers servers;
        QVERIFY2(servers.tls && servers.plain, qPrintable(servers.error()));
        const QString code = QStringLiteral("const r = await fetch('http://127.0.0.1:%1/%2'%3); console.log(r.status, await r.text());");
        auto bundle = record(request(code.arg(servers.plain).arg(QStringLiteral("first"), QString()), servers), servers);
        QVERIFY2(bundle, bundle ? "" : qPrintable(bundle.error().message));
        servers.stop();
        ExecSession changed = *bundle;
        changed.manifest.code = code.arg(servers.plain).arg(QStringLiteral("second"), QStringLiteral(
            ", {method: 'POST', body: 'a=1&b=two', headers: {'X-Trace': 't-42', Authorization: 'Bearer zzz-9'}}"));
        auto report = ExecSessionReplayer::runSync(changed);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QVERIFY(!report->identical);
        QVERIFY(!report->divergences.isEmpty());
        const Divergence &first = report->divergences.first();
        QCOMPARE(first.stream, ReplayStream::Network);
        const QString url = QStringLiteral("POST http://127.0.0.1:%1/second").arg(servers.plain);
        QVERIFY2(first.recorded.contains(url) && first.replayed == url, qPrintable(first.recorded + QStringLiteral(" | ") + first.replayed));
        QVERIFY2(report->summary().contains(url), qPrintable(report->summary()));
        // The request the replay made, for the side-by-side view, beside the recorded one.
        QCOMPARE(first.recordedRequest, 0);
        QVERIFY(first.madeRequest);
        QCOMPARE(first.request.bodyHead, QByteArray("a=1&b=two"));
        QCOMPARE(first.request.bodySize, 9);
        HttpHeaderList expected{{"x-trace", "t-42"}, {"authorization", TrafficRedaction::marker}};
        for (const auto &header : expected) {
            const bool sent = std::any_of(first.request.headers.cbegin(), first.request.headers.cend(), [&](const auto &h) {
                return h.first.toLower() == header.first && h.second == header.second;
            });
            QVERIFY2(sent, header.first.constData());
        }
    }

    // A secret's header: the value never in the bundle, the placeholder neither, the header
    // redacted; the replay (which has no secret) still matches.
    void secretHeaderIsRedactedAndReplayMatches()
    {
        Servers servers;
        QVERIFY2(servers.tls && servers.plain, qPrintable(servers.error()));
        ExecRequest r = request(QStringLiteral(
            "const key = Deno.env.get('API_KEY');\n"
            "const a = await (await fetch('https://localhost:%1/auth', {headers: {Authorization: 'Bearer ' + key}})).json();\n"
            "const b = await (await fetch('http://127.0.0.1:%2/literal', {headers: {Authorization: 'Bearer literal-token-1234'}})).json();\n"
            "console.log(a.path, a.auth !== null, b.path);\n").arg(servers.tls).arg(servers.plain), servers);
        r.secrets = {SandboxSecret{QStringLiteral("API_KEY"), {QStringLiteral("localhost")}, QByteArray(secretValue)}};
        ExecResult ran;
        auto bundle = record(r, servers, &ran);
        QVERIFY2(bundle, bundle ? "" : qPrintable(bundle.error().message));
        QVERIFY2(bundle->stdoutData == "/auth true /literal\n", (bundle->stdoutData + bundle->stderrData).constData());
        const QString placeholder = ran.secretPlaceholders.value(QStringLiteral("API_KEY"));
        QVERIFY(placeholder.startsWith(QLatin1String("sandbench-secret-API_KEY-")));
        // Everything the bundle holds but the code, which names the literal token itself.
        ExecSessionManifest withoutCode = bundle->manifest;
        withoutCode.code.clear();
        QByteArray everything = withoutCode.toJson() + allFilesOf(bundle->contentDir() + QStringLiteral("/files")) + bundle->stdoutData
                                + bundle->stderrData + bundle->rawStderr;
        for (const AuditEvent &event : bundle->auditEvents)
            everything += event.toJsonLine();
        QVERIFY(!everything.contains(secretValue));
        QVERIFY(!everything.contains(placeholder.toLatin1()));
        QVERIFY(!everything.contains("literal-token-1234"));
        QVERIFY(everything.contains(TrafficRedaction::marker));
        QVERIFY2(bundle->manifest.traffic.redacted.contains(QStringLiteral("request header authorization"), Qt::CaseInsensitive),
                 qPrintable(bundle->manifest.traffic.redacted.join(QLatin1Char('\n'))));
        servers.stop();
        auto report = ExecSessionReplayer::runSync(*bundle);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QVERIFY2(report->identical, qPrintable(report->summary() + QString::fromUtf8(report->replayed.stderrData)));
    }

    // A bundle that lets its code talk to the replay proxy itself (allow_net 127.0.0.1:3128)
    // and answers a WebSocket upgrade with a recorded 101, after which mitmproxy would open a
    // connection to the server to carry the messages: the replay's proxy has no way upstream,
    // so the target is never reached.
    void replayProxyConnectsNowhere()
    {
        Servers servers;
        QVERIFY2(servers.tls && servers.plain, qPrintable(servers.error()));
        auto bundle = record(request(QStringLiteral("console.log((await fetch('http://127.0.0.1:%1/ws')).status);").arg(servers.plain), servers), servers);
        QVERIFY2(bundle, bundle ? "" : qPrintable(bundle.error().message));
        CountingServer target;
        ExecSession hostile = *bundle;
        RecordedExchange &upgrade = hostile.manifest.traffic.exchanges.first();
        upgrade.url = QStringLiteral("http://127.0.0.1:%1/ws").arg(target.port());
        upgrade.status = 101;
        upgrade.responseHeaders = {{"Upgrade", "websocket"}, {"Connection", "Upgrade"},
                                   {"Sec-WebSocket-Accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="}};
        hostile.manifest.policy.freezeTimeMs.reset();
        hostile.manifest.policy.permissions.allowNet << QStringLiteral("127.0.0.1:3128");
        hostile.manifest.code = QStringLiteral(
            "const c = await Deno.connect({hostname: '127.0.0.1', port: 3128});\n"
            "const enc = new TextEncoder();\n"
            "await c.write(enc.encode('GET http://127.0.0.1:%1/ws HTTP/1.1\\r\\nHost: 127.0.0.1:%1\\r\\nUpgrade: websocket\\r\\n'\n"
            "  + 'Connection: Upgrade\\r\\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\\r\\nSec-WebSocket-Version: 13\\r\\n\\r\\n'));\n"
            "const b = new Uint8Array(4096);\n"
            "const n = await c.read(b);\n"
            "console.log(new TextDecoder().decode(b.subarray(0, n ?? 0)).split('\\r\\n')[0]);\n"
            "await c.write(new Uint8Array([0x81, 0x82, 1, 2, 3, 4, 0x69 ^ 1, 0x69 ^ 2]));\n"
            "console.log(String(await Promise.race([c.read(b), new Promise((r) => setTimeout(() => r('no answer'), 3000))])));\n"
            "Deno.exit(0);\n").arg(target.port());
        auto report = ExecSessionReplayer::runSync(hostile);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QVERIFY2(report->replayed.stdoutData.contains("101"), (report->replayed.stdoutData + report->replayed.stderrData).constData());
        QCOMPARE(target.connections(), 0);
    }

    // A bundle's traffic is checked before anything runs: a body of another size than it says, or traffic
    // in a session that says it has none, is refused naming what is wrong.
    void hostileTrafficIsRefused()
    {
        Servers servers;
        QVERIFY2(servers.tls && servers.plain, qPrintable(servers.error()));
        auto bundle = record(request(QStringLiteral("console.log((await fetch('http://127.0.0.1:%1/x')).status);").arg(servers.plain), servers), servers);
        QVERIFY2(bundle, bundle ? "" : qPrintable(bundle.error().message));
        QByteArray json = bundle->manifest.toJson();
        ExecSession missing = *bundle;
        missing.manifest.traffic.exchanges.first().responseBody.size += 1;
        const QString file = m_fixture.path(QStringLiteral("hostile.sbsession"));
        QVERIFY(missing.write(file));
        auto read = ExecSession::read(file);
        QVERIFY(!read);
        QVERIFY2(read.error().message.contains(QLatin1String("recorded request 1")), qPrintable(read.error().message));
        QByteArray unrecorded = json;
        unrecorded.replace("\"trafficRecorded\": true", "\"trafficRecorded\": false");
        auto parsed = ExecSessionManifest::fromJson(unrecorded, QStringLiteral("x"));
        QVERIFY(!parsed);
        QVERIFY2(parsed.error().message.contains(QLatin1String("traffic")), qPrintable(parsed.error().message));
    }
};

QTEST_GUILESS_MAIN(TestExecTraffic)
#include "tst_exectraffic.moc"
