// Warm runtimes (ExecEngine::setWarmTemplate) against the real runtime: a warm run is the cold
// run of the same request (output, result, audit lines in order), each warm runtime serves one
// run and nothing of it reaches the next, and whatever does not fit runs cold. How a waiting
// runtime ends (killed, stuck, stopped, dropped) is tst_execwarmlifecycle's.
#include "execfixture.h"
#include "testsupport.h"
#include "warmtesting.h"

#include "exec/warmstart.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QSignalSpy>
#include <QTest>

#include <csignal>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

constexpr int waitMs = warmWaitMs;

// What a run decided, without the times and pids of the moment.
QStringList decisions(const QList<AuditEvent> &events)
{
    QStringList out;
    for (const AuditEvent &e : events)
        out << ofAnyRun(QStringLiteral("%1 %2 %3 %4 %5 %6 %7").arg(e.seq).arg(e.kind, e.action, e.resource,
                                                           e.allowed ? QStringLiteral("allow") : QStringLiteral("deny"), e.rule, e.reason));
    return out;
}

// Built line by line: moc does not read raw string literals.
const char stateScript[] =
    "// Leaves state of every kind a reused process would keep, after saying what it found.\n"
    "import { box } from './shared.ts';\n"
    "const found = [];\n"
    "if (globalThis.__leak !== undefined) found.push('globalThis');\n"
    "if (Array.prototype.__leak !== undefined) found.push('prototype');\n"
    "if (box.leak !== undefined) found.push('module');\n"
    "if (Deno.env.get('SANDBENCH_LEAK') !== undefined) found.push('env');\n"
    "if (localStorage.getItem('leak') !== null) found.push('localStorage');\n"
    "if (sessionStorage.getItem('leak') !== null) found.push('sessionStorage');\n"
    "if ((await (await caches.open('leak')).match('https://leak.invalid/')) !== undefined) found.push('cache');\n"
    "const mod = await import('./computed.ts?' + 'x');\n"
    "if (mod.counter.n !== 0) found.push('dynamic-module');\n"
    "globalThis.__leak = 1; Array.prototype.__leak = 1; box.leak = 1; mod.counter.n++;\n"
    "Deno.env.set('SANDBENCH_LEAK', '1');\n"
    "localStorage.setItem('leak', '1'); sessionStorage.setItem('leak', '1');\n"
    "await (await caches.open('leak')).put('https://leak.invalid/', new Response('x'));\n"
    "console.log(found.length ? 'LEAKED ' + found.join(',') : 'clean');\n";


} // namespace

