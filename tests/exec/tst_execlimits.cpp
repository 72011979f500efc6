// Limits and results against the real runtime: timeout, heap cap, output caps, exit codes,
// stderr rewritten for an LLM, and the two error kinds.
#include "execfixture.h"

#include <QElapsedTimer>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestExecLimits : public QObject
{
    Q_OBJECT
private slots:
    void exitCodeAndStreams()
    {
        ExecFixture f;
        auto r = f.run(QStringLiteral("console.log('out'); console.error('err'); Deno.exit(7);"), f.sandboxPolicy());
        QVERIFY(r.has_value());
        QCOMPARE(r->exitCode, std::optional<int>(7));
        QCOMPARE(r->stdoutData, QByteArray("out\n"));
        QCOMPARE(r->stderrData.trimmed(), QByteArray("err"));
        QVERIFY(!r->timedOut && !r->truncated);
        QVERIFY(r->durationMs > 0);
        QCOMPARE(r->runtimeVersion, QStringLiteral("2.9.6"));
    }

    void timeoutStopsEndlessLoops_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("busy loop") << "while (true) {}";
        QTest::newRow("long timer") << "await new Promise((r) => setTimeout(r, 1e9))";
        QTest::newRow("interval") << "setInterval(() => {}, 10)";
        QTest::newRow("busy worker") << "new Worker('data:application/javascript,while(true){}', { type: 'module' }); await new Promise((r) => setTimeout(r, 1e9))";
    }

    void timeoutStopsEndlessLoops()
    {
        QFETCH(QString, code);
        ExecFixture f;
        Policy p = f.sandboxPolicy();
        p.timeoutMs = 1000;
        QElapsedTimer clock;
        clock.start();
        auto r = f.run(code, p);
        QVERIFY(r.has_value());
        QVERIFY(r->timedOut);
        QVERIFY(!r->exitCode.has_value());
        QVERIFY2(clock.elapsed() < 8000, "the run was not stopped near its timeout");
        QVERIFY(r->stderrData.contains("timeout"));
    }

    void heapCapEndsMemoryBombs_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("array") << "const a = []; while (true) a.push({ x: Math.random(), y: 'y'.repeat(64) });";
        QTest::newRow("strings") << "let s = []; while (true) s.push('x'.repeat(1e5) + Math.random());";
        QTest::newRow("map") << "const m = new Map(); let i = 0; while (true) m.set(i++, [i, i, i]);";
    }

    void heapCapEndsMemoryBombs()
    {
        QFETCH(QString, code);
        ExecFixture f;
        Policy p = f.sandboxPolicy();
        p.maxMemoryMb = 64;
        p.timeoutMs = 60000;
        auto r = f.run(code, p);
        QVERIFY(r.has_value());
        QVERIFY2(r->memoryExceeded, r->rawStderr.right(400).constData());
        QVERIFY(!r->timedOut);
        QVERIFY(r->stderrData.contains("memory limit"));
    }

    void outputFloodsAreCappedHeadAndTail()
    {
        ExecFixture f;
        Policy p = f.sandboxPolicy();
        p.maxOutputBytes = 64 * 1024;
        // 200 MB of output: host memory must stay bounded and the head and tail kept.
        auto r = f.run(QStringLiteral(
                "const enc = new TextEncoder(); await Deno.stdout.write(enc.encode('HEAD-MARK\\n'));\n"
                "const chunk = enc.encode('x'.repeat(1 << 20));\n"
                "for (let i = 0; i < 200; i++) await Deno.stdout.write(chunk);\n"
                "await Deno.stdout.write(enc.encode('\\nTAIL-MARK\\n'));\n"
                "console.error('E'.repeat(300000));"), p);
        QVERIFY(r.has_value());
        QCOMPARE(r->exitCode, std::optional<int>(0));
        QVERIFY(r->truncated);
        QVERIFY(r->stdoutData.startsWith("HEAD-MARK\n"));
        QVERIFY(r->stdoutData.endsWith("TAIL-MARK\n"));
        QVERIFY(r->stdoutData.contains("bytes dropped"));
        QVERIFY(r->stdoutData.size() < 64 * 1024 + 100);
        QCOMPARE(r->stdoutTotalBytes, qint64(10 + 200 * (1 << 20) + 11));
        QVERIFY(r->rawStderr.size() < 64 * 1024 + 100);
    }

    void stderrIsRewrittenForAnLlm()
    {
        ExecFixture f;
        f.write(QStringLiteral("work/lib.ts"), "export function boom() { Deno.readTextFileSync('/etc/shadow'); }\n");
        f.write(QStringLiteral("work/main.ts"), "import { boom } from './lib.ts';\nboom();\n");
        auto r = f.runFile(f.path(QStringLiteral("work/main.ts")), f.sandboxPolicy());
        QVERIFY(r.has_value());
        QCOMPARE(r->exitCode, std::optional<int>(1));
        const QByteArray err = r->stderrData;
        QVERIFY2(err.contains("permission denied"), err.constData());
        QVERIFY2(err.contains("at boom (lib.ts:1:"), err.constData());
        QVERIFY2(!err.contains("ext:") && !err.contains("file://") && !err.contains("Permission broker"), err.constData());
        QVERIFY2(!err.contains(f.workdir().toUtf8()), err.constData());
        QVERIFY(r->rawStderr.contains("ext:"));
        // Syntax errors point at the user's line and column.
        auto syntax = f.run(QStringLiteral("let x = ;"), f.sandboxPolicy());
        QVERIFY(syntax.has_value());
        QVERIFY2(syntax->stderrData.contains("SyntaxError") && syntax->stderrData.contains(":1:9"), syntax->stderrData.constData());
        QVERIFY2(!syntax->stderrData.contains(".sandbench-main"), syntax->stderrData.constData());
    }

    void configurationErrors()
    {
        ExecFixture f;
        Policy missing = f.sandboxPolicy();
        missing.workdir = f.path(QStringLiteral("nope"));
        auto r = f.run(QStringLiteral("1"), missing);
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().code, ErrorCode::ConfigError);
        QVERIFY(r.error().message.contains(QStringLiteral("--workdir")));

        Policy badHost = f.sandboxPolicy();
        badHost.permissions.allowNet = {QStringLiteral("bad host")};
        QCOMPARE(f.run(QStringLiteral("1"), badHost).error().code, ErrorCode::ConfigError);

        Policy badPackage = f.sandboxPolicy();
        badPackage.allowPackages = {QStringLiteral("Not A Package@^5")};
        QCOMPARE(f.run(QStringLiteral("1"), badPackage).error().code, ErrorCode::ConfigError);

        auto noEntry = f.runFile(f.path(QStringLiteral("work/none.ts")), f.sandboxPolicy());
        QCOMPARE(noEntry.error().code, ErrorCode::ConfigError);
    }

    void environmentErrors()
    {
        ExecFixture f;
        ExecRequest request;
        request.code = QStringLiteral("console.log(1)");
        request.policy = f.sandboxPolicy();
        auto missing = ExecEngine::runSync(request, {f.path(QStringLiteral("no-deno")), {}});
        QVERIFY(!missing.has_value());
        QCOMPARE(missing.error().code, ErrorCode::EnvironmentError);
        QVERIFY(missing.error().message.contains(QStringLiteral("not found")));
        // A binary that is not Deno.
        ExecEngineConfig wrong{QStringLiteral("/bin/true"), f.path(QStringLiteral("cache"))};
        auto notDeno = ExecEngine::runSync(request, wrong);
        QVERIFY(!notDeno.has_value());
        QCOMPARE(notDeno.error().code, ErrorCode::EnvironmentError);
    }

    void stopEndsTheRun()
    {
        ExecFixture f;
        ExecEngine engine;
        ExecRequest request;
        request.code = QStringLiteral("console.log('started'); while (true) {}");
        request.policy = f.sandboxPolicy();
        std::optional<ExecResult> result;
        connect(&engine, &ExecEngine::output, &engine, [&](ExecStream, const QByteArray &) { engine.stop(); });
        connect(&engine, &ExecEngine::finished, &engine, [&](const ExecResult &r) { result = r; });
        engine.start(request);
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 20000);
        QVERIFY(result->cancelled);
        QVERIFY(!result->exitCode.has_value());
        QTRY_VERIFY(!engine.isRunning());
    }
};

QTEST_GUILESS_MAIN(TestExecLimits)
#include "tst_execlimits.moc"
