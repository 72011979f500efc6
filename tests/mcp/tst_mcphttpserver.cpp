#include "tst_mcphttpserver.h"

#include "mcphttptestsupport.h"

#include "mcp/httprequestparser.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// Feeds `bytes` cut at `cuts`, as the connection does (the body after the head is accepted).
bool parseInChunks(const QByteArray &bytes, const QList<qsizetype> &cuts, HttpRequest *request,
                   qsizetype *used)
{
    HttpRequestParser parser;
    qsizetype position = 0;
    qsizetype cut = 0;
    for (;;) {
        const qsizetype end = cut < cuts.size() ? cuts[cut] : bytes.size();
        position += parser.feed(QByteArrayView(bytes).sliced(position, end - position));
        if (parser.state() == HttpRequestParser::State::HeadComplete) {
            parser.expectBody(parser.request().contentLength);
            continue;
        }
        if (parser.state() == HttpRequestParser::State::Complete)
            break;
        if (parser.state() == HttpRequestParser::State::Failed || end == bytes.size())
            return false;
        if (position == end)
            ++cut;
    }
    *request = parser.takeRequest();
    *used = position;
    return true;
}

} // namespace

void TestMcpHttpServer::listenRefusesWhatIsNotLoopbackOrWeak_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<QString>("token");
    const QString good = McpHttpServer::generateToken();
    QTest::newRow("any IPv4") << QStringLiteral("0.0.0.0") << good;
    QTest::newRow("any IPv6") << QStringLiteral("::") << good;
    QTest::newRow("LAN address") << QStringLiteral("192.168.1.10") << good;
    QTest::newRow("other loopback address") << QStringLiteral("127.0.0.2") << good;
    QTest::newRow("IPv4-mapped loopback") << QStringLiteral("::ffff:127.0.0.1") << good;
    QTest::newRow("no address") << QString() << good;
    QTest::newRow("no token") << QStringLiteral("127.0.0.1") << QString();
    QTest::newRow("31-character token") << QStringLiteral("127.0.0.1") << QString(31, u'a');
    QTest::newRow("token with a space") << QStringLiteral("127.0.0.1") << (good + QStringLiteral(" x"));
    QTest::newRow("token with non-ASCII") << QStringLiteral("127.0.0.1") << (good + QChar(u'\u00e9'));
}

void TestMcpHttpServer::listenRefusesWhatIsNotLoopbackOrWeak()
{
    QFETCH(QString, address);
    QFETCH(QString, token);
    McpHttpOptions options;
    options.address = address.isEmpty() ? QHostAddress() : QHostAddress(address);
    options.token = token;
    McpHttpServer server([](const QString &, QObject *parent) { return new FakeSession(parent); },
                         options);
    const Result<quint16> bound = server.listen();
    QVERIFY(!bound);
    QCOMPARE(bound.error().code, ErrorCode::ConfigError);
    QVERIFY(!server.isListening());
}

void TestMcpHttpServer::listensOnLoopback()
{
    Harness harness;
    QVERIFY(harness.port != 0);
    QVERIFY(harness.server->isListening());
    QVERIFY(!harness.server->listen()); // twice is refused
    Harness six([](McpHttpOptions &options) { options.address = QHostAddress::LocalHostIPv6; });
    if (six.port == 0) {
        // scripts/test sets it where the kernel lists ::1 on lo: there the server must listen.
        if (qEnvironmentVariableIsSet("SANDBENCH_REQUIRE_IPV6"))
            QFAIL("the server did not listen on ::1, though this machine has it (SANDBENCH_REQUIRE_IPV6 is set)");
        QSKIP("this machine has no IPv6 loopback");
    }
    QVERIFY(six.server->isListening());
}

void TestMcpHttpServer::generatesUnguessableTokens()
{
    const QString a = McpHttpServer::generateToken();
    const QString b = McpHttpServer::generateToken();
    QVERIFY(a != b);
    QVERIFY(a.size() >= 43); // 256 bits in base64url
    const QByteArray decoded = QByteArray::fromBase64(a.toLatin1(), QByteArray::Base64UrlEncoding);
    QCOMPARE(decoded.size(), 32);
}

