// The Docker HTTP layer against a fake engine: a QLocalServer on a temporary unix socket that
// answers each request with a scripted byte sequence. No Docker. Covers the answer shapes the
// engine sends (Content-Length, chunked, read to close) and the ones a broken or hostile engine
// could send (endless headers, an oversized body, a body that never ends, a connection cut
// mid-answer): each must end the request with a clear error, within bounded memory and time.
#include "sandbox/docker/dockerhttp.h"

#include <QLocalServer>
#include <QLocalSocket>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace Sandbench;

namespace {

// Answers every connection with respond(socket) once the request's headers are in.
class FakeEngine : public QObject
{
    Q_OBJECT
public:
    explicit FakeEngine(std::function<void(QLocalSocket *)> respond)
        : m_respond(std::move(respond))
    {
        m_path = m_dir.filePath(QStringLiteral("engine.sock"));
        QVERIFY(m_server.listen(m_path));
        connect(&m_server, &QLocalServer::newConnection, this, [this] {
            while (QLocalSocket *s = m_server.nextPendingConnection()) {
                auto request = std::make_shared<QByteArray>();
                connect(s, &QLocalSocket::readyRead, this, [this, s, request] {
                    const bool had = request->contains("\r\n\r\n");
                    *request += s->readAll();
                    if (!had && request->contains("\r\n\r\n")) {
                        received = *request;
                        m_respond(s);
                    }
                });
            }
        });
    }
    QString path() const { return m_path; }
    QByteArray received;

private:
    QTemporaryDir m_dir;
    QString m_path;
    QLocalServer m_server;
    std::function<void(QLocalSocket *)> m_respond;
};

struct Outcome
{
    bool finished = false;
    Result<HttpResponse> result = fail(ErrorCode::Internal, QStringLiteral("not finished"));
};

Outcome run(const QString &socket, int timeoutMs, int waitMs, qsizetype maxBody = 0)
{
    DockerRequest request(socket, "GET", "/v1.41/containers/json", QByteArray(), DockerRequest::Mode::Buffered,
                          timeoutMs, nullptr);
    if (maxBody > 0)
        request.setMaxBodyBytes(maxBody);
    QSignalSpy done(&request, &DockerRequest::finished);
    request.start();
    Outcome o;
    // An unreachable socket fails inside start(), before any wait.
    o.finished = !done.isEmpty() || done.wait(waitMs);
    if (o.finished)
        o.result = request.result();
    return o;
}

QString message(const Outcome &o)
{
    if (!o.finished)
        return QStringLiteral("no answer");
    return o.result ? QStringLiteral("succeeded with %1").arg(o.result->status) : o.result.error().message;
}

} // namespace

