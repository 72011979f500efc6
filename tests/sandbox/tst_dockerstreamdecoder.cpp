// The decoder of the engine's multiplexed exec stream, without an engine: the bytes come from
// a socket the engine controls, so every split, every length and every header byte is hostile.
#include "sandbox/docker/dockerstreamdecoder.h"

#include <QTest>

using namespace Sandbench;

namespace {

QByteArray frame(uchar type, const QByteArray &payload, QByteArray padding = QByteArray(3, '\0'))
{
    QByteArray out;
    out.append(char(type));
    out.append(padding);
    const auto n = quint32(payload.size());
    out.append(char(n >> 24)).append(char(n >> 16)).append(char(n >> 8)).append(char(n));
    return out + payload;
}

QByteArray header(uchar type, quint32 length)
{
    QByteArray out(4, '\0');
    out[0] = char(type);
    out.append(char(length >> 24)).append(char(length >> 16)).append(char(length >> 8)).append(char(length));
    return out;
}

QString render(const QList<DockerStreamDecoder::Frame> &frames)
{
    QString out;
    for (const auto &f : frames)
        out += QStringLiteral("%1:%2|").arg(int(f.stream)).arg(QString::fromLatin1(f.payload.toHex()));
    return out;
}

// A stream of every frame shape the engine sends: both streams, an empty frame, a frame whose
// payload looks like a header, and a longer one.
QByteArray sampleStream()
{
    return frame(1, "hello\n") + frame(2, "warn") + frame(1, QByteArray()) + frame(2, header(1, 7))
        + frame(1, QByteArray(300, 'x')) + frame(2, QByteArray("\x00\x01\x02", 3));
}

} // namespace

class TestDockerStreamDecoder : public QObject
{
    Q_OBJECT

private slots:
    void wholeStreamGivesEveryFrame()
    {
        DockerStreamDecoder d;
        const auto frames = d.feed(sampleStream());
        QVERIFY(frames);
        QCOMPARE(frames->size(), 6);
        QCOMPARE(frames->at(0).stream, SandboxStream::Stdout);
        QCOMPARE(frames->at(0).payload, QByteArray("hello\n"));
        QCOMPARE(frames->at(1).stream, SandboxStream::Stderr);
        QCOMPARE(frames->at(3).payload, header(1, 7));
        QCOMPARE(frames->at(4).payload.size(), 300);
        QVERIFY(d.atFrameBoundary());
    }

    void splitAtEveryOffsetGivesTheSameFrames()
    {
        const QByteArray stream = sampleStream();
        DockerStreamDecoder whole;
        const QString expected = render(*whole.feed(stream));
        for (qsizetype cut = 0; cut <= stream.size(); ++cut) {
            DockerStreamDecoder d;
            auto first = d.feed(QByteArrayView(stream).first(cut));
            auto second = d.feed(QByteArrayView(stream).sliced(cut));
            QVERIFY(first && second);
            QCOMPARE(render(*first + *second), expected);
            QVERIFY(d.atFrameBoundary());
        }
        // Two cuts, over the first frames (every pair of offsets there).
        for (qsizetype a = 0; a <= 40; ++a) {
            for (qsizetype b = a; b <= 40; ++b) {
                DockerStreamDecoder d;
                QList<DockerStreamDecoder::Frame> all;
                for (auto part : {QByteArrayView(stream).first(a), QByteArrayView(stream).sliced(a, b - a),
                                  QByteArrayView(stream).sliced(b)}) {
                    auto got = d.feed(part);
                    QVERIFY(got);
                    all += *got;
                }
                QCOMPARE(render(all), expected);
            }
        }
        DockerStreamDecoder bytewise;
        QList<DockerStreamDecoder::Frame> all;
        for (const char c : stream)
            all += *bytewise.feed(QByteArrayView(&c, 1));
        QCOMPARE(render(all), expected);
    }

    void partialFrameIsNotABoundary()
    {
        DockerStreamDecoder d;
        const QByteArray f = frame(1, "abc");
        QVERIFY(d.feed(f.first(3))->isEmpty());
        QVERIFY(!d.atFrameBoundary());
        QVERIFY(d.feed(f.sliced(3, 6))->isEmpty());
        QVERIFY(!d.atFrameBoundary());
        QCOMPARE(d.feed(f.sliced(9))->size(), 1);
        QVERIFY(d.atFrameBoundary());
    }

