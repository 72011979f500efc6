// The Desktop API against the real engine and the real desktop image: what a screenshot shows,
// and input seen from inside the sandbox (the pointer where it was sent, typed text in a file).
#include "desktoptestsupport.h"

#include <QImage>
#include <QSet>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// How many colours a coarse sample of the screen shows (stops counting at 10).
int colourCount(const QImage &image)
{
    QSet<QRgb> seen;
    for (int y = 0; y < image.height() && seen.size() < 10; y += 7) {
        for (int x = 0; x < image.width(); x += 7)
            seen.insert(image.pixel(x, y));
    }
    return int(seen.size());
}

} // namespace

class TestDesktop : public QObject
{
    Q_OBJECT
    std::unique_ptr<SandboxPool> m_pool;
    Sandbox *m_sandbox = nullptr;

private slots:
    void initTestCase()
    {
        REQUIRE_DESKTOP();
        PoolOptions o;
        o.maxSandboxes = 2;
        o.maxLifetimeMs = 600'000;
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        m_pool = std::move(*pool);
        m_sandbox = makeSandbox(m_pool.get(), QStringLiteral("sandbench/desktop:2"), 600'000);
        QVERIFY(m_sandbox);
    }

    void cleanupTestCase()
    {
        if (m_pool)
            waitFor(m_pool->close(), 30'000);
    }

    void featuresFollowTheImage()
    {
        QVERIFY(m_sandbox->features().desktop);
        QVERIFY(m_sandbox->desktop());
        Sandbox *plain = makeSandbox(m_pool.get(), QStringLiteral("sandbench/base:1"), 60'000);
        QVERIFY(plain);
        QVERIFY(!plain->features().desktop);
        QVERIFY(!plain->desktop());
        VERIFY_OK(waitFor(plain->release(), 30'000));
    }

    void displayIsUpWhenCreateFinishes()
    {
        // No desktop call yet: the socket must already be there.
        auto r = shell(m_sandbox, QStringLiteral("test -S /tmp/.X11-unix/X99 && echo up"));
        VERIFY_OK(r);
        QCOMPARE(r->stdoutData.trimmed(), QByteArray("up"));
    }

    void sizeIsTheScreens()
    {
        auto size = waitFor(m_sandbox->desktop()->size(), 60'000);
        VERIFY_OK(size);
        QCOMPARE(*size, QSize(1280, 800));
    }

    // Create finishes once the window manager has drawn: the first screenshot already shows the
    // taskbar, not the bare background a busy host used to leave there for a while.
    void screenshotIsANonBlankPng()
    {
        auto png = waitFor(m_sandbox->desktop()->screenshot(), 60'000);
        VERIFY_OK(png);
        QVERIFY(png->startsWith("\x89PNG\r\n\x1a\n"));
        QImage image;
        QVERIFY(image.loadFromData(*png, "PNG"));
        QCOMPARE(image.size(), QSize(1280, 800));
        QVERIFY2(colourCount(image) > 1, "the first screenshot after create has one colour only");
    }

    // A screen is recorded and replayed by its pixels: right after create it is already the
    // settled one, and it stays so, showing no clock or load meter that ticks with the host.
    // (A fresh sandbox: the shared one has windows other tests opened.)
    void theScreenIsStillFromCreateOn()
    {
        Sandbox *fresh = makeSandbox(m_pool.get(), QStringLiteral("sandbench/desktop:2"), 60'000);
        QVERIFY(fresh);
        auto first = waitFor(fresh->desktop()->screenshot(), 60'000);
        VERIFY_OK(first);
        QTest::qWait(2500); // past a second boundary twice: a clock with seconds would have moved
        auto later = waitFor(fresh->desktop()->screenshot(), 60'000);
        VERIFY_OK(later);
        QImage a, b;
        QVERIFY(a.loadFromData(*first, "PNG"));
        QVERIFY(b.loadFromData(*later, "PNG"));
        QVERIFY2(colourCount(a) > 1, "the first screenshot after create has one colour only");
        QVERIFY2(a == b, "the screen changed between two screenshots 2.5 s apart with no input");
        VERIFY_OK(waitFor(fresh->release(), 30'000));
    }

    // The display's programs (Xvfb, the window manager) keep their files out of /workspace: a
    // .cache written there some time after the start made a listing depend on when it was taken,
    // and a replay of a session diverged from its recording.
    void theDesktopLeavesTheWorkspaceAlone()
    {
        Sandbox *fresh = makeSandbox(m_pool.get(), QStringLiteral("sandbench/desktop:2"), 60'000);
        QVERIFY(fresh);
        VERIFY_OK(waitFor(fresh->desktop()->screenshot(), 60'000));
        VERIFY_OK(waitFor(fresh->desktop()->click(640, 400), 60'000));
        QTest::qWait(3000); // the window manager writes its cache a moment after it starts
        auto r = shell(fresh, QStringLiteral("ls -A /workspace; echo end"));
        VERIFY_OK(r);
        QCOMPARE(r->stdoutData, QByteArray("end\n"));
        VERIFY_OK(waitFor(fresh->release(), 30'000));
    }

    void moveAndClickPlaceThePointer()
    {
        Desktop *d = m_sandbox->desktop();
        VERIFY_OK(waitFor(d->move(123, 456), 60'000));
        auto at = shell(m_sandbox, QStringLiteral("xdotool getmouselocation --shell | grep -E '^[XY]='"));
        VERIFY_OK(at);
        QCOMPARE(at->stdoutData, QByteArray("X=123\nY=456\n"));
        VERIFY_OK(waitFor(d->click(700, 300, MouseButton::Right), 60'000));
        at = shell(m_sandbox, QStringLiteral("xdotool getmouselocation --shell | grep -E '^[XY]='"));
        VERIFY_OK(at);
        QCOMPARE(at->stdoutData, QByteArray("X=700\nY=300\n"));
        // Escape closes whatever menu the right click opened on the root window.
        VERIFY_OK(waitFor(d->key(QStringLiteral("Escape")), 60'000));
    }

    void clickFocusesAndTypedTextArrives()
    {
        Desktop *d = m_sandbox->desktop();
        // A second window on top takes the focus first, so the click has something to change.
        QVERIFY(!startXterm(m_sandbox, QStringLiteral("target"), QStringLiteral("cat > /tmp/typed.txt"),
                            60, 60).isEmpty());
        const QString other = startXterm(m_sandbox, QStringLiteral("other"), QStringLiteral("sleep 600"), 700, 400);
        QVERIFY(!other.isEmpty());
        auto focused = shell(m_sandbox, QStringLiteral("xdotool getwindowfocus getwindowname"));
        VERIFY_OK(focused);
        QCOMPARE(focused->stdoutData.trimmed(), QByteArray("other"));

        // Into the target window's text area (below its title bar).
        VERIFY_OK(waitFor(d->click(200, 120), 60'000));
        QTRY_VERIFY_WITH_TIMEOUT(shell(m_sandbox, QStringLiteral("xdotool getwindowfocus getwindowname"))
                                         ->stdoutData.trimmed() == "target", 10'000);

        VERIFY_OK(waitFor(d->type(QStringLiteral("hello, sandbox! $HOME 'q'")), 60'000));
        VERIFY_OK(waitFor(d->key(QStringLiteral("Return")), 60'000));
        VERIFY_OK(waitFor(d->type(QStringLiteral("abx")), 60'000));
        VERIFY_OK(waitFor(d->key(QStringLiteral("BackSpace")), 60'000));
        VERIFY_OK(waitFor(d->type(QStringLiteral("c\n")), 60'000));
        QByteArray typed;
        QTRY_VERIFY_WITH_TIMEOUT((typed = waitFor(m_sandbox->readFile(QStringLiteral("/tmp/typed.txt")), 30'000)
                                              .value_or(std::nullopt).value_or(QByteArray()))
                                     .count('\n') >= 2, 10'000);
        QCOMPARE(typed, QByteArray("hello, sandbox! $HOME 'q'\nabc\n"));
    }

    void scrollSucceeds()
    {
        VERIFY_OK(waitFor(m_sandbox->desktop()->scroll(200, 120, 0, 3), 60'000));
        VERIFY_OK(waitFor(m_sandbox->desktop()->scroll(200, 120, -1, -3), 60'000));
    }

    void badInputIsRefusedBeforeTheSandbox()
    {
        Desktop *d = m_sandbox->desktop();
        for (auto *op : {d->key(QStringLiteral("ctrl+c; rm -rf /")), d->click(-1, 5), d->type(QString()),
                         d->type(QString(Desktop::maxTypeLength + 1, QLatin1Char('a'))),
                         d->click(1, 1, MouseButton::Left, 9)}) {
            auto r = waitFor(op, 5000);
            QVERIFY(!r);
            QCOMPARE(r.error().code, ErrorCode::InvalidInput);
        }
    }

    void callsFailWithGoneAfterRelease()
    {
        Sandbox *s = makeSandbox(m_pool.get(), QStringLiteral("sandbench/desktop:2"), 60'000);
        QVERIFY(s);
        Desktop *d = s->desktop();
        QVERIFY(d);
        auto *pending = d->screenshot();
        VERIFY_OK(waitFor(s->release(), 30'000));
        auto r = waitFor(pending, 30'000);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::Gone);
        auto after = waitFor(d->click(1, 1), 5000);
        QVERIFY(!after);
        QCOMPARE(after.error().code, ErrorCode::Gone);
    }
};

QTEST_GUILESS_MAIN(TestDesktop)
#include "tst_desktop.moc"