class TestDockerHttp : public QObject
{
    Q_OBJECT

private slots:
    void contentLengthAnswer()
    {
        FakeEngine engine([](QLocalSocket *s) {
            s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Odd:  spaced \r\nContent-Length: 9\r\n\r\n"
                     "{\"a\":\"b\"}");
        });
        const Outcome o = run(engine.path(), 10'000, 10'000);
        QVERIFY2(o.finished && o.result, qPrintable(message(o)));
        QCOMPARE(o.result->status, 200);
        QCOMPARE(o.result->body, QByteArray("{\"a\":\"b\"}"));
        QCOMPARE(o.result->headers.value("content-type"), QByteArray("application/json"));
        QCOMPARE(o.result->headers.value("x-odd"), QByteArray("spaced"));
        QVERIFY(engine.received.startsWith("GET /v1.41/containers/json HTTP/1.1\r\n"));
        QVERIFY(engine.received.contains("Connection: close\r\n"));
    }

    void chunkedAnswerInPieces()
    {
        // Split inside a size line and inside a chunk's data: the parser must wait for more.
        FakeEngine engine([](QLocalSocket *s) {
            const QList<QByteArray> pieces = {"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5", "\r\nhel",
                                              "lo\r\n6;ext=1\r\n world\r\n", "0\r\n\r\n"};
            auto next = std::make_shared<int>(0);
            auto *timer = new QTimer(s);
            QObject::connect(timer, &QTimer::timeout, s, [s, pieces, next, timer] {
                s->write(pieces[*next]);
                s->flush();
                if (++*next == pieces.size())
                    timer->stop();
            });
            timer->start(20);
        });
        const Outcome o = run(engine.path(), 10'000, 10'000);
        QVERIFY2(o.finished && o.result, qPrintable(message(o)));
        QCOMPARE(o.result->status, 200);
        QCOMPARE(o.result->body, QByteArray("hello world"));
    }

    void readToCloseAnswer()
    {
        FakeEngine engine([](QLocalSocket *s) {
            s->write("HTTP/1.1 200 OK\r\n\r\nall of it");
            s->disconnectFromServer();
        });
        const Outcome o = run(engine.path(), 10'000, 10'000);
        QVERIFY2(o.finished && o.result, qPrintable(message(o)));
        QCOMPARE(o.result->body, QByteArray("all of it"));
    }

    void noContentAnswer()
    {
        FakeEngine engine([](QLocalSocket *s) { s->write("HTTP/1.1 204 No Content\r\n\r\n"); });
        const Outcome o = run(engine.path(), 10'000, 10'000);
        QVERIFY2(o.finished && o.result, qPrintable(message(o)));
        QCOMPARE(o.result->status, 204);
        QVERIFY(o.result->body.isEmpty());
    }

    void answerThatNeverEndsTimesOut()
    {
        // Headers and part of the body, then silence with the connection open: only the call
        // timeout can end it, and it must.
        FakeEngine engine([](QLocalSocket *s) { s->write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789"); });
        const Outcome o = run(engine.path(), 300, 10'000);
        QVERIFY2(o.finished, "the request hung past its timeout");
        QVERIFY(!o.result);
        QCOMPARE(o.result.error().code, ErrorCode::EnvironmentError);
        QVERIFY2(o.result.error().message.contains(QLatin1String("did not answer in time")), qPrintable(message(o)));
    }

    void endlessHeadersAreRefused()
    {
        // Header lines without end, faster than any timeout: the limit, not the timer, ends it
        // (the call timeout is far beyond the wait).
        FakeEngine engine([](QLocalSocket *s) {
            s->write("HTTP/1.1 200 OK\r\n");
            auto *timer = new QTimer(s);
            QObject::connect(timer, &QTimer::timeout, s, [s] {
                s->write(QByteArray("X-Filler: ") + QByteArray(4000, 'a') + "\r\n");
            });
            timer->start(1);
        });
        const Outcome o = run(engine.path(), 600'000, 30'000);
        QVERIFY2(o.finished, "endless headers were read without a limit");
        QVERIFY(!o.result);
        QCOMPARE(o.result.error().code, ErrorCode::EnvironmentError);
        QVERIFY2(o.result.error().message.contains(QStringLiteral("headers over %1 bytes").arg(DockerRequest::maxHeaderBytes)),
                 qPrintable(message(o)));
    }

    void oversizedHeaderBlockIsRefused()
    {
        // One block, complete but over the limit.
        FakeEngine engine([](QLocalSocket *s) {
            s->write(QByteArray("HTTP/1.1 200 OK\r\nX-Big: ") + QByteArray(DockerRequest::maxHeaderBytes + 10, 'b')
                     + "\r\nContent-Length: 0\r\n\r\n");
        });
        const Outcome o = run(engine.path(), 600'000, 30'000);
        QVERIFY2(o.finished && !o.result, qPrintable(message(o)));
        QVERIFY2(o.result.error().message.contains(QLatin1String("headers over")), qPrintable(message(o)));
    }

    void oversizedBodyIsRefused_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::newRow("content-length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n");
        QTest::newRow("chunked") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
        QTest::newRow("read-to-close") << QByteArray("HTTP/1.1 200 OK\r\n\r\n");
    }

    void oversizedBodyIsRefused()
    {
        QFETCH(QByteArray, head);
        const bool chunked = head.contains("chunked");
        // Sent piece by piece and never finished: the limit must end it, not the end of input.
        FakeEngine engine([head, chunked](QLocalSocket *s) {
            s->write(head);
            auto *timer = new QTimer(s);
            QObject::connect(timer, &QTimer::timeout, s, [s, chunked] {
                const QByteArray data(256, 'x');
                s->write(chunked ? QByteArray("100\r\n") + data + "\r\n" : data);
            });
            timer->start(1);
        });
        const Outcome o = run(engine.path(), 600'000, 30'000, 1024);
        QVERIFY2(o.finished, "an oversized body was read without a limit");
        QVERIFY(!o.result);
        QCOMPARE(o.result.error().code, ErrorCode::EnvironmentError);
        QVERIFY2(o.result.error().message.contains(QLatin1String("a body over 1024 bytes")), qPrintable(message(o)));
    }

    void closedMidBody()
    {
        FakeEngine engine([](QLocalSocket *s) {
            s->write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789");
            s->flush();
            s->disconnectFromServer();
        });
        const Outcome o = run(engine.path(), 600'000, 30'000);
        QVERIFY2(o.finished && !o.result, qPrintable(message(o)));
        QCOMPARE(o.result.error().code, ErrorCode::EnvironmentError);
        QVERIFY2(o.result.error().message.contains(QLatin1String("closed the connection mid-answer")), qPrintable(message(o)));
    }

    void closedMidChunk()
    {
        FakeEngine engine([](QLocalSocket *s) {
            s->write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nonly part");
            s->flush();
            s->disconnectFromServer();
        });
        const Outcome o = run(engine.path(), 600'000, 30'000);
        QVERIFY2(o.finished && !o.result, qPrintable(message(o)));
        QVERIFY2(o.result.error().message.contains(QLatin1String("mid-answer")), qPrintable(message(o)));
    }

    void closedMidHeaders()
    {
        FakeEngine engine([](QLocalSocket *s) {
            s->write("HTTP/1.1 200 OK\r\nContent-Le");
            s->flush();
            s->disconnectFromServer();
        });
        const Outcome o = run(engine.path(), 600'000, 30'000);
        QVERIFY2(o.finished && !o.result, qPrintable(message(o)));
        QVERIFY2(o.result.error().message.contains(QLatin1String("without answering")), qPrintable(message(o)));
    }

    void malformedAnswersAreRefused_data()
    {
        QTest::addColumn<QByteArray>("answer");
        QTest::newRow("no status line") << QByteArray("hello\r\n\r\n");
        QTest::newRow("negative length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n");
        QTest::newRow("bad chunk size") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n");
    }

    void malformedAnswersAreRefused()
    {
        QFETCH(QByteArray, answer);
        FakeEngine engine([answer](QLocalSocket *s) { s->write(answer); });
        const Outcome o = run(engine.path(), 600'000, 30'000);
        QVERIFY2(o.finished && !o.result, qPrintable(message(o)));
        QCOMPARE(o.result.error().code, ErrorCode::EnvironmentError);
    }

    void noEngineIsNamed()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("absent.sock"));
        const Outcome o = run(path, 10'000, 10'000);
        QVERIFY2(o.finished && !o.result, qPrintable(message(o)));
        QVERIFY2(o.result.error().message.contains(path), qPrintable(message(o)));
    }
};

QTEST_GUILESS_MAIN(TestDockerHttp)
#include "tst_dockerhttp.moc"