class TestExecWarm : public QObject
{
    Q_OBJECT
private slots:
    void warmRunEqualsColdRun_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<bool>("seeded");
        QTest::addColumn<bool>("packages"); // is-odd@3 allowed: the warm runtime starts the Node layer as it waits
        QTest::newRow("hello") << QStringLiteral("console.log('hello'); console.error('to stderr');") << false << false;
        QTest::newRow("reads and denials")
                << QStringLiteral("console.log(Deno.readTextFileSync('in.txt'));\n"
                                  "try { Deno.readTextFileSync('../outside/secret.txt'); } catch (e) { console.log(e.name); }\n"
                                  "try { Deno.env.get('HOME'); } catch (e) { console.log(e.name); }\n"
                                  "Deno.exit(3);")
                << false << false;
        QTest::newRow("static import") << QStringLiteral("import { v } from './lib.ts';\nconsole.log(v, import.meta.main);") << false << false;
        QTest::newRow("syntax error") << QStringLiteral("console.log(;") << false << false;
        QTest::newRow("seeded and frozen")
                << QStringLiteral("const s = Deno.statSync('in.txt');\n"
                                  "console.log(Math.random(), crypto.randomUUID(), Date.now(), new Date().toISOString(),"
                                  " performance.now(), s.mtime?.getTime() === Date.UTC(2026, 0, 1));\n"
                                  "await new Promise((r) => setTimeout(r, 50)); console.log(Date.now());")
                << true << false;
        QTest::newRow("seeded worker")
                << QStringLiteral("const w = new Worker('data:application/javascript,' + encodeURIComponent("
                                  "'self.postMessage([Date.now(), Math.random(), crypto.randomUUID()])'), { type: 'module' });\n"
                                  "console.log(JSON.stringify(await new Promise((r) => { w.onmessage = (e) => r(e.data); })));\n"
                                  "w.terminate();")
                << true << false;
        QTest::newRow("heap cap") << QStringLiteral("const a = []; for (;;) a.push(new Array(100000).fill(1));") << false << false;
        QTest::newRow("package") << QStringLiteral("import isOdd from 'npm:is-odd@3';\nconsole.log(isOdd(3), typeof process, typeof Buffer);") << false << true;
        QTest::newRow("seeded package")
                << QStringLiteral("import isOdd from 'npm:is-odd@3';\nimport { randomBytes } from 'node:crypto';\n"
                                  "console.log(isOdd(5), Math.random(), crypto.randomUUID(), randomBytes(8).toString('hex'), Date.now());")
                << true << true;
        // What the code can see of the Node layer is the same whether it started early or not.
        QTest::newRow("package allowed, none loaded")
                << QStringLiteral("console.log(typeof process, typeof Buffer, typeof require, typeof global, typeof setImmediate,"
                                  " Object.getOwnPropertyNames(globalThis).sort().join());")
                << false << true;
    }

    void warmRunEqualsColdRun()
    {
        QFETCH(QString, code);
        QFETCH(bool, seeded);
        QFETCH(bool, packages);
        ExecFixture f;
        f.write(QStringLiteral("work/in.txt"), "input");
        f.write(QStringLiteral("work/lib.ts"), "export const v = 42;\n");
        Policy policy = f.sandboxPolicy();
        if (seeded) {
            policy.seed = 7;
            policy.freezeTimeMs = parseInstant(QStringLiteral("2026-01-01T00:00:00Z"));
        }
        if (QByteArray(QTest::currentDataTag()) == "heap cap")
            policy.maxMemoryMb = 64;
        if (packages) {
            policy.allowPackages = {QStringLiteral("is-odd@3")};
            policy.timeoutMs = 120000;
        }
        ExecRequest request = codeRequest(f, code, policy);
        request.auditLogPath = f.path(QStringLiteral("audit.jsonl"));

        ExecEngine coldEngine;
        bool warm = true;
        const auto cold = runOn(coldEngine, request, &warm);
        QVERIFY(!warm);
        const QStringList coldLog = auditFileLines(request.auditLogPath);
        QFile::remove(request.auditLogPath);

        ExecEngine engine;
        engine.setWarmTemplate(request);
        QVERIFY(waitForWarm(engine));
        QSignalSpy started(&engine, &ExecEngine::started);
        const auto hot = runOn(engine, request, &warm);
        QVERIFY(warm);
        QVERIFY2(cold && hot, qPrintable(cold ? (hot ? QString() : hot.error().message) : cold.error().message));
        QCOMPARE(started.size(), 1);
        QCOMPARE(hot->stdoutData, cold->stdoutData);
        if (!policy.maxMemoryMb) { // the runtime's last words on its heap hold addresses and times
            QCOMPARE(hot->stderrData, cold->stderrData);
            QCOMPARE(ofAnyRun(QString::fromUtf8(hot->rawStderr)), ofAnyRun(QString::fromUtf8(cold->rawStderr)));
        }
        QCOMPARE(hot->exitCode, cold->exitCode);
        QCOMPARE(hot->timedOut, cold->timedOut);
        QCOMPARE(hot->truncated, cold->truncated);
        QCOMPARE(hot->memoryExceeded, cold->memoryExceeded);
        QCOMPARE(hot->memoryExceeded, bool(policy.maxMemoryMb));
        QCOMPARE(decisions(hot->auditEvents), decisions(cold->auditEvents));
        QCOMPARE(hot->allowCount, cold->allowCount);
        QCOMPARE(hot->denyCount, cold->denyCount);
        QCOMPARE(auditFileLines(request.auditLogPath), coldLog);
        QVERIFY(!coldLog.isEmpty());
    }

    void eachWarmRuntimeServesOneRun()
    {
        ExecFixture f;
        f.write(QStringLiteral("work/shared.ts"), "export const box = {};\n");
        f.write(QStringLiteral("work/computed.ts"), "export const counter = { n: 0 };\n");
        Policy policy = f.sandboxPolicy();
        policy.permissions.allowEnv = {QStringLiteral("SANDBENCH_LEAK")};
        const ExecRequest request = codeRequest(f, QString::fromLatin1(stateScript), policy);
        ExecEngine engine;
        engine.setWarmTemplate(request);
        for (int round = 0; round < 3; ++round) {
            QVERIFY(waitForWarm(engine));
            const qint64 pid = engine.warmRuntimePid();
            bool warm = false;
            const auto result = runOn(engine, request, &warm);
            QVERIFY(warm);
            QVERIFY2(result && result->exitCode == 0, qPrintable(stdoutOf(result) + QString::fromUtf8(result ? result->stderrData : "")));
            QCOMPARE(stdoutOf(result).trimmed(), QStringLiteral("clean"));
            QVERIFY(waitForWarm(engine));
            QVERIFY(engine.warmRuntimePid() != pid); // a new process, never the one that ran
        }
    }

    // The model's code never runs next to a waiting runtime: none exists while a run is in
    // flight, and the next one starts only once the run's process is gone.
    void noWarmRuntimeWhileARunIsInFlight()
    {
        ExecFixture f;
        const ExecRequest request = codeRequest(f, QStringLiteral("await new Promise((r) => setTimeout(r, 300)); console.log('done');"),
                                                f.sandboxPolicy());
        ExecEngine engine;
        engine.setWarmTemplate(request);
        QVERIFY(waitForWarm(engine));
        QSignalSpy finished(&engine, &ExecEngine::finished);
        QSignalSpy started(&engine, &ExecEngine::started);
        bool ranAlongside = false;
        connect(&engine, &ExecEngine::warmRuntimeReady, this, [&] { ranAlongside = finished.isEmpty(); });
        engine.start(request);
        QVERIFY(engine.lastStartWasWarm());
        QVERIFY(!engine.hasWarmRuntime());
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, waitMs);
        const qint64 runPid = started.first().first().toLongLong();
        QVERIFY(waitForWarm(engine));
        QVERIFY(!ranAlongside);
        QVERIFY(engine.warmRuntimePid() != runPid);
        QCOMPARE(::kill(pid_t(runPid), 0), -1); // the run's process was reaped before
    }

    // A runtime started under another engine config (binary, caches) is not this config's.
    void changedConfigStartsAnotherWarmRuntime()
    {
        ExecFixture f;
        const ExecRequest request = codeRequest(f, QStringLiteral("console.log('x');"), f.sandboxPolicy());
        ExecEngine engine;
        engine.setWarmTemplate(request);
        QVERIFY(waitForWarm(engine));
        const qint64 pid = engine.warmRuntimePid();
        ExecEngineConfig config;
        config.cacheDir = f.path(QStringLiteral("cache"));
        engine.setConfig(config);
        QVERIFY(!engine.hasWarmRuntime());
        QVERIFY(waitForWarm(engine));
        QVERIFY(engine.warmRuntimePid() != pid);
        bool warm = false;
        QCOMPARE(stdoutOf(runOn(engine, request, &warm)).trimmed(), QStringLiteral("x"));
        QVERIFY(warm);
        engine.clearWarmTemplate();
        QVERIFY(!engine.hasWarmRuntime());
        QTRY_VERIFY_WITH_TIMEOUT(!engine.isRunning(), waitMs); // the ended run is let go from the event loop
        QCOMPARE(stdoutOf(runOn(engine, request, &warm)).trimmed(), QStringLiteral("x"));
        QVERIFY(!warm);
    }

    void mismatchedRequestRunsCold()
    {
        ExecFixture f;
        f.write(QStringLiteral("outside/granted.txt"), "granted");
        const Policy policy = f.sandboxPolicy();
        Policy wider = policy;
        wider.permissions.allowRead = {f.path(QStringLiteral("outside/granted.txt"))};
        const QString code = QStringLiteral("console.log(Deno.readTextFileSync(%1));")
                                     .arg(QStringLiteral("'%1'").arg(f.path(QStringLiteral("outside/granted.txt"))));
        ExecEngine engine;
        engine.setWarmTemplate(codeRequest(f, code, policy));
        QVERIFY(waitForWarm(engine));
        bool warm = true;
        const auto result = runOn(engine, codeRequest(f, code, wider), &warm);
        QCOMPARE(stdoutOf(result).trimmed(), QStringLiteral("granted"));
        QVERIFY(!warm);
        // The template still holds: the next matching run is warm and denied as it should be.
        QVERIFY(waitForWarm(engine));
        const auto narrow = runOn(engine, codeRequest(f, code, policy), &warm);
        QVERIFY(warm);
        QVERIFY(narrow && narrow->exitCode == 1 && narrow->denyCount >= 1);
        QVERIFY(warmTemplateMatches(codeRequest(f, code, policy), codeRequest(f, code + QLatin1Char(' '), policy)));
        ExecRequest withArgs = codeRequest(f, code, policy);
        withArgs.args = {QStringLiteral("x")};
        QVERIFY(!warmTemplateMatches(codeRequest(f, code, policy), withArgs));
    }

    // A new audit log per run (as the Workbench names them) keeps the run warm when neither log
    // is inside the namespace; the run's own log is what its broker protects.
    void anotherAuditLogOutsideTheNamespaceStaysWarm()
    {
        ExecFixture f;
        QDir().mkpath(f.path(QStringLiteral("logs")));
        const QString code = QStringLiteral("for (const p of Deno.args) { try { Deno.readTextFileSync(p); console.log('read', p); }"
                                            " catch (e) { console.log(e.name); } }");
        ExecRequest templ = codeRequest(f, code, f.sandboxPolicy());
        templ.auditLogPath = f.path(QStringLiteral("logs/first.jsonl"));
        templ.args = {f.path(QStringLiteral("logs/second.jsonl"))};
        ExecRequest request = templ;
        request.auditLogPath = f.path(QStringLiteral("logs/second.jsonl"));
        ExecEngine coldEngine;
        const auto cold = runOn(coldEngine, request);
        const QStringList coldLog = auditFileLines(request.auditLogPath);
        QFile::remove(request.auditLogPath);

        ExecEngine engine;
        engine.setWarmTemplate(templ);
        QVERIFY(waitForWarm(engine));
        bool warm = false;
        const auto hot = runOn(engine, request, &warm);
        QVERIFY(warm);
        QVERIFY(cold && hot);
        QCOMPARE(stdoutOf(hot).trimmed(), QStringLiteral("NotCapable"));
        QCOMPARE(hot->stdoutData, cold->stdoutData);
        QCOMPARE(decisions(hot->auditEvents), decisions(cold->auditEvents));
        QCOMPARE(auditFileLines(request.auditLogPath), coldLog);
        QVERIFY(!QFile::exists(templ.auditLogPath));

        // A log inside the workdir is hidden by the namespace itself: another namespace, cold.
        ExecRequest inside = templ;
        inside.auditLogPath = f.path(QStringLiteral("work/audit.jsonl"));
        QVERIFY(waitForWarm(engine));
        const auto insideRun = runOn(engine, inside, &warm);
        QVERIFY(insideRun);
        QVERIFY(!warm);
    }

    // An entry file is bound by its inode: edited in place the warm runtime sees the new text;
    // replaced by another file (an editor's save by rename), the run goes cold.
    void entrypointRuns()
    {
        ExecFixture f;
        f.write(QStringLiteral("work/lib.ts"), "export const v = 'lib';\n");
        f.write(QStringLiteral("work/main.ts"), "import { v } from './lib.ts'; console.log('one', v);\n");
        ExecRequest request;
        request.entrypoint = QStringLiteral("main.ts");
        request.policy = f.sandboxPolicy();
        request.baseDir = f.root();
        ExecEngine engine;
        engine.setWarmTemplate(request);
        QVERIFY(waitForWarm(engine));
        {
            QFile inPlace(f.path(QStringLiteral("work/main.ts")));
            QVERIFY(inPlace.open(QIODevice::WriteOnly | QIODevice::Truncate));
            inPlace.write("import { v } from './lib.ts'; console.log('two', v);\n");
        }
        bool warm = false;
        const auto edited = runOn(engine, request, &warm);
        QCOMPARE(stdoutOf(edited).trimmed(), QStringLiteral("two lib"));
        QVERIFY(warm);
        ExecEngine coldEngine;
        const auto cold = runOn(coldEngine, request);
        QVERIFY(cold && edited);
        QCOMPARE(decisions(edited->auditEvents), decisions(cold->auditEvents));

        QVERIFY(waitForWarm(engine));
        QSaveFile replaced(f.path(QStringLiteral("work/main.ts")));
        QVERIFY(replaced.open(QIODevice::WriteOnly));
        replaced.write("console.log('three');\n");
        QVERIFY(replaced.commit());
        const auto renamed = runOn(engine, request, &warm);
        QCOMPARE(stdoutOf(renamed).trimmed(), QStringLiteral("three"));
        QVERIFY(!warm);
    }

    void replacedWorkdirRunsCold()
    {
        ExecFixture f;
        f.write(QStringLiteral("work/which.txt"), "old");
        const ExecRequest request = codeRequest(f, QStringLiteral("console.log(Deno.readTextFileSync('which.txt'));"),
                                                f.sandboxPolicy());
        ExecEngine engine;
        engine.setWarmTemplate(request);
        QVERIFY(waitForWarm(engine));
        // The folder at the workdir's path is now another one: the waiting namespace binds the old.
        QVERIFY(QDir().rename(f.workdir(), f.path(QStringLiteral("work-old"))));
        f.write(QStringLiteral("work/which.txt"), "new");
        bool warm = true;
        const auto result = runOn(engine, request, &warm);
        QCOMPARE(stdoutOf(result).trimmed(), QStringLiteral("new"));
        QVERIFY(!warm);
    }

    void importFreeSourcesAreRecognised_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<bool>("free");
        QTest::newRow("plain") << QStringLiteral("console.log(1)") << true;
        QTest::newRow("static") << QStringLiteral("import x from './a.ts'") << false;
        QTest::newRow("re-export") << QStringLiteral("export * from './a.ts'") << false;
        QTest::newRow("dynamic") << QStringLiteral("await import('./a.ts')") << false;
        QTest::newRow("type reference") << QStringLiteral("/// <reference path='./a.d.ts' />") << false;
        QTest::newRow("upper case") << QStringLiteral("IMPORT") << false;
    }

    void importFreeSourcesAreRecognised()
    {
        QFETCH(QString, source);
        QFETCH(bool, free);
        QCOMPARE(surelyImportFree(source), free);
    }
};

QTEST_GUILESS_MAIN(TestExecWarm)
#include "tst_execwarm.moc"
