// How a warm runtime (ExecEngine::setWarmTemplate) ends before or while it serves its run,
// against the real runtime: dropped or its engine destroyed, it announces nothing and is reaped;
// killed, it leaves the run to start cold and is started again a few times; stuck, it is killed
// after its deadline; stopped mid-run, the run ends cancelled; and a run's timeout counts from
// the request, not from the runtime's start.
#include "execfixture.h"
#include "testsupport.h"
#include "warmtesting.h"

#include <QCoreApplication>
#include <QFile>
#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <csignal>
#include <sys/wait.h>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

constexpr int waitMs = warmWaitMs;

// This process's own living children (the runtimes' launchers).
QList<qint64> childProcesses()
{
    QList<qint64> out;
    for (const ProcessEntry &p : processTable()) {
        if (p.parent == QCoreApplication::applicationPid() && p.state != 'Z')
            out << p.pid;
    }
    return out;
}

} // namespace

class TestExecWarmLifecycle : public QObject
{
    Q_OBJECT
private slots:
    // A runtime dropped after it said "ready" but before that byte was read announces nothing,
    // and an engine destroyed over dropped runtimes hears nothing from them: the byte is read
    // only while they are reaped.
    void droppedRuntimesAnnounceNothing_data()
    {
        QTest::addColumn<bool>("destroyEngine");
        QTest::newRow("replaced") << false;
        QTest::newRow("engine destroyed") << true;
    }

    void droppedRuntimesAnnounceNothing()
    {
        QFETCH(bool, destroyEngine);
        ExecFixture f;
        auto engine = std::make_unique<ExecEngine>();
        QSignalSpy ready(engine.get(), &ExecEngine::warmRuntimeReady);
        engine->setWarmTemplate(codeRequest(f, QStringLiteral("console.log('x');"), f.sandboxPolicy()));
        // Started, then given time to write its byte while no event loop reads it: events are
        // processed only until its process exists, long before the runtime in it is up.
        QDeadlineTimer deadline(waitMs);
        while (childProcesses().isEmpty() && !deadline.hasExpired()) {
            QCoreApplication::processEvents();
            QThread::usleep(500);
        }
        QVERIFY(!childProcesses().isEmpty());
        QVERIFY2(ready.isEmpty(), "the runtime was up before its process was seen");
        QTest::qSleep(3000);
        const QList<qint64> dropped = childProcesses();
        if (destroyEngine) {
            engine.reset();
            QVERIFY(ready.isEmpty());
        } else {
            engine->setWarmTemplate(codeRequest(f, QStringLiteral("console.log('y');"), f.sandboxPolicy()));
            QVERIFY(waitForWarm(*engine));
            QVERIFY(!dropped.contains(engine->warmRuntimePid()));
            QTest::qWait(300);
            QCOMPARE(ready.size(), 1);
        }
        for (qint64 pid : dropped)
            QTRY_COMPARE_WITH_TIMEOUT(::kill(pid_t(pid), 0), -1, waitMs);
    }

    // An engine destroyed with a runtime waiting ends and reaps that runtime.
    void engineDestroyedWhileARuntimeWaits()
    {
        ExecFixture f;
        qint64 pid = 0;
        {
            ExecEngine engine;
            engine.setWarmTemplate(codeRequest(f, QStringLiteral("console.log('x');"), f.sandboxPolicy()));
            QVERIFY(waitForWarm(engine));
            pid = engine.warmRuntimePid();
        }
        QVERIFY(pid > 0);
        QCOMPARE(::kill(pid_t(pid), 0), -1);
    }

    void killedWaitingRuntimeFallsBackToCold_data()
    {
        QTest::addColumn<bool>("noticed");
        QTest::newRow("noticed by the event loop") << true;
        QTest::newRow("not yet noticed") << false;
    }

