// Recorded traffic: what the egress proxy's lines become in a session (redacted before anything
// is kept), how a bundle's traffic is read as hostile input (bounded counts, sizes, encodings,
// within seconds), and how a replay's requests are answered or named as divergences.
#include "session/traffic/recordedtraffic.h"
#include "session/traffic/replayedrequest.h"
#include "session/traffic/trafficmatcher.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QUrl>

using namespace Sandbench;

namespace {

QString b64(const QByteArray &data)
{
    return QString::fromLatin1(data.toBase64());
}

QJsonArray headers(const QList<QPair<QByteArray, QByteArray>> &list)
{
    QJsonArray out;
    for (const auto &[n, v] : list)
        out << QJsonArray{b64(n), b64(v)};
    return out;
}

QByteArray proxyLine(const QString &method, const QString &url, const QList<QPair<QByteArray, QByteArray>> &reqHeaders,
                     const QByteArray &reqBody, int status, const QList<QPair<QByteArray, QByteArray>> &respHeaders,
                     const QByteArray &respBody)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("method"), method},
                                     {QStringLiteral("url"), url},
                                     {QStringLiteral("requestHeaders"), headers(reqHeaders)},
                                     {QStringLiteral("requestBody"), b64(reqBody)},
                                     {QStringLiteral("status"), status},
                                     {QStringLiteral("responseHeaders"), headers(respHeaders)},
                                     {QStringLiteral("responseBody"), b64(respBody)},
                                     {QStringLiteral("startMs"), 1500},
                                     {QStringLiteral("durationMs"), 7},
                                     {QStringLiteral("allowed"), true}})
        .toJson(QJsonDocument::Compact);
}

QString sha(const QByteArray &data)
{
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

// Everything a recording keeps, as bytes: the manifest's traffic and every body.
QByteArray everything(const RecordedTraffic &t, const SandboxPayloads &payloads)
{
    QByteArray all = QJsonDocument(t.toJson()).toJson() + QJsonDocument(t.redactedJson()).toJson();
    for (const RecordedExchange &e : t.exchanges) {
        all += *payloads.load(e.requestBody, QStringLiteral("request"));
        all += *payloads.load(e.responseBody, QStringLiteral("response"));
    }
    return all;
}

} // namespace

class TestRecordedTraffic : public QObject
{
    Q_OBJECT

    const QByteArray m_value = "s3cr3t-VALUE-7f1e";
    const QByteArray m_placeholder = "sandbench-secret-API_KEY-00112233445566778899aabbccddeeff";

    TrafficRedaction redaction(bool keepCredentials) const
    {
        TrafficRedaction r;
        r.keepCredentials = keepCredentials;
        r.secrets << TrafficRedaction::Secret{QStringLiteral("API_KEY"), m_value, m_placeholder};
        return r;
    }

private slots:
    void credentialsAndSecretsAreRedactedBeforeKeeping()
    {
        SandboxPayloads payloads;
        RecordedTraffic t;
        // The server echoes the secret's value (a header swapped in by the proxy) in its body and
        // a cookie; the request carries the placeholder in a header, the URL and the body.
        const QByteArray line = proxyLine(QStringLiteral("POST"), QStringLiteral("http://api.test/v1?k=") + QString::fromLatin1(m_placeholder),
                                          {{"Authorization", "Bearer " + m_placeholder}, {"X-Api-Key", "plain-key-1234"},
                                           {"Cookie", "session=abcd1234"}, {"Accept", "*/*"}},
                                          "{\"key\":\"" + m_placeholder + "\"}", 200,
                                          {{"Set-Cookie", "id=zz99"}, {"Content-Type", "text/plain"}, {"X-Echo", m_value}},
                                          "you sent " + m_value);
        QVERIFY2(t.addProxyLine(line, redaction(false), payloads, 1000).has_value(), "a good line");
        QCOMPARE(t.exchanges.size(), 1);
        const RecordedExchange &e = t.exchanges.first();
        QCOMPARE(e.startMs, 500); // from the session's start
        const QByteArray all = everything(t, payloads);
        for (const QByteArray &gone : {m_value, m_placeholder, QByteArray("plain-key-1234"), QByteArray("abcd1234"), QByteArray("zz99")})
            QVERIFY2(!all.contains(gone), gone.constData());
        QVERIFY(all.contains("*/*")); // what is not a credential stays
        QVERIFY(all.contains(TrafficRedaction::marker));
        for (const QString &what : {QStringLiteral("request header Authorization"), QStringLiteral("request header X-Api-Key"),
                                    QStringLiteral("request header Cookie"), QStringLiteral("response header Set-Cookie")})
            QVERIFY2(t.redacted.contains(what), qPrintable(what));
        QVERIFY(t.redacted.join(u'\n').contains(QStringLiteral("secret API_KEY")));
    }

