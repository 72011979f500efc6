// Nothing the exec engine starts or makes outlives the run, the engine or the CLI process that
// owns it: after every way a run can end (its end, an error, a stop, a timeout, its engine
// destroyed, a warm runtime dropped while it starts) no bwrap, deno or sandbench-launch of the
// test is left (counted by the test's private folders in their command lines, wherever they
// were reparented to) and no sandbench-* folder is left in the test's private TMPDIR and
// runtime folder. The real runtime and the real CLI.
#include "execfixture.h"
#include "testsupport.h"

#include "common/privateroot.h"
#include "exec/processgroup.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

#include <csignal>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

constexpr int kDeadlineMs = 30'000;

ExecRequest codeRequest(const ExecFixture &f, const QString &code, const Policy &policy)
{
    ExecRequest request;
    request.code = code;
    request.policy = policy;
    request.baseDir = f.root();
    return request;
}

// Waits for the engine's run to end either way.
bool runEnds(ExecEngine &engine, QSignalSpy &finished, QSignalSpy &failed)
{
    QDeadlineTimer deadline(kDeadlineMs);
    while (finished.isEmpty() && failed.isEmpty() && !deadline.hasExpired())
        finished.wait(20);
    return !finished.isEmpty() || !failed.isEmpty() || !engine.isRunning();
}

} // namespace

class TestExecLifetimes : public QObject
{
    Q_OBJECT

    QTemporaryDir m_places;
    QString m_root;

    QString leftovers() const
    {
        return QStringLiteral("processes %1; folders %2 | %3")
                .arg(processesMentioning(m_places.path()).size())
                .arg(sandbenchEntries(m_root).join(QLatin1Char(' ')), sandbenchEntries(QDir::tempPath()).join(QLatin1Char(' ')));
    }

    bool nothingLeft() const
    {
        return processesMentioning(m_places.path()).isEmpty() && sandbenchEntries(m_root).isEmpty()
                && sandbenchEntries(QDir::tempPath()).isEmpty();
    }