    void killedWaitingRuntimeFallsBackToCold()
    {
        QFETCH(bool, noticed);
        ExecFixture f;
        f.write(QStringLiteral("work/in.txt"), "input");
        ExecRequest request = codeRequest(f, QStringLiteral("console.log(Deno.readTextFileSync('in.txt'));"), f.sandboxPolicy());
        request.auditLogPath = f.path(QStringLiteral("audit.jsonl"));
        ExecEngine engine;
        engine.setWarmTemplate(request);
        QVERIFY(waitForWarm(engine));
        QSignalSpy decided(&engine, &ExecEngine::permissionsDecided);
        QSignalSpy started(&engine, &ExecEngine::started);
        const qint64 pid = engine.warmRuntimePid();
        QVERIFY(pid > 0);
        QCOMPARE(::kill(pid_t(pid), SIGKILL), 0);
        if (noticed) {
            QTRY_VERIFY_WITH_TIMEOUT(!engine.hasWarmRuntime(), waitMs);
        } else {
            // Dead for the kernel, still running for QProcess (no event has been processed).
            siginfo_t info {};
            for (int i = 0; i < 5000 && info.si_pid == 0; ++i) {
                ::waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT);
                if (info.si_pid == 0)
                    QThread::msleep(1);
            }
            QVERIFY(info.si_pid != 0);
        }
        QVERIFY(decided.isEmpty() && started.isEmpty()); // nothing was said of the dead one
        QVERIFY(!QFile::exists(request.auditLogPath));
        bool warm = true;
        const auto result = runOn(engine, request, &warm);
        QCOMPARE(stdoutOf(result).trimmed(), QStringLiteral("input"));
        QVERIFY(!warm);
        QCOMPARE(started.size(), 1);
        QCOMPARE(auditFileLines(request.auditLogPath).size(), result->auditEvents.size());
    }

    // A waiting runtime that ends is started again, a few times: one lost to a passing failure
    // does not leave the engine cold, one that keeps ending does not loop.
    void endedWaitingRuntimeIsStartedAgainAFewTimes()
    {
        ExecFixture f;
        const ExecRequest request = codeRequest(f, QStringLiteral("console.log('ran');"), f.sandboxPolicy());
        ExecEngine engine;
        engine.setWarmTemplate(request);
        QSet<qint64> seen;
        for (int attempt = 0; attempt <= ExecEngine::maxWarmRetries; ++attempt) {
            QVERIFY2(waitForWarm(engine), qPrintable(QStringLiteral("attempt %1").arg(attempt)));
            const qint64 pid = engine.warmRuntimePid();
            QVERIFY(!seen.contains(pid));
            seen.insert(pid);
            QCOMPARE(::kill(pid_t(pid), SIGKILL), 0);
            QTRY_VERIFY_WITH_TIMEOUT(!engine.hasWarmRuntime(), waitMs);
        }
        // The last one ended too: none is started again until a run has been handed over.
        QTest::qWait(1500);
        QVERIFY(!engine.hasWarmRuntime());
        QVERIFY(processesMentioning(f.root()).isEmpty());
        bool warm = true;
        const auto cold = runOn(engine, request, &warm);
        QCOMPARE(stdoutOf(cold).trimmed(), QStringLiteral("ran"));
        QVERIFY(!warm);
        QVERIFY(waitForWarm(engine)); // a run ended: the count starts again
        const auto hot = runOn(engine, request, &warm);
        QCOMPARE(stdoutOf(hot).trimmed(), QStringLiteral("ran"));
        QVERIFY(warm);
    }

    // One that never says it waits within its deadline is taken for stuck: killed, started
    // again the same few times, and nothing of it is left.
    void stuckWarmStartIsKilledAndTriedAgain()
    {
        ExecFixture f;
        const ExecRequest request = codeRequest(f, QStringLiteral("console.log('ran');"), f.sandboxPolicy());
        ExecEngine engine;
        ExecEngineConfig config;
        config.warmReadyTimeoutMs = 1; // no runtime starts that fast: every start is stuck
        engine.setConfig(config);
        QSignalSpy ready(&engine, &ExecEngine::warmRuntimeReady);
        engine.setWarmTemplate(request);
        QTest::qWait(2000); // past every retry (100 and 200 ms after each deadline)
        QVERIFY(!engine.hasWarmRuntime());
        QVERIFY(ready.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(processesMentioning(f.root()).isEmpty(), waitMs);
        bool warm = true;
        const auto cold = runOn(engine, request, &warm);
        QCOMPARE(stdoutOf(cold).trimmed(), QStringLiteral("ran"));
        QVERIFY(!warm);
    }

    void stopDuringWarmWaitAndWarmRun()
    {
        ExecFixture f;
        const ExecRequest request = codeRequest(f, QStringLiteral("while (true) {}"), f.sandboxPolicy());
        ExecEngine engine;
        QSignalSpy finished(&engine, &ExecEngine::finished);
        QSignalSpy failed(&engine, &ExecEngine::failed);
        engine.setWarmTemplate(request);
        QVERIFY(waitForWarm(engine));
        engine.stop(); // no run: the waiting runtime is not a run, nothing happens
        QTest::qWait(100);
        QVERIFY(engine.hasWarmRuntime());
        QVERIFY(finished.isEmpty() && failed.isEmpty());
        engine.start(request);
        QVERIFY(engine.lastStartWasWarm());
        engine.stop();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, waitMs);
        const auto result = finished.first().first().value<ExecResult>();
        QVERIFY(result.cancelled);
        QVERIFY(!result.exitCode);
        QVERIFY(failed.isEmpty());
    }

    void timeoutCountsFromTheRequest()
    {
        ExecFixture f;
        Policy policy = f.sandboxPolicy();
        policy.timeoutMs = 1000;
        const ExecRequest request = codeRequest(f, QStringLiteral("console.log('begun'); while (true) {}"), policy);
        ExecEngine engine;
        engine.setWarmTemplate(request);
        QVERIFY(waitForWarm(engine));
        // Older than its timeout before its run is asked for: neither counts from its start.
        QTest::qWait(2500);
        QVERIFY(engine.hasWarmRuntime());
        bool warm = false;
        const auto result = runOn(engine, request, &warm);
        QVERIFY(warm);
        QVERIFY(result);
        QVERIFY(result->timedOut);
        QCOMPARE(stdoutOf(result).trimmed(), QStringLiteral("begun"));
        // Its timeout ran (a coarse timer may fire 5% early and the clock is read in whole ms, in
        // cold runs too), counted from the request: from the runtime's start it would be past 2500 ms.
        QVERIFY2(result->durationMs >= 900 && result->durationMs < 2400, qPrintable(QString::number(result->durationMs)));
    }
};

QTEST_GUILESS_MAIN(TestExecWarmLifecycle)
#include "tst_execwarmlifecycle.moc"
