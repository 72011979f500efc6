// Hostile clients: no or a wrong token, foreign Origin and Host, oversized and unframed bodies,
// malformed heads, floods of requests and connections, clients too slow or not reading.
#include "tst_mcphttpserver.h"

#include "mcphttptestsupport.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

using Changes = QList<std::pair<QByteArray, QByteArray>>;

QByteArray portText(quint16 port)
{
    return QByteArray::number(port);
}

} // namespace

void TestMcpHttpServer::refusesWithoutTheToken_data()
{
    QTest::addColumn<QByteArray>("authorization"); // null: no header
    QTest::addColumn<bool>("duplicate");
    QTest::newRow("none") << QByteArray() << false;
    QTest::newRow("empty") << QByteArray("") << false;
    QTest::newRow("Bearer without token") << QByteArray("Bearer ") << false;
    QTest::newRow("wrong token, same length") << QByteArray("WRONG") << false;
    QTest::newRow("shorter") << QByteArray("SHORT") << false;
    QTest::newRow("longer") << QByteArray("LONG") << false;
    QTest::newRow("prefix") << QByteArray("PREFIX") << false;
    QTest::newRow("Basic scheme") << QByteArray("BASIC") << false;
    QTest::newRow("token without scheme") << QByteArray("BARE") << false;
    QTest::newRow("twice") << QByteArray("RIGHT") << true;
}

void TestMcpHttpServer::refusesWithoutTheToken()
{
    QFETCH(QByteArray, authorization);
    QFETCH(bool, duplicate);
    Harness harness;
    const QByteArray token = harness.token.toLatin1();
    QByteArray wrong = token;
    wrong[5] = wrong[5] == 'A' ? 'B' : 'A';
    const QMap<QByteArray, QByteArray> values{
        {"WRONG", "Bearer " + wrong},        {"SHORT", "Bearer " + token.left(32)},
        {"LONG", "Bearer " + token + "x"},   {"PREFIX", "Bearer " + token.left(1)},
        {"BASIC", "Basic " + token},         {"BARE", token},
        {"RIGHT", "Bearer " + token}};
    const QByteArray value = values.value(authorization, authorization);
    Changes changes{{"Authorization", value}};
    if (duplicate)
        changes.append({"X-Dummy", "1\r\nAuthorization: Bearer " + token});
    QSignalSpy refusals(harness.server.get(), &McpHttpServer::refused);
    RawClient client(harness.port);
    client.send(harness.post(Harness::initializeBody(), {}, changes));
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(client.responses[0].status, 401);
    QCOMPARE(refusals.size(), 1); // for the log: status, why, who
    QCOMPARE(refusals[0][0].toInt(), 401);
    QVERIFY(refusals[0][2].toString().startsWith(QStringLiteral("127.0.0.1:")));
    QCOMPARE(client.responses[0].header("www-authenticate"), QByteArray("Bearer"));
    QCOMPARE(client.responses[0].header("connection"), QByteArray("close"));
    QVERIFY(client.waitForClosed());
    QVERIFY(harness.sessions.isEmpty());

    // The same request with the token is served (the row failed on the token alone).
    RawClient good(harness.port);
    good.send(harness.post(Harness::initializeBody(), {},
                           {{"Authorization", "bearer " + token}}));
    QVERIFY(good.waitForResponses(1));
    QCOMPARE(good.responses[0].status, 200);
}

void TestMcpHttpServer::refusesForeignOrigin_data()
{
    QTest::addColumn<QByteArray>("origin"); // PORT is replaced by the server's port
    QTest::addColumn<int>("status");
    QTest::newRow("null") << QByteArray("null") << 403;
    QTest::newRow("foreign site") << QByteArray("http://evil.example") << 403;
    QTest::newRow("foreign site on the port") << QByteArray("http://evil.example:PORT") << 403;
    QTest::newRow("other port") << QByteArray("http://127.0.0.1:1") << 403;
    QTest::newRow("https") << QByteArray("https://127.0.0.1:PORT") << 403;
    QTest::newRow("suffix") << QByteArray("http://localhost:PORT.evil.example") << 403;
    QTest::newRow("no port") << QByteArray("http://localhost") << 403;
    QTest::newRow("empty") << QByteArray("") << 403;
    QTest::newRow("twice") << QByteArray("http://localhost:PORT\r\nOrigin: http://localhost:PORT") << 403;
    QTest::newRow("127.0.0.1") << QByteArray("http://127.0.0.1:PORT") << 200;
    QTest::newRow("localhost") << QByteArray("http://localhost:PORT") << 200;
    QTest::newRow("::1") << QByteArray("http://[::1]:PORT") << 200;
}

