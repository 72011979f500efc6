// Strangers (clients without the token) against the token holder: every client is on 127.0.0.1,
// so nothing but the token tells them apart. Strangers may hold every slot, drip header bytes,
// send heads with a wrong token and reconnect in a loop; the token holder must still be answered
// at once, and its own connections (busy or idle) must be the last to give way.
#include "tst_mcphttpserver.h"

#include "mcphttptestsupport.h"

#include <QElapsedTimer>
#include <QTest>

#include <arpa/inet.h>
#include <atomic>
#include <deque>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// A stranger in a thread of its own (so that it keeps going while the server's thread serves):
// opens a connection about every millisecond and holds up to `hold` of them, closing the
// oldest, so that whatever the server closes is replaced at once. A third send nothing, a third
// drip a head one byte at a time, and a third send a whole head with a wrong token announcing a
// large body, then drip the body.
class StrangerFlood
{
public:
    StrangerFlood(quint16 port, int hold)
        : m_thread([this, port, hold] { run(port, hold); })
    {
    }
    ~StrangerFlood()
    {
        m_stop = true;
        m_thread.join();
    }
    int opened() const { return m_opened; }

private:
    struct Connection
    {
        int fd = -1;
        int kind = 0;
        qsizetype sent = 0;
    };

    void run(quint16 port, int hold)
    {
        const QByteArray host = "Host: 127.0.0.1:" + QByteArray::number(port) + "\r\n";
        const QByteArray scripts[3] = {
            QByteArray(),
            "POST /mcp HTTP/1.1\r\n" + host + "Content-Type: application/json\r\nX-Pad: " + QByteArray(4000, 'a'),
            "POST /mcp HTTP/1.1\r\n" + host + "Authorization: Bearer not-the-token-not-the-token-not-the-token\r\n"
                "Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{" + QByteArray(4000, ' '),
        };
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        std::deque<Connection> held;
        int turn = 0;
        while (!m_stop) {
            const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
            if (fd >= 0) {
                (void)::connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address);
                held.push_back({fd, turn % 3, 0});
                ++m_opened;
            }
            // Whole heads go out at once (refused at once); the others get one byte a turn.
            for (Connection &c : held) {
                const QByteArray &script = scripts[c.kind];
                if (c.sent >= script.size())
                    continue;
                const qsizetype take = c.kind == 2 && c.sent == 0 ? script.indexOf("{") : 1;
                const ssize_t n = ::send(c.fd, script.constData() + c.sent, size_t(take), MSG_NOSIGNAL);
                if (n > 0)
                    c.sent += n;
            }
            while (int(held.size()) > hold) {
                ::close(held.front().fd);
                held.pop_front();
            }
            ++turn;
            std::this_thread::sleep_for(std::chrono::microseconds(1000));
        }
        for (const Connection &c : held)
            ::close(c.fd);
    }

    std::atomic<bool> m_stop = false;
    std::atomic<int> m_opened = 0;
    std::thread m_thread;
};

} // namespace