    void keptCredentialsNeverKeepSecretValues()
    {
        SandboxPayloads payloads;
        RecordedTraffic t;
        const QByteArray line = proxyLine(QStringLiteral("GET"), QStringLiteral("https://api.test/"),
                                          {{"Authorization", "Bearer " + m_value}, {"Cookie", "c=keepme"}}, {}, 200, {},
                                          "echo " + QUrl::toPercentEncoding(QString::fromLatin1(m_value)));
        QVERIFY(t.addProxyLine(line, redaction(true), payloads, 0).has_value());
        const QByteArray all = everything(t, payloads);
        QVERIFY(all.contains("c=keepme"));
        QVERIFY(!all.contains(m_value));
        QVERIFY(!all.contains(QUrl::toPercentEncoding(QString::fromLatin1(m_value))));
    }

    void anEncodedBodyIsNotKeptWhenSecretsCouldHideInIt()
    {
        SandboxPayloads payloads;
        RecordedTraffic t;
        const QByteArray line = proxyLine(QStringLiteral("GET"), QStringLiteral("https://api.test/"), {}, {}, 200,
                                          {{"Content-Encoding", "gzip"}}, QByteArray("\x1f\x8b\x08\x00opaque", 10));
        QVERIFY(t.addProxyLine(line, redaction(false), payloads, 0).has_value());
        QCOMPARE(*payloads.load(t.exchanges.first().responseBody, QStringLiteral("body")), QByteArray(TrafficRedaction::marker));
    }

    void credentialHeaderNames()
    {
        for (const char *n : {"Authorization", "proxy-authorization", "COOKIE", "Set-Cookie", "x-api-key", "api-key", "X-Goog-Api-Key",
                              "x-auth-token", "Openai-Api-Key", "x-client-secret"})
            QVERIFY2(RecordedTraffic::isCredentialHeader(n), n);
        for (const char *n : {"Accept", "Content-Type", "Host", "User-Agent", "Content-Length"})
            QVERIFY2(!RecordedTraffic::isCredentialHeader(n), n);
    }

