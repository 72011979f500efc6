// The permission broker driven through its real socket by a client that speaks the runtime's
// wire protocol: every permission kind allowed or denied as the policy says, every decision on
// disk before its answer, garbage and oversized lines hung up on (never answered, never a
// hang), one conversation only, and a stop() that returns while a client is still there.
#include "brokerclient.h"

#include "exec/permissionbroker.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <memory>
#include <mutex>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// Bounds on waits, never the reason a test passes: a correct broker answers in microseconds.
constexpr int answerTimeoutMs = 5000;
constexpr qint64 promptStopMs = 2000;

struct Fixture
{
    QTemporaryDir dir;
    QString root;

    Fixture() : root(QFileInfo(dir.path()).canonicalFilePath())
    {
        for (const char *sub : {"work", "ro", "out", "outside"})
            QDir().mkpath(root + QLatin1Char('/') + QLatin1String(sub));
        for (const char *file : {"work/a.txt", "ro/b.txt", "outside/secret.txt"}) {
            QFile f(root + QLatin1Char('/') + QLatin1String(file));
            f.open(QIODevice::WriteOnly);
            f.write("x");
        }
    }
    QString path(const QString &relative) const { return root + QLatin1Char('/') + relative; }
    QString socketPath() const { return path(QStringLiteral("broker.sock")); }
    QString auditPath() const { return path(QStringLiteral("audit.jsonl")); }

    PolicyMatcher matcher(bool sandbox) const
    {
        Policy policy;
        policy.sandbox = sandbox;
        policy.permissions.allowRead = {path(QStringLiteral("ro"))};
        policy.permissions.allowWrite = {path(QStringLiteral("out"))};
        policy.permissions.allowNet = {QStringLiteral("example.com:443")};
        policy.permissions.allowEnv = {QStringLiteral("FOO")};
        policy.permissions.allowRun = {QStringLiteral("sh")};
        policy.env.insert(QStringLiteral("BAR"), QStringLiteral("1"));
        return PolicyMatcher({policy, root, path(QStringLiteral("work")), {}, {}, {auditPath()}});
    }
};

// The audit sink as the engine has it: called on the broker's thread.
struct Sink
{
    std::mutex mutex;
    QList<AuditEvent> events;
    PermissionBroker::EventSink callback()
    {
        return [this](const AuditEvent &event) {
            std::lock_guard lock(mutex);
            events.append(event);
        };
    }
    qsizetype size()
    {
        std::lock_guard lock(mutex);
        return events.size();
    }
};

QList<AuditEvent> auditLines(const QString &path)
{
    QFile file(path);
    QList<AuditEvent> out;
    if (!file.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &line : file.readAll().split('\n')) {
        AuditEvent event;
        if (!line.isEmpty() && AuditEvent::fromJsonLine(line, &event))
            out << event;
    }
    return out;
}

struct Fd
{
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

struct Drain
{
    int fd;
    ~Drain()
    {
        char chunk[65536];
        while (::read(fd, chunk, sizeof chunk) > 0) {
        }
    }
};

QJsonObject parseAnswer(const QByteArray &line)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
    return error.error == QJsonParseError::NoError ? doc.object() : QJsonObject();
}

// A broker serving `fixture` with an audit log, and a client connected to it.
struct Conversation
{
    Sink sink;
    PermissionBroker broker;
    BrokerClient client;
    Conversation(const Fixture &fixture, bool sandbox, const QString &auditPath)
        : broker(fixture.matcher(sandbox), sink.callback())
    {
        if (!auditPath.isEmpty() && !broker.openAuditLog(auditPath))
            return;
        if (!broker.start(fixture.socketPath()))
            return;
        client.connectTo(fixture.socketPath());
    }
};

} // namespace

class TestPermissionBroker : public QObject
{
    Q_OBJECT

