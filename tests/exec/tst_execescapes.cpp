// Escape attempts by class, each against the real runtime under --sandbox. A test passes only
// when the forbidden thing did not happen (no secret printed, no request seen, no process left)
// and, where the broker was asked, the audit shows the deny.
#include "testsupport.h"
#include "execfixture.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

bool denied(const ExecResult &result, const QString &kind)
{
    for (const AuditEvent &event : result.auditEvents) {
        if (event.kind == kind && !event.allowed)
            return true;
    }
    return false;
}

QString diagnostics(const Result<ExecResult> &r)
{
    if (!r)
        return r.error().message;
    return QString::fromUtf8(r->stdoutData + "\n--stderr--\n" + r->stderrData);
}

} // namespace

class TestExecEscapes : public QObject
{
    Q_OBJECT
private slots:
    void fileReadsOutsideAreDenied_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("absolute") << "Deno.readTextFileSync(OUT + '/secret.txt')";
        QTest::newRow("dot-dot") << "Deno.readTextFileSync('../outside/secret.txt')";
        QTest::newRow("async") << "await Deno.readTextFile(OUT + '/secret.txt')";
        QTest::newRow("open") << "new TextDecoder().decode(Deno.readFileSync(OUT + '/secret.txt'))";
        QTest::newRow("readdir") << "[...Deno.readDirSync(OUT)].map(e => e.name).join()";
        QTest::newRow("stat") << "JSON.stringify(Deno.statSync(OUT + '/secret.txt'))";
        QTest::newRow("node fs") << "(await import('node:fs')).readFileSync(OUT + '/secret.txt', 'utf8')";
        QTest::newRow("fetch file url") << "await (await fetch('file://' + OUT + '/secret.txt')).text()";
        QTest::newRow("proc environ") << "Deno.readTextFileSync('/proc/self/environ')";
        QTest::newRow("etc passwd") << "Deno.readTextFileSync('/etc/passwd')";
        QTest::newRow("realpath") << "Deno.realPathSync(OUT)";
        QTest::newRow("chdir then relative") << "Deno.chdir(OUT); Deno.readTextFileSync('secret.txt')";
    }

    void fileReadsOutsideAreDenied()
    {
        QFETCH(QString, code);
        ExecFixture f;
        const QString script = QStringLiteral("const OUT = %1;\ntry { const v = %2; console.log('GOT', v); } catch (e) { console.log('DENIED', e.name); }")
                                       .arg(QLatin1Char('"') + f.outside() + QLatin1Char('"'), code);
        auto r = f.run(script, f.sandboxPolicy());
        QVERIFY2(r.has_value(), qPrintable(diagnostics(r)));
        QVERIFY2(!Test::printedLine(r->stdoutData, "GOT"), qPrintable(diagnostics(r)));
        QVERIFY2(!r->stdoutData.contains("TOP-SECRET"), qPrintable(diagnostics(r)));
        QVERIFY2(r->stdoutData.contains("DENIED"), qPrintable(diagnostics(r)));
    }

    void writesOutsideAreDenied_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("absolute") << "Deno.writeTextFileSync(OUT + '/planted.txt', 'x')";
        QTest::newRow("dot-dot") << "Deno.writeTextFileSync('../outside/planted.txt', 'x')";
        QTest::newRow("mkdir") << "Deno.mkdirSync(OUT + '/planted.txt')";
        QTest::newRow("rename in") << "Deno.writeTextFileSync('a', 'x'); Deno.renameSync('a', OUT + '/planted.txt')";
        QTest::newRow("copy") << "Deno.writeTextFileSync('a', 'x'); Deno.copyFileSync('a', OUT + '/planted.txt')";
        QTest::newRow("symlink") << "Deno.symlinkSync(OUT, 'link'); Deno.writeTextFileSync('link/planted.txt', 'x')";
        QTest::newRow("node fs") << "(await import('node:fs')).writeFileSync(OUT + '/planted.txt', 'x')";
        QTest::newRow("tmp") << "Deno.writeTextFileSync('/tmp/planted.txt', 'x'); Deno.readTextFileSync('/tmp/planted.txt')";
    }

    void writesOutsideAreDenied()
    {
        QFETCH(QString, code);
        ExecFixture f;
        const QString script = QStringLiteral("const OUT = %1;\ntry { %2; console.log('WROTE'); } catch (e) { console.log('DENIED', e.name); }")
                                       .arg(QLatin1Char('"') + f.outside() + QLatin1Char('"'), code);
        auto r = f.run(script, f.sandboxPolicy());
        QVERIFY2(r.has_value(), qPrintable(diagnostics(r)));
        QVERIFY2(!r->stdoutData.contains("WROTE"), qPrintable(diagnostics(r)));
        QVERIFY(!QFile::exists(f.path(QStringLiteral("outside/planted.txt"))));
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/planted.txt")));
    }

    void workdirIsReadableWritableAndCurrent()
    {
        ExecFixture f;
        f.write(QStringLiteral("work/in.txt"), "hello");
        auto r = f.run(QStringLiteral("Deno.writeTextFileSync('out.txt', Deno.readTextFileSync('in.txt') + '!'); console.log(Deno.cwd());"),
                       f.sandboxPolicy());
        QVERIFY2(r.has_value() && r->exitCode == 0, qPrintable(diagnostics(r)));
        QCOMPARE(r->stdoutData.trimmed(), f.workdir().toUtf8());
        QFile out(f.path(QStringLiteral("work/out.txt")));
        QVERIFY(out.open(QIODevice::ReadOnly));
        QCOMPARE(out.readAll(), QByteArray("hello!"));
    }

    void readOnlyDirIsReadOnly()
    {
        ExecFixture f;
        f.write(QStringLiteral("data/input.txt"), "DATA");
        Policy p = f.sandboxPolicy();
        p.readOnlyDirs = {f.path(QStringLiteral("data"))};
        auto r = f.run(QStringLiteral("console.log(Deno.readTextFileSync(%1));\ntry { Deno.writeTextFileSync(%2, 'x'); console.log('WROTE'); } catch (e) { console.log('DENIED'); }")
                               .arg(QLatin1Char('"') + f.path(QStringLiteral("data/input.txt")) + QLatin1Char('"'),
                                    QLatin1Char('"') + f.path(QStringLiteral("data/new.txt")) + QLatin1Char('"')),
                       p);
        QVERIFY2(r.has_value(), qPrintable(diagnostics(r)));
        QVERIFY2(r->stdoutData.startsWith("DATA\nDENIED"), qPrintable(diagnostics(r)));
    }

    void outwardSymlinkIsAConfigurationError()
    {
        ExecFixture f;
        QVERIFY(QFile::link(f.path(QStringLiteral("outside/secret.txt")), f.path(QStringLiteral("work/secret-link"))));
        auto r = f.run(QStringLiteral("console.log(Deno.readTextFileSync('secret-link'))"), f.sandboxPolicy());
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().code, ErrorCode::ConfigError);
        QVERIFY2(r.error().message.contains(QStringLiteral("points outside")), qPrintable(r.error().message));
        // Deep inside a read-only folder, and a folder link, too.
        ExecFixture g;
        QDir().mkpath(g.path(QStringLiteral("data/a/b")));
        QVERIFY(QFile::link(g.outside(), g.path(QStringLiteral("data/a/b/up"))));
        Policy p = g.sandboxPolicy();
        p.readOnlyDirs = {g.path(QStringLiteral("data"))};
        auto r2 = g.run(QStringLiteral("console.log(1)"), p);
        QVERIFY(!r2.has_value());
        QCOMPARE(r2.error().code, ErrorCode::ConfigError);
    }

    void modulesFromOutsideDoNotLoad_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("static") << "import x from 'OUT/evil.js'; console.log('LOADED', x);";
        QTest::newRow("static relative") << "import x from '../outside/evil.js'; console.log('LOADED', x);";
        QTest::newRow("static json") << "import x from 'OUT/evil.json' with { type: 'json' }; console.log('LOADED', JSON.stringify(x));";
        QTest::newRow("literal dynamic") << "try { const m = await import('OUT/evil.js'); console.log('LOADED', m.default); } catch (e) { console.log('DENIED'); }";
        QTest::newRow("computed dynamic") << "const p = ['OUT', 'evil.js'].join('/'); try { const m = await import(p); console.log('LOADED', m.default); } catch (e) { console.log('DENIED'); }";
        QTest::newRow("computed json") << "const p = 'OUT/' + 'evil.json'; try { const m = await import(p, { with: { type: 'json' } }); console.log('LOADED', JSON.stringify(m.default)); } catch (e) { console.log('DENIED'); }";
        QTest::newRow("worker") << "try { const w = new Worker('file://OUT/evil.js', { type: 'module' }); w.onerror = (e) => { e.preventDefault(); console.log('DENIED'); }; await new Promise((r) => setTimeout(r, 800)); w.terminate(); } catch (e) { console.log('DENIED'); }";
        QTest::newRow("remote") << "try { await import('https://deno.land/std/version.ts'); console.log('LOADED'); } catch (e) { console.log('DENIED'); }";
        QTest::newRow("remote computed") << "const u = 'https://' + 'deno.land/std/version.ts'; try { await import(u); console.log('LOADED'); } catch (e) { console.log('DENIED'); }";
        QTest::newRow("npm computed") << "const n = 'npm:' + 'is-number'; try { await import(n); console.log('LOADED'); } catch (e) { console.log('DENIED'); }";
        QTest::newRow("data url reading") << "try { const m = await import('data:text/javascript,' + encodeURIComponent(\"export default Deno.readTextFileSync('OUT/secret.txt')\")); console.log('LOADED', m.default); } catch (e) { console.log('DENIED'); }";
    }

    void modulesFromOutsideDoNotLoad()
    {
        QFETCH(QString, code);
        ExecFixture f;
        f.write(QStringLiteral("work/main.ts"), code.replace(QStringLiteral("OUT"), f.outside()).toUtf8());
        auto r = f.runFile(f.path(QStringLiteral("work/main.ts")), f.sandboxPolicy());
        QVERIFY2(r.has_value(), qPrintable(diagnostics(r)));
        const QByteArray all = r->stdoutData + r->rawStderr;
        QVERIFY2(!all.contains("LOADED") && !all.contains("EVIL-MODULE-LOADED") && !all.contains("TOP-SECRET"),
                 qPrintable(diagnostics(r)));
    }

    void environmentDoesNotLeak()
    {
        qputenv("SANDBENCH_TEST_SECRET", "HOST-SECRET-VALUE");
        ExecFixture f;
        Policy p = f.sandboxPolicy();
        p.env.insert(QStringLiteral("GIVEN"), QStringLiteral("given-value"));
        auto r = f.run(QStringLiteral(
                "const tries = [() => Deno.env.get('SANDBENCH_TEST_SECRET'), () => JSON.stringify(Deno.env.toObject()),\n"
                "  () => Deno.readTextFileSync('/proc/self/environ'), () => Deno.readTextFileSync('/proc/1/environ'),\n"
                "  async () => (await import('node:process')).env.SANDBENCH_TEST_SECRET, () => Deno.env.get('DENO_DIR')];\n"
                "for (const t of tries) { try { console.log('GOT', await t()); } catch (e) { console.log('DENIED'); } }\n"
                "console.log('GIVEN=' + Deno.env.get('GIVEN'));"), p);
        QVERIFY2(r.has_value(), qPrintable(diagnostics(r)));
        QVERIFY2(!r->stdoutData.contains("HOST-SECRET-VALUE"), qPrintable(diagnostics(r)));
        QVERIFY2(r->stdoutData.contains("GIVEN=given-value"), qPrintable(diagnostics(r)));
        QVERIFY(denied(*r, QStringLiteral("env")));
        // --allow-env passes the host's value, and only that one.
        Policy allowEnv = f.sandboxPolicy();
        allowEnv.permissions.allowEnv = {QStringLiteral("SANDBENCH_TEST_SECRET")};
        auto r2 = f.run(QStringLiteral("console.log(Deno.env.get('SANDBENCH_TEST_SECRET'))"), allowEnv);
        QVERIFY2(r2.has_value() && r2->stdoutData.trimmed() == "HOST-SECRET-VALUE", qPrintable(diagnostics(r2)));
    }

    void reservedEnvNamesAreConfigurationErrors_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *name : {"DENO_DIR", "LD_PRELOAD", "ld_library_path", "DYLD_INSERT_LIBRARIES", "HTTPS_PROXY",
                                 "http_proxy", "NO_PROXY", "DENO_PERMISSION_BROKER_PATH", "NPM_CONFIG_REGISTRY", "BAD=NAME"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void reservedEnvNamesAreConfigurationErrors()
    {
        QFETCH(QString, name);
        ExecFixture f;
        Policy p = f.sandboxPolicy();
        p.env.insert(name, QStringLiteral("x"));
        auto r = f.run(QStringLiteral("console.log(1)"), p);
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().code, ErrorCode::ConfigError);
        Policy q = f.sandboxPolicy();
        q.permissions.allowEnv = {name};
        auto r2 = f.run(QStringLiteral("console.log(1)"), q);
        QVERIFY(!r2.has_value());
        QCOMPARE(r2.error().code, ErrorCode::ConfigError);
    }

    void subprocessesAreDenied_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("command") << "new Deno.Command('/bin/sh', { args: ['-c', 'echo RAN'] }).outputSync()";
        QTest::newRow("command path") << "new Deno.Command('sh', { args: ['-c', 'echo RAN'] }).outputSync()";
        QTest::newRow("child_process") << "(await import('node:child_process')).execFileSync('/bin/sh', ['-c', 'echo RAN'])";
        QTest::newRow("spawn detached") << "(await import('node:child_process')).spawn('/bin/sh', ['-c', 'echo RAN'], { detached: true })";
    }

    void subprocessesAreDenied()
    {
        QFETCH(QString, code);
        ExecFixture f;
        auto r = f.run(QStringLiteral("try { const out = %1; console.log('DONE', String(out?.stdout ?? '')); } catch (e) { console.log('DENIED'); }\nawait new Promise(r => setTimeout(r, 200));").arg(code),
                       f.sandboxPolicy());
        QVERIFY2(r.has_value(), qPrintable(diagnostics(r)));
        QVERIFY2(!r->stdoutData.contains("RAN") && !r->stdoutData.contains("DONE"), qPrintable(diagnostics(r)));
    }

    void ffiSysAndListenAreDenied_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("kind");
        QTest::newRow("dlopen") << "Deno.dlopen('/lib/x86_64-linux-gnu/libc.so.6', { getpid: { parameters: [], result: 'i32' } })" << "ffi";
        QTest::newRow("hostname") << "Deno.hostname()" << "sys";
        QTest::newRow("os release") << "Deno.osRelease()" << "sys";
        QTest::newRow("network interfaces") << "JSON.stringify(Deno.networkInterfaces())" << "sys";
        QTest::newRow("node os") << "(await import('node:os')).hostname()" << "sys";
        QTest::newRow("listen") << "Deno.listen({ port: 0 })" << "net";
        QTest::newRow("listen local") << "Deno.listen({ hostname: '127.0.0.1', port: 0 })" << "net";
        QTest::newRow("serve") << "Deno.serve({ port: 0, onListen() {} }, () => new Response('x'))" << "net";
        QTest::newRow("node http listen") << "await new Promise(async (ok, bad) => { const http = await import('node:http'); const srv = http.createServer(); srv.on('error', bad); srv.listen(0, '127.0.0.1', () => ok()); })" << "net";
    }

    void ffiSysAndListenAreDenied()
    {
        QFETCH(QString, code);
        QFETCH(QString, kind);
        ExecFixture f;
        auto r = f.run(QStringLiteral("try { const v = %1; console.log('GOT'); Deno.exit(0); } catch (e) { console.log('DENIED', e.message); }").arg(code),
                       f.sandboxPolicy());
        QVERIFY2(r.has_value(), qPrintable(diagnostics(r)));
        // Denied either in the try (stdout) or as an uncaught error (stderr); never carried out.
        QVERIFY2(!Test::printedLine(r->stdoutData, "GOT"), qPrintable(diagnostics(r)));
        QVERIFY2(r->stdoutData.contains("DENIED") || r->stderrData.contains("permission denied"), qPrintable(diagnostics(r)));
        QVERIFY2(denied(*r, kind), qPrintable(diagnostics(r)));
    }

    void networkSeesNoRequest_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("fetch") << "await fetch(URL_A)";
        QTest::newRow("fetch localhost") << "await fetch(URL_A.replace('127.0.0.1', 'localhost'))";
        QTest::newRow("fetch decimal ip") << "await fetch(URL_A.replace('127.0.0.1', '2130706433'))";
        QTest::newRow("connect") << "await Deno.connect({ hostname: '127.0.0.1', port: PORT_A })";
        QTest::newRow("connect hex") << "await Deno.connect({ hostname: '0x7f.0.0.1', port: PORT_A })";
        QTest::newRow("websocket") << "await new Promise((ok, bad) => { const w = new WebSocket(URL_A.replace('http', 'ws')); w.onopen = ok; w.onerror = bad; })";
        QTest::newRow("node net") << "await new Promise((ok, bad) => import('node:net').then(net => { const s = net.connect(PORT_A, '127.0.0.1', ok); s.on('error', bad); }))";
        QTest::newRow("node http") << "await new Promise((ok, bad) => import('node:http').then(http => http.get(URL_A, ok).on('error', bad)))";
        QTest::newRow("redirect hop") << "await (await fetch(URL_R)).text()";
        QTest::newRow("metadata") << "await fetch('http://169.254.169.254/latest/meta-data/', { signal: AbortSignal.timeout(500) })";
    }

    void networkSeesNoRequest()
    {
        QFETCH(QString, code);
        ExecFixture f;
        CountingServer forbidden;
        // An allowed server that redirects to the forbidden one: the hop must be checked too.
        QTcpServer redirector;
        QVERIFY(redirector.listen(QHostAddress::LocalHost));
        connect(&redirector, &QTcpServer::newConnection, &redirector, [&] {
            while (QTcpSocket *s = redirector.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [s, &forbidden] {
                    s->readAll();
                    s->write(QStringLiteral("HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:%1/\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                                     .arg(forbidden.port()).toUtf8());
                    s->disconnectFromHost();
                });
            }
        });
        Policy p = f.sandboxPolicy();
        p.permissions.allowNet = {QStringLiteral("127.0.0.1:%1").arg(redirector.serverPort())};
        const QString script = QStringLiteral("const PORT_A = %1; const URL_A = 'http://127.0.0.1:%1/'; const URL_R = 'http://127.0.0.1:%2/';\n"
                                              "try { %3; console.log('CONNECTED'); } catch (e) { console.log('DENIED', e.message); }")
                                       .arg(forbidden.port()).arg(redirector.serverPort()).arg(code);
        auto r = f.run(script, p);
        QVERIFY2(r.has_value(), qPrintable(diagnostics(r)));
        QCOMPARE(forbidden.connections(), 0);
        QVERIFY2(!r->stdoutData.contains("CONNECTED") && !r->stdoutData.contains("REACHED"), qPrintable(diagnostics(r)));
        QVERIFY2(denied(*r, QStringLiteral("net")), qPrintable(diagnostics(r)));
    }

    void allowedHostIsReached()
    {
        ExecFixture f;
        CountingServer allowed;
        Policy p = f.sandboxPolicy();
        p.permissions.allowNet = {QStringLiteral("127.0.0.1:%1").arg(allowed.port())};
        auto r = f.run(QStringLiteral("console.log(await (await fetch('http://127.0.0.1:%1/')).text())").arg(allowed.port()), p);
        QVERIFY2(r.has_value() && r->stdoutData.trimmed() == "REACHED", qPrintable(diagnostics(r)));
        QCOMPARE(allowed.connections(), 1);
        QVERIFY(r->allowCount >= 1);
    }

    void everyDescendantEndsWithTheRun()
    {
        ExecFixture f;
        Policy p = f.sandboxPolicy();
        p.permissions.allowRun = {QStringLiteral("/bin/sh")};
        p.timeoutMs = 3000;
        // A unique sleep length marks the processes of this run.
        const QString marker = QStringLiteral("sleep 1000.%1").arg(QCoreApplication::applicationPid());
        // A background child, a setsid'd grandchild and a double fork: none may outlive the run.
        auto r = f.run(QStringLiteral(
                "const sh = (s) => new Deno.Command('/bin/sh', { args: ['-c', s] }).spawn();\n"
                "sh('%1 &'); sh('setsid %1 &'); sh('( setsid %1 & ) &'); sh('nohup %1 >/dev/null 2>&1 &');\n"
                "await new Promise((r) => setTimeout(r, 300)); console.log('SPAWNED'); while (true) {}").arg(marker), p);
        QVERIFY2(r.has_value() && r->timedOut, qPrintable(diagnostics(r)));
        QVERIFY2(r->stdoutData.contains("SPAWNED"), qPrintable(diagnostics(r)));
        QTest::qWait(300);
        QProcess pgrep;
        pgrep.start(QStringLiteral("pgrep"), {QStringLiteral("-f"), QRegularExpression::escape(marker)});
        QVERIFY(pgrep.waitForFinished());
        QVERIFY2(pgrep.readAllStandardOutput().trimmed().isEmpty(), "a process of the run outlived it");
    }

    void auditLogHasEveryDecision()
    {
        ExecFixture f;
        const QString log = f.path(QStringLiteral("audit.jsonl"));
        ExecRequest request;
        request.code = QStringLiteral("for (const p of ['/etc/hostname', 'ok.txt']) { try { Deno.readTextFileSync(p) } catch {} }\ntry { Deno.env.get('HOME') } catch {}");
        request.policy = f.sandboxPolicy();
        request.auditLogPath = log;
        f.write(QStringLiteral("work/ok.txt"), "ok");
        auto r = ExecEngine::runSync(request);
        QVERIFY2(r.has_value(), qPrintable(diagnostics(r)));
        QFile file(log);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
        // The code itself, read by the loader before the run starts, then the three checks.
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines.size(), r->auditEvents.size());
        quint64 seq = 0;
        for (const QByteArray &line : lines) {
            AuditEvent e;
            QVERIFY2(AuditEvent::fromJsonLine(line, &e), line.constData());
            QCOMPARE(e.seq, ++seq);
            QVERIFY(e.pid > 0 || e.reason == QLatin1String("module graph"));
            QVERIFY(!e.rule.isEmpty());
            QVERIFY(line.contains("\"kind\"") && line.contains("\"action\"") && line.contains("\"resource\"") && line.contains("\"decision\""));
        }
        AuditEvent code, first, second, third;
        AuditEvent::fromJsonLine(lines[0], &code);
        AuditEvent::fromJsonLine(lines[1], &first);
        AuditEvent::fromJsonLine(lines[2], &second);
        AuditEvent::fromJsonLine(lines[3], &third);
        QVERIFY(code.allowed && code.rule == QLatin1String("code") && code.action == QLatin1String("load"));
        QVERIFY(!first.allowed && first.resource == QLatin1String("/etc/hostname"));
        QVERIFY(second.allowed && second.rule == QLatin1String("workdir"));
        QVERIFY(!third.allowed && third.kind == QLatin1String("env"));
    }

    void codeCannotRewriteItsAuditLog()
    {
        ExecFixture f;
        const QString log = f.path(QStringLiteral("work/audit.jsonl"));
        for (const bool sandbox : {true, false}) {
            ExecRequest request;
            request.code = QStringLiteral("try { Deno.readTextFileSync('/etc/hostname') } catch {}\n"
                                          "try { Deno.writeTextFileSync('audit.jsonl', ''); console.log('ERASED') } catch { console.log('KEPT') }\n"
                                          "try { Deno.removeSync('audit.jsonl'); console.log('ERASED') } catch { console.log('KEPT') }");
            request.policy = f.sandboxPolicy();
            request.policy.sandbox = sandbox;
            request.auditLogPath = log;
            auto r = ExecEngine::runSync(request);
            QVERIFY2(r.has_value(), qPrintable(diagnostics(r)));
            QCOMPARE(r->stdoutData, QByteArray("KEPT\nKEPT\n"));
            QVERIFY(QFileInfo(log).size() > 0);
        }
    }

    void withoutSandboxOnlyDeniedKindsAreDenied()
    {
        ExecFixture f;
        Policy p;
        p.workdir = f.workdir();
        p.permissions.denyNet = true;
        CountingServer server;
        auto r = f.run(QStringLiteral("console.log(Deno.readTextFileSync(%1));\ntry { await fetch('http://127.0.0.1:%2/'); console.log('NET'); } catch { console.log('NO NET'); }")
                               .arg(QLatin1Char('"') + f.path(QStringLiteral("outside/secret.txt")) + QLatin1Char('"'))
                               .arg(server.port()), p);
        QVERIFY2(r.has_value(), qPrintable(diagnostics(r)));
        QVERIFY2(r->stdoutData.contains("TOP-SECRET\nNO NET"), qPrintable(diagnostics(r)));
        QCOMPARE(server.connections(), 0);
    }
};

QTEST_GUILESS_MAIN(TestExecEscapes)
#include "tst_execescapes.moc"