void TestMcpHttpServer::parserReadsAnySplit()
{
    const QByteArray request = "POST /mcp?x=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n"
                               "X-A: \t v v \r\n\r\nhello world";
    const QByteArray bytes = request + "POST /next"; // the next request is not touched
    QList<QList<qsizetype>> splits;
    for (qsizetype i = 0; i <= bytes.size(); ++i)
        splits.append(QList<qsizetype>{i});
    QList<qsizetype> everyByte;
    for (qsizetype i = 1; i < bytes.size(); ++i)
        everyByte.append(i);
    splits.append(everyByte);
    for (const QList<qsizetype> &cuts : std::as_const(splits)) {
        HttpRequest parsed;
        qsizetype used = 0;
        QVERIFY(parseInChunks(bytes, cuts, &parsed, &used));
        QCOMPARE(used, request.size());
        QCOMPARE(parsed.method, QByteArray("POST"));
        QCOMPARE(parsed.path(), QByteArray("/mcp"));
        QCOMPARE(parsed.header("host"), QByteArray("h"));
        QCOMPARE(parsed.header("x-a"), QByteArray("v v"));
        QCOMPARE(parsed.contentLength, 11);
        QCOMPARE(parsed.body, QByteArray("hello world"));
    }
}

void TestMcpHttpServer::initializeOpensSessionAndRequestsReachIt()
{
    Harness harness;
    RawClient client(harness.port);
    client.send(harness.post(Harness::initializeBody(7)));
    QVERIFY(client.waitForResponses(1));
    const RawResponse init = client.responses[0];
    QCOMPARE(init.status, 200);
    QCOMPARE(init.header("content-type"), QByteArray("application/json"));
    QCOMPARE(harness.sessions.size(), 1);
    QCOMPARE(harness.transports, QStringList{QStringLiteral("http")});
    const QString id = harness.sessions[0]->id();
    QCOMPARE(QString::fromLatin1(init.header("mcp-session-id")), id);
    QCOMPARE(QJsonDocument::fromJson(init.body).object().value(QStringLiteral("id")).toInt(), 7);

    client.send(harness.post(Harness::callBody(8), id));
    QVERIFY(client.waitForResponses(2));
    const RawResponse call = client.responses[1];
    QCOMPARE(call.status, 200);
    QVERIFY(!call.headers.contains("mcp-session-id"));
    QCOMPARE(QJsonDocument::fromJson(call.body).object().value(QStringLiteral("result")).toObject().value(QStringLiteral("echo")),
             QJsonValue(QStringLiteral("tools/list")));
    QCOMPARE(harness.sessions[0]->messages.size(), 2);
    QCOMPARE(harness.sessions[0]->messages[1], Harness::callBody(8));
}

void TestMcpHttpServer::notificationsAndResponsesAre202()
{
    Harness harness;
    const QString id = harness.initialize();
    QVERIFY(!id.isEmpty());
    RawClient client(harness.port);
    client.send(harness.post(R"({"jsonrpc":"2.0","method":"notifications/initialized"})", id));
    client.send(harness.post(R"({"jsonrpc":"2.0","id":"s1","result":{}})", id));
    QVERIFY(client.waitForResponses(2));
    for (const RawResponse &response : std::as_const(client.responses)) {
        QCOMPARE(response.status, 202);
        QCOMPARE(response.header("content-length"), QByteArray("0"));
        QVERIFY(response.body.isEmpty());
    }
    QCOMPARE(harness.session(id)->messages.size(), 3); // both still reached the session
}

void TestMcpHttpServer::unreadableMessageIs400()
{
    Harness harness;
    const QString id = harness.initialize();
    RawClient client(harness.port);
    client.send(harness.post("{not json", id));
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(client.responses[0].status, 400);
    QCOMPARE(QJsonDocument::fromJson(client.responses[0].body).object().value(QStringLiteral("error")).toObject()
                 .value(QStringLiteral("code")).toInt(), -32700);
    QCOMPARE(harness.session(id)->messages.last(), QByteArray("{not json"));
}

