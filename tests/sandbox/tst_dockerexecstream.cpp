// DockerExecRunner against a fake engine on a unix socket (no Docker needed): the exec stream
// is whatever the engine writes, and a malformed one must fail the command at once, kill its
// tree, and never be waited on or shown.
#include "sandbox/docker/dockerbackend.h"
#include "sandbox/docker/dockerengine.h"

#include <QLocalServer>
#include <QLocalSocket>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

namespace {

QByteArray frame(uchar type, const QByteArray &payload)
{
    const auto n = quint32(payload.size());
    QByteArray out(4, '\0');
    out[0] = char(type);
    out.append(char(n >> 24)).append(char(n >> 16)).append(char(n >> 8)).append(char(n));
    return out + payload;
}

// Answers exec create, start and inspect. The second exec's stream is `stream` (the first
// installs sandbench-inside); every other exec (the kill of a command's tree) has an empty one.
class FakeEngine : public QObject
{
public:
    QByteArray stream;
    bool closeAfterStream = true;
    int execsCreated = 0;

    bool listen(const QString &path)
    {
        connect(&m_server, &QLocalServer::newConnection, this, [this] {
            while (QLocalSocket *s = m_server.nextPendingConnection()) {
                s->setParent(this);
                connect(s, &QLocalSocket::readyRead, this, [this, s] { onRead(s); });
            }
        });
        return m_server.listen(path);
    }

private:
    void onRead(QLocalSocket *s)
    {
        if (s->property("handled").toBool()) {
            s->readAll(); // stdin of a hijacked start
            return;
        }
        QByteArray buffer = s->property("buffer").toByteArray() + s->readAll();
        s->setProperty("buffer", buffer);
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QByteArray head = buffer.left(end);
        qsizetype length = 0;
        for (const QByteArray &line : head.split('\n')) {
            if (line.toLower().startsWith("content-length:"))
                length = line.mid(15).trimmed().toLongLong();
        }
        if (buffer.size() < end + 4 + length)
            return;
        s->setProperty("handled", true);
        const QList<QByteArray> request = head.split(' ');
        const QByteArray path = request.value(1);
        if (path.endsWith("/exec") && request.value(0) == "POST") {
            ++execsCreated;
            return answer(s, "201 Created", "{\"Id\":\"e" + QByteArray::number(execsCreated) + "\"}");
        }
        if (path.endsWith("/start")) {
            s->write("HTTP/1.1 101 UPGRADED\r\nContent-Type: application/vnd.docker.raw-stream\r\n"
                     "Connection: Upgrade\r\nUpgrade: tcp\r\n\r\n");
            const bool first = path.contains("/exec/e2/");
            if (first)
                s->write(stream);
            s->flush();
            if (!first || closeAfterStream)
                s->disconnectFromServer();
            return;
        }
        if (path.endsWith("/json"))
            return answer(s, "200 OK", "{\"Running\":false,\"ExitCode\":0}");
        answer(s, "404 Not Found", "{\"message\":\"no such call\"}");
    }

