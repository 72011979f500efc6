// The desktop panel against the real desktop image. On the RFB stream: frames arrive as the screen
// changes (no screenshot taken), a click on the scaled picture lands on the right screen pixel,
// keys on the picture and the type box reach a program, snapshots come from the stream, hiding
// stops the server. Without a stream (one that cannot open, or closes twice): the status says
// why and screenshots and commands take over. Nothing is left running in the sandbox after.
#include "desktoptestsupport.h"

#include "desktop/desktopstream.h"
#include "panels/desktoppanel.h"
#include "panels/desktopstreamsource.h"
#include "panels/desktopview.h"

#include <QApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestDesktopPanel : public QObject
{
    Q_OBJECT
    std::unique_ptr<SandboxPool> m_pool;
    Sandbox *m_sandbox = nullptr;

    QPoint pointer()
    {
        auto r = shell(m_sandbox, QStringLiteral("xdotool getmouselocation --shell | grep -E '^[XY]=' | cut -d= -f2"));
        if (!r)
            return {-1, -1};
        const QList<QByteArray> xy = r->stdoutData.split('\n');
        return {xy.value(0).toInt(), xy.value(1).toInt()};
    }

    // The engine's own process list of the container (docker top: ps on the host, so no exec
    // is started or counted): how many run this program, zombies included.
    int running(const QString &program)
    {
        auto r = dockerCall(dockerSocket(), "GET", "/containers/" + m_sandbox->id().toLatin1() + "/top?ps_args=-eo%20pid,comm");
        if (!r || r->status != 200)
            return -1;
        int n = 0;
        for (const QJsonValue &row : QJsonDocument::fromJson(r->body).object().value(QLatin1String("Processes")).toArray())
            n += row.toArray().at(1).toString() == program ? 1 : 0;
        return n;
    }

    // How many of the container's execs the engine still counts as running.
    int runningExecs()
    {
        const QString socket = dockerSocket();
        auto c = dockerCall(socket, "GET", "/containers/" + m_sandbox->id().toLatin1() + "/json");
        if (!c || c->status != 200)
            return -1;
        int n = 0;
        for (const QJsonValue &e : QJsonDocument::fromJson(c->body).object().value(QLatin1String("ExecIDs")).toArray()) {
            auto x = dockerCall(socket, "GET", "/exec/" + e.toString().toLatin1() + "/json");
            if (x && x->status == 200 && QJsonDocument::fromJson(x->body).object().value(QLatin1String("Running")).toBool())
                ++n;
        }
        return n;
    }

    QByteArray file(const QString &path)
    {
        auto r = waitFor(m_sandbox->readFile(path), 30'000);
        return r ? r->value_or(QByteArray()) : QByteArray();
    }

    // Kills the sandbox's VNC servers, as a crash would.
    void killVncServers()
    {
        auto r = shell(m_sandbox, QStringLiteral("for f in /proc/[0-9]*/comm; do [ \"$(cat $f 2>/dev/null)\" = x11vnc ]"
                                                 " && p=${f#/proc/} && kill -9 ${p%/comm}; done; true"));
        QVERIFY(r && r->exitCode == 0);
    }

    // Where on the view a screen pixel is drawn.
    static QPoint widgetPoint(DesktopView *view, QPoint screen)
    {
        const QRect target = view->targetRect();
        return {target.x() + int((screen.x() + 0.5) * target.width() / 1280.0),
                target.y() + int((screen.y() + 0.5) * target.height() / 800.0)};
    }

    // Nothing the panels started is left: no VNC server, no socat, no exec running.
    void nothingLeft()
    {
        QTRY_COMPARE_WITH_TIMEOUT(running(QStringLiteral("x11vnc")), 0, 30'000);
        QTRY_COMPARE_WITH_TIMEOUT(running(QStringLiteral("socat")), 0, 30'000);
        QTRY_COMPARE_WITH_TIMEOUT(runningExecs(), 0, 30'000);
    }

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
        QVERIFY(!startXterm(m_sandbox, QStringLiteral("typing target"), QStringLiteral("cat > /tmp/typed.txt"),
                            60, 60).isEmpty());
        // xev reports every button that reaches its window, with the root (screen) position.
        auto started = shell(m_sandbox, QStringLiteral(
            "setsid sh -c 'stdbuf -oL xev -geometry 300x200+700+300 -name evwin > /tmp/xev.log 2>&1' </dev/null >/dev/null 2>&1 &\n"
            "i=0; while [ -z \"$(xdotool search --onlyvisible --name evwin 2>/dev/null)\" ]; do"
            " i=$((i+1)); [ $i -gt 100 ] && exit 1; sleep 0.1; done"));
        QVERIFY(started && started->exitCode == 0);
    }

    void cleanupTestCase()
    {
        if (m_pool)
            waitFor(m_pool->close(), 30'000);
    }

    void keyCombosFollowXdotoolNames()
    {
        QCOMPARE(DesktopView::keyCombo(Qt::Key_Return, Qt::NoModifier), QStringLiteral("Return"));
        QCOMPARE(DesktopView::keyCombo(Qt::Key_S, Qt::ControlModifier), QStringLiteral("ctrl+s"));
        QCOMPARE(DesktopView::keyCombo(Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier),
                 QStringLiteral("ctrl+shift+t"));
        QCOMPARE(DesktopView::keyCombo(Qt::Key_Tab, Qt::ShiftModifier), QStringLiteral("shift+Tab"));
        QCOMPARE(DesktopView::keyCombo(Qt::Key_F4, Qt::AltModifier), QStringLiteral("alt+F4"));
        QVERIFY(DesktopView::keyCombo(Qt::Key_A, Qt::ShiftModifier).isEmpty()); // typed as "A"
        QVERIFY(DesktopView::keyCombo(Qt::Key_Space, Qt::NoModifier).isEmpty());
    }

    void streamShowsTheScreenAndTakesInput()
    {
        auto panel = std::make_unique<DesktopPanel>(m_sandbox);
        panel->resize(900, 720);
        panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(panel.get()));
        QSignalSpy frames(panel.get(), &DesktopPanel::frameArrived);
        QTRY_VERIFY_WITH_TIMEOUT(panel->isStreaming(), 30'000);
        QVERIFY(frames.wait(30'000) || !frames.isEmpty());
        QCOMPARE(panel->currentImage().size(), QSize(1280, 800));
        QCOMPARE(panel->timeline()->count(), 1); // the first screen opens the timeline
        QCOMPARE(running(QStringLiteral("x11vnc")), 1);

        // A window whose text never stops changing: the stream shows its changes, and not one
        // screenshot is taken. How fast is bench/desktop's to measure (53 frames a second there,
        // against 1.5 for screenshots); under ThreadSanitizer this test saw about 6.
        QVERIFY(!startXterm(m_sandbox, QStringLiteral("busy"), QStringLiteral("while :; do date +%N; sleep 0.01; done"), 60, 400)
                     .isEmpty());
        const int before = panel->frameCount();
        QTRY_VERIFY2_WITH_TIMEOUT(panel->frameCount() - before >= 24, qPrintable(QString::number(panel->frameCount() - before)), 30'000);
        QCOMPARE(panel->screenshotCount(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(panel->status().contains(QStringLiteral("frames per second")), 5'000);
        QVERIFY2(panel->status().contains(QStringLiteral("streaming")), qPrintable(panel->status()));
        QVERIFY2(panel->streamSource()->framesPerSecond() > 0, qPrintable(panel->status()));

        // The picture is scaled down: a click on it must reach xev at the matching screen pixel.
        DesktopView *view = panel->view();
        QVERIFY2(view->targetRect().width() < 1280, "the test needs a scaled picture");
        const QPoint aim(850, 400); // inside xev at 700,300
        const QPoint widget = widgetPoint(view, aim);
        const std::optional<QPoint> mapped = view->toScreen(widget);
        QVERIFY(mapped);
        // At this scale a widget pixel covers about 1.5 screen pixels: within 1 of the aim.
        QVERIFY2((*mapped - aim).manhattanLength() <= 2, qPrintable(QStringLiteral("%1,%2").arg(mapped->x()).arg(mapped->y())));
        QTest::mouseMove(view, widget);
        QTest::mouseClick(view, Qt::LeftButton, {}, widget);
        const QByteArray at = QStringLiteral("root:(%1,%2)").arg(mapped->x()).arg(mapped->y()).toLatin1();
        QTRY_VERIFY_WITH_TIMEOUT(file(QStringLiteral("/tmp/xev.log")).contains("ButtonRelease"), 15'000);
        const QByteArray log = file(QStringLiteral("/tmp/xev.log"));
        const qsizetype press = log.indexOf("ButtonPress");
        QVERIFY(press >= 0);
        QVERIFY2(log.mid(press, 300).contains(at), log.mid(press, 300).constData());
        QVERIFY(log.mid(press, 300).contains("button 1,"));
        QCOMPARE(pointer(), *mapped);
        QVERIFY(view->hasFocus());

        // The wheel: X's buttons 4 (up) and 5 (down), each pressed and released.
        QWheelEvent wheel(QPointF(widget), view->mapToGlobal(QPointF(widget)), {}, QPoint(0, -120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view, &wheel);
        QTRY_VERIFY_WITH_TIMEOUT(file(QStringLiteral("/tmp/xev.log")).contains("button 5,"), 15'000);

        // Keys on the picture reach the terminal, focused by a click in it: text, a shifted
        // letter, Backspace and Return, in the order they were hit.
        QTest::mouseClick(view, Qt::LeftButton, {}, widgetPoint(view, QPoint(200, 110)));
        QTRY_COMPARE_WITH_TIMEOUT(pointer(), view->toScreen(widgetPoint(view, QPoint(200, 110))).value(), 15'000);
        QTest::keyClicks(view, QStringLiteral("Hi there"));
        QTest::keyClick(view, Qt::Key_Backspace);
        QTest::keyClicks(view, QStringLiteral("E"));
        QTest::keyClick(view, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(file(QStringLiteral("/tmp/typed.txt")).endsWith('\n'), 30'000);
        QCOMPARE(file(QStringLiteral("/tmp/typed.txt")), QByteArray("Hi therE\n"));
        // Modifiers held over keys, as a keyboard sends them: Control+U makes the terminal drop
        // the line typed so far (so "junk" never reaches cat), Shift+A types "A".
        QTest::keyClicks(view, QStringLiteral("junk"));
        QTest::keyPress(view, Qt::Key_Control);
        QTest::keyClick(view, Qt::Key_U, Qt::ControlModifier);
        QTest::keyRelease(view, Qt::Key_Control, Qt::ControlModifier);
        QTest::keyPress(view, Qt::Key_Shift);
        QTest::sendKeyEvent(QTest::Click, view, Qt::Key_A, QStringLiteral("A"), Qt::ShiftModifier);
        QTest::keyRelease(view, Qt::Key_Shift, Qt::ShiftModifier);
        // The type box goes over the stream too; Return follows when asked.
        panel->typeBox()->setText(QStringLiteral("from the box: ~/a_b"));
        QTest::keyClick(panel->typeBox(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(file(QStringLiteral("/tmp/typed.txt")).count('\n') >= 2, 30'000);
        QCOMPARE(file(QStringLiteral("/tmp/typed.txt")), QByteArray("Hi therE\nAfrom the box: ~/a_b\n"));
        QTRY_VERIFY_WITH_TIMEOUT(panel->timeline()->count() >= 2, 15'000); // after input
        QCOMPARE(panel->screenshotCount(), 0);

        // Snapshot and Save take the stream's frame: the screen's size, opaque pixels.
        const int entries = panel->timeline()->count();
        panel->snapshot();
        QCOMPARE(panel->timeline()->count(), entries + 1);
        const QImage snap = panel->timeline()->item(entries)->data(Qt::UserRole).value<QImage>();
        QCOMPARE(snap.size(), QSize(1280, 800));
        QCOMPARE(qAlpha(snap.pixel(640, 400)), 255);
        QTemporaryDir dir;
        const QString saved = dir.filePath(QStringLiteral("shot.png"));
        panel->timeline()->setCurrentItem(nullptr);
        QVERIFY(panel->saveImage(saved));
        const QImage png(saved);
        QCOMPARE(png.size(), QSize(1280, 800));
        QCOMPARE(qAlpha(png.pixel(5, 5)), 255);
        QCOMPARE(panel->screenshotCount(), 0);
        if (const QString out = qEnvironmentVariable("SANDBENCH_SCREENSHOT_DIR"); !out.isEmpty())
            QVERIFY(panel->grab().save(QDir(out).filePath(QStringLiteral("desktop-panel.png"))));

        // Hidden: the stream and its server end, and no frame comes; shown: a new stream.
        panel->setLive(false);
        QVERIFY(!panel->streamSource()->isActive());
        QTRY_COMPARE_WITH_TIMEOUT(running(QStringLiteral("x11vnc")), 0, 30'000);
        const int paused = panel->frameCount();
        QTest::qWait(1000);
        QCOMPARE(panel->frameCount(), paused);
        panel->setLive(true);
        QTRY_VERIFY_WITH_TIMEOUT(panel->isStreaming(), 30'000);
        QTRY_VERIFY_WITH_TIMEOUT(panel->frameCount() > paused, 30'000);
        QCOMPARE(running(QStringLiteral("x11vnc")), 1);

        // Another sandbox (none here) closes this one's stream.
        panel->setSandbox(nullptr);
        QTRY_COMPARE_WITH_TIMEOUT(running(QStringLiteral("x11vnc")), 0, 30'000);
        panel->setSandbox(m_sandbox);
        QTRY_VERIFY_WITH_TIMEOUT(panel->isStreaming(), 30'000);
        // The panel going takes its stream with it.
        panel.reset();
        nothingLeft();
        shell(m_sandbox, QStringLiteral("pkill -f 'date +%N'; true"));
    }

    // A stream that dies while shown is opened again once; a second death gives screenshots.
    void closedStreamIsRetriedOnceThenScreenshots()
    {
        DesktopPanel panel(m_sandbox);
        panel.resize(900, 720);
        panel.show();
        QTRY_VERIFY_WITH_TIMEOUT(panel.isStreaming(), 30'000);
        QCOMPARE(panel.streamSource()->attempts(), 1);
        killVncServers();
        QTRY_VERIFY_WITH_TIMEOUT(panel.status().contains(QStringLiteral("connecting again")), 30'000);
        QTRY_VERIFY_WITH_TIMEOUT(panel.isStreaming(), 30'000);
        QCOMPARE(panel.streamSource()->attempts(), 2);
        QCOMPARE(panel.screenshotCount(), 0);
        killVncServers();
        QTRY_VERIFY_WITH_TIMEOUT(panel.screenshotCount() > 0, 30'000);
        QVERIFY(!panel.isStreaming());
        QVERIFY2(panel.status().contains(QStringLiteral("no stream")), qPrintable(panel.status()));
        QCOMPARE(running(QStringLiteral("x11vnc")), 0);
    }

    // A stream that cannot open (its server fails at once, as on an image without x11vnc):
    // the status says why, and screenshots and commands in the sandbox take over.
    void streamThatCannotOpenFallsBackToScreenshots()
    {
        DesktopPanel panel(nullptr);
        QCOMPARE(panel.status(), QStringLiteral("No sandbox"));
        int opened = 0;
        panel.streamSource()->setOpener([&opened](Sandbox *sandbox, QObject *parent) {
            ++opened;
            ExecOptions options;
            options.interactive = true;
            options.timeoutMs = 60'000;
            return new DesktopStream(sandbox->exec({QStringLiteral("sh"), QStringLiteral("-c"),
                                                    QStringLiteral("echo 'x11vnc: not found' >&2; exit 127")},
                                                   options),
                                     parent);
        });
        panel.setSandbox(m_sandbox);
        panel.resize(900, 720);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy frames(&panel, &DesktopPanel::frameArrived);
        QVERIFY(frames.wait(30'000));
        QCOMPARE(opened, 1); // never opened: no retry
        QVERIFY(!panel.isStreaming());
        QCOMPARE(panel.screenshotCount(), panel.frameCount());
        QCOMPARE(panel.currentImage().size(), QSize(1280, 800));
        QVERIFY2(panel.status().contains(QStringLiteral("x11vnc: not found")), qPrintable(panel.status()));
        QVERIFY2(panel.status().contains(QStringLiteral("127")), qPrintable(panel.status()));

        // Commands carry the input: a click on the scaled picture moves the sandbox's pointer.
        DesktopView *view = panel.view();
        const QPoint widget = widgetPoint(view, QPoint(300, 150));
        QSignalSpy sent(&panel, &DesktopPanel::inputSent);
        QTest::mouseClick(view, Qt::LeftButton, {}, widget);
        QVERIFY(sent.wait(30'000));
        QCOMPARE(pointer(), view->toScreen(widget).value());
        // A faster rate gives more screenshots; pausing stops them.
        panel.setFramesPerSecond(10);
        const int before = panel.screenshotCount();
        QTRY_VERIFY_WITH_TIMEOUT(panel.screenshotCount() - before >= 2, 15'000);
        panel.setLive(false);
        QTest::qWait(1500); // a screenshot in flight may still land
        const int paused = panel.frameCount();
        QTest::qWait(1500);
        QCOMPARE(panel.frameCount(), paused);
        QCOMPARE(opened, 1);
    }

    // After everything: nothing of the panels runs in the sandbox, and a released sandbox
    // takes a shown panel's stream with it.
    void releasedSandboxEndsTheStream()
    {
        nothingLeft();
        DesktopPanel panel(m_sandbox);
        panel.show();
        QTRY_VERIFY_WITH_TIMEOUT(panel.isStreaming(), 30'000);
        const QString id = m_sandbox->id();
        QVERIFY(waitFor(m_sandbox->release(), 30'000));
        QTRY_VERIFY_WITH_TIMEOUT(!panel.streamSource()->isActive(), 30'000);
        QVERIFY(!containerExists(dockerSocket(), id));
        QVERIFY(panel.status().contains(QStringLiteral("released")) || panel.status().contains(QStringLiteral("gone")));
    }
};

QTEST_MAIN(TestDesktopPanel)
#include "tst_desktoppanel.moc"