void TestMcpHttpServer::pathsAndMethods()
{
    Harness harness;
    RawClient client(harness.port);
    client.send(harness.request("GET", {}));
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(client.responses[0].status, 405);
    QCOMPARE(client.responses[0].header("allow"), QByteArray("POST, DELETE"));
    QVERIFY(client.isConnected()); // a bodiless refusal keeps the connection
    client.send(harness.post(Harness::initializeBody()));
    QVERIFY(client.waitForResponses(2));
    QCOMPARE(client.responses[1].status, 200);
    const QList<std::pair<QByteArray, int>> cases{{"PUT", 405}, {"OPTIONS", 405}, {"HEAD", 405}};
    for (const auto &[method, status] : cases) {
        RawClient other(harness.port);
        other.send(harness.request(method, {}));
        QVERIFY(other.waitForResponses(1));
        QCOMPARE(other.responses[0].status, status);
    }
    for (const QByteArray target : {"/", "/mcp/", "/MCP", "/other", "/mcp/../mcp"}) {
        RawClient other(harness.port);
        other.send(harness.request("POST", Harness::initializeBody(), {}, target));
        QVERIFY(other.waitForResponses(1));
        QCOMPARE(other.responses[0].status, 404);
    }
    QCOMPARE(harness.sessions.size(), 1);
}

void TestMcpHttpServer::sessionRules()
{
    Harness harness;
    const QString id = harness.initialize();
    QVERIFY(!id.isEmpty());
    const auto answer = [&](const QByteArray &bytes) {
        RawClient client(harness.port);
        client.send(bytes);
        return client.waitForResponses(1) ? client.responses[0] : RawResponse{};
    };
    const RawResponse missing = answer(harness.post(Harness::callBody(2)));
    QCOMPARE(missing.status, 400);
    QVERIFY(QJsonDocument::fromJson(missing.body).object().value(QStringLiteral("id")).isNull());
    QVERIFY(QJsonDocument::fromJson(missing.body).object().contains(QStringLiteral("error")));
    QCOMPARE(answer(harness.post(Harness::callBody(2), QStringLiteral("0123456789abcdef"))).status, 404);
    QCOMPARE(answer(harness.post(Harness::initializeBody(), QStringLiteral("0123456789abcdef"))).status, 404);
    QCOMPARE(answer(harness.post(Harness::callBody(2), id,
                                 {{"X-Dummy", "1\r\nMcp-Session-Id: " + id.toLatin1()}}))
                 .status,
             400); // named twice
    QCOMPARE(answer(harness.request("DELETE", {})).status, 400);
    QCOMPARE(answer(harness.request("DELETE", {}, {{"Mcp-Session-Id", "nope"}})).status, 404);
    QCOMPARE(answer(harness.post(Harness::callBody(3), id)).status, 200);

    const RawResponse ended = answer(harness.request("DELETE", {}, {{"Mcp-Session-Id", id.toLatin1()}}));
    QCOMPARE(ended.status, 200);
    QCOMPARE(harness.closeLog, QStringList{QStringLiteral("client ended the session")});
    QTRY_VERIFY(harness.sessions[0].isNull()); // deleted once closed
    QCOMPARE(answer(harness.post(Harness::callBody(4), id)).status, 404);
    QCOMPARE(harness.server->sessionCount(), 0);
}

void TestMcpHttpServer::protocolVersionHeader()
{
    Harness harness;
    RawClient client(harness.port);
    client.send(harness.post(Harness::initializeBody(1, QStringLiteral("2025-11-25"))));
    QVERIFY(client.waitForResponses(1));
    const QString id = QString::fromLatin1(client.responses[0].header("mcp-session-id"));
    const QList<std::pair<QByteArray, int>> cases{
        {"2025-11-25", 200}, {QByteArray(), 200}, {"2025-06-18", 400}, {"2099-01-01", 400}, {"", 400}};
    int n = 1;
    for (const auto &[version, status] : cases) {
        client.send(harness.post(Harness::callBody(++n), id, {{"MCP-Protocol-Version", version}}));
        QVERIFY(client.waitForResponses(n));
        QCOMPARE(client.responses[n - 1].status, status);
    }
    // Twice, even the right one: which of them would count?
    client.send(harness.post(Harness::callBody(++n), id,
                             {{"MCP-Protocol-Version", "2025-11-25\r\nMCP-Protocol-Version: 2025-11-25"}}));
    QVERIFY(client.waitForResponses(n));
    QCOMPARE(client.responses[n - 1].status, 400);
}