    static void answer(QLocalSocket *s, const QByteArray &status, const QByteArray &body)
    {
        s->write("HTTP/1.1 " + status + "\r\nContent-Type: application/json\r\nContent-Length: "
                 + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        s->flush();
        s->disconnectFromServer();
    }

    QLocalServer m_server;
};

} // namespace

class TestDockerExecStream : public QObject
{
    Q_OBJECT

private:
    // Runs one command whose stream is `stream` and returns its outcome.
    Result<SandboxExecResult> run(FakeEngine &fake, int *execs = nullptr)
    {
        QTemporaryDir dir;
        const QString socket = dir.filePath(QStringLiteral("engine.sock"));
        if (!fake.listen(socket))
            return std::unexpected(Error{ErrorCode::Internal, QStringLiteral("cannot listen")});
        DockerEngine engine(socket, 10'000);
        QObject owner;
        auto *backend = new DockerBackend(&engine, QStringLiteral("c1"), QStringLiteral("box"), {}, &owner);
        VoidOperation *install = backend->installInsideProgram("a program");
        QSignalSpy installed(install, &VoidOperation::finished);
        if (!installed.wait(15'000) || !install->result())
            return std::unexpected(Error{ErrorCode::Internal, QStringLiteral("sandbench-inside was not installed")});
        BackendExecRequest request;
        request.argv = {QStringLiteral("true")};
        request.timeoutMs = 20'000;
        request.maxOutputBytes = 1 << 20;
        ExecJob *job = backend->exec(request);
        QSignalSpy done(job, &ExecJob::finished);
        if (!done.wait(15'000))
            return std::unexpected(Error{ErrorCode::Internal, QStringLiteral("the command never finished")});
        // Let the kill exec (if any) reach the engine.
        const int expected = job->result() ? 2 : 3;
        (void)QTest::qWaitFor([&] { return fake.execsCreated >= expected; }, 5000); // checked by the caller
        if (execs)
            *execs = fake.execsCreated;
        return job->result();
    }

private slots:
    void wellFormedStreamGivesBothStreams()
    {
        FakeEngine fake;
        fake.stream = frame(1, "out\n") + frame(2, "err\n") + frame(1, QByteArray()) + frame(1, "more");
        const auto r = run(fake);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().message));
        QCOMPARE(r->stdoutData, QByteArray("out\nmore"));
        QCOMPARE(r->stderrData, QByteArray("err\n"));
        QCOMPARE(r->exitCode, std::optional<int>(0));
    }

    void malformedStreamFailsAtOnce_data()
    {
        QTest::addColumn<QByteArray>("stream");
        QTest::addColumn<QString>("why");
        QTest::newRow("unknown type") << frame(1, "seen") + frame(7, "hidden") << QStringLiteral("unknown stream type 7");
        QTest::newRow("stdin type") << frame(0, "hidden") << QStringLiteral("unknown stream type 0");
        // Only a header declaring 4 GiB: without the cap the runner waits for a payload it
        // would buffer whole, and the command ends as if it had printed nothing.
        QTest::newRow("4 GiB frame") << QByteArray("\x01\0\0\0\xff\xff\xff\xff", 8) << QStringLiteral("exceeds");
    }

    void malformedStreamFailsAtOnce()
    {
        QFETCH(QByteArray, stream);
        QFETCH(QString, why);
        FakeEngine fake;
        fake.stream = stream;
        fake.closeAfterStream = false;
        int execs = 0;
        const auto r = run(fake, &execs);
        QVERIFY2(!r, "a malformed stream was accepted");
        QCOMPARE(r.error().code, ErrorCode::EnvironmentError);
        QVERIFY2(r.error().message.contains(why), qPrintable(r.error().message));
        QVERIFY2(execs >= 3, "the command's tree was not killed");
    }

    // Fail closed: before sandbench-inside is in the sandbox, a command would run as root, so
    // none reaches the engine; root's own execs (the install itself) still do.
    void noCommandBeforeTheInsideProgram()
    {
        QTemporaryDir dir;
        const QString socket = dir.filePath(QStringLiteral("engine.sock"));
        FakeEngine fake;
        QVERIFY(fake.listen(socket));
        DockerEngine engine(socket, 10'000);
        QObject owner;
        auto *backend = new DockerBackend(&engine, QStringLiteral("c1"), QStringLiteral("box"), {}, &owner);
        BackendExecRequest request;
        request.argv = {QStringLiteral("true")};
        request.timeoutMs = 20'000;
        ExecJob *job = backend->exec(request);
        QVERIFY(job->waitForFinished(5'000));
        QVERIFY(!job->result());
        QCOMPARE(job->result().error().code, ErrorCode::Internal);
        QVERIFY2(job->result().error().message.contains(QLatin1String("sandbench-inside")), qPrintable(job->result().error().message));
        QCOMPARE(fake.execsCreated, 0);
    }
};

QTEST_GUILESS_MAIN(TestDockerExecStream)
#include "tst_dockerexecstream.moc"