    void frameAtTheCapIsAccepted()
    {
        DockerStreamDecoder d(16);
        const auto frames = d.feed(frame(1, QByteArray(16, 'a')));
        QVERIFY(frames);
        QCOMPARE(frames->size(), 1);
    }

    void oversizeFrameIsRefusedAtItsHeader_data()
    {
        QTest::addColumn<qsizetype>("cap");
        QTest::addColumn<quint32>("length");
        QTest::newRow("one past a small cap") << qsizetype(16) << quint32(17);
        QTest::newRow("one past the default cap") << DockerStreamDecoder::defaultMaxFrameBytes
                                                  << quint32(DockerStreamDecoder::defaultMaxFrameBytes + 1);
        QTest::newRow("4 GiB") << DockerStreamDecoder::defaultMaxFrameBytes << quint32(0xffffffffu);
        QTest::newRow("sign bit") << DockerStreamDecoder::defaultMaxFrameBytes << quint32(0x80000000u);
    }

    void oversizeFrameIsRefusedAtItsHeader()
    {
        QFETCH(qsizetype, cap);
        QFETCH(quint32, length);
        DockerStreamDecoder d(cap);
        // Only the header arrives: the refusal must not wait for (or buffer) the payload.
        const auto frames = d.feed(header(1, length));
        QVERIFY(!frames);
        QCOMPARE(frames.error().code, ErrorCode::EnvironmentError);
        QVERIFY2(frames.error().message.contains(QLatin1String("exceeds")), qPrintable(frames.error().message));
        QCOMPARE(d.buffered(), 0);
    }

    void bufferNeverExceedsOneCappedFrame()
    {
        // A feed far larger than the cap, in one piece and in odd pieces: the decoder copies
        // only what the pending frame still needs.
        const qsizetype cap = 64;
        QByteArray stream;
        for (int i = 0; i < 200; ++i)
            stream += frame(uchar(1 + i % 2), QByteArray(i % (cap + 1), char('a' + i % 26)));
        DockerStreamDecoder d(cap);
        qsizetype frames = 0;
        for (qsizetype at = 0; at < stream.size(); at += 37) {
            auto got = d.feed(QByteArrayView(stream).sliced(at, std::min<qsizetype>(37, stream.size() - at)));
            QVERIFY(got);
            frames += got->size();
            QVERIFY(d.buffered() <= DockerStreamDecoder::headerBytes + cap);
        }
        QCOMPARE(frames, 200);
    }

    void badHeaderIsAnError_data()
    {
        QTest::addColumn<QByteArray>("bad");
        QTest::addColumn<QString>("why");
        QTest::newRow("stdin type") << frame(0, "x") << QStringLiteral("unknown stream type 0");
        QTest::newRow("type 4") << frame(4, "x") << QStringLiteral("unknown stream type 4");
        QTest::newRow("type 255") << frame(255, "x") << QStringLiteral("unknown stream type 255");
        QTest::newRow("engine error") << frame(3, "boom") << QStringLiteral("engine reported an error");
        QTest::newRow("padding") << frame(1, "x", QByteArray("\0\0\1", 3)) << QStringLiteral("padding");
        QTest::newRow("text, as if Tty were on") << QByteArray("hello world\n") << QStringLiteral("unknown stream type 104");
    }

    void badHeaderIsAnError()
    {
        QFETCH(QByteArray, bad);
        QFETCH(QString, why);
        DockerStreamDecoder d;
        // Good frames before the bad one still come out of their own feed.
        QCOMPARE(d.feed(frame(1, "ok"))->size(), 1);
        const auto got = d.feed(bad + frame(1, "after"));
        QVERIFY(!got);
        QVERIFY2(got.error().message.contains(why), qPrintable(got.error().message));
        // The error sticks: nothing after a bad header is trusted to be a frame.
        const auto later = d.feed(frame(1, "later"));
        QVERIFY(!later);
        QCOMPARE(later.error().message, got.error().message);
    }
};

QTEST_GUILESS_MAIN(TestDockerStreamDecoder)
#include "tst_dockerstreamdecoder.moc"
