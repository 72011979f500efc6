// The desktop's RFB stream (x11vnc over an exec, libvncclient on a socketpair) against the real
// engine and the real desktop image: frames arrive and follow what is drawn; a click and keys
// sent through the stream reach an application; the VNC server listens on no port; and it dies
// with its stream.
#include "desktoptestsupport.h"

#include "desktop/desktopstream.h"
#include "desktop/vnckeys.h"

#include <QSignalSpy>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// How many pixels of the rectangle differ between two frames of the same width.
int changedPixels(const QByteArray &a, const QByteArray &b, int width, QRect r)
{
    int n = 0;
    for (int y = r.top(); y <= r.bottom(); ++y) {
        const qsizetype row = qsizetype(y) * width * 4;
        for (int x = r.left(); x <= r.right(); ++x) {
            const qsizetype i = row + qsizetype(x) * 4;
            if (a.mid(i, 3) != b.mid(i, 3))
                ++n;
        }
    }
    return n;
}

// How many x11vnc processes run in the sandbox.
int vncServers(Sandbox *sandbox)
{
    auto r = shell(sandbox, QStringLiteral("n=0; for f in /proc/[0-9]*/comm; do [ \"$(cat $f 2>/dev/null)\" = x11vnc ] && n=$((n+1)); done; echo $n"));
    return r && r->exitCode == 0 ? r->stdoutData.trimmed().toInt() : -1;
}

} // namespace

class TestDesktopStream : public QObject
{
    Q_OBJECT
    std::unique_ptr<SandboxPool> m_pool;
    Sandbox *m_sandbox = nullptr;

private slots:
    void initTestCase()
    {
        REQUIRE_DESKTOP();
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 600'000;
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        m_pool = std::move(*pool);
        m_sandbox = makeSandbox(m_pool.get(), QStringLiteral("sandbench/desktop:2"), 600'000);
        QVERIFY(m_sandbox);
    }

    void cleanupTestCase()
    {
        if (m_sandbox)
            waitFor(m_sandbox->release(), 30'000);
    }

    void frameArrivesAndFollowsTheScreen()
    {
        std::unique_ptr<DesktopStream> stream(m_sandbox->desktop()->openStream(nullptr));
        QSignalSpy closed(stream.get(), &DesktopStream::closed);
        QTRY_VERIFY_WITH_TIMEOUT(stream->isOpen() || !closed.isEmpty(), 30'000);
        QVERIFY2(closed.isEmpty(), qPrintable(closed.value(0).value(0).toString()));
        QCOMPARE(stream->size(), QSize(1280, 800));
        QTRY_VERIFY_WITH_TIMEOUT(stream->frameCount() > 0, 30'000);
        const QByteArray before = stream->frame();
        QCOMPARE(before.size(), qsizetype(1280) * 800 * 4);

        // A window drawn where there was only background changes the pixels streamed there.
        const QStringList geometry = startXterm(m_sandbox, QStringLiteral("drawn"), QStringLiteral("sleep 600"), 400, 300)
                                         .split(QLatin1Char(' '));
        QCOMPARE(geometry.size(), 4);
        const QRect where = QRect(geometry[0].toInt(), geometry[1].toInt(), geometry[2].toInt(), geometry[3].toInt())
                                .intersected(QRect(0, 0, 1280, 800));
        QVERIFY(where.width() * where.height() > 4000);
        // A window's worth of pixels changes on the stream.
        QTRY_VERIFY_WITH_TIMEOUT(changedPixels(before, stream->frame(), 1280, QRect(0, 0, 1280, 800))
                                     > where.width() * where.height() / 2,
                                 15'000);
        QVERIFY(closed.isEmpty());
    }

    void clickAndKeysReachAnApplication()
    {
        std::unique_ptr<DesktopStream> stream(m_sandbox->desktop()->openStream(nullptr));
        QTRY_VERIFY_WITH_TIMEOUT(stream->isOpen(), 30'000);
        // xev reports what reaches its window; line-buffered into a file the test reads.
        auto started = shell(m_sandbox, QStringLiteral(
            "setsid sh -c 'stdbuf -oL xev -geometry 300x200+100+100 -name evwin > /tmp/xev.log 2>&1' </dev/null >/dev/null 2>&1 &\n"
            "i=0; while [ -z \"$(xdotool search --onlyvisible --name evwin 2>/dev/null)\" ]; do"
            " i=$((i+1)); [ $i -gt 100 ] && exit 1; sleep 0.1; done"));
        VERIFY_OK(started);
        QCOMPARE(started->exitCode, 0);
        auto log = [this] {
            auto r = waitFor(m_sandbox->readFile(QStringLiteral("/tmp/xev.log")), 30'000);
            return r ? r->value_or(QByteArray()) : QByteArray();
        };
        // Inside xev's window: press and release the left button, which also focuses it.
        stream->sendPointer(250, 200, 0);
        stream->sendPointer(250, 200, 1);
        stream->sendPointer(250, 200, 0);
        QTRY_VERIFY_WITH_TIMEOUT(log().contains("ButtonRelease"), 15'000);
        QVERIFY(log().contains("ButtonPress"));
        QVERIFY(log().contains("button 1,"));
        // A key as its keysym, pressed and released.
        const quint32 q = VncKeys::keysym(Qt::Key_Q, QStringLiteral("q"));
        stream->sendKey(q, true);
        stream->sendKey(q, false);
        QTRY_VERIFY_WITH_TIMEOUT(log().contains("(keysym 0x71, q)"), 15'000);
    }

    void serverListensNowhereAndEndsWithItsStream()
    {
        const int earlier = vncServers(m_sandbox);
        QVERIFY(earlier >= 0);
        std::unique_ptr<DesktopStream> stream(m_sandbox->desktop()->openStream(nullptr));
        QTRY_VERIFY_WITH_TIMEOUT(stream->isOpen(), 30'000);
        QCOMPARE(vncServers(m_sandbox), earlier + 1);
        // No socket of the sandbox listens (TCP state 0A), on IPv4 or IPv6: x11vnc speaks only
        // on the exec's standard input and output.
        auto listening = shell(m_sandbox, QStringLiteral("cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk '$4 == \"0A\"' | wc -l"));
        VERIFY_OK(listening);
        QCOMPARE(listening->stdoutData.trimmed(), QByteArray("0"));
        stream.reset();
        QTRY_COMPARE_WITH_TIMEOUT(vncServers(m_sandbox), earlier, 15'000);
    }
};

QTEST_GUILESS_MAIN(TestDesktopStream)
#include "tst_desktopstream.moc"
