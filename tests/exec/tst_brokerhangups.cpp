// The permission broker's socket against clients that misbehave: garbage and oversized lines hung
// up on (never answered, never a hang), clients that leave mid-request, one conversation only, a
// private socket, and a stop() that returns while a client is still there.

#include "brokerfixture.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestBrokerHangups : public QObject
{
    Q_OBJECT

private slots:
    void hangsUpOnWhatIsNotARequest_data()
    {
        QTest::addColumn<QByteArray>("bad");
        QTest::newRow("garbage") << QByteArray("hello broker\n");
        QTest::newRow("empty line") << QByteArray("\n");
        QTest::newRow("truncated json") << QByteArray("{\"v\":1,\"pid\":1,\"id\":3,\"permission\":\"re\n");
        QTest::newRow("binary junk") << QByteArray("\x00\xff\xfe{\x01\x02\"id\":3}\x7f\n", 15);
        QTest::newRow("id as string") << QByteArray("{\"id\":\"3\",\"permission\":\"read\",\"value\":\"/\"}\n");
        QTest::newRow("id fraction") << QByteArray("{\"id\":3.5,\"permission\":\"read\",\"value\":\"/\"}\n");
        QTest::newRow("id negative") << QByteArray("{\"id\":-3,\"permission\":\"read\",\"value\":\"/\"}\n");
        QTest::newRow("id huge") << QByteArray("{\"id\":99999999999999999999,\"permission\":\"read\",\"value\":\"/\"}\n");
        QTest::newRow("permission number") << QByteArray("{\"id\":3,\"permission\":7,\"value\":\"/\"}\n");
        QTest::newRow("permission null") << QByteArray("{\"id\":3,\"permission\":null,\"value\":\"/\"}\n");
        QTest::newRow("value number") << QByteArray("{\"id\":3,\"permission\":\"read\",\"value\":5}\n");
        QTest::newRow("value bool") << QByteArray("{\"id\":3,\"permission\":\"read\",\"value\":true}\n");
        QTest::newRow("value object") << QByteArray("{\"id\":3,\"permission\":\"read\",\"value\":{\"a\":1}}\n");
        QTest::newRow("value twice") << QByteArray("{\"id\":3,\"permission\":\"read\",\"value\":\"/a\",\"value\":\"/b\"}\n");
        QTest::newRow("permission twice") << QByteArray("{\"id\":3,\"permission\":\"env\",\"permission\":\"read\",\"value\":\"/\"}\n");
        QTest::newRow("id twice") << QByteArray("{\"id\":3,\"id\":4,\"permission\":\"read\",\"value\":\"/\"}\n");
        QTest::newRow("two objects") << QByteArray("{\"id\":3,\"permission\":\"read\"}{\"id\":4,\"permission\":\"read\"}\n");
    }

    // Requests before the bad line are answered in order; the bad line and everything after
    // it are never answered: the broker hangs up at once (the runtime then exits with 87),
    // says why in failure(), and its audit log ends with the refusal (denied, kind "broker").
    void hangsUpOnWhatIsNotARequest()
    {
        QFETCH(QByteArray, bad);
        Fixture f;
        Conversation c(f, false, f.auditPath());
        QVERIFY(c.client.isConnected());
        const QString file = f.path(QStringLiteral("work/a.txt"));
        QVERIFY(c.client.send(BrokerClient::request(1, QStringLiteral("read"), file) + BrokerClient::request(2, QStringLiteral("write"), file)
                              + bad + BrokerClient::request(3, QStringLiteral("read"), file)));
        QCOMPARE(parseAnswer(c.client.readLine(answerTimeoutMs)).value(QLatin1String("id")).toInteger(), 1);
        QCOMPARE(parseAnswer(c.client.readLine(answerTimeoutMs)).value(QLatin1String("id")).toInteger(), 2);
        QVERIFY(c.client.hungUpWithoutAnswer(answerTimeoutMs));
        QVERIFY(c.broker.failure().contains(QLatin1String("does not understand")));
        QCOMPARE(c.broker.decisions(), quint64(2));
        const QList<AuditEvent> logged = auditLines(f.auditPath());
        QCOMPARE(logged.size(), 3);
        checkRefusal(logged.last(), 3, QStringLiteral("does not understand"));
        QCOMPARE(c.sink.size(), 3);
    }

    // A line longer than 1 MiB, whether it ends or not, is hung up on once the broker holds
    // 1 MiB of it: the broker's memory stays bounded and the client learns it at once.
    void hangsUpOnAnOversizedLine_data()
    {
        QTest::addColumn<bool>("ended");
        QTest::newRow("never ends") << false;
        QTest::newRow("ends after 2 MiB") << true;
    }

    void hangsUpOnAnOversizedLine()
    {
        QFETCH(bool, ended);
        Fixture f;
        Conversation c(f, false, f.auditPath());
        QVERIFY(c.client.isConnected());
        QByteArray huge = "{\"id\":1,\"permission\":\"read\",\"value\":\"" + QByteArray(2 * 1024 * 1024, 'a');
        if (ended)
            huge += "\"}\n";
        BackgroundSend writer(c.client, huge);
        QVERIFY(c.client.hungUpWithoutAnswer(answerTimeoutMs));
        QVERIFY(!writer.finish()); // the rest of the line was refused, not swallowed
        QVERIFY(c.broker.failure().contains(QLatin1String("1 MiB")));
        QCOMPARE(c.broker.decisions(), quint64(0));
        const QList<AuditEvent> logged = auditLines(f.auditPath());
        QCOMPARE(logged.size(), 1);
        checkRefusal(logged.last(), 1, QStringLiteral("longer than 1 MiB"));
        QVERIFY(logged.last().resource.size() <= 200);
    }

    // Without a newline the broker waits for the rest (the protocol has no timeout; the run
    // has one), answers nothing, and its stop() still returns at once.
    void waitsForALineThatNeverEndsAndStillStops()
    {
        Fixture f;
        Conversation c(f, true, f.auditPath());
        QVERIFY(c.client.isConnected());
        QVERIFY(c.client.send("{\"v\":1,\"pid\":1,\"id\":1,\"permission\":\"read\",\"value\":\"/etc/pass"));
        bool eof = true;
        QVERIFY(c.client.readLine(200, &eof).isEmpty());
        QVERIFY(!eof);
        QElapsedTimer clock;
        clock.start();
        c.broker.stop();
        QVERIFY2(clock.elapsed() < promptStopMs, QByteArray::number(clock.elapsed()).constData());
        QVERIFY(c.client.hungUpWithoutAnswer(answerTimeoutMs));
        QCOMPARE(c.broker.decisions(), quint64(0));
        QCOMPARE(c.broker.failure(), QString());
    }

    // The runtime dying mid-request (half a line, then gone) ends the conversation quietly.
    void clientDisconnectsMidRequest()
    {
        Fixture f;
        Conversation c(f, true, f.auditPath());
        QVERIFY(c.client.isConnected());
        QVERIFY(c.client.send(BrokerClient::request(1, QStringLiteral("read"), f.path(QStringLiteral("work/a.txt")))));
        QVERIFY(!c.client.readLine(answerTimeoutMs).isEmpty());
        QVERIFY(c.client.send("{\"v\":1,\"pid\":1,\"id\":2,\"permission\":\"wri"));
        c.client.close();
        QElapsedTimer clock;
        clock.start();
        c.broker.stop();
        QVERIFY(clock.elapsed() < promptStopMs);
        QCOMPARE(c.broker.decisions(), quint64(1));
        QCOMPARE(c.broker.failure(), QString());
        QCOMPARE(auditLines(f.auditPath()).size(), 1);
    }

    // A client that asks a lot and leaves without reading: the broker's answers then go to a
    // closed socket, which must end the conversation, not the process (no SIGPIPE).
    void clientLeavesWithoutReadingAnswers()
    {
        Fixture f;
        Conversation c(f, true, f.auditPath());
        QVERIFY(c.client.isConnected());
        QByteArray all;
        for (int id = 1; id <= 500; ++id) // fits in the socket buffers: the send never blocks
            all += BrokerClient::request(id, QStringLiteral("read"), f.path(QStringLiteral("work/a.txt")));
        QVERIFY(c.client.send(all));
        c.client.close();
        QElapsedTimer clock;
        clock.start();
        c.broker.stop();
        QVERIFY(clock.elapsed() < promptStopMs);
        // Every decision that was made is on disk, whether or not its answer was delivered.
        QCOMPARE(quint64(auditLines(f.auditPath()).size()), c.broker.decisions());
    }

    // stop() returns promptly in every state: nobody connected, a client connected and idle,
    // and the broker blocked on a client that sends but never reads its answers.
    void stopReturnsPromptly_data()
    {
        QTest::addColumn<int>("state");
        QTest::newRow("nobody connected") << 0;
        QTest::newRow("idle client") << 1;
        QTest::newRow("client not reading") << 2;
    }

    void stopReturnsPromptly()
    {
        QFETCH(int, state);
        Fixture f;
        Sink sink;
        PermissionBroker broker(f.matcher(true), sink.callback());
        QVERIFY(broker.start(f.socketPath()).has_value());
        BrokerClient client;
        std::unique_ptr<BackgroundSend> writer;
        if (state >= 1) {
            QVERIFY(client.connectTo(f.socketPath()));
            QVERIFY(client.send(BrokerClient::request(1, QStringLiteral("sys"), QStringLiteral("hostname"))));
            QVERIFY(!client.readLine(answerTimeoutMs).isEmpty());
        }
        if (state == 2) {
            // Far more answers than the socket buffers hold: the broker ends up blocked in send().
            QByteArray all;
            for (int id = 2; id <= 100000; ++id)
                all += BrokerClient::request(id, QStringLiteral("sys"), QStringLiteral("hostname"));
            writer = std::make_unique<BackgroundSend>(client, all);
            QTRY_VERIFY_WITH_TIMEOUT(sink.size() > 100, answerTimeoutMs);
        }
        QElapsedTimer clock;
        clock.start();
        broker.stop();
        QVERIFY2(clock.elapsed() < promptStopMs, QByteArray::number(clock.elapsed()).constData());
        if (writer)
            QVERIFY(!writer->finish()); // cut off by the stop, not left hanging
        QCOMPARE(broker.connected(), state >= 1);
    }

    // One runtime, one conversation: of two clients that connect before either speaks, one
    // is served and the other is cut off without an answer; once the conversation has begun,
    // nobody else can even connect.
    void servesOneConnectionOnly()
    {
        Fixture f;
        PermissionBroker broker(f.matcher(false), {});
        QVERIFY(broker.start(f.socketPath()).has_value());
        BrokerClient first, second;
        QVERIFY(first.connectTo(f.socketPath()));
        const bool secondConnected = second.connectTo(f.socketPath());
        const QByteArray request = BrokerClient::request(1, QStringLiteral("sys"), QStringLiteral("hostname"));
        QVERIFY(first.send(request));
        if (secondConnected)
            second.send(request);
        const QByteArray firstAnswer = first.readLine(answerTimeoutMs);
        QVERIFY(!firstAnswer.isEmpty());
        if (secondConnected)
            QVERIFY(second.hungUpWithoutAnswer(answerTimeoutMs));
        BrokerClient third;
        QVERIFY(!third.connectTo(f.socketPath()));
        QCOMPARE(broker.decisions(), quint64(1));
    }

    // The socket is the user's alone (mode 0600); a stale file at its path is replaced.
    void socketIsPrivate()
    {
        Fixture f;
        QFile stale(f.socketPath());
        QVERIFY(stale.open(QIODevice::WriteOnly));
        stale.close();
        PermissionBroker broker(f.matcher(true), {});
        QVERIFY(broker.start(f.socketPath()).has_value());
        struct stat info {};
        QCOMPARE(::lstat(QFile::encodeName(f.socketPath()).constData(), &info), 0);
        QVERIFY(S_ISSOCK(info.st_mode));
        QCOMPARE(info.st_mode & 0777, mode_t(0600));
        PermissionBroker tooLong(f.matcher(true), {});
        const auto refused = tooLong.start(f.path(QString(200, QLatin1Char('s'))));
        QVERIFY(!refused);
        QVERIFY(refused.error().message.contains(QLatin1String("too long")));
    }
};

QTEST_GUILESS_MAIN(TestBrokerHangups)
#include "tst_brokerhangups.moc"
