// Stops and destroys runs at every point of their life, against the real Deno runtime: before the
// runtime starts, while the workdir snapshot is taken, while output flows, and while the session
// is assembled on the thread pool. Each point is reached through the Workbench's own signals,
// not through sleeps, so every iteration hits the point it names. Work handed back from the
// thread pool must land on the Workbench's thread or nowhere; under ThreadSanitizer (the tsan
// preset) a continuation that touches the controller from a pool thread shows as a race.
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QTest>

#include <memory>

using namespace Sandbench;

namespace {

constexpr int kRunTimeoutMs = 60000;

// A workdir big enough that the snapshot before the run takes a moment, so that a stop or a
// destruction arrives while it is being taken.
void fillWorkdir(const QString &dir, int files)
{
    for (int i = 0; i < files; ++i) {
        QFile f(QStringLiteral("%1/input-%2.txt").arg(dir).arg(i));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, char('a' + i % 26)));
    }
}

ExecRequest chattyRequest(const QString &workdir)
{
    ExecRequest request;
    // Output flows for as long as the run is left alone.
    request.code = QStringLiteral("for (let i = 0; ; i++) { console.log('line ' + i);"
                                  " await new Promise(r => setTimeout(r, 1)); }\n");
    request.policy.sandbox = true;
    request.policy.workdir = workdir;
    request.policy.timeoutMs = 30000;
    return request;
}

// As the GUI has it: every run recorded as a session.
WorkbenchOptions recordingOptions()
{
    WorkbenchOptions options;
    options.recordSessions = true;
    return options;
}

} // namespace