    static void checkRefusal(const AuditEvent &event, quint64 seq, const QString &why)
    {
        QCOMPARE(event.seq, seq);
        QCOMPARE(event.kind, QStringLiteral("broker"));
        QCOMPARE(event.action, QStringLiteral("refuse"));
        QCOMPARE(event.rule, QStringLiteral("protocol"));
        QVERIFY(!event.allowed);
        QVERIFY2(event.reason.startsWith(QLatin1String("permission denied: ")) && event.reason.contains(why),
                 qPrintable(event.reason));
    }

private slots:
    void decidesEveryKindAsThePolicySays_data()
    {
        QTest::addColumn<bool>("sandbox");
        QTest::addColumn<QString>("permission");
        QTest::addColumn<QString>("value"); // "<null>": the runtime sent null
        QTest::addColumn<bool>("allowed");
        QTest::addColumn<QString>("rule");
        const QString null = QStringLiteral("<null>");
        auto row = [](const char *name, bool sandbox, const char *permission, const QString &value, bool allowed, const char *rule) {
            QTest::newRow(name) << sandbox << QString::fromLatin1(permission) << value << allowed << QString::fromLatin1(rule);
        };
        row("read workdir", true, "read", QStringLiteral("work/a.txt"), true, "workdir");
        row("read allow_read", true, "read", QStringLiteral("ro/b.txt"), true, "allow_read[0]");
        row("read outside", true, "read", QStringLiteral("outside/secret.txt"), false, "sandbox");
        row("read dot-dot out of workdir", true, "read", QStringLiteral("work/../outside/secret.txt"), false, "sandbox");
        row("read every file", true, "read", null, false, "sandbox");
        row("read proc", true, "read", QStringLiteral("/proc/self/environ"), false, "system");
        row("read audit log", true, "read", QStringLiteral("audit.jsonl"), false, "protected");
        row("read NUL cut", true, "read", QStringLiteral("work/a.txt") + QChar(0) + QStringLiteral("/etc/passwd"), false, "invalid value");
        row("write allow_read", true, "write", QStringLiteral("ro/b.txt"), false, "sandbox");
        row("write allow_write", true, "write", QStringLiteral("out/new.txt"), true, "allow_write[0]");
        row("write workdir", true, "write", QStringLiteral("work/new.txt"), true, "workdir");
        row("write audit log", true, "write", QStringLiteral("audit.jsonl"), false, "protected");
        row("net allowed", true, "net", QStringLiteral("example.com:443"), true, "allow_net[0]");
        row("net other port", true, "net", QStringLiteral("example.com:80"), false, "sandbox");
        row("net other host", true, "net", QStringLiteral("evil.example:443"), false, "sandbox");
        row("net metadata", true, "net", QStringLiteral("169.254.169.254:80"), false, "metadata");
        row("net every host", true, "net", null, false, "sandbox");
        row("env allow_env", true, "env", QStringLiteral("FOO"), true, "allow_env[0]");
        row("env given", true, "env", QStringLiteral("BAR"), true, "env");
        row("env other", true, "env", QStringLiteral("HOME"), false, "sandbox");
        row("env every variable", true, "env", null, false, "sandbox");
        row("env NUL", true, "env", QStringLiteral("FOO") + QChar(0), false, "invalid value");
        row("run allowed", true, "run", QStringLiteral("sh"), true, "allow_run[0]");
        row("run any program", true, "run", null, false, "sandbox");
        row("run other", true, "run", QStringLiteral("curl"), false, "sandbox");
        row("sys", true, "sys", QStringLiteral("hostname"), false, "sandbox");
        row("sys uid", true, "sys", QStringLiteral("uid"), true, "file owner");
        // Deno.makeTempFile() without a dir: decided and audited as /tmp (see below).
        row("write temp placeholder", true, "write", QStringLiteral("<TMP>"), false, "sandbox");
        row("write unknown placeholder", true, "write", QStringLiteral("<CWD>"), false, "placeholder");
        row("ffi", true, "ffi", null, false, "sandbox");
        row("import", true, "import", QStringLiteral("example.com:443"), false, "no remote modules");
        row("unknown kind", true, "telepathy", QStringLiteral("x"), false, "unknown permission");
        row("open read outside", false, "read", QStringLiteral("outside/secret.txt"), true, "no sandbox");
        row("open read audit log", false, "read", QStringLiteral("audit.jsonl"), false, "protected");
        row("open read NUL cut", false, "read", QStringLiteral("outside") + QChar(0), false, "invalid value");
        row("open sys", false, "sys", QStringLiteral("hostname"), true, "no sandbox");
        row("open net", false, "net", QStringLiteral("evil.example:443"), true, "no sandbox");
        row("open net metadata", false, "net", QStringLiteral("169.254.169.254:80"), false, "metadata");
        row("open unknown kind", false, "telepathy", null, false, "unknown permission");
    }