void TestMcpHttpServer::refusesForeignOrigin()
{
    QFETCH(QByteArray, origin);
    QFETCH(int, status);
    Harness harness;
    RawClient client(harness.port);
    client.send(harness.post(Harness::initializeBody(), {},
                             {{"Origin", origin.replace("PORT", portText(harness.port))}}));
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(client.responses[0].status, status);
    QCOMPARE(harness.sessions.size(), status == 200 ? 1 : 0);
}

void TestMcpHttpServer::refusesForeignHost_data()
{
    QTest::addColumn<QByteArray>("host");
    QTest::addColumn<int>("status");
    QTest::newRow("rebound name") << QByteArray("evil.example:PORT") << 421;
    QTest::newRow("rebound name, no port") << QByteArray("evil.example") << 421;
    QTest::newRow("other port") << QByteArray("127.0.0.1:1") << 421;
    QTest::newRow("no port") << QByteArray("127.0.0.1") << 421;
    QTest::newRow("suffix") << QByteArray("localhost.evil.example:PORT") << 421;
    QTest::newRow("LAN address") << QByteArray("192.168.1.10:PORT") << 421;
    QTest::newRow("empty") << QByteArray("") << 421;
    QTest::newRow("missing") << QByteArray() << 400;
    QTest::newRow("twice") << QByteArray("localhost:PORT\r\nHost: localhost:PORT") << 400;
    QTest::newRow("localhost") << QByteArray("localhost:PORT") << 200;
    QTest::newRow("LOCALHOST") << QByteArray("LOCALHOST:PORT") << 200;
    QTest::newRow("::1") << QByteArray("[::1]:PORT") << 200;
}

void TestMcpHttpServer::refusesForeignHost()
{
    QFETCH(QByteArray, host);
    QFETCH(int, status);
    Harness harness;
    RawClient client(harness.port);
    if (!host.isNull())
        host.replace("PORT", portText(harness.port));
    client.send(harness.post(Harness::initializeBody(), {}, {{"Host", host}}));
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(client.responses[0].status, status);
    QCOMPARE(harness.sessions.size(), status == 200 ? 1 : 0);
}

void TestMcpHttpServer::refusesBeforeReadingTheBody()
{
    // Each refusal is answered with only the head sent: 100 MiB are announced, none arrive.
    Harness harness;
    const QByteArray huge = QByteArray::number(qint64(100) << 20);
    const QList<std::pair<Changes, int>> cases{
        {{{"Authorization", "Bearer nope"}}, 401},
        {{{"Origin", "http://evil.example"}}, 403},
        {{{"Host", "evil.example"}}, 421},
        {{}, 413},
    };
    for (const auto &[changes, status] : cases) {
        Changes all = changes;
        all.append({"Content-Length", huge});
        RawClient client(harness.port);
        client.send(harness.post({}, {}, all));
        QVERIFY(client.waitForResponses(1));
        QCOMPARE(client.responses[0].status, status);
        QVERIFY(client.waitForClosed());
    }
}

void TestMcpHttpServer::refusesOversizedBodies()
{
    Harness harness([](McpHttpOptions &options) { options.maxBodyBytes = 64 * 1024; });
    const QString id = harness.initialize();
    // 100 MiB announced and streamed: refused at the head while a second client is served.
    RawClient flood(harness.port);
    const QByteArray head = harness.request("POST", {}, {{"Content-Length", "104857600"}});
    flood.send(head);
    flood.send(QByteArray(256 * 1024, '['));
    RawClient other(harness.port);
    other.send(harness.post(Harness::callBody(2), id));
    QVERIFY(flood.waitForResponses(1));
    QCOMPARE(flood.responses[0].status, 413);
    QVERIFY(flood.waitForClosed());
    QVERIFY(other.waitForResponses(1));
    QCOMPARE(other.responses[0].status, 200);

    // The cap itself is allowed, one byte more is not.
    QByteArray atCap = Harness::callBody(3);
    atCap.append(QByteArray(64 * 1024 - atCap.size(), ' '));
    RawClient exact(harness.port);
    exact.send(harness.post(atCap, id));
    QVERIFY(exact.waitForResponses(1));
    QCOMPARE(exact.responses[0].status, 200);
    RawClient over(harness.port);
    over.send(harness.post(atCap + ' ', id));
    QVERIFY(over.waitForResponses(1));
    QCOMPARE(over.responses[0].status, 413);
    QCOMPARE(harness.session(id)->messages.size(), 3); // initialize, the other, the exact one
}

