// Sandbox sessions in the Sessions panel, against the real Docker engine and the desktop image:
// a recorded session (a write, a command, a window opened, a screenshot) is browsed step by step with its
// picture, replays identical into a fresh sandbox with every step marked as it comes back, and a
// session whose recorded output was changed diverges at that step.
#include "desktoptestsupport.h"

#include "panels/fittedpicture.h"
#include "panels/sandboxsessionview.h"
#include "panels/sessionspanel.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandboxpool.h"
#include "session/sandbox/sandboxsession.h"
#include "session/sandbox/sandboxsessionrecorder.h"
#include "workbench/workbench.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

constexpr int kReplayTimeoutMs = 180'000;
constexpr int kReplayedColumn = 4;

} // namespace

class TestSandboxSessionView : public QObject
{
    Q_OBJECT
    std::unique_ptr<Workbench> m_workbench; // as the window has it: the panel replays through it
    SandboxPool *m_pool = nullptr;        // the Workbench's
    QTemporaryDir m_dir;
    SandboxSession m_recorded;

    // Opens path in a fresh panel and replays it; the report, or nothing on failure.
    std::optional<ReplayReport> openAndReplay(SessionsPanel &panel, const QString &path)
    {
        QSignalSpy opened(&panel, &SessionsPanel::sessionOpened);
        panel.openFile(path);
        if (!opened.wait(30'000) && opened.isEmpty())
            return std::nullopt;
        QSignalSpy done(&panel, &SessionsPanel::replayFinished);
        QSignalSpy failed(&panel, &SessionsPanel::replayFailed);
        QTest::mouseClick(panel.replayButton(), Qt::LeftButton);
        if (!QTest::qWaitFor([&] { return !done.isEmpty() || !failed.isEmpty(); }, kReplayTimeoutMs) || done.isEmpty()) {
            qWarning() << "replay failed:" << (failed.isEmpty() ? QStringLiteral("timed out") : failed.first().first().toString());
            return std::nullopt;
        }
        return panel.lastReport();
    }

private slots:
    void initTestCase()
    {
        REQUIRE_DESKTOP();
        PoolOptions o;
        o.maxSandboxes = 2;
        o.maxLifetimeMs = 600'000;
        WorkbenchOptions options;
        options.sandboxProviders = dockerProviderFactory();
        options.pool = o;
        m_workbench = std::make_unique<Workbench>(options);
        auto pool = m_workbench->sandboxPool();
        VERIFY_OK(pool);
        m_pool = *pool;

        Sandbox *sandbox = makeSandbox(m_pool, QStringLiteral("sandbench/desktop:2"), 300'000);
        QVERIFY(sandbox);
        SandboxSessionRecorder recorder(sandbox);
        VERIFY_OK(waitFor(recorder.writeFile(QStringLiteral("note.txt"), "hello\n"), 60'000));
        VERIFY_OK(waitFor(recorder.exec({QStringLiteral("cat"), QStringLiteral("note.txt")}), 60'000));
        // A window on the screen, started through the recorder so that the replay opens it too;
        // setsid lets it outlive its exec. The command prints nothing, so its output compares.
        // DISPLAY is set in the script: env values are not recorded unless asked for.
        const QString xterm = QStringLiteral(
            "export DISPLAY=%1\n"
            "setsid xterm -title notes -geometry 60x8+40+40 -e sh -c 'cat note.txt; sleep 600' >/dev/null 2>&1 </dev/null &\n"
            "i=0\n"
            "until xdotool search --onlyvisible --name '^notes$' >/dev/null 2>&1; do\n"
            "  i=$((i+1)); [ $i -gt 100 ] && exit 1; sleep 0.1\n"
            "done\n"
            "sleep 1\n").arg(Desktop::display());
        VERIFY_OK(waitFor(recorder.exec({QStringLiteral("sh"), QStringLiteral("-c"), xterm}), 60'000));
        QCOMPARE(recorder.session().steps.at(2).as<SandboxExecStep>()->exitCode, 0);
        VERIFY_OK(waitFor(recorder.screenshot(), 60'000));
        m_recorded = recorder.session();
        VERIFY_OK(waitFor(sandbox->release(), 60'000));
        QCOMPARE(m_recorded.steps.size(), 4);
    }

    void cleanupTestCase()
    {
        if (m_pool)
            waitFor(m_pool->close(), 30'000);
    }

    void browsesStepsAndReplaysIdentical()
    {
        const QString path = m_dir.filePath(QStringLiteral("desktop.sbsession"));
        VERIFY_OK(m_recorded.write(path));
        SessionsPanel panel;
        panel.setWorkbench(m_workbench.get());
        panel.resize(1000, 700);
        panel.show();
        const auto report = openAndReplay(panel, path);
        QVERIFY(report);
        QVERIFY2(report->identical, qPrintable(report->divergences.isEmpty() ? QString() : report->divergences.first().replayed));
        SandboxSessionView *view = panel.stepsView();
        QCOMPARE(panel.tabs()->currentWidget(), view);
        QTreeWidget *steps = view->stepsView();
        QCOMPARE(steps->topLevelItemCount(), 4);
        QCOMPARE(steps->topLevelItem(1)->text(2), QStringLiteral("cat note.txt"));
        for (int i = 0; i < 4; ++i)
            QVERIFY2(steps->topLevelItem(i)->text(kReplayedColumn).endsWith(QStringLiteral("same")),
                     qPrintable(steps->topLevelItem(i)->text(kReplayedColumn)));
        QVERIFY(view->summaryLabel()->text().startsWith(QStringLiteral("Identical")));
        QCOMPARE(view->divergentStep(), 0);
        // The screenshot step shows both pictures.
        // The screenshot step shows both pictures, loaded off the GUI thread once it is chosen.
        QSignalSpy shown(view, &SandboxSessionView::stepShown);
        steps->setCurrentItem(steps->topLevelItem(3));
        QVERIFY(view->isLoadingStep());
        QTRY_VERIFY_WITH_TIMEOUT(!view->isLoadingStep(), 30'000);
        QCOMPARE(shown.last().first().toInt(), 3);
        QVERIFY(!view->recordedPicture()->pixmap().isNull());
        QVERIFY(!view->replayedPicture()->pixmap().isNull());
        // scripts/screenshots sets this to picture the panel for the docs.
        if (const QByteArray dir = qgetenv("SANDBENCH_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(panel.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/sandbox-session.png")));
        steps->setCurrentItem(steps->topLevelItem(1));
        QTRY_VERIFY_WITH_TIMEOUT(!view->isLoadingStep(), 30'000);
        QCOMPARE(view->recordedView()->toPlainText(), QStringLiteral("hello\n"));
        QCOMPARE(view->replayedView()->toPlainText(), QStringLiteral("hello\n"));
    }

    void aChangedRecordingDivergesAtItsStep()
    {
        SandboxSession altered = m_recorded;
        altered.steps[1].as<SandboxExecStep>()->stdoutData = altered.addPayload("goodbye\n");
        const QString path = m_dir.filePath(QStringLiteral("altered.sbsession"));
        VERIFY_OK(altered.write(path));
        SessionsPanel panel;
        panel.setWorkbench(m_workbench.get());
        panel.show();
        const auto report = openAndReplay(panel, path);
        QVERIFY(report);
        QVERIFY(!report->identical);
        QCOMPARE(report->divergences.first().stream, ReplayStream::Stdout);
        QCOMPARE(report->divergences.first().index, qint64(2));
        SandboxSessionView *view = panel.stepsView();
        QCOMPARE(view->divergentStep(), 2);
        QTreeWidget *steps = view->stepsView();
        QCOMPARE(steps->currentItem(), steps->topLevelItem(1));
        QVERIFY(steps->topLevelItem(1)->text(kReplayedColumn).endsWith(QStringLiteral("differs")));
        QVERIFY(steps->topLevelItem(0)->text(kReplayedColumn).endsWith(QStringLiteral("same")));
        QVERIFY2(view->summaryLabel()->text().contains(QStringLiteral("step 2")), qPrintable(view->summaryLabel()->text()));
        QTRY_VERIFY_WITH_TIMEOUT(!view->isLoadingStep(), 30'000);
        QCOMPARE(view->recordedView()->toPlainText(), QStringLiteral("goodbye\n"));
        QCOMPARE(view->replayedView()->toPlainText(), QStringLiteral("hello\n"));
        // Replay is offered again; the pool has no sandbox left over.
        QVERIFY(panel.replayButton()->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(m_pool->count(), 0, 30'000);
    }
};

QTEST_MAIN(TestSandboxSessionView)
#include "tst_sandboxsessionview.moc"