void TestMcpHttpServer::strangersCannotLockOutTheTokenHolder()
{
    // The report's case: 64 slots, a 30 s idle deadline, strangers holding more connections than
    // there are slots and replacing every one the server closes.
    Harness harness([](McpHttpOptions &options) { options.idleTimeoutMs = 30'000; });
    const QString id = harness.initialize();
    QVERIFY(!id.isEmpty());
    StrangerFlood flood(harness.port, 96);
    QTRY_VERIFY_WITH_TIMEOUT(flood.opened() > 200, 20'000);
    QTRY_COMPARE_WITH_TIMEOUT(harness.server->connectionCount(), 64, 20'000);

    // Fresh connections, as a client opens them (one request each), and one kept alive.
    RawClient kept(harness.port);
    qint64 slowest = 0;
    for (int i = 0; i < 30; ++i) {
        QElapsedTimer timer;
        timer.start();
        RawClient fresh(harness.port);
        fresh.send(harness.post(Harness::callBody(i), id));
        QVERIFY2(fresh.waitForResponses(1, 10'000), qPrintable(QStringLiteral("request %1 unanswered").arg(i)));
        QCOMPARE(fresh.responses[0].status, 200);
        kept.send(harness.post(Harness::callBody(1000 + i), id));
        QVERIFY2(kept.waitForResponses(i + 1, 10'000), qPrintable(QStringLiteral("kept-alive request %1 unanswered").arg(i)));
        QCOMPARE(kept.responses[i].status, 200);
        slowest = qMax(slowest, timer.elapsed());
    }
    // A new session too, in the middle of the flood.
    QVERIFY(!harness.initialize().isEmpty());
    qInfo() << "stranger connections opened:" << flood.opened() << "slowest answer pair:" << slowest << "ms";
    QVERIFY2(slowest < 2000, QByteArray::number(slowest));
}

void TestMcpHttpServer::strangersHaveAShortHeadDeadline()
{
    // The token holder's keep-alive connection has the idle deadline; a stranger, silent or
    // dripping its head, only the head deadline.
    Harness harness([](McpHttpOptions &options) {
        options.headTimeoutMs = 300;
        options.idleTimeoutMs = 30'000;
    });
    RawClient holder(harness.port);
    holder.send(harness.post(Harness::initializeBody()));
    QVERIFY(holder.waitForResponses(1));
    QCOMPARE(holder.responses[0].status, 200);
    QElapsedTimer timer;
    timer.start();
    RawClient silent(harness.port);
    RawClient trickle(harness.port);
    trickle.send("POST /mcp HTTP/1.1\r\n");
    QTimer drip;
    QObject::connect(&drip, &QTimer::timeout, &trickle, [&] { trickle.send("X"); });
    drip.start(30);
    QVERIFY(silent.waitForClosed(10'000));
    QVERIFY(trickle.waitForClosed(10'000));
    drip.stop();
    QVERIFY2(timer.elapsed() < 5000, QByteArray::number(timer.elapsed()));
    QVERIFY(holder.isConnected());
    const QString id = QString::fromLatin1(holder.responses[0].header("mcp-session-id"));
    holder.send(harness.post(Harness::callBody(2), id));
    QVERIFY(holder.waitForResponses(2));
    QCOMPARE(holder.responses[1].status, 200);
}

void TestMcpHttpServer::fullServerEvictsStrangersFirst()
{
    Harness harness([](McpHttpOptions &options) { options.maxConnections = 4; });
    const QString id = harness.initialize();
    QTRY_COMPARE(harness.server->connectionCount(), 0);
    FakeSession *session = harness.session(id);

    // The token holder: one connection waiting for its answer, one idle after an answer.
    RawClient idle(harness.port);
    idle.send(harness.post(Harness::callBody(1), id));
    QVERIFY(idle.waitForResponses(1));
    session->delay = true;
    RawClient busy(harness.port);
    busy.send(harness.post(Harness::callBody(2), id));
    QTRY_COMPARE(session->pending.size(), 1);

    // Strangers take the other two slots; each newcomer evicts the oldest stranger.
    RawClient stranger1(harness.port);
    QTRY_COMPARE(harness.server->connectionCount(), 3);
    RawClient stranger2(harness.port);
    QTRY_COMPARE(harness.server->connectionCount(), 4);
    RawClient stranger3(harness.port);
    QVERIFY(stranger1.waitForClosed());
    QVERIFY(stranger2.isConnected());
    QVERIFY(idle.isConnected() && busy.isConnected());

    // A stranger mid-head is a stranger too; the token holder's newcomer evicts one.
    stranger2.send("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1");
    session->delay = false;
    RawClient fresh(harness.port);
    fresh.send(harness.post(Harness::callBody(3), id));
    QVERIFY(fresh.waitForResponses(1));
    QCOMPARE(fresh.responses[0].status, 200);
    QVERIFY(stranger2.waitForClosed());
    QVERIFY(stranger3.isConnected());

    // With one stranger left, it is the one to go, whoever comes.
    RawClient stranger4(harness.port);
    QVERIFY(stranger3.waitForClosed());
    stranger4.abort();
    QTRY_COMPARE(harness.server->connectionCount(), 3);

    // All four slots the token holder's: its oldest idle one gives way, never a busy one.
    session->delay = true;
    fresh.send(harness.post(Harness::callBody(4), id));
    RawClient another(harness.port);
    another.send(harness.post(Harness::callBody(5), id));
    QTRY_COMPARE(session->pending.size(), 3);
    QCOMPARE(harness.server->connectionCount(), 4);
    RawClient stranger5(harness.port);
    QVERIFY(idle.waitForClosed());
    QTRY_COMPARE(harness.server->connectionCount(), 4);

    // And with every slot busy with the token holder's calls, a newcomer is refused.
    RawClient yetAnother(harness.port);
    yetAnother.send(harness.post(Harness::callBody(6), id));
    QTRY_COMPARE(session->pending.size(), 4);
    QVERIFY(stranger5.waitForClosed());
    RawClient refused(harness.port);
    QVERIFY(refused.waitForClosed());
    QVERIFY(busy.isConnected() && fresh.isConnected() && another.isConnected() && yetAnother.isConnected());
    session->releasePending();
    for (RawClient *client : {&busy, &fresh, &another, &yetAnother}) {
        QVERIFY(client->waitForResponses(client == &fresh ? 2 : 1));
        QCOMPARE(client->responses.last().status, 200);
    }
}

void TestMcpHttpServer::tokenHolderIsJudgedOnArrival()
{
    // The token holder connects and sends its request, then strangers fill every slot before
    // the server's next turn: all are accepted in one go. The token holder's head, there since
    // it connected, must be judged as it is accepted, or it is the oldest stranger-looking
    // connection when the strangers arrive, and is evicted for them.
    Harness harness([](McpHttpOptions &options) { options.maxConnections = 8; });
    const QString id = harness.initialize();
    QTRY_COMPARE(harness.server->connectionCount(), 0);
    RawClient holder(harness.port);
    holder.send(harness.post(Harness::callBody(1), id));
    std::vector<std::unique_ptr<RawClient>> strangers;
    for (int i = 0; i < 8; ++i)
        strangers.push_back(std::make_unique<RawClient>(harness.port));
    QVERIFY(holder.waitForResponses(1));
    QCOMPARE(holder.responses[0].status, 200);
    QVERIFY(strangers[0]->waitForClosed());
    QTRY_COMPARE(harness.server->connectionCount(), 8);
}