void TestMcpHttpServer::bodyLongerThanDeclaredIsTheNextRequest()
{
    Harness harness;
    const QString id = harness.initialize();
    RawClient client(harness.port);
    const QByteArray body = Harness::callBody(2);
    client.send(harness.post(body, id) + "XXXXXXXXXXXXXXXX\r\n\r\n");
    QVERIFY(client.waitForResponses(2));
    QCOMPARE(client.responses[0].status, 200);
    QCOMPARE(client.responses[1].status, 400);
    QVERIFY(client.waitForClosed());
    QCOMPARE(harness.session(id)->messages.last(), body); // exactly the declared bytes
}

void TestMcpHttpServer::refusesUnframedBodies()
{
    Harness harness;
    const QList<std::pair<Changes, int>> cases{
        {{{"Content-Length", QByteArray()}}, 411},
        {{{"Content-Length", QByteArray()}, {"Transfer-Encoding", "chunked"}}, 501},
        {{{"Transfer-Encoding", "chunked"}}, 501},
        {{{"Content-Type", "text/plain"}}, 415},
        {{{"Content-Type", QByteArray()}}, 415},
    };
    for (const auto &[changes, status] : cases) {
        RawClient client(harness.port);
        client.send(harness.post(Harness::initializeBody(), {}, changes));
        QVERIFY(client.waitForResponses(1));
        QCOMPARE(client.responses[0].status, status);
        QVERIFY(client.waitForClosed());
    }
    QVERIFY(harness.sessions.isEmpty());
}

void TestMcpHttpServer::refusesMalformedRequests_data()
{
    QTest::addColumn<QByteArray>("bytes"); // HOST and AUTH are replaced
    QTest::addColumn<int>("status");
    const QByteArray rest = "Host: HOST\r\nAuthorization: AUTH\r\nContent-Type: application/json\r\n";
    QTest::newRow("garbage") << QByteArray("GARBAGE\r\n\r\n") << 400;
    QTest::newRow("binary") << QByteArray("\x16\x03\x01\x02\x00\x01\r\n\r\n", 10) << 400;
    QTest::newRow("extra word") << "POST /mcp HTTP/1.1 x\r\n" + rest + "Content-Length: 0\r\n\r\n" << 400;
    QTest::newRow("two spaces") << "POST  /mcp HTTP/1.1\r\n" + rest + "Content-Length: 0\r\n\r\n" << 400;
    QTest::newRow("HTTP/1.0") << "POST /mcp HTTP/1.0\r\n" + rest + "Content-Length: 0\r\n\r\n" << 505;
    QTest::newRow("absolute form") << "POST http://HOST/mcp HTTP/1.1\r\n" + rest + "Content-Length: 0\r\n\r\n" << 400;
    QTest::newRow("bare LF") << "POST /mcp HTTP/1.1\n" + rest + "Content-Length: 0\r\n\r\n" << 400;
    QTest::newRow("no colon") << "POST /mcp HTTP/1.1\r\n" + rest + "Content-Length 0\r\n\r\n" << 400;
    QTest::newRow("space before colon") << "POST /mcp HTTP/1.1\r\n" + rest + "Content-Length : 0\r\n\r\n" << 400;
    QTest::newRow("folded") << "POST /mcp HTTP/1.1\r\n" + rest + "X-A: 1\r\n  2\r\nContent-Length: 0\r\n\r\n" << 400;
    QTest::newRow("NUL in value") << "POST /mcp HTTP/1.1\r\n" + rest + QByteArray("X-A: a\0b\r\n", 10) + "Content-Length: 0\r\n\r\n" << 400;
    QTest::newRow("CR in value") << "POST /mcp HTTP/1.1\r\n" + rest + "X-A: a\rb\r\nContent-Length: 0\r\n\r\n" << 400;
    QTest::newRow("signed length") << "POST /mcp HTTP/1.1\r\n" + rest + "Content-Length: +5\r\n\r\n" << 400;
    QTest::newRow("hex length") << "POST /mcp HTTP/1.1\r\n" + rest + "Content-Length: 0x5\r\n\r\n" << 400;
    QTest::newRow("length list") << "POST /mcp HTTP/1.1\r\n" + rest + "Content-Length: 5, 5\r\n\r\n" << 400;
    QTest::newRow("two lengths") << "POST /mcp HTTP/1.1\r\n" + rest + "Content-Length: 5\r\nContent-Length: 5\r\n\r\n" << 400;
    QTest::newRow("overflowing length") << "POST /mcp HTTP/1.1\r\n" + rest + "Content-Length: 99999999999999999999999\r\n\r\n" << 413;
    QTest::newRow("long request line") << "POST /" + QByteArray(9000, 'a') + " HTTP/1.1\r\n" + rest + "\r\n" << 414;
    QTest::newRow("long header") << "POST /mcp HTTP/1.1\r\n" + rest + "X-A: " + QByteArray(9000, 'a') + "\r\n\r\n" << 431;
    QTest::newRow("endless line") << "POST /mcp HTTP/1.1\r\n" + rest + "X-A: " + QByteArray(1 << 20, 'a') << 431;
    QByteArray flood = "POST /mcp HTTP/1.1\r\n" + rest;
    for (int i = 0; i < 100000; ++i)
        flood += "X-" + QByteArray::number(i) + ": 1\r\n";
    QTest::newRow("header flood") << flood << 431;
    QByteArray many = "POST /mcp HTTP/1.1\r\n" + rest; // 3 of them
    for (int i = 0; i < 62; ++i) // 65 with Content-Length, in a small head
        many += "X-" + QByteArray::number(i) + ": 1\r\n";
    QTest::newRow("65 headers") << many + "Content-Length: 0\r\n\r\n" << 431;
    QByteArray large = "POST /mcp HTTP/1.1\r\n" + rest;
    for (int i = 0; i < 40; ++i) // each line and the count within their limits, the sum not
        large += "X-" + QByteArray::number(i) + ": " + QByteArray(2000, 'a') + "\r\n";
    QTest::newRow("large head") << large + "Content-Length: 0\r\n\r\n" << 431;
    QTest::newRow("empty lines") << QByteArray("\r\n\r\n\r\n\r\n\r\n\r\n\r\n\r\n") << 400;
}