void TestMcpHttpServer::sessionLimit()
{
    Harness harness([](McpHttpOptions &options) { options.maxSessions = 2; });
    const QString a = harness.initialize();
    QVERIFY(!a.isEmpty());
    QVERIFY(!harness.initialize().isEmpty());
    RawClient client(harness.port);
    client.send(harness.post(Harness::initializeBody()));
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(client.responses[0].status, 503);
    QCOMPARE(harness.sessions.size(), 2); // refused before a session was made
    client.send(harness.request("DELETE", {}, {{"Mcp-Session-Id", a.toLatin1()}}));
    QVERIFY(client.waitForResponses(2));
    QVERIFY(!harness.initialize().isEmpty());
}

void TestMcpHttpServer::failedInitializeFreesItsSlot()
{
    Harness harness([](McpHttpOptions &options) { options.maxSessions = 1; });
    RawClient client(harness.port);
    client.send(harness.post(Harness::initializeBody(1, QStringLiteral("bad"))));
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(client.responses[0].status, 200); // the session's JSON-RPC error
    QVERIFY(!client.responses[0].headers.contains("mcp-session-id"));
    QTRY_COMPARE(harness.server->sessionCount(), 0);
    QVERIFY(!harness.initialize().isEmpty());
}

void TestMcpHttpServer::keepAliveAndPipelining()
{
    Harness harness;
    RawClient client(harness.port);
    client.send(harness.post(Harness::initializeBody()));
    QVERIFY(client.waitForResponses(1));
    const QString id = QString::fromLatin1(client.responses[0].header("mcp-session-id"));
    QVERIFY(!client.responses[0].headers.contains("connection"));
    client.send(harness.post(Harness::callBody(2), id) + harness.post(Harness::callBody(3), id));
    QVERIFY(client.waitForResponses(3));
    QCOMPARE(QJsonDocument::fromJson(client.responses[1].body).object().value(QStringLiteral("id")).toInt(), 2);
    QCOMPARE(QJsonDocument::fromJson(client.responses[2].body).object().value(QStringLiteral("id")).toInt(), 3);
    QVERIFY(client.isConnected());
    QCOMPARE(harness.server->connectionCount(), 1);
}

void TestMcpHttpServer::answersMayComeLate()
{
    Harness harness([](McpHttpOptions &options) { options.idleTimeoutMs = 200; });
    RawClient client(harness.port);
    client.send(harness.post(Harness::initializeBody()));
    QVERIFY(client.waitForResponses(1));
    const QString id = QString::fromLatin1(client.responses[0].header("mcp-session-id"));
    FakeSession *session = harness.session(id);
    session->delay = true;
    client.send(harness.post(Harness::callBody(2), id));
    QTRY_COMPARE(session->pending.size(), 1);
    QTest::qWait(800); // four idle timeouts: a connection awaiting its answer has no deadline
    QVERIFY(client.isConnected());
    session->releasePending();
    QVERIFY(client.waitForResponses(2));
    QCOMPARE(client.responses[1].status, 200);
}

void TestMcpHttpServer::lateAnswerAfterClientLeft()
{
    Harness harness;
    const QString id = harness.initialize();
    FakeSession *session = harness.session(id);
    session->delay = true;
    {
        RawClient client(harness.port);
        client.send(harness.post(Harness::callBody(2), id));
        QTRY_COMPARE(session->pending.size(), 1);
        client.abort();
    }
    QTRY_COMPARE(harness.server->connectionCount(), 0);
    session->releasePending(); // into a connection that is gone
    session->delay = false;
    {
        RawClient again(harness.port);
        again.send(harness.post(Harness::callBody(3), id));
        QVERIFY(again.waitForResponses(1));
        QCOMPARE(again.responses[0].status, 200);
    }
    QTRY_COMPARE(harness.server->connectionCount(), 0);

    // An initialize whose client left: the session it made is closed, not kept.
    harness.delayNewSessions = true;
    auto *gone = new RawClient(harness.port);
    gone->send(harness.post(Harness::initializeBody()));
    QTRY_COMPARE(harness.sessions.size(), 2);
    FakeSession *orphan = harness.sessions[1];
    QTRY_COMPARE(orphan->pending.size(), 1);
    delete gone;
    QTRY_COMPARE(harness.server->connectionCount(), 0);
    orphan->releasePending();
    QTRY_COMPARE(harness.closeLog, QStringList{QStringLiteral("the client left during initialize")});
    QTRY_COMPARE(harness.server->sessionCount(), 1);
}

