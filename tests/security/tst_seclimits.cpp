// Resource exhaustion: --max-memory counts the whole run (a memory cgroup around the runtime:
// ArrayBuffers, Workers, children and the run's in-memory /tmp), and max_workdir_mb bounds what
// the workdir holds. Each bomb must end with the limit named, not with the machine's memory.
#include "securityfixture.h"

#include "exec/runlimits.h"
#include "policy/policyfile.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// A developer's machine may have no cgroup for Sandbench to make, and then there is nothing to
// test; CI must prove the cap, so scripts/test sets SANDBENCH_REQUIRE_CGROUPS and a missing
// cgroup fails there instead of skipping.
#define skipOrFail(why)                                                         \
    do {                                                                        \
        if (qEnvironmentVariableIsSet("SANDBENCH_REQUIRE_CGROUPS"))             \
            QFAIL(why " (SANDBENCH_REQUIRE_CGROUPS is set)");                   \
        QSKIP(why);                                                             \
    } while (false)

} // namespace

class TestSecLimits : public QObject
{
    Q_OBJECT
private slots:
    void memoryCapCountsTheWholeRun_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("array buffer 2 GiB") << "const b = new Uint8Array(2 * 1024 ** 3); b.fill(1); console.log('SURVIVED', b[5]);";
        QTest::newRow("many buffers") << "const k = []; for (let i = 0; i < 64; i++) k.push(new Uint8Array(32 * 1024 ** 2).fill(1)); console.log('SURVIVED');";
        QTest::newRow("200 workers") << "const ws = []; let n = 0; const all = new Promise((r) => { for (let i = 0; i < 200; i++) { const w = new Worker('data:text/javascript,const a = new Uint8Array(8 * 1024 * 1024).fill(1); postMessage(a.length); setInterval(() => {}, 1000);', { type: 'module' }); w.onmessage = () => { if (++n === 200) r(); }; ws.push(w); } }); await all; console.log('SURVIVED');";
        QTest::newRow("tmp in memory") << "const c = new Uint8Array(16 * 1024 ** 2).fill(7); const o = new Deno.Command('sh', { args: ['-c', 'i=0; while [ $i -lt 4000 ]; do printf %0100000d 0 >> /tmp/f$((i % 50)); i=$((i+1)); done; echo SURVIVED'] }).outputSync(); console.log(new TextDecoder().decode(o.stdout));";
        QTest::newRow("wasm memory") << "const m = new WebAssembly.Memory({ initial: 1, maximum: 65536 }); for (let i = 0; i < 2000; i++) { m.grow(16); new Uint8Array(m.buffer).fill(1, m.buffer.byteLength - 1048576); } console.log('SURVIVED');";
    }

    void memoryCapCountsTheWholeRun()
    {
        QFETCH(QString, code);
        RunLimits probe;
        probe.setMemoryLimit(QStringLiteral("probe-%1").arg(QCoreApplication::applicationPid()), qint64(1) << 30);
        if (!probe.memoryCgroupActive())
            skipOrFail("this machine lets Sandbench create no memory cgroup: only the heap is capped");
        ExecFixture f;
        Policy p = f.sandboxPolicy();
        p.maxMemoryMb = 64;
        p.timeoutMs = 60000;
        p.permissions.allowRun = {QStringLiteral("sh")};
        const Attempt a = attempt(f, code, p);
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(!a.result->stdoutData.contains("SURVIVED"), qPrintable(a.diagnostics()));
        QVERIFY2(a.result->memoryExceeded, qPrintable(a.diagnostics()));
        QVERIFY(!a.result->timedOut);
        QVERIFY(a.result->stderrData.contains("memory limit"));
    }

    // Below the cap, the same kinds of work run: the test above fails for the right reason.
    void memoryCapLeavesRoomForWork()
    {
        ExecFixture f;
        Policy p = f.sandboxPolicy();
        p.maxMemoryMb = 64;
        const Attempt a = attempt(f, QStringLiteral("const b = new Uint8Array(16 * 1024 ** 2).fill(1); console.log('FINE', b.length);"), p);
        QVERIFY2(a.result.has_value() && a.result->stdoutData.contains("FINE") && !a.result->memoryExceeded, qPrintable(a.diagnostics()));
    }

    // A fork bomb under an allowed shell: 1000 subshells, each blocking on a pipe the run never
    // closes (bounded, so without the cap it ends on its own and prints SPAWNED). The task cap
    // refuses the forks past it, and the run is stopped and says why.
    void forkBombIsContained()
    {
        RunLimits probe;
        probe.setTaskLimit(QStringLiteral("probe-%1").arg(QCoreApplication::applicationPid()), 1000);
        if (!probe.taskCgroupActive())
            skipOrFail("this machine lets Sandbench create no pids cgroup: only memory and the timeout bound processes");
        ExecFixture f;
        Policy p = f.sandboxPolicy();
        p.timeoutMs = 60000;
        p.permissions.allowRun = {QStringLiteral("sh")};
        const QString code = QStringLiteral(
                "const c = new Deno.Command('sh', { args: ['-c', 'exec 3<&0; i=0; while [ $i -lt 1000 ]; do (read x) <&3 >/dev/null 2>&1 & i=$((i+1)); done; echo SPAWNED $i'], stdin: 'piped', stdout: 'piped' }).spawn();"
                " const out = await c.output(); console.log(new TextDecoder().decode(out.stdout)); c.stdin.close();");
        const Attempt a = attempt(f, code, p);
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(!a.result->stdoutData.contains("SPAWNED 1000"), qPrintable(a.diagnostics()));
        QVERIFY2(a.result->tasksExceeded, qPrintable(a.diagnostics()));
        QVERIFY(!a.result->timedOut);
        // Stopped by the engine, or ended on its own first (the shell gives up on a refused
        // fork): either way the result names the cap.
        QVERIFY2(a.result->stderrData.contains("processes and threads"), qPrintable(a.diagnostics()));
    }

    // The cap is the run's to choose: 100 blocked subshells are stopped under max_tasks 64 and
    // all start under 256 (both sides of the same script); out-of-range values are refused.
    void taskCapIsAPolicyOptionAndAFlag()
    {
        auto policy = parsePolicy(QByteArrayLiteral("{\"options\": {\"max_tasks\": 64}}"), QStringLiteral("test.json"));
        QVERIFY2(policy.has_value(), policy ? "" : qPrintable(policy.error().message));
        QCOMPARE(policy->maxTasks, std::optional<int>(64));
        QVERIFY(!parsePolicy(QByteArrayLiteral("{\"options\": {\"max_tasks\": 8}}"), QStringLiteral("test.json")).has_value());
        QVERIFY(!parsePolicy(QByteArrayLiteral("{\"options\": {\"max_tasks\": 70000}}"), QStringLiteral("test.json")).has_value());
        QCOMPARE(runCli({QStringLiteral("run"), QStringLiteral("--max-tasks"), QStringLiteral("many"), QStringLiteral("--code"), QStringLiteral("1")}).exitCode, 2);
        QCOMPARE(runCli({QStringLiteral("run"), QStringLiteral("--max-tasks"), QStringLiteral("16"), QStringLiteral("--code"), QStringLiteral("1")}).exitCode, 2);

        RunLimits probe;
        probe.setTaskLimit(QStringLiteral("probe-%1").arg(QCoreApplication::applicationPid()), 1000);
        if (!probe.taskCgroupActive())
            skipOrFail("this machine lets Sandbench create no pids cgroup: only memory and the timeout bound processes");
        const QString code = QStringLiteral(
                "const c = new Deno.Command('sh', { args: ['-c', 'exec 3<&0; i=0; while [ $i -lt 100 ]; do (read x) <&3 >/dev/null 2>&1 & i=$((i+1)); done; echo SPAWNED $i'], stdin: 'piped', stdout: 'piped' }).spawn();"
                " const out = await c.output(); console.log(new TextDecoder().decode(out.stdout)); c.stdin.close();");
        ExecFixture f;
        Policy p = f.sandboxPolicy();
        p.timeoutMs = 60000;
        p.permissions.allowRun = {QStringLiteral("sh")};
        p.maxTasks = 64;
        Attempt a = attempt(f, code, p);
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(a.result->tasksExceeded && !a.result->stdoutData.contains("SPAWNED 100"), qPrintable(a.diagnostics()));
        QVERIFY2(a.result->stderrData.contains("limit of 64 processes and threads"), qPrintable(a.diagnostics()));
        p.maxTasks = 256;
        a = attempt(f, code, p);
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(!a.result->tasksExceeded && a.result->stdoutData.contains("SPAWNED 100"), qPrintable(a.diagnostics()));
    }

    void workdirCapHolds_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("one big file") << "Deno.writeFileSync('big', new Uint8Array(8 * 1024 * 1024)); console.log('SURVIVED');";
        QTest::newRow("appending") << "for (let i = 0; i < 64; i++) Deno.writeFileSync('grow', new Uint8Array(256 * 1024), { append: true }); console.log('SURVIVED');";
        QTest::newRow("many files") << "for (let i = 0; i < 5000; i++) { Deno.writeFileSync('f' + i, new Uint8Array(64 * 1024)); if (i % 20 === 0) await new Promise((r) => setTimeout(r, 1)); } console.log('SURVIVED');";
        QTest::newRow("node stream") << "const fs = await import('node:fs'); const s = fs.createWriteStream('stream'); for (let i = 0; i < 64; i++) await new Promise((r, j) => s.write(new Uint8Array(256 * 1024), (e) => e ? j(e) : r())); console.log('SURVIVED');";
    }

    void workdirCapHolds()
    {
        QFETCH(QString, code);
        ExecFixture f;
        Policy p = f.sandboxPolicy();
        p.maxWorkdirMb = 4;
        const Attempt a = attempt(f, code, p);
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(!a.result->stdoutData.contains("SURVIVED"), qPrintable(a.diagnostics()));
        // One file never passes the cap; many files pass it by at most what 100 ms of writing adds.
        const qint64 bytes = RunLimits::folderBytes(f.workdir());
        QVERIFY2(bytes <= 4 * 1024 * 1024 || a.result->workdirExceeded, qPrintable(QString::number(bytes)));
        QVERIFY2(bytes < 64 * 1024 * 1024, qPrintable(QString::number(bytes)));
    }

    void workdirCapIsAPolicyOptionAndAFlag()
    {
        auto policy = parsePolicy(QByteArrayLiteral("{\"options\": {\"max_workdir_mb\": 12}}"), QStringLiteral("test.json"));
        QVERIFY2(policy.has_value(), policy ? "" : qPrintable(policy.error().message));
        QCOMPARE(policy->maxWorkdirMb, std::optional<int>(12));
        QVERIFY(!parsePolicy(QByteArrayLiteral("{\"options\": {\"max_workdir_mb\": 0}}"), QStringLiteral("test.json")).has_value());
        const CliRun run = runCli({QStringLiteral("run"), QStringLiteral("--sandbox"), QStringLiteral("--max-workdir-mb"), QStringLiteral("1"),
                                   QStringLiteral("--code"), QStringLiteral("Deno.writeFileSync('big', new Uint8Array(4 * 1024 * 1024)); console.log('SURVIVED')")});
        QVERIFY2(!run.stdoutData.contains("SURVIVED"), run.stdoutData.constData());
        QCOMPARE(runCli({QStringLiteral("run"), QStringLiteral("--max-workdir-mb"), QStringLiteral("none"), QStringLiteral("--code"), QStringLiteral("1")}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestSecLimits)
#include "tst_seclimits.moc"