    bool running() const { return !processesMentioning(m_places.path()).isEmpty(); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_places.isValid());
        usePrivatePlaces(m_places.path());
        auto root = privateRoot();
        QVERIFY2(root, root ? "" : qPrintable(root.error().message));
        m_root = *root;
    }

    // The helper every engine process is ended with takes what its leader started along.
    void aProcessGroupIsKilledWhole()
    {
        const QString marker = QStringLiteral("987.%1").arg(QCoreApplication::applicationPid());
        QProcess sh;
        sh.setChildProcessModifier(leadOwnProcessGroupInChild);
        sh.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("sleep %1 & sleep %1 & wait").arg(marker)});
        QVERIFY(sh.waitForStarted());
        QTRY_COMPARE_WITH_TIMEOUT(processesMentioning(marker).size(), 3, kDeadlineMs); // sh and its two
        killProcessGroup(&sh);
        QVERIFY(sh.waitForFinished(kDeadlineMs));
        QTRY_VERIFY_WITH_TIMEOUT(processesMentioning(marker).isEmpty(), kDeadlineMs);
    }

    // Dropped at every moment of its start-up, a warm runtime leaves no process: bubblewrap's
    // pid 1, cloned before it is bound to its parent, used to wait for ever when it was killed.
    void aWarmRuntimeDroppedWhileItStartsLeavesNothing()
    {
        ExecFixture f;
        ExecEngine engine;
        const ExecRequest templ = codeRequest(f, QStringLiteral("console.log('w');"), f.sandboxPolicy());
        for (int i = 0; i < 60; ++i) {
            engine.setWarmTemplate(templ);
            // As soon as its bubblewrap runs (a second one: the namespace's pid 1 is cloned)
            // or a few turns of the loop later, before it is ready.
            QDeadlineTimer deadline(kDeadlineMs);
            const int wanted = i % 3 == 0 ? 1 : 2;
            while (processesMentioning(m_places.path()).size() < wanted && !engine.hasWarmRuntime() && !deadline.hasExpired())
                QCoreApplication::processEvents();
            for (int turn = 0; turn < i % 4; ++turn)
                QCoreApplication::processEvents();
            engine.clearWarmTemplate();
        }
        QTRY_VERIFY2_WITH_TIMEOUT(nothingLeft(), qPrintable(leftovers()), kDeadlineMs);
        // It still serves runs once left to start.
        engine.setWarmTemplate(templ);
        QTRY_VERIFY_WITH_TIMEOUT(engine.hasWarmRuntime(), kDeadlineMs);
        QSignalSpy finished(&engine, &ExecEngine::finished);
        QSignalSpy failed(&engine, &ExecEngine::failed);
        engine.start(templ);
        QVERIFY(runEnds(engine, finished, failed));
        QVERIFY(engine.lastStartWasWarm());
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().first().value<ExecResult>().stdoutData, QByteArray("w\n"));
        engine.clearWarmTemplate();
        QTRY_VERIFY2_WITH_TIMEOUT(nothingLeft(), qPrintable(leftovers()), kDeadlineMs);
    }

    // A run is over when it says so: whoever hears finished() or failed() can start the next
    // one at once (the workbench's F5 right after a run's end was lost while the ended run
    // waited to be dropped), and a start refused while a run goes on does not end that run.
    void theNextRunStartsFromTheEndOfTheLast()
    {
        ExecFixture f;
        ExecEngine engine;
        QStringList outputs;
        int ended = 0;
        bool runningWhenEnded = false;
        const auto next = [&](const QString &text) {
            runningWhenEnded = runningWhenEnded || engine.isRunning();
            if (++ended < 3)
                engine.start(codeRequest(f, QStringLiteral("console.log('%1');").arg(text), f.sandboxPolicy()));
        };
        connect(&engine, &ExecEngine::finished, this, [&](const ExecResult &result) {
            outputs << QString::fromUtf8(result.stdoutData).trimmed();
            next(QStringLiteral("run-%1").arg(ended + 2));
        });
        QSignalSpy failed(&engine, &ExecEngine::failed);
        engine.start(codeRequest(f, QStringLiteral("console.log('run-1');"), f.sandboxPolicy()));
        QTRY_COMPARE_WITH_TIMEOUT(ended, 3, kDeadlineMs * 3);
        QVERIFY(!runningWhenEnded);
        QCOMPARE(outputs, (QStringList{QStringLiteral("run-1"), QStringLiteral("run-2"), QStringLiteral("run-3")}));
        QCOMPARE(failed.size(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!engine.isRunning(), kDeadlineMs);

        // Refused while one goes on: that one is still running, and ends on its own.
        QSignalSpy finished(&engine, &ExecEngine::finished);
        engine.start(codeRequest(f, QStringLiteral("await new Promise(r => setTimeout(r, 1500)); console.log('long');"), f.sandboxPolicy()));
        QVERIFY(engine.isRunning());
        engine.start(codeRequest(f, QStringLiteral("console.log('refused');"), f.sandboxPolicy()));
        QCOMPARE(failed.size(), 1);
        for (int turn = 0; turn < 20; ++turn)
            QCoreApplication::processEvents();
        QVERIFY(engine.isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kDeadlineMs);
        QCOMPARE(finished.first().first().value<ExecResult>().stdoutData, QByteArray("long\n"));
        QTRY_VERIFY2_WITH_TIMEOUT(nothingLeft(), qPrintable(leftovers()), kDeadlineMs);
    }

    void everyWayARunEndsLeavesNothing_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("how"); // end, stop, timeout, destroy, destroyEarly
        QTest::newRow("normal end") << "console.log('ok')" << "end";
        QTest::newRow("error") << "throw new Error('no')" << "end";
        QTest::newRow("syntax error") << "this is not code" << "end";
        QTest::newRow("stopped") << "while (true) {}" << "stop";
        QTest::newRow("timed out") << "while (true) {}" << "timeout";
        QTest::newRow("engine destroyed") << "while (true) {}" << "destroy";
        QTest::newRow("engine destroyed as it starts") << "console.log('x')" << "destroyEarly";
        QTest::newRow("stopped as it starts") << "console.log('x')" << "stopEarly";
    }

    void everyWayARunEndsLeavesNothing()
    {
        QFETCH(QString, code);
        QFETCH(QString, how);
        ExecFixture f;
        Policy policy = f.sandboxPolicy();
        policy.permissions.allowRun = {QStringLiteral("sh")};
        if (how == QLatin1String("timeout"))
            policy.timeoutMs = 1500;
        for (int round = 0; round < (how.endsWith(QLatin1String("Early")) ? 10 : 1); ++round) {
            auto engine = std::make_unique<ExecEngine>();
            QSignalSpy finished(engine.get(), &ExecEngine::finished);
            QSignalSpy failed(engine.get(), &ExecEngine::failed);
            QSignalSpy started(engine.get(), &ExecEngine::started);
            // A child of the runtime too, so the whole tree has to go.
            engine->start(codeRequest(f, QStringLiteral("new Deno.Command('sh', { args: ['-c', 'sleep 600'] }).spawn(); ") + code, policy));
            if (how == QLatin1String("destroyEarly")) {
                for (int turn = 0; turn < round; ++turn)
                    QCoreApplication::processEvents();
                engine.reset();
            } else if (how == QLatin1String("stopEarly")) {
                for (int turn = 0; turn < round; ++turn)
                    QCoreApplication::processEvents();
                engine->stop();
                QVERIFY(runEnds(*engine, finished, failed));
            } else if (how == QLatin1String("end") || how == QLatin1String("timeout")) {
                QVERIFY(runEnds(*engine, finished, failed));
            } else {
                QVERIFY(started.wait(kDeadlineMs));
                QTRY_VERIFY_WITH_TIMEOUT(processesMentioning(m_places.path()).size() >= 2, kDeadlineMs);
                if (how == QLatin1String("stop")) {
                    engine->stop();
                    QVERIFY(runEnds(*engine, finished, failed));
                } else {
                    engine.reset();
                }
            }
            engine.reset();
        }
        // A run dropped while it is prepared leaves its preparation to finish on the pool, which
        // then removes what it made: wait for that work, then for nothing to be left, so the
        // check cannot pass in the moment before a late preparation makes its folder.
        QVERIFY(QThreadPool::globalInstance()->waitForDone(kDeadlineMs));
        // Waits for the state and judges the one reading that ended the wait, then says what is
        // left (QTRY re-reads after its wait and its own message would hide what it found).
        QDeadlineTimer deadline(kDeadlineMs);
        bool clean = false;
        while (!(clean = nothingLeft()) && !deadline.hasExpired())
            QTest::qWait(50);
        QVERIFY2(clean, qPrintable(leftovers()));
    }

    // The CLI's runs and replays, recorded or not, leave no folder of theirs behind.
    void theCliLeavesNothing()
    {
        ExecFixture f;
        const QString session = f.path(QStringLiteral("s.sbsession"));
        CliRun r = runCli({QStringLiteral("run"), QStringLiteral("--code"), QStringLiteral("console.log('plain')")});
        QVERIFY2(r.exitCode == 0 && r.stdoutData == "plain\n", r.stderrData.constData());
        QVERIFY2(nothingLeft(), qPrintable(QStringLiteral("run: ") + leftovers()));
        r = runCli({QStringLiteral("run"), QStringLiteral("--record"), session, QStringLiteral("--code"), QStringLiteral("console.log('rec')")});
        QVERIFY2(r.exitCode == 0 && r.stdoutData == "rec\n", r.stderrData.constData());
        QVERIFY2(nothingLeft(), qPrintable(QStringLiteral("run --record: ") + leftovers()));
        r = runCli({QStringLiteral("replay"), session});
        QVERIFY2(r.exitCode == 0 && r.stdoutData.startsWith("identical"), r.stdoutData + r.stderrData);
        QVERIFY2(nothingLeft(), qPrintable(QStringLiteral("replay: ") + leftovers()));
        r = runCli({QStringLiteral("run"), QStringLiteral("--record"), session, QStringLiteral("--code"), QStringLiteral("throw new Error('x')")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(nothingLeft(), qPrintable(QStringLiteral("run --record, failing: ") + leftovers()));

        QDir(m_root).removeRecursively();
    }
};

QTEST_GUILESS_MAIN(TestExecLifetimes)
#include "tst_execlifetimes.moc"