void TestMcpHttpServer::closeEndsEverySession()
{
    Harness harness;
    const QString a = harness.initialize();
    const QString b = harness.initialize();
    harness.session(b)->asyncClose = true;
    RawClient open(harness.port);
    QTRY_COMPARE(harness.server->connectionCount(), 1);
    QPointer<FakeSession> first = harness.session(a);
    QPointer<FakeSession> second = harness.session(b);
    harness.server.reset(); // the destructor closes; the async one outlives it
    QVERIFY(open.waitForClosed());
    QVERIFY(first.isNull());
    QVERIFY(!second.isNull());
    QCOMPARE(second->closeReasons, QStringList{QStringLiteral("the server stopped")});
    QTRY_VERIFY(second.isNull()); // deleted once it said closed()
}

void TestMcpHttpServer::sessionThatClosesItselfIsForgotten()
{
    Harness harness;
    const QString id = harness.initialize();
    harness.session(id)->close(QStringLiteral("its sandbox pool went away"));
    QTRY_COMPARE(harness.server->sessionCount(), 0);
    RawClient client(harness.port);
    client.send(harness.post(Harness::callBody(2), id));
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(client.responses[0].status, 404);
}

void TestMcpHttpServer::idleSessionsAreClosed()
{
    Harness harness([](McpHttpOptions &options) { options.sessionIdleTimeoutMs = 1000; });
    const QString idle = harness.initialize();
    const QString busy = harness.initialize();
    FakeSession *working = harness.session(busy);
    working->delay = true;
    RawClient client(harness.port);
    client.send(harness.post(Harness::callBody(2), busy));
    QTRY_COMPARE(working->pending.size(), 1);
    QTRY_COMPARE(harness.closeLog, QStringList{QStringLiteral("the session was idle for too long")});
    QTest::qWait(2000); // twice the timeout: a session with a call running is not idle
    QVERIFY(!working->isClosed());
    working->releasePending();
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(client.responses[0].status, 200);
    RawClient late(harness.port);
    late.send(harness.post(Harness::callBody(3), idle));
    QVERIFY(late.waitForResponses(1));
    QCOMPARE(late.responses[0].status, 404);
    QTRY_COMPARE(harness.server->sessionCount(), 0); // and the other once its call is over
}

void TestMcpHttpServer::nodeFetchClient()
{
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    // scripts/setup installs Node for the MCP client tests: missing, it is a broken setup.
    QVERIFY2(!node.isEmpty(), "node is not installed (scripts/setup installs it)");
    Harness harness;
    QProcess client;
    client.setProcessChannelMode(QProcess::MergedChannels);
    client.start(node, {QStringLiteral(MCP_FETCH_CLIENT),
                        QStringLiteral("http://127.0.0.1:%1/mcp").arg(harness.port), harness.token});
    QVERIFY(client.waitForStarted());
    // The server runs in this thread: spin the event loop, do not block in waitForFinished.
    QTRY_VERIFY_WITH_TIMEOUT(client.state() == QProcess::NotRunning, 30000);
    const QByteArray output = client.readAll();
    QVERIFY2(client.exitStatus() == QProcess::NormalExit && client.exitCode() == 0, output.constData());
    QCOMPARE(harness.closeLog, QStringList{QStringLiteral("client ended the session")});
    QCOMPARE(harness.sessions.size(), 1);
}

QTEST_GUILESS_MAIN(TestMcpHttpServer)
