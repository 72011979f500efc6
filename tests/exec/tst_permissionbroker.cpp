// The permission broker driven through its real socket by a client that speaks the runtime's
// wire protocol: every permission kind allowed or denied as the policy says, answers in order,
// and every decision on disk before its answer. tst_brokerhangups holds what it refuses to serve.

#include "brokerfixture.h"

#include <QFile>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

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

} // namespace

class TestPermissionBroker : public QObject
{
    Q_OBJECT

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