void TestMcpHttpServer::refusesMalformedRequests()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, status);
    Harness harness;
    bytes.replace("HOST", "127.0.0.1:" + portText(harness.port));
    bytes.replace("AUTH", "Bearer " + harness.token.toLatin1());
    QSignalSpy refusals(harness.server.get(), &McpHttpServer::refused);
    RawClient client(harness.port);
    client.send(bytes);
    QVERIFY(client.waitForResponses(1));
    QCOMPARE(client.responses[0].status, status);
    QCOMPARE(refusals.size(), 1);
    QCOMPARE(refusals[0][0].toInt(), status);
    QVERIFY(!refusals[0][1].toString().isEmpty());
    QCOMPARE(client.responses[0].header("connection"), QByteArray("close"));
    QVERIFY(client.waitForClosed());
    QVERIFY(harness.sessions.isEmpty());
    QVERIFY(!harness.initialize().isEmpty()); // and the server serves on
}

void TestMcpHttpServer::burstOfRequests()
{
    Harness harness([](McpHttpOptions &options) { options.maxConnections = 8; });
    const QString id = harness.initialize();
    QTRY_COMPARE(harness.server->connectionCount(), 0);
    constexpr int clients = 10; // two more than allowed: refused, not queued
    constexpr int perClient = 1000;
    std::vector<std::unique_ptr<RawClient>> all;
    for (int c = 0; c < clients; ++c) {
        all.push_back(std::make_unique<RawClient>(harness.port));
        QByteArray bytes;
        for (int i = 0; i < perClient; ++i)
            bytes += harness.post(Harness::callBody(c * perClient + i), id);
        all.back()->send(bytes);
    }
    QElapsedTimer timer;
    timer.start();
    int served = 0;
    int refused = 0;
    for (auto &client : all) {
        const bool whole = client->waitForResponses(perClient, int(qMax<qint64>(1, 60000 - timer.elapsed())));
        QVERIFY(!client->malformed);
        if (whole)
            ++served;
        else if (client->responses.isEmpty() && !client->isConnected())
            ++refused;
        for (const RawResponse &response : std::as_const(client->responses))
            QCOMPARE(response.status, 200);
    }
    QCOMPARE(served, 8);
    QCOMPARE(refused, 2);
    QCOMPARE(harness.session(id)->messages.size(), 1 + 8 * perClient);
    all.clear();
    QTRY_COMPARE(harness.server->connectionCount(), 0);
    QVERIFY(!harness.initialize().isEmpty());
}

