// Agent session files as someone hostile may write them, and the stdio transport under abuse.
#include "testsupport.h"

#include "mcp/mcpsession.h"
#include "mcp/mcpstdio.h"
#include "session/agent/agentsession.h"
#include "session/agent/agentsessionwriter.h"
#include "session/sessionfile.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sandbench;

namespace {

const QByteArray header = "{\"kind\":\"sandbench-agent-session\",\"formatVersion\":1,\"applicationVersion\":\"0.1.0\","
                          "\"recordedAtMs\":1,\"transport\":\"stdio\",\"pid\":1,\"server\":{\"toolSets\":[]}}\n";

QByteArray callLine(int seq, const QByteArray &tool = "box.read")
{
    return "{\"type\":\"call\",\"seq\":" + QByteArray::number(seq) + ",\"atMs\":1,\"durationMs\":1,\"tool\":\"" + tool
            + "\",\"arguments\":{},\"result\":{\"isError\":false}}\n";
}

// Answers every request with its own id after `delayMs`, counting what it saw.
class EchoSession : public McpSession
{
public:
    using McpSession::McpSession;
    QString id() const override { return QStringLiteral("echo"); }
    bool isInitialized() const override { return true; }
    QString protocolVersion() const override { return QStringLiteral("2025-06-18"); }
    void handle(const QByteArray &message, McpReplyHandler answer) override
    {
        ++messages;
        largest = qMax(largest, message.size());
        const QJsonObject o = QJsonDocument::fromJson(message).object();
        answer("{\"jsonrpc\":\"2.0\",\"id\":" + QByteArray::number(o.value(QLatin1String("id")).toInt()) + ",\"result\":{}}");
    }
    void close(const QString &) override
    {
        m_closed = true;
        emit closed();
    }
    bool isClosed() const override { return m_closed; }

    int messages = 0;
    qsizetype largest = 0;
    bool m_closed = false;
};

} // namespace