    // Each answer names its request's id, allows exactly what the policy allows, and when it
    // arrives its decision is already in the audit file and the sink, rule and all.
    void decidesEveryKindAsThePolicySays()
    {
        QFETCH(bool, sandbox);
        QFETCH(QString, permission);
        QFETCH(QString, value);
        QFETCH(bool, allowed);
        QFETCH(QString, rule);
        Fixture f;
        QString asked = value;
        const bool hasValue = value != QLatin1String("<null>");
        if (hasValue && !value.startsWith(QLatin1Char('/')) && !PolicyMatcher::isPlaceholder(value)
            && (permission == QLatin1String("read") || permission == QLatin1String("write")))
            asked = f.path(value);
        // A placeholder is audited as the place it stands for.
        const QString audited = value == QLatin1String("<TMP>") ? QStringLiteral("/tmp") : asked;
        Conversation c(f, sandbox, f.auditPath());
        QVERIFY(c.client.isConnected());
        // A request before it, so that the id and the order are checked, not just one answer.
        QVERIFY(c.client.send(BrokerClient::request(1, QStringLiteral("read"), f.path(QStringLiteral("work/a.txt")))));
        QCOMPARE(parseAnswer(c.client.readLine(answerTimeoutMs)).value(QLatin1String("id")).toInteger(), 1);
        QVERIFY(c.client.send(BrokerClient::request(2, permission, asked, hasValue)));
        const QByteArray line = c.client.readLine(answerTimeoutMs);
        // At the moment the answer is here, the decision is on disk and was handed to the sink.
        const QList<AuditEvent> logged = auditLines(f.auditPath());
        const qsizetype sunk = c.sink.size();
        const QJsonObject answer = parseAnswer(line);
        QVERIFY2(!answer.isEmpty(), line.constData());
        QCOMPARE(answer.value(QLatin1String("id")).toInteger(), 2);
        QCOMPARE(answer.value(QLatin1String("result")).toString(), allowed ? QStringLiteral("allow") : QStringLiteral("deny"));
        if (!allowed)
            QVERIFY(answer.value(QLatin1String("reason")).toString().contains(QLatin1String("permission denied")));
        QCOMPARE(logged.size(), 2);
        QCOMPARE(sunk, 2);
        const AuditEvent &event = logged.last();
        QCOMPARE(event.seq, quint64(2));
        QCOMPARE(event.kind, permission);
        QCOMPARE(event.resource, hasValue ? audited : QString());
        QCOMPARE(event.allowed, allowed);
        QCOMPARE(event.rule, rule);
        QCOMPARE(event.pid, qint64(4242));
        QCOMPARE(c.broker.failure(), QString());
    }

    // Many requests written at once (more than the socket buffers hold, from another thread)
    // are all answered, in order, each one after its audit line.
    void answersPipelinedRequestsInOrder()
    {
        Fixture f;
        Conversation c(f, true, f.auditPath());
        QVERIFY(c.client.isConnected());
        constexpr int count = 20000;
        const QString inside = f.path(QStringLiteral("work/a.txt"));
        const QString outside = f.path(QStringLiteral("outside/secret.txt"));
        QByteArray all;
        for (int id = 1; id <= count; ++id)
            all += BrokerClient::request(id, QStringLiteral("read"), id % 2 ? inside : outside);
        BackgroundSend writer(c.client, all);
        int inOrder = 0;
        for (int id = 1; id <= count; ++id) {
            const QJsonObject answer = parseAnswer(c.client.readLine(answerTimeoutMs));
            if (answer.value(QLatin1String("id")).toInteger() != id
                || answer.value(QLatin1String("result")).toString() != (id % 2 ? QLatin1String("allow") : QLatin1String("deny")))
                break;
            ++inOrder;
        }
        QCOMPARE(inOrder, count);
        QVERIFY(writer.finish());
        QCOMPARE(auditLines(f.auditPath()).size(), count);
        QCOMPARE(c.broker.decisions(), quint64(count));
    }

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

    // An audit log that cannot take the line: the decision is never answered (the run must not
    // go on unaudited), the broker hangs up and says why.
    void unwritableAuditLogMeansNoAnswer()
    {
        // Every Linux has it; a machine without it must not pass this test unproven.
        QVERIFY2(QFileInfo::exists(QStringLiteral("/dev/full")), "no /dev/full: the unwritable audit log cannot be tried");
        Fixture f;
        Conversation c(f, false, QStringLiteral("/dev/full"));
        QVERIFY(c.client.isConnected());
        QVERIFY(c.client.send(BrokerClient::request(1, QStringLiteral("read"), f.path(QStringLiteral("work/a.txt")))));
        QVERIFY(c.client.hungUpWithoutAnswer(answerTimeoutMs));
        QVERIFY(c.broker.failure().contains(QLatin1String("audit log")));
        QCOMPARE(c.sink.size(), 0);
    }