    void badProxyLinesAreRefusedByName()
    {
        SandboxPayloads payloads;
        RecordedTraffic t;
        const QList<QPair<QByteArray, const char *>> bad = {
            {"not json", "not JSON"},
            {proxyLine(QStringLiteral("GE T"), QStringLiteral("http://a.test/"), {}, {}, 200, {}, {}), "method"},
            {proxyLine(QStringLiteral("GET"), QStringLiteral("file:///etc/passwd"), {}, {}, 200, {}, {}), "URL"},
            {proxyLine(QStringLiteral("GET"), QStringLiteral("http://a.test/"), {{"X-A", "a\r\nInjected: 1"}}, {}, 200, {}, {}), "line break"},
            {proxyLine(QStringLiteral("GET"), QStringLiteral("http://a.test/"), {}, {}, 900, {}, {}), "status"},
            {QByteArray(R"({"method":"GET","url":"http://a.test/","requestHeaders":[],"responseHeaders":[],"status":200,)"
                        R"("startMs":0,"durationMs":0,"requestBody":"@@@not base64","responseBody":""})"), "base64"},
        };
        for (const auto &[line, why] : bad) {
            auto r = t.addProxyLine(line, {}, payloads, 0);
            QVERIFY2(!r, why);
            QVERIFY2(r.error().message.contains(QLatin1String(why)), qPrintable(r.error().message));
            QVERIFY(r.error().message.startsWith(QStringLiteral("recorded request 1:")));
        }
        QVERIFY(t.exchanges.isEmpty());
        TrafficLimits small;
        small.maxBodyBytes = 1024;
        auto big = t.addProxyLine(proxyLine(QStringLiteral("GET"), QStringLiteral("http://a.test/"), {}, {}, 200, {}, QByteArray(2048, 'x')),
                                  {}, payloads, 0, small);
        QVERIFY(!big);
        QVERIFY2(big.error().message.contains(QStringLiteral("larger than 1024")), qPrintable(big.error().message));
    }

    // A recording stops at the bodies' total a reader accepts: never a bundle its replay refuses.
    void aRecordingIsBoundedByTheTotalAReaderAccepts()
    {
        SandboxPayloads payloads;
        RecordedTraffic t;
        TrafficLimits limits;
        limits.maxTotalBodyBytes = 2500;
        const QByteArray line = proxyLine(QStringLiteral("POST"), QStringLiteral("http://a.test/"), {}, QByteArray(500, 'q'), 200, {},
                                          QByteArray(500, 'a'));
        QVERIFY(t.addProxyLine(line, {}, payloads, 0, limits));
        QVERIFY(t.addProxyLine(line, {}, payloads, 0, limits));
        auto third = t.addProxyLine(line, {}, payloads, 0, limits);
        QVERIFY(!third);
        QVERIFY2(third.error().message.contains(QStringLiteral("recorded request 3: the recording's bodies would add up to more than 2500")),
                 qPrintable(third.error().message));
        QCOMPARE(t.exchanges.size(), 2);
        // Smaller ones still fit.
        QVERIFY(t.addProxyLine(proxyLine(QStringLiteral("GET"), QStringLiteral("http://a.test/s"), {}, {}, 200, {}, "ok"), {}, payloads, 0, limits));
    }

    void roundTripsThroughTheManifest()
    {
        SandboxPayloads payloads;
        RecordedTraffic t;
        QVERIFY(t.addProxyLine(proxyLine(QStringLiteral("POST"), QStringLiteral("http://a.test/p"), {{"Accept", "x"}}, "body", 201,
                                         {{"Content-Type", "text/plain"}}, "made"),
                               redaction(false), payloads, 0).has_value());
        auto back = RecordedTraffic::fromJson(t.toJson(), t.redactedJson());
        QVERIFY2(back.has_value(), back ? "" : qPrintable(back.error().message));
        QCOMPARE(back->exchanges, t.exchanges);
        QCOMPARE(back->exchanges.first().requestBody.sha256, sha("body"));
    }