void TestMcpHttpServer::clientThatDoesNotReadStallsOnlyItself()
{
    // 400 requests of 256 KiB answers, none read: the server must not queue 100 MiB for it.
    Harness harness;
    const QString id = harness.initialize();
    FakeSession *session = harness.session(id);
    session->padding = 256 * 1024;
    RawClient client(harness.port);
    client.pauseReading();
    constexpr int requests = 400;
    QByteArray bytes;
    for (int i = 0; i < requests; ++i)
        bytes += harness.post(Harness::callBody(i), id);
    client.send(bytes);
    QTRY_VERIFY(session->messages.size() > 2);
    QTest::qWait(1000);
    qInfo() << "handed to the session while the client did not read:" << session->messages.size();
    QVERIFY2(session->messages.size() < 100, QByteArray::number(session->messages.size()));
    RawClient other(harness.port); // the others are served meanwhile
    other.send(harness.post(Harness::callBody(1), id));
    QVERIFY(other.waitForResponses(1));
    client.resumeReading();
    QVERIFY(client.waitForResponses(requests, 30000));
    QVERIFY(client.responses.last().body.size() > session->padding);
}

void TestMcpHttpServer::connectionLimit()
{
    // Full of strangers: a newcomer takes the oldest stranger's slot, never a fourth one.
    Harness harness([](McpHttpOptions &options) { options.maxConnections = 3; });
    std::vector<std::unique_ptr<RawClient>> held;
    for (int i = 0; i < 3; ++i)
        held.push_back(std::make_unique<RawClient>(harness.port));
    QTRY_COMPARE(harness.server->connectionCount(), 3);
    RawClient newcomer(harness.port);
    QVERIFY(held[0]->waitForClosed());
    QTRY_COMPARE(harness.server->connectionCount(), 3);
    QVERIFY(held[1]->isConnected() && held[2]->isConnected() && newcomer.isConnected());
    held[1]->send(harness.post(Harness::initializeBody()));
    QVERIFY(held[1]->waitForResponses(1));
    QCOMPARE(held[1]->responses[0].status, 200);
    held[2]->abort();
    QTRY_COMPARE(harness.server->connectionCount(), 2);
    QVERIFY(!harness.initialize().isEmpty());
}

void TestMcpHttpServer::slowClientsAreClosed()
{
    Harness harness([](McpHttpOptions &options) { options.idleTimeoutMs = 300; });
    RawClient silent(harness.port);
    RawClient trickle(harness.port);
    trickle.send("POST /mcp HTTP/1.1\r\n");
    QTimer drip;
    connect(&drip, &QTimer::timeout, &trickle, [&] { trickle.send("X"); });
    drip.start(30); // a byte every 30 ms: bytes never extend the deadline
    RawClient idle(harness.port);
    idle.send(harness.post(Harness::initializeBody()));
    QVERIFY(idle.waitForResponses(1));
    QVERIFY(silent.waitForClosed(5000));
    QVERIFY(trickle.waitForClosed(5000));
    QVERIFY(idle.waitForClosed(5000)); // an idle keep-alive connection too
    drip.stop();
    QTRY_COMPARE(harness.server->connectionCount(), 0);
    QVERIFY(!harness.initialize().isEmpty());
}

void TestMcpHttpServer::expectAndConnectionClose()
{
    Harness harness;
    const QByteArray body = Harness::initializeBody();
    const QByteArray full = harness.post(body, {}, {{"Expect", "100-continue"}});
    const QByteArray head = full.left(full.size() - body.size());
    RawClient waiting(harness.port);
    waiting.send(head);
    QTRY_COMPARE(waiting.interim, 1); // the head was accepted: now the body
    waiting.send(body);
    QVERIFY(waiting.waitForResponses(1));
    QCOMPARE(waiting.responses[0].status, 200);

    RawClient refused(harness.port);
    refused.send(harness.request("POST", {}, {{"Expect", "100-continue"}, {"Authorization", "Bearer x"},
                                              {"Content-Length", "1000"}}));
    QVERIFY(refused.waitForResponses(1));
    QCOMPARE(refused.responses[0].status, 401);
    QCOMPARE(refused.interim, 0);

    RawClient unknown(harness.port);
    unknown.send(harness.post(body, {}, {{"Expect", "something-else"}}));
    QVERIFY(unknown.waitForResponses(1));
    QCOMPARE(unknown.responses[0].status, 417);

    RawClient closing(harness.port);
    closing.send(harness.post(body, {}, {{"Connection", "keep-alive, Close"}}));
    QVERIFY(closing.waitForResponses(1));
    QCOMPARE(closing.responses[0].status, 200);
    QCOMPARE(closing.responses[0].header("connection"), QByteArray("close"));
    QVERIFY(closing.waitForClosed());
}
