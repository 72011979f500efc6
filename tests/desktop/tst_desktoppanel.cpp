// The desktop panel against the real desktop image: the live screen, a click on the scaled
// picture landing on the right screen pixel, keys typed on it reaching a program, the timeline.
#include "desktoptestsupport.h"

#include "panels/desktoppanel.h"
#include "panels/desktopview.h"

#include <QApplication>
#include <QDir>
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

    void liveScreenInputAndTimeline()
    {
        DesktopPanel panel(m_sandbox);
        QCOMPARE(panel.objectName(), QStringLiteral("desktopPanel"));
        panel.resize(900, 720);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy frames(&panel, &DesktopPanel::frameArrived);
        QVERIFY(frames.wait(30'000));
        QCOMPARE(panel.currentImage().size(), QSize(1280, 800));
        QCOMPARE(panel.timeline()->count(), 1); // the first screen opens the timeline

        // The picture is scaled down: a click on it must land on the matching screen pixel.
        DesktopView *view = panel.view();
        const QRect target = view->targetRect();
        QVERIFY2(target.width() < 1280, "the test needs a scaled picture");
        const QPoint screen(300, 150); // inside the xterm at 60,60
        const QPoint widget(target.x() + int((screen.x() + 0.5) * target.width() / 1280.0),
                            target.y() + int((screen.y() + 0.5) * target.height() / 800.0));
        // At this scale a widget pixel covers about 1.5 screen pixels: within 1 of the aim.
        const std::optional<QPoint> mapped = view->toScreen(widget);
        QVERIFY(mapped);
        QVERIFY2((*mapped - screen).manhattanLength() <= 2,
                 qPrintable(QStringLiteral("%1,%2").arg(mapped->x()).arg(mapped->y())));
        QSignalSpy sent(&panel, &DesktopPanel::inputSent);
        QTest::mouseClick(view, Qt::LeftButton, {}, widget);
        QVERIFY(sent.wait(30'000));
        QCOMPARE(pointer(), *mapped);
        QVERIFY(view->hasFocus());

        // Keys on the picture: text is typed, named keys pressed, in the order they were hit.
        sent.clear();
        QTest::keyClicks(view, QStringLiteral("Hi there"));
        QTest::keyClick(view, Qt::Key_Backspace);
        QTest::keyClicks(view, QStringLiteral("E"));
        QTest::keyClick(view, Qt::Key_Return);
        QByteArray typed;
        QTRY_VERIFY_WITH_TIMEOUT((typed = waitFor(m_sandbox->readFile(QStringLiteral("/tmp/typed.txt")), 30'000)
                                              .value_or(std::nullopt).value_or(QByteArray()))
                                     .endsWith('\n'), 30'000);
        QCOMPARE(typed, QByteArray("Hi therE\n"));

        // Screens after an input join the timeline.
        QTRY_VERIFY_WITH_TIMEOUT(panel.timeline()->count() >= 2, 15'000);

        // A faster rate gives more frames (as many as the sandbox can take).
        panel.setFramesPerSecond(10);
        const int before = panel.frameCount();
        QTest::qWait(3000);
        QVERIFY2(panel.frameCount() - before >= 2, qPrintable(QString::number(panel.frameCount() - before)));
        panel.setLive(false);
        QTest::qWait(1500); // a frame in flight may still land
        const int paused = panel.frameCount();
        QTest::qWait(1500);
        QCOMPARE(panel.frameCount(), paused);

        panel.snapshot();
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("shot.png"));
        QVERIFY(panel.saveImage(file));
        QImage saved(file);
        QCOMPARE(saved.size(), QSize(1280, 800));

        if (const QString out = qEnvironmentVariable("SANDBENCH_SCREENSHOT_DIR"); !out.isEmpty())
            QVERIFY(panel.grab().save(QDir(out).filePath(QStringLiteral("desktop-panel.png"))));
    }

    void goneSandboxStopsTheView()
    {
        DesktopPanel panel(nullptr);
        QCOMPARE(panel.status(), QStringLiteral("No sandbox"));
        Sandbox *plain = makeSandbox(m_pool.get(), QStringLiteral("sandbench/base:1"), 60'000);
        // The pool holds one: the desktop sandbox is still alive, so this one is refused.
        QVERIFY(!plain);
    }
};

QTEST_MAIN(TestDesktopPanel)
#include "tst_desktoppanel.moc"