class TestAgentSession : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QByteArray &bytes)
    {
        static int n = 0;
        const QString path = m_dir.filePath(QStringLiteral("s%1.sbagent").arg(++n));
        Test::writeFile(path, bytes);
        return path;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void writtenSessionsReadBackAndAreKnownByTheirFirstLine()
    {
        auto w = AgentSessionWriter::create(m_dir.filePath(QStringLiteral("rec")),
                                            {{QStringLiteral("transport"), QStringLiteral("http")},
                                             {QStringLiteral("recordedAtMs"), 5},
                                             {QStringLiteral("applicationVersion"), QStringLiteral("t")},
                                             {QStringLiteral("server"), QJsonObject()},
                                             {QStringLiteral("kind"), QStringLiteral("forged")}});
        QVERIFY2(w, w ? "" : qPrintable(w.error().message));
        const QString path = (*w)->path();
        QVERIFY(AgentSessionWriter::isLive(path));
        QVERIFY((*w)->append({{QStringLiteral("type"), QStringLiteral("call")}, {QStringLiteral("seq"), 1}, {QStringLiteral("atMs"), 1},
                              {QStringLiteral("durationMs"), 2}, {QStringLiteral("tool"), QStringLiteral("box.exec")},
                              {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("command"), QStringLiteral("true")}}},
                              {QStringLiteral("result"), QJsonObject{{QStringLiteral("isError"), false}}}}));
        auto live = AgentSession::read(path);
        QVERIFY(live);
        QVERIFY(!live->ended);
        QCOMPARE(live->calls.size(), 1);
        QVERIFY((*w)->close(QStringLiteral("done")));
        QVERIFY(!AgentSessionWriter::isLive(path));
        QVERIFY(!(*w)->append({{QStringLiteral("type"), QStringLiteral("end")}})); // closed: refused
        auto opened = SessionFile::open(path);
        QVERIFY(opened && std::holds_alternative<AgentSessionFile>(*opened));
        auto done = std::get<AgentSessionFile>(*opened).load();
        QVERIFY(done);
        QVERIFY(done->ended);
        QCOMPARE(done->endReason, QStringLiteral("done"));
        QCOMPARE(done->transport, QStringLiteral("http"));
        // The writer's kind, not the caller's.
        QVERIFY(Test::readFile(path).startsWith("{\"kind\":\"sandbench-agent-session\""));
    }

    void connectionsOfTheSandboxesAreRead()
    {
        const QByteArray net = "{\"type\":\"net\",\"atMs\":7,\"toolSet\":\"box\",\"event\":{\"seq\":1,\"kind\":\"net\",\"action\":\"connect\","
                               "\"resource\":\"a.test:443\",\"decision\":\"deny\"}}\n";
        auto s = AgentSession::read(write(header + callLine(1) + net));
        QVERIFY2(s, s ? "" : qPrintable(s.error().message));
        QCOMPARE(s->calls.size(), 1);
        QCOMPARE(s->connections.size(), 1);
        QCOMPARE(s->connections[0].toolSet, QStringLiteral("box"));
        QCOMPARE(s->connections[0].atMs, 7);
        QCOMPARE(s->connections[0].event.value(QLatin1String("resource")).toString(), QStringLiteral("a.test:443"));
    }

    void aFollowerSeesLinesAsTheyComeAndACutLastLine()
    {
        const QString path = write(header + callLine(1));
        auto s = AgentSession::read(path);
        QVERIFY(s);
        QCOMPARE(s->calls.size(), 1);
        QFile f(path);
        QVERIFY(f.open(QIODevice::Append));
        f.write(callLine(2) + "{\"type\":\"call\",\"seq\":3,\"at");
        f.close();
        auto more = AgentSession::readMore(*s);
        QVERIFY(more && *more);
        QCOMPARE(s->calls.size(), 2);
        QVERIFY(s->lastLineCut); // a server killed mid-line loses that line only
        QVERIFY(f.open(QIODevice::Append));
        f.write("Ms\":1,\"durationMs\":1,\"tool\":\"x\",\"arguments\":{},\"result\":{}}\n");
        f.close();
        more = AgentSession::readMore(*s);
        QVERIFY(more && *more);
        QCOMPARE(s->calls.size(), 3);
        QVERIFY(!s->lastLineCut);
    }

    void hostileFilesAreRefusedWithTheLine_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("says");
        QTest::newRow("not agent") << QByteArray("{\"kind\":\"other\"}\n") << ":1: not an agent session";
        QTest::newRow("newer") << QByteArray(header).replace("\"formatVersion\":1", "\"formatVersion\":99") << "newer";
        QTest::newRow("seq type") << header + QByteArray("{\"type\":\"call\",\"seq\":\"1\",\"atMs\":1,\"durationMs\":1,\"tool\":\"a\",\"arguments\":{},\"result\":{}}\n") << ":2: \"seq\" must be an integer";
        QTest::newRow("arguments type") << header + QByteArray("{\"type\":\"call\",\"seq\":1,\"atMs\":1,\"durationMs\":1,\"tool\":\"a\",\"arguments\":[],\"result\":{}}\n") << "\"arguments\" must be an object";
        QTest::newRow("no outcome") << header + QByteArray("{\"type\":\"call\",\"seq\":1,\"atMs\":1,\"durationMs\":1,\"tool\":\"a\",\"arguments\":{}}\n") << "needs \"result\" or \"refused\"";
        QTest::newRow("twice") << header + callLine(1) + callLine(1) << ":3: call 1 is recorded twice";
        QTest::newRow("after end") << header + QByteArray("{\"type\":\"end\",\"reason\":\"x\"}\n") + callLine(1) << "after the session's end";
        QTest::newRow("unknown") << header + QByteArray("{\"type\":\"grant\"}\n") << "unknown line type";
        QTest::newRow("not json") << header + QByteArray("{\"type\":\n") << ":2: not a JSON object";
        QTest::newRow("orphan exec") << header + callLine(1) + QByteArray("{\"type\":\"execSession\",\"seq\":1,\"data\":\"\"}\n") << "no code.run before it";
        QTest::newRow("exec before") << header + QByteArray("{\"type\":\"execSession\",\"seq\":1,\"data\":\"\"}\n") + callLine(1, "code.run") << "no code.run before it";
        QTest::newRow("exec shape") << header + callLine(1, "code.run") + QByteArray("{\"type\":\"execSession\",\"seq\":1,\"path\":\"/etc/passwd\"}\n") << "must be {\"type\":\"execSession\"";
        QTest::newRow("seq range") << header + callLine(0) << "\"seq\" must be from 1";
        QTest::newRow("net event type") << header + QByteArray("{\"type\":\"net\",\"atMs\":1,\"toolSet\":\"box\",\"event\":[]}\n") << ":2: \"event\" must be an object";
        QTest::newRow("net not net") << header + QByteArray("{\"type\":\"net\",\"atMs\":1,\"toolSet\":\"box\",\"event\":{\"kind\":\"read\"}}\n") << "must be of kind \"net\"";
        QTest::newRow("held late") << header + callLine(1) + QByteArray("{\"type\":\"held\",\"seq\":1,\"atMs\":1,\"tool\":\"a\",\"arguments\":{}}\n") << ":3: a \"held\" line for call 1";
        QTest::newRow("held twice") << header + QByteArray("{\"type\":\"held\",\"seq\":2,\"atMs\":1,\"tool\":\"a\",\"arguments\":{}}\n").repeated(2) << ":3: a \"held\" line for call 2";
        QTest::newRow("held shape") << header + QByteArray("{\"type\":\"held\",\"seq\":2,\"atMs\":1,\"tool\":\"a\",\"arguments\":\"rm\"}\n") << "\"arguments\" must be an object";
        QTest::newRow("approval shape") << header + QByteArray("{\"type\":\"call\",\"seq\":1,\"atMs\":1,\"durationMs\":1,\"tool\":\"a\",\"arguments\":{},\"result\":{},\"approval\":{\"by\":\"x\"}}\n") << "\"approval\" needs a \"decision\"";
        QTest::newRow("net no set") << header + QByteArray("{\"type\":\"net\",\"atMs\":1,\"event\":{\"kind\":\"net\"}}\n") << "\"toolSet\" must be a string";
    }

    void hostileFilesAreRefusedWithTheLine()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, says);
        auto s = AgentSession::read(write(bytes));
        QVERIFY(!s);
        QCOMPARE(s.error().code, ErrorCode::Parse);
        QVERIFY2(s.error().message.contains(says), qPrintable(s.error().message));
    }

    void anOverlongLineIsRefusedWithoutHoldingIt()
    {
        // A call line past the cap (32 MiB) is refused while it is read.
        QByteArray bytes = header + "{\"type\":\"call\",\"seq\":1,\"tool\":\"";
        bytes.append(QByteArray(AgentSession::maxCallLineBytes + 16, 'a'));
        bytes.append("\"}\n");
        auto s = AgentSession::read(write(bytes));
        QVERIFY(!s);
        QVERIFY2(s.error().message.contains(QLatin1String(":2: the line is over 32 MiB")), qPrintable(s.error().message));
    }

    void anExecSessionIsCheckedWhenAskedFor()
    {
        const QString path = write(header + callLine(1, "code.run") + "{\"type\":\"execSession\",\"seq\":1,\"data\":\"!!\"}\n");
        auto s = AgentSession::read(path);
        QVERIFY(s);
        QCOMPARE(s->calls.first().execSessionOffset, qint64(header.size() + callLine(1, "code.run").size()));
        auto data = s->execSessionData(0);
        QVERIFY(!data);
        QVERIFY2(data.error().message.contains(QLatin1String("not base64")), qPrintable(data.error().message));
        const QString good = write(header + callLine(1, "code.run") + "{\"type\":\"execSession\",\"seq\":1,\"data\":\"aGk=\"}\n");
        auto ok = AgentSession::read(good);
        QVERIFY(ok);
        QCOMPARE(*ok->execSessionData(0), QByteArray("hi"));
    }

    void aFifoOrDeviceIsNotRead()
    {
        const QString fifo = m_dir.filePath(QStringLiteral("fifo.sbagent"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        auto s = AgentSession::read(fifo);
        QVERIFY(!s);
        QVERIFY(!AgentSession::read(QStringLiteral("/dev/zero")));
    }

    void stdioDropsAnOversizedMessageAndKeepsServing()
    {
        int in[2], out[2];
        QCOMPARE(::pipe(in), 0);
        QCOMPARE(::pipe(out), 0);
        ::fcntl(out[0], F_SETFL, O_NONBLOCK);
        ::fcntl(in[1], F_SETFL, O_NONBLOCK);
        EchoSession session;
        McpStdioTransport transport(&session, in[0], out[1]);
        transport.setMaxMessageBytes(1 << 20);
        transport.start();
        QByteArray replies;
        auto pump = [&] {
            char buf[65536];
            ssize_t n;
            while ((n = ::read(out[0], buf, sizeof buf)) > 0)
                replies.append(buf, n);
        };
        // 100 MiB of one message, written as the reader drains it: never held whole.
        const QByteArray chunk(1 << 20, 'x');
        qint64 sent = 0;
        const qint64 total = qint64(100) << 20;
        QElapsedTimer clock;
        clock.start();
        while (sent < total && clock.elapsed() < 60'000) {
            const ssize_t n = ::write(in[1], chunk.constData(), size_t(qMin<qint64>(chunk.size(), total - sent)));
            if (n > 0)
                sent += n;
            QCoreApplication::processEvents();
            pump();
        }
        QCOMPARE(sent, total);
        QByteArray tail = "\n";
        for (int i = 1; i <= 10000; ++i)
            tail += "{\"jsonrpc\":\"2.0\",\"id\":" + QByteArray::number(i) + ",\"method\":\"ping\"}\n";
        qsizetype at = 0;
        while (at < tail.size() && clock.elapsed() < 120'000) {
            const ssize_t n = ::write(in[1], tail.constData() + at, size_t(tail.size() - at));
            if (n > 0)
                at += n;
            QCoreApplication::processEvents();
            pump();
        }
        QTRY_VERIFY_WITH_TIMEOUT((pump(), replies.count('\n') == 10001), 30'000);
        QCOMPARE(session.messages, 10000);          // the big one never reached the session
        QVERIFY(session.largest < 1024);
        QVERIFY(replies.startsWith("{\"error\":{\"code\":-32600"));
        QVERIFY(replies.contains("\"id\":10000,"));
        // End of input closes the session; the transport then finishes.
        QSignalSpy finished(&transport, &McpStdioTransport::finished);
        ::close(in[1]);
        QVERIFY(finished.wait(5000));
        QVERIFY(session.isClosed());
        ::close(in[0]);
        ::close(out[0]);
        ::close(out[1]);
    }
};

QTEST_GUILESS_MAIN(TestAgentSession)
#include "tst_agentsession.moc"
