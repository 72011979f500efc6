// The Workbench driven headless, as every front end drives it: a run recorded, saved and
// replayed; the CLI's `run --record` and the Workbench recording the same session for the same
// code; a sandbox made, used and released through the provider factory.
#include "fakeprovider.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandboxpool.h"
#include "session/exec/execsession.h"
#include "session/exec/execsessionreplayer.h"
#include "testsupport.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

namespace {

constexpr int kRunTimeoutMs = 60000;

// Seeded, time-frozen, reading one input and writing one output: everything a session keeps.
const QString kCode = QStringLiteral(
    "const input = await Deno.readTextFile('input.txt');\n"
    "await Deno.writeTextFile('out.txt', input.toUpperCase());\n"
    "console.log(Math.random(), new Date().toISOString(), input.trim());\n"
    "try { await Deno.readTextFile('/etc/hostname'); } catch (e) { console.error(e.name); }\n");

ExecRequest requestIn(const QString &workdir)
{
    ExecRequest request;
    request.code = kCode;
    request.policy.sandbox = true;
    request.policy.workdir = workdir;
    request.policy.seed = 7;
    request.policy.freezeTimeMs = 1767225600000; // 2026-01-01T00:00:00Z
    request.policy.timeoutMs = 30000;
    request.baseDir = workdir;
    return request;
}

// Records one run of `request` through a Workbench and returns its session.
std::shared_ptr<const ExecSession> recordThroughWorkbench(const ExecRequest &request)
{
    WorkbenchOptions options;
    options.recordSessions = true;
    Workbench workbench(options);
    QSignalSpy ready(&workbench, &Workbench::sessionReady);
    QSignalSpy failed(&workbench, &Workbench::sessionFailed);
    if (!workbench.startRun(request, QStringLiteral("test")))
        return nullptr;
    if (!QTest::qWaitFor([&] { return ready.size() + failed.size() > 0; }, kRunTimeoutMs) || !failed.isEmpty())
        return nullptr;
    return workbench.history()->run(ready.at(0).at(0).toInt()).session;
}

} // namespace

class TestWorkbench : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(Test::writeFile(m_dir.filePath(QStringLiteral("work/input.txt")), "hello\n"));
        QFile::remove(m_dir.filePath(QStringLiteral("work/out.txt")));
    }

    void recordedRunSavesAndReplaysIdentical()
    {
        const auto session = recordThroughWorkbench(requestIn(m_dir.filePath(QStringLiteral("work"))));
        QVERIFY(session);
        QCOMPARE(session->manifest.outcome.exitCode, std::optional<int>(0));
        QVERIFY(session->stdoutData.contains("2026-01-01T00:00:00.000Z hello"));
        const QString path = m_dir.filePath(QStringLiteral("run.sbsession"));
        QVERIFY(session->write(path));
        auto reread = ExecSession::read(path);
        QVERIFY2(reread, reread ? "" : qPrintable(reread.error().message));
        auto report = ExecSessionReplayer::runSync(*reread);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QVERIFY2(report->identical, qPrintable(report->summary()));
    }

    // The CLI stands on the same Workbench: its `run --record` must keep what a run started
    // here keeps, field by field, for the same code under the same rules.
    void cliAndWorkbenchRecordTheSameSession()
    {
        const QString work = m_dir.filePath(QStringLiteral("work"));
        const auto direct = recordThroughWorkbench(requestIn(work));
        QVERIFY(direct);
        // The workdir as the first run found it: its output would be an input of the second.
        QVERIFY(QFile::remove(work + QStringLiteral("/out.txt")));
        const QString path = m_dir.filePath(QStringLiteral("cli.sbsession"));
        const auto cli = Test::runCli({QStringLiteral("run"), QStringLiteral("--record"), path, QStringLiteral("--sandbox"),
                                       QStringLiteral("--workdir"), work, QStringLiteral("--seed"), QStringLiteral("7"),
                                       QStringLiteral("--freeze-time"), QStringLiteral("1767225600000"),
                                       QStringLiteral("--timeout"), QStringLiteral("30000"), QStringLiteral("--code"), kCode},
                                      kRunTimeoutMs, QProcessEnvironment::systemEnvironment(), work);
        QVERIFY2(cli.exitCode == 0, cli.stderrData.constData());
        auto fromCli = ExecSession::read(path);
        QVERIFY2(fromCli, fromCli ? "" : qPrintable(fromCli.error().message));
        QVERIFY(!direct->auditEvents.isEmpty());
        const QString diff = Test::sessionDifferences(*direct, *fromCli);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    void sandboxMadeUsedAndReleasedThroughTheFactory()
    {
        Test::FakeProvider *fake = nullptr;
        WorkbenchOptions options;
        options.sandboxProviders = [&fake]() -> Result<std::unique_ptr<SandboxProvider>> {
            auto provider = std::make_unique<Test::FakeProvider>();
            fake = provider.get();
            return std::unique_ptr<SandboxProvider>(std::move(provider));
        };
        options.pool.maxSandboxes = 2;
        options.pool.maxLifetimeMs = 60'000;
        Workbench workbench(options);
        auto pool = workbench.sandboxPool();
        QVERIFY2(pool, pool ? "" : qPrintable(pool.error().message));
        QVERIFY(fake);
        QCOMPARE(*workbench.sandboxPool(), *pool); // one pool, opened once
        SandboxOptions sandboxOptions;
        sandboxOptions.lifetimeMs = 30'000;
        auto sandbox = waitFor((*pool)->create(sandboxOptions), 10'000);
        QVERIFY2(sandbox, sandbox ? "" : qPrintable(sandbox.error().message));
        QVERIFY(workbench.hasLiveSandboxes());
        auto ran = waitFor((*sandbox)->exec({QStringLiteral("echo"), QStringLiteral("hi")}), 10'000);
        QVERIFY2(ran, ran ? "" : qPrintable(ran.error().message));
        QVERIFY(ran->stdoutData.contains("hi"));
        auto closed = waitFor(workbench.closeSandboxes(), 10'000);
        QVERIFY(closed);
        QVERIFY(!workbench.hasLiveSandboxes());
        QCOMPARE(fake->backends.size(), 1);
        QCOMPARE(fake->backends.first()->releases, 1);
    }

    void withoutAFactoryThereAreNoSandboxes()
    {
        Workbench workbench;
        auto pool = workbench.sandboxPool();
        QVERIFY(!pool);
        QVERIFY(pool.error().message.contains(QStringLiteral("no sandbox engine")));
        QVERIFY(!workbench.sandboxProvider());
        // Closing what was never opened still answers, and from the event loop.
        VoidOperation *close = workbench.closeSandboxes();
        QVERIFY(!close->isFinished() || close->result());
        QVERIFY(waitFor(close, 1000));
    }

    void aFactoryThatFailsSaysWhy()
    {
        WorkbenchOptions options;
        int asked = 0;
        options.sandboxProviders = [&asked]() -> Result<std::unique_ptr<SandboxProvider>> {
            ++asked;
            return std::unexpected(Error{ErrorCode::InvalidConfig, QStringLiteral("no engine at /nowhere")});
        };
        options.pool.maxSandboxes = 1;
        options.pool.maxLifetimeMs = 1000;
        Workbench workbench(options);
        auto pool = workbench.sandboxPool();
        QVERIFY(!pool);
        QCOMPARE(pool.error().message, QStringLiteral("no engine at /nowhere"));
        QVERIFY(!workbench.sandboxPool());
        QCOMPARE(asked, 1); // the answer is kept: a window asking twice does not retry the engine
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestWorkbench)
#include "tst_workbench.moc"
