// The start-up module graph learned in process (importlexer.h, localStartUpModules): it must
// never list less than the runtime's own `deno info` would, and must give up (so the engine
// asks the runtime) on anything it cannot be sure of. Each graph it does give is compared with
// the real runtime's on the same files.
#include "exec/execengine.h"
#include "exec/importlexer.h"
#include "exec/modulegraph.h"
#include "exec/runtimelocator.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;
using namespace Qt::StringLiterals;

namespace {

QStringList specifiers(const QList<ModuleImport> &imports)
{
    QStringList out;
    for (const ModuleImport &import : imports)
        out << import.specifier + (import.kind == ModuleImport::Kind::Data ? QStringLiteral(" (data)") : QString());
    return out;
}

QString longLine(const QString &tail)
{
    return QStringLiteral("let x = 0; ") + QStringLiteral("x += 1; ").repeated(40000) + tail + QLatin1Char('\n');
}

} // namespace

class TestModuleGraph : public QObject
{
    Q_OBJECT
private slots:
    void lexerFindsImports_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QStringList>("expected");
        const QStringList none;
        QTest::newRow("none") << "console.log('hi');" << none;
        QTest::newRow("default") << "import a from \"./a.ts\";" << QStringList{u"./a.ts"_s};
        QTest::newRow("side effect") << "import './s.js'" << QStringList{u"./s.js"_s};
        QTest::newRow("namespace") << "import * as ns from './n.ts';" << QStringList{u"./n.ts"_s};
        QTest::newRow("named") << "import { a, b as c, \"x-y\" as d } from \"./m.ts\";" << QStringList{u"./m.ts"_s};
        QTest::newRow("type") << "import type { T } from './t.ts';" << QStringList{u"./t.ts"_s};
        QTest::newRow("default and named") << "import d, { x } from './d.ts'" << QStringList{u"./d.ts"_s};
        QTest::newRow("named from") << "import from from './f.ts'" << QStringList{u"./f.ts"_s};
        QTest::newRow("defer") << "import defer * as x from './df.ts'" << QStringList{u"./df.ts"_s};
        QTest::newRow("re-export all") << "export * from './r.ts'" << QStringList{u"./r.ts"_s};
        QTest::newRow("re-export as") << "export * as q from './q.ts'" << QStringList{u"./q.ts"_s};
        QTest::newRow("re-export named") << "export { a, b as c } from './e.ts'" << QStringList{u"./e.ts"_s};
        QTest::newRow("re-export type") << "export type { T } from './et.ts'" << QStringList{u"./et.ts"_s};
        QTest::newRow("local exports") << "const a = 1; export { a }; export const b = 2; export default 3;\n"
                                          "export function f() {} export class C {} export type T = number;" << none;
        QTest::newRow("literal dynamic") << "await import('./dyn.ts');" << QStringList{u"./dyn.ts"_s};
        QTest::newRow("template dynamic") << "await import(`./tpl.ts`);" << QStringList{u"./tpl.ts"_s};
        QTest::newRow("json") << "import d from './d.json' with { type: 'json' };" << QStringList{u"./d.json (data)"_s};
        QTest::newRow("text") << "import t from './t.txt' with { type: \"text\" };" << QStringList{u"./t.txt (data)"_s};
        QTest::newRow("assert json") << "import d from './a.json' assert { type: 'json' };" << QStringList{u"./a.json (data)"_s};
        QTest::newRow("in literals") << "const s = \"import x from './no.ts'\"; const t = `import('./no2.ts')`;\n"
                                        "const r = /import \"x\"/; const u = 'export * from \"./no3.ts\"';" << none;
        QTest::newRow("quote in regex") << "const r = /\"/; import './after.ts'; const q = \"x\";" << QStringList{u"./after.ts"_s};
        QTest::newRow("division") << "const h = a / 2; import './div.ts'; const k = b / 3;" << QStringList{u"./div.ts"_s};
        QTest::newRow("division after a call") << "const h = f(a) / 2; const l = [import('./call.ts')]; const k = b / 3;" << QStringList{u"./call.ts"_s};
        QTest::newRow("division after a property") << "const v = o.return / 2; const l = [import('./kw.ts')]; const k = b / 3;" << QStringList{u"./kw.ts"_s};
        QTest::newRow("regex after if") << "if (x) /\"/.test(y); import './ctl.ts';" << QStringList{u"./ctl.ts"_s};
        QTest::newRow("nested templates") << "const s = `a${ `b${ \"c\" }` }d`; import './tpl2.ts';" << QStringList{u"./tpl2.ts"_s};
        QTest::newRow("regex in substitution") << "const s = `${/\"/.source}`; import('./sub.ts');" << QStringList{u"./sub.ts"_s};
        QTest::newRow("bom") << QStringLiteral("\uFEFFimport './bom.ts';") << QStringList{u"./bom.ts"_s};
        QTest::newRow("hashbang") << "#!/usr/bin/env -S deno run\nimport './hb.ts';" << QStringList{u"./hb.ts"_s};
        QTest::newRow("long line") << longLine(QStringLiteral("import('./long.ts');")) << QStringList{u"./long.ts"_s};
        QTest::newRow("import.meta") << "console.log(import.meta.url, import.meta.resolve('./res.ts'));" << none;
        QTest::newRow("properties") << "const o = { import: 1, export: 2 }; o.import; o?.export; class A { #import = 1 }" << none;
        QTest::newRow("worker") << "new Worker(new URL('./w.ts', import.meta.url), { type: 'module' });" << none;
        // No literal text in the argument: no graph can name the module, the broker hears of it.
        QTest::newRow("computed dynamic") << "const m = './a' + '.ts'; await import(m);" << none;
        QTest::newRow("computed from expressions") << "await import(dir + names[i].file + ext(1));" << none;
        QTest::newRow("computed beside a literal one") << "await import(p); await import('./lit.ts');" << QStringList{u"./lit.ts"_s};
        QTest::newRow("nested call") << "await import(pick((a), [b, {c}]));" << none;
    }

    void lexerFindsImports()
    {
        QFETCH(QString, source);
        QFETCH(QStringList, expected);
        const auto imports = scanModuleImports(source);
        QVERIFY2(imports.has_value(), qPrintable(source.left(200)));
        QCOMPARE(specifiers(*imports), expected);
    }

    // Each of these hides an import from a simpler scanner, or names a dependency outside the
    // import syntax: the lexer gives up rather than guess.
    void lexerGivesUp_data()
    {
        QTest::addColumn<QString>("source");
        QTest::newRow("concatenated dynamic") << "await import('./a' + x);";
        QTest::newRow("literal after the expression") << "await import(x + '/a.ts');";
        QTest::newRow("literal deep in the expression") << "await import(f(a, \"./b.ts\"));";
        QTest::newRow("template in the expression") << "await import(f(`./${x}.ts`));";
        QTest::newRow("regex in the expression") << "await import(x.replace(/a/, y));";
        QTest::newRow("computed with options") << "await import(p, o);";
        QTest::newRow("empty dynamic") << "await import();";
        QTest::newRow("template with substitution") << "await import(`./${name}.ts`);";
        QTest::newRow("dynamic with options") << "await import('./x.json', { with: { type: 'json' } });";
        QTest::newRow("non-null then division") << "const n = x! / 2; const a = [import('./hid.ts')]; const m = y / 3;";
        QTest::newRow("block then slash") << "function f() {} /\"/; import('./hid.ts'); const q = \"x\";";
        QTest::newRow("postfix then slash") << "i++ / 2; const a = [import('./hid.ts')]; const m = y / 3;";
        QTest::newRow("require") << "const fs = require('./x.cjs');";
        QTest::newRow("ts import equals") << "import fs = Foo.bar;";
        QTest::newRow("reference") << "/// <reference path=\"./x.ts\" />\nconsole.log(1);";
        QTest::newRow("deno types") << "// @deno-types=\"./x.d.ts\"\nimport x from './x.js';";
        QTest::newRow("jsx pragma") << "/** @jsxImportSource ./jsx */\nconsole.log(1);";
        QTest::newRow("jsdoc import") << "/** @type {import('./t.ts').T} */\nconst x = 1;";
        QTest::newRow("escaped keyword") << "im\\u0070ort './x.ts';";
        QTest::newRow("escaped specifier") << "import './\\x61.ts';";
        QTest::newRow("unknown attribute") << "import s from './s.css' with { type: 'css' };";
        QTest::newRow("unterminated string") << "const s = 'abc\nimport './x.ts';";
        QTest::newRow("unterminated comment") << "/* import './x.ts';";
        QTest::newRow("unbalanced") << "} import './x.ts';";
        QTest::newRow("export import") << "export import A = B.C;";
        QTest::newRow("class method import") << "class A { import() {} }";
    }

    void lexerGivesUp()
    {
        QFETCH(QString, source);
        QVERIFY2(!scanModuleImports(source).has_value(), qPrintable(source));
    }

    // Real files, the in-process graph against the runtime's own: `same` rows must give a graph
    // and it must be the runtime's exactly; the others must give up.
    void localGraphMatchesRuntime_data()
    {
        QTest::addColumn<QStringList>("files"); // path, contents, path, contents, ...
        QTest::addColumn<bool>("same");
        QTest::newRow("hello") << QStringList{u"main.ts"_s, u"console.log('hi');"_s} << true;
        QTest::newRow("two local") << QStringList{u"main.ts"_s, u"import { a } from './a.ts';\nimport { b } from './lib/b.js';\nconsole.log(a, b);"_s,
                                                  u"a.ts"_s, u"export const a = 1;"_s, u"lib/b.js"_s, u"import { c } from '../c.mjs';\nexport const b = c;"_s,
                                                  u"c.mjs"_s, u"export const c = 3;"_s} << true;
        QTest::newRow("re-export chain") << QStringList{u"main.ts"_s, u"export * from './r1.ts';"_s, u"r1.ts"_s, u"export { x } from './r2.ts';"_s,
                                                        u"r2.ts"_s, u"export * from './r3.ts';"_s, u"r3.ts"_s, u"export const x = 1;"_s} << true;
        QTest::newRow("json text dynamic type") << QStringList{u"main.ts"_s, u"import d from './d.json' with { type: 'json' };\n"_s
                                                               u"import t from './t.txt' with { type: 'text' };\n"_s
                                                               u"import type { T } from './types.ts';\n"_s
                                                               u"await import('./dyn.ts'); await import(`./tpl.ts`);"_s,
                                                               u"d.json"_s, u"{}"_s, u"t.txt"_s, u"hi"_s, u"types.ts"_s, u"export type T = 1;"_s,
                                                               u"dyn.ts"_s, u"export {};"_s, u"tpl.ts"_s, u"export {};"_s} << true;
        QTest::newRow("bom module") << QStringList{u"main.ts"_s, u"import './a.ts';"_s, u"a.ts"_s, QStringLiteral("\uFEFFimport './b.ts';"),
                                                   u"b.ts"_s, u"export {};"_s} << true;
        QTest::newRow("long line") << QStringList{u"main.ts"_s, u"import './a.ts';"_s, u"a.ts"_s, longLine(QStringLiteral("import './b.ts';")),
                                                  u"b.ts"_s, u"export {};"_s} << true;
        QTest::newRow("builtins and npm") << QStringList{u"main.ts"_s, u"import fs from 'node:fs';\nimport 'npm:left-pad@1';\nconsole.log(fs);"_s} << true;
        QTest::newRow("not loaded") << QStringList{u"main.ts"_s, u"new Worker(new URL('./w.ts', import.meta.url), { type: 'module' });\n"_s
                                                   u"console.log(import.meta.resolve('./r.ts'));"_s, u"w.ts"_s, u"export {};"_s, u"r.ts"_s, u"export {};"_s} << true;
        QTest::newRow("text then code") << QStringList{u"main.ts"_s, u"import t from './a.ts' with { type: 'text' };\nimport './a.ts';"_s,
                                                       u"a.ts"_s, u"import './b.ts';"_s, u"b.ts"_s, u"export {};"_s} << true;
        // The runtime's graph cannot see a computed import either: the same list without a
        // second runtime start. With literal text in it, the runtime's graph lists every file
        // the pattern could name (m/a.ts and m/b.ts here), so that case must give up.
        QTest::newRow("computed") << QStringList{u"main.ts"_s, u"const p = './a' + '.ts'; await import(p);"_s, u"a.ts"_s, u"export {};"_s} << true;
        QTest::newRow("computed deeper") << QStringList{u"main.ts"_s, u"import './a.ts';"_s, u"a.ts"_s, u"const p = './b' + '.ts'; await import(p);"_s,
                                                        u"b.ts"_s, u"export {};"_s} << true;
        QTest::newRow("pattern") << QStringList{u"main.ts"_s, u"await import('./m/' + Deno.args[0] + '.ts');"_s,
                                                u"m/a.ts"_s, u"export {};"_s, u"m/b.ts"_s, u"export {};"_s} << false;
        QTest::newRow("template pattern") << QStringList{u"main.ts"_s, u"await import(`./m/${Deno.args[0]}.ts`);"_s,
                                                         u"m/a.ts"_s, u"export {};"_s, u"m/b.ts"_s, u"export {};"_s} << false;
        QTest::newRow("missing") << QStringList{u"main.ts"_s, u"import './nothere.ts';"_s} << false;
        QTest::newRow("outside") << QStringList{u"main.ts"_s, u"import '../elsewhere/x.ts';"_s, u"../elsewhere/x.ts"_s, u"export {};"_s} << false;
        QTest::newRow("hidden") << QStringList{u"main.ts"_s, u"import './private/x.ts';"_s, u"private/x.ts"_s, u"export {};"_s} << false;
        QTest::newRow("bare") << QStringList{u"main.ts"_s, u"import 'chalk';"_s} << false;
        QTest::newRow("query") << QStringList{u"main.ts"_s, u"import './a.ts?x';"_s, u"a.ts"_s, u"export {};"_s} << false;
        QTest::newRow("jsx file") << QStringList{u"main.ts"_s, u"import './a.tsx';"_s, u"a.tsx"_s, u"export {};"_s} << false;
        QTest::newRow("json without attribute") << QStringList{u"main.ts"_s, u"import './d.json';"_s, u"d.json"_s, u"{}"_s} << false;
        QTest::newRow("remote") << QStringList{u"main.ts"_s, u"import 'https://example.invalid/x.ts';"_s} << false;
        QTest::newRow("file url") << QStringList{u"main.ts"_s, u"import 'file:///etc/passwd';"_s} << false;
        QTest::newRow("not utf-8") << QStringList{u"main.ts"_s, u"import './a.ts';"_s, u"a.ts"_s, QString()} << false;
    }

    void localGraphMatchesRuntime()
    {
        QFETCH(QStringList, files);
        QFETCH(bool, same);
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString root = QDir(tmp.path()).canonicalPath();
        const QString dir = root + QStringLiteral("/work");
        for (qsizetype i = 0; i + 1 < files.size(); i += 2) {
            const QString path = QDir::cleanPath(dir + QLatin1Char('/') + files[i]);
            QDir().mkpath(QFileInfo(path).path());
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(files[i + 1].isNull() ? QByteArray("import './b.ts'; // \xff\xfe") : files[i + 1].toUtf8());
        }
        const LocalGraphScope scope = localGraphScope(false, false, {dir}, {dir + QStringLiteral("/private")}, {});
        const QString entry = dir + QStringLiteral("/main.ts");
        const auto local = localStartUpModules(entry, scope);
        if (!same) {
            QVERIFY2(!local.has_value(), qPrintable(local ? local->join(QLatin1Char(',')) : QString()));
            return;
        }
        QVERIFY(local.has_value());
        auto runtime = locateRuntime(ExecEngineConfig{});
        QVERIFY2(runtime.has_value(), qPrintable(runtime ? QString() : runtime.error().message));
        QProcess info;
        QProcessEnvironment env;
        env.insert(QStringLiteral("DENO_DIR"), root + QStringLiteral("/deno"));
        env.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
        env.insert(QStringLiteral("DENO_NO_PACKAGE_JSON"), QStringLiteral("1"));
        env.insert(QStringLiteral("DENO_NO_UPDATE_CHECK"), QStringLiteral("1"));
        info.setProcessEnvironment(env);
        info.setWorkingDirectory(dir);
        info.start(runtime->path, {QStringLiteral("info"), QStringLiteral("--json"), QStringLiteral("--no-config"), QStringLiteral("--no-remote"),
                                   QStringLiteral("--no-lock"), QStringLiteral("--no-npm"), entry});
        QVERIFY(info.waitForFinished(60000));
        QCOMPARE(*local, moduleGraphFiles(info.readAllStandardOutput()));
    }

    // An import map the in-process method does not know (anything but package names mapped to
    // npm:, and a seed's node:crypto shim, which it never resolves itself) leaves it to the runtime.
    void importMapScope()
    {
        QVERIFY(localGraphScope(false, false, {u"/w"_s}, {}, "{\"imports\":{\"chalk\":\"npm:chalk@5\",\"chalk/\":\"npm:chalk@5/\"}}").usable);
        QVERIFY(!localGraphScope(false, false, {u"/w"_s}, {}, "{\"imports\":{\"./a.ts\":\"./b.ts\"}}").usable);
        QVERIFY(!localGraphScope(false, false, {u"/w"_s}, {}, "{\"imports\":{\"x\":\"file:///etc/passwd\"}}").usable);
        QVERIFY(!localGraphScope(true, false, {u"/"_s}, {}, {}).usable);
        QVERIFY(!localGraphScope(false, true, {u"/w"_s}, {}, {}).usable);

        QTemporaryDir tmp;
        const QString dir = QDir(tmp.path()).canonicalPath();
        QFile main(dir + QStringLiteral("/main.ts"));
        QVERIFY(main.open(QIODevice::WriteOnly));
        main.write("import chalk from 'chalk';\nimport sub from 'chalk/sub';\nconsole.log(chalk, sub);\n");
        main.close();
        const QString entry = main.fileName();
        const QByteArray map = "{\"imports\":{\"chalk\":\"npm:chalk@5\",\"chalk/\":\"npm:chalk@5/\",\"node:crypto\":\"file:///p/node-crypto.js\"}}";
        const auto graph = localStartUpModules(entry, localGraphScope(false, false, {dir}, {}, map));
        QVERIFY(graph.has_value());
        QCOMPARE(*graph, QStringList{entry});
        QVERIFY(main.open(QIODevice::WriteOnly | QIODevice::Truncate));
        main.write("import { randomBytes } from 'node:crypto';\n");
        main.close();
        QVERIFY(!localStartUpModules(entry, localGraphScope(false, false, {dir}, {}, map)).has_value());
        QVERIFY(localStartUpModules(entry, localGraphScope(false, false, {dir}, {}, {})).has_value());
    }

    // A module reached through a symlink is the runtime's to report (it may name the link).
    void symlinkLeftToRuntime()
    {
        QTemporaryDir tmp;
        const QString dir = QDir(tmp.path()).canonicalPath();
        QFile a(dir + QStringLiteral("/a.ts"));
        QVERIFY(a.open(QIODevice::WriteOnly));
        a.write("export {};\n");
        a.close();
        QVERIFY(QFile::link(dir + QStringLiteral("/a.ts"), dir + QStringLiteral("/l.ts")));
        QFile main(dir + QStringLiteral("/main.ts"));
        QVERIFY(main.open(QIODevice::WriteOnly));
        main.write("import './l.ts';\n");
        main.close();
        const LocalGraphScope scope = localGraphScope(false, false, {dir}, {}, {});
        QVERIFY(!localStartUpModules(main.fileName(), scope).has_value());
        QVERIFY(!localStartUpModules(dir + QStringLiteral("/l.ts"), scope).has_value());
    }
};

QTEST_GUILESS_MAIN(TestModuleGraph)
#include "tst_modulegraph.moc"