    void hostileManifestsAreRefusedWithinSeconds()
    {
        QElapsedTimer timer;
        timer.start();
        // A million requests, refused by their count before any is read.
        QJsonArray million;
        const QJsonObject one{{QStringLiteral("method"), QStringLiteral("GET")}};
        for (int i = 0; i < 1'000'000; ++i)
            million << one;
        auto many = RecordedTraffic::fromJson(million, {});
        QVERIFY(!many);
        QVERIFY2(many.error().message.contains(QStringLiteral("1000000 requests")), qPrintable(many.error().message));

        const QJsonObject good{{QStringLiteral("method"), QStringLiteral("GET")},
                               {QStringLiteral("url"), QStringLiteral("http://a.test/")},
                               {QStringLiteral("requestHeaders"), QJsonArray{}},
                               {QStringLiteral("requestBody"), QJsonObject{{QStringLiteral("sha256"), sha({})}, {QStringLiteral("size"), 0}}},
                               {QStringLiteral("status"), 200},
                               {QStringLiteral("responseHeaders"), QJsonArray{}},
                               {QStringLiteral("responseBody"), QJsonObject{{QStringLiteral("sha256"), sha("x")}, {QStringLiteral("size"), 1}}},
                               {QStringLiteral("startMs"), 0},
                               {QStringLiteral("durationMs"), 0},
                               {QStringLiteral("allowed"), true}};
        QVERIFY(RecordedTraffic::fromJson(QJsonArray{good}, {}).has_value());
        auto with = [&](const char *key, const QJsonValue &value) {
            QJsonObject o = good;
            o.insert(QLatin1String(key), value);
            return RecordedTraffic::fromJson(QJsonArray{good, o}, {});
        };
        const QJsonObject hugeBody{{QStringLiteral("sha256"), sha("x")}, {QStringLiteral("size"), double(qint64(1) << 40)}};
        const QList<std::tuple<const char *, QJsonValue, const char *>> cases = {
            {"responseBody", hugeBody, "larger than"},
            {"responseBody", QJsonObject{{QStringLiteral("sha256"), QStringLiteral("../../etc")}, {QStringLiteral("size"), 1}}, "sha256"},
            {"requestHeaders", QJsonArray{QJsonArray{QStringLiteral("X-Bad"), QStringLiteral("caf\u00e9 \u2603")}}, "not a byte"},
            {"requestHeaders", QJsonArray{QJsonArray{QStringLiteral("X-Bad")}}, "pair"},
            {"url", QStringLiteral("http://a.test/") + QString(20000, u'a'), "longer than"},
            {"url", QStringLiteral("javascript:alert(1)"), "not an http"},
            {"status", -1, "status"},
            {"startMs", 1.5, "startMs"},
            {"allowed", QStringLiteral("yes"), "decision"},
            {"method", QStringLiteral("G\u00c9T"), "method"},
        };
        for (const auto &[key, value, why] : cases) {
            auto r = with(key, value);
            QVERIFY2(!r, key);
            QVERIFY2(r.error().message.startsWith(QStringLiteral("recorded request 2:")), qPrintable(r.error().message));
            QVERIFY2(r.error().message.contains(QLatin1String(why)), qPrintable(r.error().message));
        }
        // Many bodies each within bounds that add up beyond the total.
        TrafficLimits limits;
        limits.maxTotalBodyBytes = 10;
        QJsonObject five = good;
        five.insert(QStringLiteral("responseBody"), QJsonObject{{QStringLiteral("sha256"), sha("x")}, {QStringLiteral("size"), 5}});
        auto total = RecordedTraffic::fromJson(QJsonArray{five, five, five}, {}, limits);
        QVERIFY(!total);
        QVERIFY2(total.error().message.contains(QStringLiteral("add up")), qPrintable(total.error().message));
        QVERIFY2(timer.elapsed() < 10'000, qPrintable(QString::number(timer.elapsed())));
    }

    void theNthIdenticalRequestGetsTheNthAnswer()
    {
        SandboxPayloads payloads;
        RecordedTraffic t;
        for (const QByteArray &answer : {QByteArray("first"), QByteArray("second")})
            QVERIFY(t.addProxyLine(proxyLine(QStringLiteral("GET"), QStringLiteral("http://a.test/n"), {}, {}, 200, {}, answer), {}, payloads, 0));
        QVERIFY(t.addProxyLine(proxyLine(QStringLiteral("POST"), QStringLiteral("http://a.test/p"), {}, "hello", 201, {}, "ok"), {}, payloads, 0));
        TrafficMatcher m(t);
        QCOMPARE(m.unasked().size(), 3);
        QCOMPARE(*m.take(QStringLiteral("GET"), QStringLiteral("http://a.test/n"), sha({}), 0), 0);
        QCOMPARE(*m.take(QStringLiteral("POST"), QStringLiteral("http://a.test/p"), sha("hello"), 5), 2);
        QCOMPARE(*m.take(QStringLiteral("GET"), QStringLiteral("http://a.test/n"), sha({}), 0), 1);
        QVERIFY(m.unasked().isEmpty());
        auto third = m.take(QStringLiteral("GET"), QStringLiteral("http://a.test/n"), sha({}), 0);
        QVERIFY(!third);
        QCOMPARE(third.error().message, QStringLiteral("GET http://a.test/n: asked 3 times, the recording answered it 2 times"));
    }

    void divergencesNameTheRequestAndWhatDiffered()
    {
        SandboxPayloads payloads;
        RecordedTraffic t;
        QVERIFY(t.addProxyLine(proxyLine(QStringLiteral("POST"), QStringLiteral("http://a.test/p"), {}, "hello", 201, {}, "ok"), {}, payloads, 0));
        TrafficMatcher m(t);
        auto body = m.take(QStringLiteral("POST"), QStringLiteral("http://a.test/p"), sha("HELLO!"), 6);
        QVERIFY(!body);
        QVERIFY2(body.error().message.startsWith(QStringLiteral("POST http://a.test/p: its body (6 bytes")), qPrintable(body.error().message));
        QVERIFY(body.error().message.contains(QStringLiteral("recorded one (5 bytes")));
        auto method = m.take(QStringLiteral("PUT"), QStringLiteral("http://a.test/p"), sha("hello"), 5);
        QVERIFY(!method);
        QCOMPARE(method.error().message, QStringLiteral("PUT http://a.test/p: the recording has this URL only as POST"));
        auto missing = m.take(QStringLiteral("GET"), QStringLiteral("http://a.test/other"), sha({}), 0);
        QVERIFY(!missing);
        QCOMPARE(missing.error().message, QStringLiteral("GET http://a.test/other: not in the recording"));
        QCOMPARE(m.unasked(), QStringList{QStringLiteral("POST http://a.test/p")});
    }

    // A replay's request as its proxy printed it: read field by field, bounded, credentials
    // redacted; a field that is not what it should be is left empty, never trusted.
    void aReplayedRequestIsReadAsHostileAndRedacted()
    {
        const auto line = [](const QJsonObject &o) { return QJsonDocument(o).toJson(QJsonDocument::Compact); };
        const ReplayedRequest r = ReplayedRequest::fromProxyLine(line({
            {QStringLiteral("method"), QStringLiteral("POST")}, {QStringLiteral("url"), QStringLiteral("http://a.test/p")},
            {QStringLiteral("bodySha256"), sha("a=1")}, {QStringLiteral("bodySize"), 3},
            {QStringLiteral("headers"), headers({{"X-Trace", "t-42"}, {"Authorization", "Bearer zzz-9"}, {"X-Api-Key", "k-1"}})},
            {QStringLiteral("bodyHead"), b64("a=1")}}));
        QCOMPARE(r.method, QStringLiteral("POST"));
        QCOMPARE(r.url, QStringLiteral("http://a.test/p"));
        QCOMPARE(r.bodySha256, sha("a=1"));
        QCOMPARE(r.bodySize, 3);
        QCOMPARE(r.bodyHead, QByteArray("a=1"));
        const HttpHeaderList expected{{"X-Trace", "t-42"}, {"Authorization", TrafficRedaction::marker}, {"X-Api-Key", TrafficRedaction::marker}};
        QCOMPARE(r.headers, expected);

        const ReplayedRequest hostile = ReplayedRequest::fromProxyLine(line({
            {QStringLiteral("method"), QString(1000, u'M')}, {QStringLiteral("url"), QString(100'000, u'u')},
            {QStringLiteral("bodySha256"), QStringLiteral("../../etc/passwd")}, {QStringLiteral("bodySize"), 1e300},
            {QStringLiteral("headers"), QJsonArray{QJsonArray{QStringLiteral("not base64!"), QStringLiteral("x")}}},
            {QStringLiteral("bodyHead"), b64(QByteArray(100'000, 'x'))}}));
        QCOMPARE(hostile.method.size(), 64);
        QCOMPARE(hostile.url.size(), TrafficLimits{}.maxUrlBytes);
        QVERIFY(hostile.bodySha256.isEmpty());
        QCOMPARE(hostile.bodySize, qint64(1e15));
        QVERIFY(hostile.headers.isEmpty());
        QVERIFY(hostile.bodyHead.size() <= ReplayedRequest::maxBodyHeadBytes);
        QCOMPARE(ReplayedRequest::fromProxyLine("\xff{not json"), ReplayedRequest{});
        QCOMPARE(ReplayedRequest::fromProxyLine(line({{QStringLiteral("bodySize"), -5}})).bodySize, 0);
    }

    // A divergence carries the replay's request and the recorded one to set beside it: the
    // same method and URL, else the first recorded request not asked for.
    void aDivergenceSetsTheReplayedRequestBesideTheNearestRecorded()
    {
        SandboxPayloads payloads;
        RecordedTraffic t;
        QVERIFY(t.addProxyLine(proxyLine(QStringLiteral("GET"), QStringLiteral("http://a.test/n"), {}, {}, 200, {}, "n"), {}, payloads, 0));
        QVERIFY(t.addProxyLine(proxyLine(QStringLiteral("POST"), QStringLiteral("http://a.test/p"), {}, "hello", 201, {}, "ok"), {}, payloads, 0));
        TrafficMatcher m(t);
        const ReplayedRequest changedBody{QStringLiteral("POST"), QStringLiteral("http://a.test/p"), sha("HELLO"), 5, {{"X-Trace", "t"}}, "HELLO"};
        const auto body = m.match(changedBody, 4);
        QVERIFY(body);
        QCOMPARE(body->stream, ReplayStream::Network);
        QCOMPARE(body->index, 4);
        QCOMPARE(body->recordedRequest, 1);
        QVERIFY(body->madeRequest);
        QCOMPARE(body->request, changedBody);
        QCOMPARE(body->replayed, QStringLiteral("POST http://a.test/p"));
        QVERIFY2(body->recorded.contains(QStringLiteral("its body (5 bytes")), qPrintable(body->recorded));
        QVERIFY(!m.match(ReplayedRequest{QStringLiteral("GET"), QStringLiteral("http://a.test/n"), sha({}), 0, {}, {}}, 5));
        const auto missing = m.match(ReplayedRequest{QStringLiteral("GET"), QStringLiteral("http://a.test/other"), sha({}), 0, {}, {}}, 6);
        QVERIFY(missing);
        QCOMPARE(missing->recordedRequest, 1);
        const auto unasked = m.unaskedDivergence(7);
        QVERIFY(unasked);
        QCOMPARE(unasked->recordedRequest, 1);
        QVERIFY(!unasked->madeRequest);
        QCOMPARE(unasked->recorded, QStringLiteral("POST http://a.test/p"));
        QCOMPARE(unasked->replayed, QStringLiteral("<not asked>"));
        QVERIFY(m.match(ReplayedRequest{QStringLiteral("POST"), QStringLiteral("http://a.test/p"), sha("hello"), 5, {}, {}}, 8) == std::nullopt);
        QVERIFY(!m.unaskedDivergence(9));
        QCOMPARE(TrafficMatcher(RecordedTraffic{}).nearest(QStringLiteral("GET"), QStringLiteral("http://a.test/n")), -1);
    }
};

QTEST_GUILESS_MAIN(TestRecordedTraffic)
#include "tst_recordedtraffic.moc"
