// Reads the broker never sees: the main module's static imports, literal dynamic imports and
// Worker start-up modules are loaded without a permission check, so the namespace must not hold
// anything the policy did not grant. Each attempt shows no content of the target, and no line
// of the audit log allows it.
#include "securityfixture.h"

#include "exec/permissionbroker.h"

#include <QTest>

using namespace Sandbench;
using namespace Qt::StringLiterals;
using namespace Sandbench::Test;

class TestSecImports : public QObject
{
    Q_OBJECT
private slots:
    void startUpGraphFindsOnlyGrants_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("marker"); // would appear in a code frame or the output if read
        QTest::newRow("proc environ") << "import '/proc/self/environ';" << "/proc/self/environ" << "DENO_PERMISSION_BROKER_PATH";
        QTest::newRow("proc environ pid") << "import '/proc/2/environ';" << "/proc/2/environ" << "DENO_DIR=";
        QTest::newRow("proc mountinfo") << "import '/proc/self/mountinfo';" << "/proc/self/mountinfo" << " - tmpfs ";
        QTest::newRow("proc mounts") << "import '/proc/mounts';" << "/proc/mounts" << " rw,";
        QTest::newRow("proc cmdline") << "import '/proc/self/cmdline';" << "/proc/self/cmdline" << "--no-prompt";
        QTest::newRow("proc status") << "import '/proc/self/status';" << "/proc/self/status" << "Name:";
        QTest::newRow("proc version") << "import '/proc/version';" << "/proc/version" << "Linux version";
        QTest::newRow("etc passwd") << "import '/etc/passwd';" << "/etc/passwd" << "root:x:0";
        QTest::newRow("etc hostname") << "import '/etc/hostname';" << "/etc/hostname" << QString::fromLocal8Bit(qgetenv("HOSTNAME"));
        QTest::newRow("ca bundle") << "import '/etc/ssl/certs/ca-certificates.crt';" << "/etc/ssl/certs" << "BEGIN CERTIFICATE";
        QTest::newRow("outside js") << "import 'OUT/evil.js';" << "/outside/evil.js" << "EVIL-MODULE-LOADED";
        QTest::newRow("outside json") << "import x from 'OUT/evil.json' with { type: 'json' }; console.log(JSON.stringify(x));" << "/outside/evil.json" << "TOP-SECRET";
        QTest::newRow("outside text") << "import 'OUT/secret.txt';" << "/outside/secret.txt" << "TOP-SECRET";
        QTest::newRow("outside relative") << "import '../outside/secret.txt';" << "/outside/secret.txt" << "TOP-SECRET";
        QTest::newRow("re-export") << "export * from 'OUT/evil.js';" << "/outside/evil.js" << "EVIL-MODULE-LOADED";
        QTest::newRow("literal dynamic") << "await import('OUT/evil.js');" << "/outside/evil.js" << "EVIL-MODULE-LOADED";
        QTest::newRow("literal dynamic proc") << "await import('/proc/self/environ');" << "/proc/self/environ" << "DENO_PERMISSION_BROKER_PATH";
        QTest::newRow("file url") << "import 'file://OUT/secret.txt';" << "/outside/secret.txt" << "TOP-SECRET";
        QTest::newRow("worker outside") << "new Worker('file://OUT/evil.js', { type: 'module' }); await new Promise((r) => setTimeout(r, 300));" << "/outside/evil.js" << "EVIL-MODULE-LOADED";
        QTest::newRow("worker proc") << "new Worker('file:///proc/self/environ', { type: 'module' }); await new Promise((r) => setTimeout(r, 300));" << "/proc/self/environ" << "DENO_PERMISSION_BROKER_PATH";
        QTest::newRow("engine cache") << "import 'CACHE/runtime-libs';" << "CACHE" << "libc.so";
        // What an in-process graph would miss: the runtime's broker decides these at run time.
        QTest::newRow("computed dynamic") << "const p = 'OUT/ev' + 'il.js'; await import(p);" << "/outside/evil.js" << "EVIL-MODULE-LOADED";
        QTest::newRow("templated dynamic") << "const n = 'evil'; await import(`OUT/${n}.js`);" << "/outside/evil.js" << "EVIL-MODULE-LOADED";
        QTest::newRow("bom") << QStringLiteral("\uFEFFimport 'OUT/evil.js';") << "/outside/evil.js" << "EVIL-MODULE-LOADED";
        QTest::newRow("long line") << QStringLiteral("let x = 0; ") + QStringLiteral("x += 1; ").repeated(40000) + QStringLiteral("import 'OUT/evil.js';")
                                   << "/outside/evil.js" << "EVIL-MODULE-LOADED";
        QTest::newRow("hidden by a regex") << "const r = /\"/; await import('OUT/evil.js'); const q = \"x\";" << "/outside/evil.js" << "EVIL-MODULE-LOADED";
    }

    void startUpGraphFindsOnlyGrants()
    {
        QFETCH(QString, source);
        QFETCH(QString, target);
        QFETCH(QString, marker);
        ExecFixture f;
        const QString cache = f.path(QStringLiteral("cache"));
        qputenv("SANDBENCH_CACHE_DIR", cache.toLocal8Bit());
        source.replace(QStringLiteral("OUT"), f.outside()).replace(QStringLiteral("CACHE"), cache)
                .replace(QStringLiteral("DENO"), QStringLiteral("/opt/sandbench/bin/deno"));
        const Attempt a = attemptFile(f, QStringLiteral("main.ts"), source.toUtf8() + "\nconsole.log('RAN-MAIN');\n", f.sandboxPolicy());
        qunsetenv("SANDBENCH_CACHE_DIR");
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        if (!marker.isEmpty())
            QVERIFY2(!a.output().contains(marker.toUtf8()), qPrintable(a.diagnostics()));
        QVERIFY2(!a.output().contains("EVIL-MODULE-LOADED") && !a.output().contains("TOP-SECRET"), qPrintable(a.diagnostics()));
        // The module graph failed to load: the main module did not run ...
        if (!source.contains(QStringLiteral("Worker")))
            QVERIFY2(!a.result->stdoutData.contains("RAN-MAIN"), qPrintable(a.diagnostics()));
        // ... and nothing in the audit log allowed the target.
        const QString resource = target == QLatin1String("CACHE") ? cache : target;
        QVERIFY2(!a.allowedInAudit(QStringLiteral("read"), resource), qPrintable(a.diagnostics()));
    }

    // The same imports of granted files do load: the test above fails for the right reason.
    void grantedImportsLoad()
    {
        ExecFixture f;
        f.write(QStringLiteral("work/lib.js"), "export const v = 'LIB-OK';\n");
        f.write(QStringLiteral("data/d.json"), "{\"v\": \"DATA-OK\"}");
        Policy p = f.sandboxPolicy();
        p.readOnlyDirs = {f.path(QStringLiteral("data"))};
        const Attempt a = attemptFile(f, QStringLiteral("main.ts"),
                                      "import { v } from './lib.js';\nimport d from '" + f.path(QStringLiteral("data/d.json")).toUtf8()
                                              + "' with { type: 'json' };\nconsole.log(v, d.v);\n", p);
        QVERIFY2(a.result.has_value() && a.result->stdoutData.contains("LIB-OK DATA-OK"), qPrintable(a.diagnostics()));
    }

    // The loader reads the start-up graph without asking the broker: the engine audits each
    // file of it (two levels of static imports and a JSON module here) before the run starts,
    // in the run's own namespace, so each line names the grant that holds the file.
    void grantedStartUpGraphIsAudited()
    {
        ExecFixture f;
        f.write(QStringLiteral("work/a.js"), "import { b } from './lib/b.js';\nexport const a = 'A-' + b;\n");
        f.write(QStringLiteral("work/lib/b.js"), "export const b = 'B-OK';\n");
        f.write(QStringLiteral("data/d.json"), "{\"v\": \"DATA-OK\"}");
        Policy p = f.sandboxPolicy();
        p.readOnlyDirs = {f.path(QStringLiteral("data"))};
        const Attempt a = attemptFile(f, QStringLiteral("main.ts"),
                                      "import { a } from './a.js';\nimport d from '" + f.path(QStringLiteral("data/d.json")).toUtf8()
                                              + "' with { type: 'json' };\nconsole.log(a, d.v); Deno.statSync('.');\n", p);
        QVERIFY2(a.result.has_value() && a.result->stdoutData.contains("A-B-OK DATA-OK"), qPrintable(a.diagnostics()));
        const QStringList expected = {f.path(QStringLiteral("work/main.ts")), f.path(QStringLiteral("work/a.js")),
                                      f.path(QStringLiteral("work/lib/b.js")), f.path(QStringLiteral("data/d.json"))};
        QStringList loaded;
        quint64 lastGraphSeq = 0;
        quint64 firstCheckSeq = 0;
        for (const AuditEvent &e : a.audit) {
            if (e.reason == QLatin1String("module graph")) {
                QVERIFY2(e.allowed && e.kind == QLatin1String("read") && e.action == QLatin1String("load"), qPrintable(a.diagnostics()));
                QVERIFY2(e.rule != QLatin1String("namespace"), qPrintable(e.resource + QLatin1Char(' ') + e.rule));
                loaded << e.resource;
                lastGraphSeq = qMax(lastGraphSeq, e.seq);
            } else if (!firstCheckSeq) {
                firstCheckSeq = e.seq;
            }
        }
        for (const QString &file : expected)
            QVERIFY2(loaded.count(file) == 1, qPrintable(file + QStringLiteral(" not audited once: ") + loaded.join(QLatin1Char(','))));
        QCOMPARE(loaded.size(), expected.size());
        // Written before the run started: every broker check comes after them.
        QVERIFY2(firstCheckSeq > lastGraphSeq, qPrintable(a.diagnostics()));
        // The in-memory events of the result carry the same lines.
        int inResult = 0;
        for (const AuditEvent &e : a.result->auditEvents)
            inResult += e.reason == QLatin1String("module graph");
        QCOMPARE(inResult, expected.size());
    }

    // The start-up graph is learned in process where that is certain (modulegraph.h); each of
    // these is a case a simpler scanner would miss, and every file the loader reads unasked is
    // still audited before the run, exactly once. A computed import is not part of that graph:
    // the broker decides it when it happens, and audits it then.
    void edgeCasesOfTheGraphAreAudited_data()
    {
        QTest::addColumn<QStringList>("files");    // work/<path>, contents, ...
        QTest::addColumn<QByteArray>("main");
        QTest::addColumn<QStringList>("graph");    // the module graph lines besides main.ts
        QTest::addColumn<QString>("decidedLater"); // a file the broker must audit as it is read
        QTest::newRow("re-export chain") << QStringList{u"r1.ts"_s, u"export { x } from './r2.ts';"_s, u"r2.ts"_s, u"export * from './lib/r3.ts';"_s,
                                                        u"lib/r3.ts"_s, u"export const x = 'CHAIN-OK';"_s}
                                         << QByteArray("export * from './r1.ts';\nimport { x } from './r1.ts';\nconsole.log(x);\n")
                                         << QStringList{u"r1.ts"_s, u"r2.ts"_s, u"lib/r3.ts"_s} << QString();
        QTest::newRow("bom") << QStringList{u"a.ts"_s, QStringLiteral("\uFEFFimport { b } from './b.ts';\nexport const a = b;"), u"b.ts"_s, u"export const b = 'BOM-OK';"_s}
                             << QByteArray("\xEF\xBB\xBFimport { a } from './a.ts';\nconsole.log(a);\n")
                             << QStringList{u"a.ts"_s, u"b.ts"_s} << QString();
        QTest::newRow("long line") << QStringList{u"a.ts"_s, QStringLiteral("let x = 0; ") + QStringLiteral("x += 1; ").repeated(40000)
                                                          + QStringLiteral("export { b as a } from './b.ts';"), u"b.ts"_s, u"export const b = 'LONG-OK';"_s}
                                   << QByteArray("import { a } from './a.ts';\nconsole.log(a);\n") << QStringList{u"a.ts"_s, u"b.ts"_s} << QString();
        QTest::newRow("json text dynamic type") << QStringList{u"d.json"_s, u"{\"v\": \"JSON-OK\"}"_s, u"t.txt"_s, u"TEXT-OK"_s, u"dyn.ts"_s, u"export const d = 'DYN-OK';"_s,
                                                               u"types.ts"_s, u"export type T = string;"_s}
                                                << QByteArray("import d from './d.json' with { type: 'json' };\nimport t from './t.txt' with { type: 'text' };\n"
                                                              "import type { T } from './types.ts';\nconst m = await import('./dyn.ts');\n"
                                                              "const s: T = d.v; console.log(s, t, m.d);\n")
                                                << QStringList{u"d.json"_s, u"t.txt"_s, u"dyn.ts"_s, u"types.ts"_s} << QString();
        QTest::newRow("computed") << QStringList{u"c.ts"_s, u"export const c = 'COMPUTED-OK';"_s}
                                  << QByteArray("const p = './' + 'c.ts'; const m = await import(p); console.log(m.c);\n")
                                  << QStringList{} << QStringLiteral("c.ts");
    }

    void edgeCasesOfTheGraphAreAudited()
    {
        QFETCH(QStringList, files);
        QFETCH(QByteArray, main);
        QFETCH(QStringList, graph);
        QFETCH(QString, decidedLater);
        ExecFixture f;
        for (qsizetype i = 0; i + 1 < files.size(); i += 2)
            f.write(QStringLiteral("work/") + files[i], files[i + 1].toUtf8());
        const Attempt a = attemptFile(f, QStringLiteral("main.ts"), main, f.sandboxPolicy());
        QVERIFY2(a.result.has_value() && a.result->exitCode == 0 && a.result->stdoutData.contains("-OK"), qPrintable(a.diagnostics()));
        QStringList expected = {f.path(QStringLiteral("work/main.ts"))};
        for (const QString &file : std::as_const(graph))
            expected << f.path(QStringLiteral("work/") + file);
        QStringList loaded;
        quint64 lastGraphSeq = 0;
        quint64 firstCheckSeq = 0;
        for (const AuditEvent &e : a.audit) {
            if (e.reason == QLatin1String("module graph")) {
                loaded << e.resource;
                lastGraphSeq = qMax(lastGraphSeq, e.seq);
            } else if (!firstCheckSeq) {
                firstCheckSeq = e.seq;
            }
        }
        expected.sort();
        loaded.sort();
        QCOMPARE(loaded, expected);
        QVERIFY2(!firstCheckSeq || firstCheckSeq > lastGraphSeq, qPrintable(a.diagnostics()));
        if (!decidedLater.isEmpty())
            QVERIFY2(a.allowedInAudit(QStringLiteral("read"), f.path(QStringLiteral("work/") + decidedLater)), qPrintable(a.diagnostics()));
    }

    // With --code, the file that holds the code is read by the loader too: audited first, under
    // a name that says what it is (its real name changes every run), with its imports after it.
    void codeGivenIsAudited()
    {
        ExecFixture f;
        f.write(QStringLiteral("work/a.js"), "export const a = 'A-OK';\n");
        const Attempt a = attempt(f, QStringLiteral("import { a } from './a.js'; console.log(a);"), f.sandboxPolicy());
        QVERIFY2(a.result.has_value() && a.result->stdoutData.contains("A-OK"), qPrintable(a.diagnostics()));
        QStringList loaded;
        for (const AuditEvent &e : a.audit) {
            if (e.reason != QLatin1String("module graph"))
                continue;
            loaded << e.resource;
            QVERIFY2(!e.resource.contains(QLatin1String(".sandbench-main-")), qPrintable(e.resource));
            if (e.resource == QLatin1String(PermissionBroker::codeEntryResource))
                QCOMPARE(e.rule, QStringLiteral("code"));
        }
        QCOMPARE(loaded, (QStringList{QLatin1String(PermissionBroker::codeEntryResource), f.path(QStringLiteral("work/a.js"))}));
    }
};

QTEST_GUILESS_MAIN(TestSecImports)
#include "tst_secimports.moc"