    // While the audit line cannot be written yet (a FIFO nobody drains), no answer goes out;
    // once it is written, the line comes first and then the answer. The wait only bounds how
    // long a broker that answers early has to show it; a correct broker passes at any speed.
    void answersOnlyAfterTheAuditLineIsWritten()
    {
        Fixture f;
        const QString fifo = f.path(QStringLiteral("audit.fifo"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        // Closed last, after the broker has stopped: a FIFO without a reader would raise SIGPIPE.
        const Fd reader{::open(QFile::encodeName(fifo).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
        QVERIFY(reader.fd >= 0);
        const Fd filler{::open(QFile::encodeName(fifo).constData(), O_WRONLY | O_NONBLOCK | O_CLOEXEC)};
        QVERIFY(filler.fd >= 0);
        const QByteArray page(4096, '#');
        qint64 filled = 0;
        for (ssize_t n; (n = ::write(filler.fd, page.constData(), size_t(page.size()))) > 0;)
            filled += n;
        Conversation c(f, false, fifo);
        // Should a check fail while the broker is stuck on the full FIFO, this frees it before
        // the broker is stopped, so the test fails instead of hanging.
        const Drain drain{reader.fd};
        QVERIFY(c.client.isConnected());
        QVERIFY(c.client.send(BrokerClient::request(1, QStringLiteral("read"), f.path(QStringLiteral("work/a.txt")))));
        bool eof = false;
        QVERIFY2(c.client.readLine(300, &eof).isEmpty(), "answered before its audit line was written");
        QVERIFY(!eof);
        // Drain the filler; the broker's line follows it.
        QByteArray drained;
        char chunk[65536];
        QElapsedTimer clock;
        clock.start();
        while (!drained.endsWith('\n') && clock.elapsed() < answerTimeoutMs) {
            const ssize_t n = ::read(reader.fd, chunk, sizeof chunk);
            if (n > 0)
                drained.append(chunk, n);
            else
                QTest::qWait(1);
        }
        const QByteArray answer = c.client.readLine(answerTimeoutMs);
        QVERIFY(parseAnswer(answer).value(QLatin1String("result")).toString() == QLatin1String("allow"));
        QCOMPARE(drained.size() > filled, true);
        AuditEvent event;
        QVERIFY(AuditEvent::fromJsonLine(drained.mid(filled).trimmed(), &event));
        QCOMPARE(event.seq, quint64(1));
        c.broker.stop();
    }

    // A warm runtime's broker (holdUntilArmed) answers nothing before its run is handed over:
    // a check then is no decision of any run, so it is neither audited nor answered and the
    // runtime is cut off; once armed, the broker decides as always, numbering from 1.
    void heldBrokerAnswersNothingBeforeItIsArmed()
    {
        Fixture f;
        const QString log = f.path(QStringLiteral("held.jsonl"));
        {
            Sink sink;
            PermissionBroker broker(f.matcher(false), sink.callback());
            broker.holdUntilArmed();
            QVERIFY(broker.start(f.socketPath()));
            BrokerClient client;
            QVERIFY(client.connectTo(f.socketPath()));
            QVERIFY(client.send(BrokerClient::request(1, QStringLiteral("read"), f.path(QStringLiteral("work/a.txt")))));
            QVERIFY(client.hungUpWithoutAnswer(answerTimeoutMs));
            QVERIFY(broker.failure().contains(QLatin1String("before its run")));
            QCOMPARE(sink.size(), 0);
            QCOMPARE(broker.decisions(), quint64(0));
            broker.stop();
        }
        Sink sink;
        PermissionBroker broker(f.matcher(false), sink.callback());
        broker.holdUntilArmed();
        QVERIFY(broker.start(f.socketPath()));
        BrokerClient client;
        QVERIFY(client.connectTo(f.socketPath()));
        QVERIFY(broker.openAuditLog(log));
        broker.arm();
        QVERIFY(client.send(BrokerClient::request(1, QStringLiteral("read"), f.path(QStringLiteral("work/a.txt")))));
        QCOMPARE(parseAnswer(client.readLine(answerTimeoutMs)).value(QLatin1String("result")).toString(), QStringLiteral("allow"));
        broker.stop();
        QCOMPARE(sink.size(), 1);
        QVERIFY(broker.failure().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPermissionBroker)
#include "tst_permissionbroker.moc"