class TestWorkbenchRuns : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        QVERIFY(m_work.isValid());
        QVERIFY(m_audit.isValid());
    }

    void stopAtEveryPoint_data()
    {
        QTest::addColumn<QString>("point");
        for (const char *point : {"before-start", "started", "first-output", "many-outputs"})
            QTest::newRow(point) << QString::fromLatin1(point);
    }

    // Stop at the point, then wait: the run must end (cancelled, or refused before it started),
    // the history must say so, and nothing may be left running.
    void stopAtEveryPoint()
    {
        QFETCH(QString, point);
        fillWorkdir(m_work.path(), 200);
        for (int round = 0; round < 4; ++round) {
            Workbench controller(recordingOptions());
            ExecRequest request = chattyRequest(m_work.path());
            request.auditLogPath = m_audit.filePath(QStringLiteral("audit-%1-%2.jsonl").arg(point).arg(round));
            int outputs = 0;
            bool stopped = false;
            auto stopNow = [&] {
                if (!stopped) {
                    stopped = true;
                    controller.stopRun();
                }
            };
            connect(&controller, &Workbench::runtimeStarted, &controller, [&] {
                if (point == QLatin1String("started"))
                    stopNow();
            });
            connect(&controller, &Workbench::output, &controller, [&] {
                ++outputs;
                if ((point == QLatin1String("first-output") && outputs == 1)
                    || (point == QLatin1String("many-outputs") && outputs == 50))
                    stopNow();
            });
            QSignalSpy finished(&controller, &Workbench::runFinished);
            QSignalSpy failed(&controller, &Workbench::runFailed);
            QVERIFY(controller.startRun(request, QStringLiteral("stop %1").arg(point)));
            if (point == QLatin1String("before-start"))
                stopNow(); // the workdir snapshot is being taken on the pool right now
            QTRY_VERIFY_WITH_TIMEOUT(finished.size() + failed.size() == 1, kRunTimeoutMs);
            QVERIFY(stopped);
            QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), kRunTimeoutMs);
            const RunRecord run = controller.history()->run(0);
            QVERIFY(!run.running);
            if (finished.size() == 1) {
                QVERIFY(run.result);
                QVERIFY2(run.result->cancelled, qPrintable(point));
            } else {
                QVERIFY(run.error);
                QCOMPARE(run.error->code, ErrorCode::Cancelled);
            }
            // A session still being assembled must finish or be dropped, never hang.
            QTRY_COMPARE_WITH_TIMEOUT(controller.sessionsInProgress(), 0, kRunTimeoutMs);
        }
    }

    void destroyAtEveryPoint_data()
    {
        QTest::addColumn<QString>("point");
        for (const char *point : {"before-start", "started", "first-output", "session-assembly"})
            QTest::newRow(point) << QString::fromLatin1(point);
    }

    // Destroy the Workbench at the point (as closing the window does). Work still running on
    // the thread pool (the snapshot, the session's assembly) must drop its result, not deliver it
    // to a dead object; the test then lets the pool drain and checks the process is intact by
    // running once more.
    void destroyAtEveryPoint()
    {
        QFETCH(QString, point);
        fillWorkdir(m_work.path(), 200);
        // Rounds that destroyed the Workbench with a session's assembly still on the pool. The
        // pool may win the race to the event queue (a slow, sanitized main thread), so not every
        // round catches it, but some must.
        int caughtAssembling = 0;
        for (int round = 0; round < 6; ++round) {
            auto controller = std::make_unique<Workbench>(recordingOptions());
            ExecRequest request = chattyRequest(m_work.path());
            if (point == QLatin1String("session-assembly"))
                request.policy.timeoutMs = 300; // ends by itself, then its session is assembled
            request.auditLogPath = m_audit.filePath(QStringLiteral("destroy-%1-%2.jsonl").arg(point).arg(round));
            bool reached = false;
            QObject guard; // receives the signals, so that deleting the Workbench mid-signal is safe
            auto destroyLater = [&] {
                if (!reached) {
                    reached = true;
                    // Not from inside the controller's own signal: the way a window is closed.
                    QMetaObject::invokeMethod(&guard, [&] { controller.reset(); }, Qt::QueuedConnection);
                }
            };
            connect(controller.get(), &Workbench::runtimeStarted, &guard, [&] {
                if (point == QLatin1String("started"))
                    destroyLater();
            });
            connect(controller.get(), &Workbench::output, &guard, [&] {
                if (point == QLatin1String("first-output"))
                    destroyLater();
            });
            connect(controller.get(), &Workbench::runFinished, &guard, [&] {
                if (point != QLatin1String("session-assembly") || reached)
                    return;
                reached = true;
                // Queued: by then the Workbench has handed the session's assembly to the pool,
                // and the pool's answer is queued behind this call, so it is still on its way.
                QMetaObject::invokeMethod(&guard, [&] {
                    if (controller->sessionsInProgress() > 0)
                        ++caughtAssembling;
                    controller.reset();
                }, Qt::QueuedConnection);
            });
            QVERIFY(controller->startRun(request, QStringLiteral("destroy %1").arg(point)));
            if (point == QLatin1String("before-start")) {
                reached = true;
                controller.reset(); // while the snapshot is being taken
            }
            QTRY_VERIFY_WITH_TIMEOUT(reached && !controller, kRunTimeoutMs);
            // Let the pool finish what it was doing, and its (now dropped) deliveries arrive.
            QVERIFY(QThreadPool::globalInstance()->waitForDone(kRunTimeoutMs));
            QCoreApplication::processEvents();
            QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        }
        if (point == QLatin1String("session-assembly"))
            QVERIFY2(caughtAssembling > 0, "no round destroyed the Workbench while a session was assembled");
        // The process is intact: a run from start to finish still works, and its session is made.
        Workbench controller(recordingOptions());
        ExecRequest request;
        request.code = QStringLiteral("console.log('still fine');");
        request.policy.sandbox = true;
        request.policy.workdir = m_work.path();
        request.auditLogPath = m_audit.filePath(QStringLiteral("after-%1.jsonl").arg(point));
        QSignalSpy ready(&controller, &Workbench::sessionReady);
        QVERIFY(controller.startRun(request, QStringLiteral("after")));
        QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, kRunTimeoutMs);
        const RunRecord run = controller.history()->run(0);
        QVERIFY(run.result);
        QCOMPARE(run.result->exitCode.value_or(-1), 0);
        QVERIFY(run.result->stdoutData.contains("still fine"));
    }

private:
    QTemporaryDir m_work;
    QTemporaryDir m_audit;
};

QTEST_GUILESS_MAIN(TestWorkbenchRuns)
#include "tst_workbenchruns.moc"
