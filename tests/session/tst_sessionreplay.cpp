// Record and replay against the real runtime: a seeded, time-frozen run with an npm package
// replays identically with no network and no cache but the bundle's; inputs changed after
// recording do not matter; what the bundle does not hold (an unfrozen clock, an unrecorded env
// value) shows up as a divergence at the right line; a stricter policy lists flipped decisions.
#include "execfixture.h"
#include "session/exec/execsessionrecorder.h"
#include "session/exec/execsessionreplayer.h"
#include "testsupport.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QProcess>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestSessionReplay : public QObject
{
    Q_OBJECT

    ExecFixture m_fixture;
    int m_count = 0;

    // Runs `request`, records it into a file and reads that file back, as a replay would.
    Result<ExecSession> record(const ExecRequest &request, const ExecEngineConfig &config = {},
                                 const ExecSessionRecordOptions &options = {})
    {
        auto recorder = ExecSessionRecorder::begin(request, config, options);
        if (!recorder)
            return std::unexpected(recorder.error());
        auto result = ExecEngine::runSync(request, config);
        if (!result)
            return std::unexpected(result.error());
        if (result->exitCode != 0)
            qWarning("recorded run failed: %s", result->stderrData.constData());
        auto bundle = recorder->finish(*result);
        if (!bundle)
            return std::unexpected(bundle.error());
        const QString file = m_fixture.path(QStringLiteral("s%1.sbsession").arg(++m_count));
        if (auto ok = bundle->write(file); !ok)
            return std::unexpected(ok.error());
        return ExecSession::read(file);
    }

    ExecRequest request(const QString &code) const
    {
        ExecRequest r;
        r.code = code;
        r.policy = m_fixture.sandboxPolicy();
        r.policy.seed = 42;
        r.policy.freezeTimeMs = 1767225600000;
        r.baseDir = m_fixture.root();
        return r;
    }

private slots:
    void seededFrozenRunWithPackageReplaysIdenticalOffline()
    {
        const QString cache = m_fixture.path(QStringLiteral("record-cache"));
        ExecRequest r = request(QStringLiteral(
                "import isOdd from 'npm:is-odd@3';\n"
                "import { randomBytes } from 'node:crypto';\n"
                "console.log(Math.random(), Math.random());\n"
                "console.log(Date.now(), new Date().toISOString());\n"
                "console.log(crypto.randomUUID(), randomBytes(4).toString('hex'));\n"
                "console.log(isOdd(3), isOdd(4));\n"));
        r.policy.allowPackages = {QStringLiteral("is-odd@3")};
        r.policy.timeoutMs = 120000;
        auto bundle = record(r, {{}, cache});
        QVERIFY2(bundle.has_value(), qPrintable(bundle ? QString() : bundle.error().message));
        QVERIFY2(bundle->stdoutData.contains("1767225600000\ttrue false") || bundle->stdoutData.contains("true false"),
                 bundle->stdoutData.constData());
        QCOMPARE(bundle->manifest.runtimeSha256.size(), 64);
        QVERIFY(bundle->manifest.packageFileCount > 0);

        // The cache the recording used is gone: only the bundle can provide the package.
        QVERIFY(QDir(cache).removeRecursively());
        auto plan = ExecSessionReplayer::plan(*bundle, {});
        QVERIFY(plan.has_value());
        QVERIFY(plan->request.offline);
        // The replay's cache is the recording's own, filled from the bundle alone.
        QVERIFY(plan->config.cacheDir.contains(QStringLiteral("/replays/")));
        QVERIFY(!plan->config.cacheDir.startsWith(cache));
        auto report = ExecSessionReplayer::runSync(*bundle);
        QVERIFY2(report.has_value(), qPrintable(report ? QString() : report.error().message));
        QVERIFY2(report->identical, qPrintable(report->summary() + QString::fromUtf8(report->replayed.stderrData)));
        QCOMPARE(report->replayed.stdoutData, bundle->stdoutData);
    }

    void changedInputsDoNotMatter()
    {
        m_fixture.write(QStringLiteral("work/in.txt"), "workdir input v1\n");
        m_fixture.write(QStringLiteral("outside/data.txt"), "outside input v1\n");
        ExecRequest r = request(QStringLiteral(
                "console.log(Deno.readTextFileSync('in.txt').trim());\n"
                "console.log(Deno.readTextFileSync(Deno.args[0]).trim());\n"
                "Deno.writeTextFileSync('in.txt', 'overwritten by the run');\n"));
        r.args = {m_fixture.path(QStringLiteral("outside/data.txt"))};
        r.policy.permissions.allowRead = {m_fixture.path(QStringLiteral("outside/data.txt"))};
        auto bundle = record(r);
        QVERIFY2(bundle.has_value(), qPrintable(bundle ? QString() : bundle.error().message));
        QCOMPARE(bundle->stdoutData, QByteArray("workdir input v1\noutside input v1\n"));
        QVERIFY(bundle->manifest.inputFiles.contains(m_fixture.path(QStringLiteral("outside/data.txt"))));

        m_fixture.write(QStringLiteral("outside/data.txt"), "outside input v2\n");
        // (the run itself overwrote in.txt; the bundle holds it as it was before)
        auto report = ExecSessionReplayer::runSync(*bundle);
        QVERIFY2(report.has_value(), qPrintable(report ? QString() : report.error().message));
        QVERIFY2(report->identical, qPrintable(report->summary() + QString::fromUtf8(report->replayed.stderrData)));
        // The replay wrote into its own copy of the workdir, not into the host's.
        QCOMPARE(readFile(m_fixture.path(QStringLiteral("work/in.txt"))), QByteArray("overwritten by the run"));
        QCOMPARE(readFile(m_fixture.path(QStringLiteral("outside/data.txt"))), QByteArray("outside input v2\n"));
    }

    void workersReplayIdentical()
    {
        // Workers import the generated preload from the run's private folder, whose name changes
        // with every run: that read is the engine's, and must not read as a divergence.
        auto bundle = record(request(QStringLiteral(
                "const w = new Worker('data:application/javascript,' + encodeURIComponent('self.postMessage([Date.now(), Math.random()])'), { type: 'module' });\n"
                "console.log(await new Promise((r) => { w.onmessage = (e) => r(JSON.stringify(e.data)); }));\nw.terminate();")));
        QVERIFY2(bundle.has_value(), qPrintable(bundle ? QString() : bundle.error().message));
        QVERIFY(bundle->stdoutData.startsWith("[1767225600"));
        auto report = ExecSessionReplayer::runSync(*bundle);
        QVERIFY(report.has_value());
        QVERIFY2(report->identical, qPrintable(report->summary()));
    }

    void theRunsOwnFilesAreNotItsInputs()
    {
        // A seeded run reads Sandbench's crypto shim and preload from its private folder. They
        // are not the code's input: recorded, they would be read after the run, when the folder
        // may be gone, and a session would say so or not depending on timing.
        m_fixture.write(QStringLiteral("outside/seeded.txt"), "seeded input\n");
        const QString data = m_fixture.path(QStringLiteral("outside/seeded.txt"));
        ExecRequest r = request(QStringLiteral(
                "import { randomInt } from 'node:crypto';\n"
                "console.log(randomInt(1000), Math.random(), Deno.readTextFileSync(Deno.args[0]).trim());\n"));
        r.args = {data};
        r.policy.permissions.allowRead = {data};
        auto bundle = record(r);
        QVERIFY2(bundle.has_value(), qPrintable(bundle ? QString() : bundle.error().message));
        QCOMPARE(bundle->manifest.inputFiles.keys(), QStringList{data});
        QVERIFY2(bundle->manifest.notes.isEmpty(), qPrintable(bundle->manifest.notes.join(QLatin1Char('\n'))));
        auto report = ExecSessionReplayer::runSync(*bundle);
        QVERIFY2(report.has_value(), qPrintable(report ? QString() : report.error().message));
        QVERIFY2(report->identical, qPrintable(report->summary()));
    }

    void unfrozenClockDivergesAtItsLine()
    {
        ExecRequest r = request(QStringLiteral("console.log('start');\nconsole.log(Date.now());\nconsole.log('end');\n"));
        r.policy.freezeTimeMs.reset();
        auto bundle = record(r);
        QVERIFY(bundle.has_value());
        QTest::qWait(20);
        auto report = ExecSessionReplayer::runSync(*bundle);
        QVERIFY(report.has_value());
        QVERIFY(!report->identical);
        QCOMPARE(report->divergences.first().stream, ReplayStream::Stdout);
        QCOMPARE(report->divergences.first().index, 2);
        QCOMPARE(report->divergences.size(), 1); // same decisions, same exit
    }

    void unrecordedEnvValueDiverges()
    {
        ExecRequest r = request(QStringLiteral("console.log('a');\nconsole.log('b');\nconsole.log(Deno.env.get('SB_SESSION_TOKEN'));\n"));
        r.policy.permissions.allowEnv = {QStringLiteral("SB_SESSION_TOKEN")};
        qputenv("SB_SESSION_TOKEN", "recorded-secret");
        auto names = record(r);
        ExecSessionRecordOptions withValues;
        withValues.recordEnvValues = true;
        auto values = record(r, {}, withValues);
        QVERIFY(names.has_value() && values.has_value());
        QVERIFY(names->stdoutData.endsWith("recorded-secret\n"));
        QCOMPARE(names->manifest.environment.size(), 1);
        QVERIFY(!names->manifest.environment.first().value); // a secret is not kept by default
        QVERIFY(!readFile(m_fixture.path(QStringLiteral("s%1.sbsession").arg(m_count - 1))).contains("recorded-secret"));

        // A name without a recorded value is not filled from the replaying machine.
        qputenv("SB_SESSION_TOKEN", "another-value");
        auto report = ExecSessionReplayer::runSync(*names);
        QVERIFY(report.has_value());
        QVERIFY(!report->identical);
        QCOMPARE(report->divergences.first().stream, ReplayStream::Stdout);
        QCOMPARE(report->divergences.first().index, 3);
        QVERIFY(!report->replayed.stdoutData.contains("another-value"));
        QVERIFY(report->summary().contains(QStringLiteral("SB_SESSION_TOKEN was not recorded")));

        auto withRecorded = ExecSessionReplayer::runSync(*values);
        QVERIFY(withRecorded.has_value());
        QVERIFY2(withRecorded->identical, qPrintable(withRecorded->summary()));
        qunsetenv("SB_SESSION_TOKEN");
    }

    void stricterPolicyListsFlippedDecisions()
    {
        m_fixture.write(QStringLiteral("outside/a.txt"), "A");
        m_fixture.write(QStringLiteral("outside/b.txt"), "B");
        ExecRequest r = request(QStringLiteral(
                "for (const f of Deno.args) {\n"
                "  try { console.log(Deno.readTextFileSync(f)); } catch (e) { console.log('denied', e.name); }\n"
                "}\n"));
        r.args = {m_fixture.path(QStringLiteral("outside/a.txt")), m_fixture.path(QStringLiteral("outside/b.txt"))};
        r.policy.permissions.allowRead = {m_fixture.outside()};
        auto bundle = record(r);
        QVERIFY(bundle.has_value());
        QCOMPARE(bundle->stdoutData, QByteArray("A\nB\n"));

        Policy stricter;
        stricter.sandbox = true;
        stricter.permissions.allowRead = {m_fixture.path(QStringLiteral("outside/a.txt"))};
        auto report = ExecSessionReplayer::runSync(*bundle, {stricter, {}});
        QVERIFY2(report.has_value(), qPrintable(report ? QString() : report.error().message));
        QVERIFY(!report->identical);
        QCOMPARE(report->changedDecisions.size(), 1);
        const DecisionChange &change = report->changedDecisions.first();
        QCOMPARE(change.resource, m_fixture.path(QStringLiteral("outside/b.txt")));
        QCOMPARE(change.kind, QStringLiteral("read"));
        QVERIFY(change.recordedAllowed && !change.replayedAllowed);
        QCOMPARE(report->divergences.first().stream, ReplayStream::Stdout);
        QCOMPARE(report->divergences.first().index, 2);
    }

    void asyncReplayerSignals()
    {
        auto bundle = record(request(QStringLiteral("console.log(Math.random());")));
        QVERIFY(bundle.has_value());
        ExecSessionReplayer exec(*bundle);
        // Driven through the interface both kinds share, as the GUI and the CLI drive it.
        SessionReplayer &replayer = exec;
        QSignalSpy finished(&replayer, &SessionReplayer::finished);
        QSignalSpy failed(&replayer, &SessionReplayer::failed);
        QSignalSpy progress(&replayer, &SessionReplayer::progress);
        replayer.start();
        QVERIFY(replayer.isRunning());
        QCOMPARE(finished.count(), 0); // never before start() returns
        QVERIFY(finished.wait(60000));
        QCOMPARE(failed.count(), 0);
        QVERIFY(!replayer.isRunning());
        QVERIFY(finished.first().first().value<ReplayReport>().identical);
        QCOMPARE(progress.last().at(0).toLongLong(), progress.last().at(1).toLongLong());
    }

    void cliRecordsAndReplays()
    {
        const QString file = m_fixture.path(QStringLiteral("cli.sbsession"));
        m_fixture.write(QStringLiteral("work/cli.txt"), "from a file\n");
        const CliRun run = runCli({QStringLiteral("run"), QStringLiteral("--sandbox"), QStringLiteral("--workdir"), m_fixture.workdir(),
                                   QStringLiteral("--seed"), QStringLiteral("1"), QStringLiteral("--record"), file, QStringLiteral("--code"),
                                   QStringLiteral("console.log(Deno.readTextFileSync('cli.txt').trim(), Math.random())")});
        QCOMPARE(run.exitCode, 0);
        const CliRun same = runCli({QStringLiteral("replay"), file});
        QCOMPARE(same.exitCode, 0);
        QVERIFY2(same.stdoutData.startsWith("identical\n"), same.stdoutData.constData());

        const QString policy = m_fixture.path(QStringLiteral("strict.json"));
        writeFile(policy, "{\"sandbox\": true, \"permissions\": {}}");
        const QString elsewhere = m_fixture.path(QStringLiteral("cli-other.sbsession"));
        QVERIFY(runCli({QStringLiteral("run"), QStringLiteral("--sandbox"), QStringLiteral("--allow-read"), m_fixture.outside(),
                        QStringLiteral("--record"), elsewhere, QStringLiteral("--code"),
                        QStringLiteral("try { Deno.readTextFileSync('%1'); console.log('read'); } catch { console.log('denied'); }")
                                .arg(m_fixture.path(QStringLiteral("outside/secret.txt")))}).exitCode == 0);
        const CliRun flipped = runCli({QStringLiteral("replay"), elsewhere, QStringLiteral("--policy"), policy});
        QCOMPARE(flipped.exitCode, 1);
        QVERIFY2(flipped.stdoutData.contains("diverged: stdout line 1"), flipped.stdoutData.constData());
        QVERIFY2(flipped.stdoutData.contains("secret.txt: allow -> deny"), flipped.stdoutData.constData());

        writeFile(m_fixture.path(QStringLiteral("bad.sbsession")), "not a bundle");
        const CliRun bad = runCli({QStringLiteral("replay"), m_fixture.path(QStringLiteral("bad.sbsession"))});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.stderrData.contains("bad session bundle"));
    }

    // run --env without --record-env-values keeps the name only: the replay takes the value from
    // --env or --env-file, names every one it lacks or does not know, and writes it nowhere.
    void cliReplayTakesValuesKeptByName()
    {
        const QString file = m_fixture.path(QStringLiteral("named.sbsession"));
        const QString secret = QStringLiteral("s3cret=value-%1").arg(QCoreApplication::applicationPid());
        const QString reversed = [&] { QString r = secret; std::reverse(r.begin(), r.end()); return r; }();
        const CliRun run = runCli({QStringLiteral("run"), QStringLiteral("--sandbox"), QStringLiteral("--seed"), QStringLiteral("7"),
                                   QStringLiteral("--freeze-time"), QStringLiteral("2026-01-01T00:00:00Z"),
                                   QStringLiteral("--env"), QStringLiteral("SB_API_TOKEN=") + secret,
                                   QStringLiteral("--env"), QStringLiteral("SB_MODE=fast"),
                                   QStringLiteral("--record"), file, QStringLiteral("--code"),
                                   QStringLiteral("const t = Deno.env.get('SB_API_TOKEN') ?? '<none>';\n"
                                                  "console.log(Math.random(), Date.now(), t.split('').reverse().join(''));\n"
                                                  "console.log(Deno.env.get('SB_MODE'));\n")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.stdoutData.contains(reversed.toUtf8()), run.stdoutData.constData());
        const QByteArray recorded = readFile(file);

        // Not in any member of the bundle.
        const QString unpacked = m_fixture.path(QStringLiteral("named-unpacked"));
        QVERIFY(QDir().mkpath(unpacked));
        QProcess tar;
        tar.start(QStringLiteral("tar"), {QStringLiteral("-xzf"), file, QStringLiteral("-C"), unpacked});
        QVERIFY(tar.waitForFinished(30000) && tar.exitCode() == 0);
        int members = 0;
        for (QDirIterator it(unpacked, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
            const QString member = it.next();
            ++members;
            QVERIFY2(!readFile(member).contains(secret.toUtf8()), qPrintable(member));
        }
        QVERIFY(members >= 3);
        QVERIFY(readFile(unpacked + QStringLiteral("/manifest.json")).contains("SB_API_TOKEN"));

        const auto noValueIn = [&](const CliRun &r) {
            return !r.stdoutData.contains(secret.toUtf8()) && !r.stderrData.contains(secret.toUtf8());
        };
        // Without the values: every missing name, and nothing runs.
        const CliRun missing = runCli({QStringLiteral("replay"), file});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.stderrData.contains("SB_API_TOKEN, SB_MODE"), missing.stderrData.constData());
        QVERIFY2(missing.stdoutData.isEmpty(), missing.stdoutData.constData());
        // One of two still names the other.
        const CliRun half = runCli({QStringLiteral("replay"), file, QStringLiteral("--env"), QStringLiteral("SB_MODE=fast")});
        QCOMPARE(half.exitCode, 2);
        QVERIFY2(half.stderrData.contains("needs its value: SB_API_TOKEN\n"), half.stderrData.constData());

        // Given: identical, and the value is in no output of the replay.
        const CliRun same = runCli({QStringLiteral("replay"), file, QStringLiteral("--env"), QStringLiteral("SB_API_TOKEN=") + secret,
                                    QStringLiteral("--env"), QStringLiteral("SB_MODE=fast"), QStringLiteral("--json")});
        QCOMPARE(same.exitCode, 0);
        QVERIFY2(same.stdoutData.contains("\"identical\":true"), same.stdoutData.constData());
        QVERIFY2(same.stdoutData.contains("SB_API_TOKEN"), same.stdoutData.constData()); // its note names it
        QVERIFY(noValueIn(same));
        // From a file too, comments and CRLF allowed.
        const QString values = m_fixture.path(QStringLiteral("values.env"));
        writeFile(values, QByteArray("# for the replay\r\nSB_API_TOKEN=") + secret.toUtf8() + "\r\n\nSB_MODE=fast\n");
        const CliRun fromFile = runCli({QStringLiteral("replay"), file, QStringLiteral("--env-file"), values});
        QCOMPARE(fromFile.exitCode, 0);
        QVERIFY2(fromFile.stdoutData.startsWith("identical\n"), fromFile.stdoutData.constData());
        // A wrong value replays and diverges where the code used it.
        const CliRun wrong = runCli({QStringLiteral("replay"), file, QStringLiteral("--env"), QStringLiteral("SB_API_TOKEN=other"),
                                     QStringLiteral("--env"), QStringLiteral("SB_MODE=fast")});
        QCOMPARE(wrong.exitCode, 1);
        QVERIFY2(wrong.stdoutData.contains("diverged: stdout line 1"), wrong.stdoutData.constData());

        // A name the session never had, even next to the right ones.
        const CliRun extra = runCli({QStringLiteral("replay"), file, QStringLiteral("--env"), QStringLiteral("SB_API_TOKEN=") + secret,
                                     QStringLiteral("--env"), QStringLiteral("SB_MODE=fast"), QStringLiteral("--env"), QStringLiteral("SB_NEVER=1")});
        QCOMPARE(extra.exitCode, 2);
        QVERIFY2(extra.stderrData.contains("no variable SB_NEVER"), extra.stderrData.constData());
        QVERIFY(noValueIn(extra));
        // A bad line is named by file and line, without echoing what may be a value.
        writeFile(values, QByteArray("SB_MODE=fast\n") + secret.toUtf8().replace('=', '-') + "\n");
        const CliRun badLine = runCli({QStringLiteral("replay"), file, QStringLiteral("--env-file"), values});
        QCOMPARE(badLine.exitCode, 2);
        QVERIFY2(badLine.stderrData.contains(values.toUtf8() + ":2: expected NAME=VALUE"), badLine.stderrData.constData());
        QVERIFY2(!badLine.stderrData.contains("s3cret-value"), badLine.stderrData.constData());
        // The same name twice, from the file and the command line.
        writeFile(values, "SB_MODE=fast\n");
        const CliRun twice = runCli({QStringLiteral("replay"), file, QStringLiteral("--env-file"), values,
                                     QStringLiteral("--env"), QStringLiteral("SB_MODE=slow")});
        QCOMPARE(twice.exitCode, 2);
        QVERIFY2(twice.stderrData.contains("SB_MODE is given twice"), twice.stderrData.constData());

        // Replays wrote nothing into the bundle.
        QCOMPARE(readFile(file), recorded);
    }
};

QTEST_GUILESS_MAIN(TestSessionReplay)
#include "tst_sessionreplay.moc"
