// The start-up module graph, end to end against the real runtime, cold and warm: every module the
// runtime evaluated (each says so on stdout) is on the run's audit record, as a start-up line or
// a broker decision, whichever method learned the graph; what the graph cannot reach is refused.
// The cases are those a faster graph method could miss: a computed specifier, a re-export
// chain, a byte order mark, a very long line, npm specifiers beside local modules.
#include "execfixture.h"

#include <QDeadlineTimer>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;
using namespace Qt::StringLiterals;

namespace {

constexpr int waitMs = 120000;

using Files = QList<std::pair<QString, QString>>; // workdir-relative name, source

QString loadedLine(const QString &name)
{
    return QStringLiteral("console.log('LOADED:%1');\n").arg(name);
}

// A long line of code full of what a careless scan would take for the end of a string, a
// comment or a regular expression, with an import at its very end.
QString longLine(const QString &tail)
{
    QString line = QStringLiteral("const filler = [");
    for (int i = 0; i < 20000; ++i)
        line += QStringLiteral("\"a'b`c//d/*e\\\"\", ");
    return line + QStringLiteral("]; ") + tail + QLatin1Char('\n');
}

Result<ExecResult> runOn(ExecEngine &engine, const ExecRequest &request)
{
    QSignalSpy finished(&engine, &ExecEngine::finished);
    QSignalSpy failed(&engine, &ExecEngine::failed);
    engine.start(request);
    QDeadlineTimer deadline(waitMs);
    while (finished.isEmpty() && failed.isEmpty() && !deadline.hasExpired())
        finished.wait(50);
    if (!failed.isEmpty())
        return std::unexpected(failed.first().first().value<Error>());
    if (finished.isEmpty())
        return fail(ErrorCode::Internal, QStringLiteral("the run did not end"));
    return finished.first().first().value<ExecResult>();
}

QStringList loadedModules(const ExecResult &result)
{
    QStringList names;
    static const QRegularExpression marker(QStringLiteral("LOADED:([A-Za-z0-9_./-]+)"));
    for (auto it = marker.globalMatch(QString::fromUtf8(result.stdoutData)); it.hasNext();)
        names << it.next().captured(1);
    return names;
}

// Each loaded module's file on the record as a read, before or during the run.
QStringList unaudited(const ExecFixture &f, const ExecResult &result, const QStringList &loaded)
{
    QStringList missing;
    for (const QString &name : loaded) {
        const QString path = f.workdir() + QLatin1Char('/') + name;
        const bool seen = std::any_of(result.auditEvents.cbegin(), result.auditEvents.cend(), [&](const AuditEvent &e) {
            return e.kind == QLatin1String("read") && e.resource == path;
        });
        if (!seen)
            missing << name;
    }
    return missing;
}

} // namespace

class TestStartUpAudit : public QObject
{
    Q_OBJECT

private slots:
    void everyLoadedModuleIsAudited_data()
    {
        QTest::addColumn<Files>("files");
        QTest::addColumn<QStringList>("expected"); // modules the runtime must evaluate
        QTest::addColumn<bool>("warm");
        for (const bool warm : {false, true}) {
            const char *mode = warm ? "warm" : "cold";
            QTest::addRow("computed specifier, %s", mode)
                    << Files{{u"main.ts"_s, u"const p = './comp' + 'uted.ts';\nawait import(p);\n"_s + loadedLine(u"main.ts"_s)},
                             {u"computed.ts"_s, loadedLine(u"computed.ts"_s) + u"export {};\n"_s}}
                    << QStringList{u"computed.ts"_s, u"main.ts"_s} << warm;
            QTest::addRow("computed specifier in an import, %s", mode)
                    << Files{{u"main.ts"_s, u"import './a.ts';\n"_s + loadedLine(u"main.ts"_s)},
                             {u"a.ts"_s, u"const n = ['dee', 'per.ts'].join('');\nawait import('./' + n);\n"_s + loadedLine(u"a.ts"_s)},
                             {u"deeper.ts"_s, loadedLine(u"deeper.ts"_s)}}
                    << QStringList{u"deeper.ts"_s, u"a.ts"_s, u"main.ts"_s} << warm;
            // Read through the broker when the code runs, with what it imports in turn.
            QTest::addRow("computed specifier with imports of its own, %s", mode)
                    << Files{{u"main.ts"_s, u"const parts = ['./lib/', 'comp.ts'];\nawait import(parts.join(''));\n"_s + loadedLine(u"main.ts"_s)},
                             {u"lib/comp.ts"_s, u"import { v } from './leaf.ts';\nexport * from '../leaf2.ts';\n"_s + loadedLine(u"lib/comp.ts"_s) + u"console.log(v);\n"_s},
                             {u"lib/leaf.ts"_s, loadedLine(u"lib/leaf.ts"_s) + u"export const v = 1;\n"_s},
                             {u"leaf2.ts"_s, loadedLine(u"leaf2.ts"_s) + u"export const w = 2;\n"_s}}
                    << QStringList{u"lib/leaf.ts"_s, u"leaf2.ts"_s, u"lib/comp.ts"_s, u"main.ts"_s} << warm;
            QTest::addRow("re-export chain, %s", mode)
                    << Files{{u"main.ts"_s, u"import { x } from './r1.ts';\n"_s + loadedLine(u"main.ts"_s) + u"console.log(x);\n"_s},
                             {u"r1.ts"_s, u"export * from './lib/r2.ts';\n"_s + loadedLine(u"r1.ts"_s)},
                             {u"lib/r2.ts"_s, u"export { x } from '../r3.ts';\n"_s + loadedLine(u"lib/r2.ts"_s)},
                             {u"r3.ts"_s, u"export * as ns from './r4.ts';\nexport const x = 1;\n"_s + loadedLine(u"r3.ts"_s)},
                             {u"r4.ts"_s, loadedLine(u"r4.ts"_s) + u"export const y = 2;\n"_s}}
                    << QStringList{u"r4.ts"_s, u"r3.ts"_s, u"lib/r2.ts"_s, u"r1.ts"_s, u"main.ts"_s} << warm;
            QTest::addRow("byte order mark, %s", mode)
                    << Files{{u"main.ts"_s, u"import './bom.ts';\n"_s + loadedLine(u"main.ts"_s)},
                             {u"bom.ts"_s, QStringLiteral("\uFEFFimport './afterbom.ts';\n") + loadedLine(u"bom.ts"_s)},
                             {u"afterbom.ts"_s, loadedLine(u"afterbom.ts"_s)}}
                    << QStringList{u"afterbom.ts"_s, u"bom.ts"_s, u"main.ts"_s} << warm;
            QTest::addRow("very long line, %s", mode)
                    << Files{{u"main.ts"_s, u"import './long.ts';\n"_s + loadedLine(u"main.ts"_s)},
                             {u"long.ts"_s, longLine(u"import './end.ts';"_s) + loadedLine(u"long.ts"_s)},
                             {u"end.ts"_s, loadedLine(u"end.ts"_s)}}
                    << QStringList{u"end.ts"_s, u"long.ts"_s, u"main.ts"_s} << warm;
        }
    }

    void everyLoadedModuleIsAudited()
    {
        QFETCH(Files, files);
        QFETCH(QStringList, expected);
        QFETCH(bool, warm);
        ExecFixture f;
        for (const auto &[name, source] : files)
            f.write(QStringLiteral("work/") + name, source.toUtf8());
        ExecRequest request;
        request.entrypoint = QStringLiteral("main.ts");
        request.policy = f.sandboxPolicy();
        request.policy.timeoutMs = waitMs;
        request.baseDir = f.root();
        ExecEngine engine;
        if (warm) {
            engine.setWarmTemplate(request);
            QDeadlineTimer deadline(waitMs);
            while (!engine.hasWarmRuntime() && !deadline.hasExpired())
                QTest::qWait(5);
            QVERIFY(engine.hasWarmRuntime());
        }
        const auto result = runOn(engine, request);
        QCOMPARE(engine.lastStartWasWarm(), warm);
        QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
        QVERIFY2(result->exitCode == 0, result->stderrData.constData());
        QCOMPARE(loadedModules(*result), expected);
        QCOMPARE(unaudited(f, *result, expected), QStringList());
    }

    // An npm specifier has no file of the graph's: the local modules around it are still audited,
    // and a package the policy does not allow is refused before anything of the code runs.
    void npmSpecifiers_data()
    {
        QTest::addColumn<QString>("main");
        QTest::addColumn<QStringList>("packages");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<bool>("succeeds");
        const QString main = u"import isOdd from 'npm:is-odd@3';\nimport { v } from './local.ts';\n"_s
                + loadedLine(u"main.ts"_s) + u"console.log(isOdd(3), v);\n"_s;
        QTest::newRow("allowed") << main << QStringList{u"is-odd@3"_s} << QStringList{u"local.ts"_s, u"main.ts"_s} << true;
        QTest::newRow("not allowed") << main << QStringList() << QStringList() << false;
        QTest::newRow("another version than allowed") << QString(main).replace(u"is-odd@3"_s, u"is-odd@2"_s)
                                                       << QStringList{u"is-odd@3"_s} << QStringList() << false;
        QTest::newRow("bare name not mapped")
                << (u"import isOdd from 'is-odd';\nimport './local.ts';\n"_s + loadedLine(u"main.ts"_s))
                << QStringList() << QStringList() << false;
    }

    void npmSpecifiers()
    {
        QFETCH(QString, main);
        QFETCH(QStringList, packages);
        QFETCH(QStringList, expected);
        QFETCH(bool, succeeds);
        for (const bool warm : {false, true}) {
            ExecFixture f;
            f.write(QStringLiteral("work/main.ts"), main.toUtf8());
            f.write(QStringLiteral("work/local.ts"), (loadedLine(u"local.ts"_s) + u"export const v = 1;\n"_s).toUtf8());
            ExecRequest request;
            request.entrypoint = QStringLiteral("main.ts");
            request.policy = f.sandboxPolicy();
            request.policy.allowPackages = packages;
            request.policy.timeoutMs = waitMs;
            request.baseDir = f.root();
            // The engine's own package cache: an allowed package is fetched once per machine
            // (the npm label), then found there offline.
            ExecEngine engine;
            if (warm) {
                engine.setWarmTemplate(request);
                QDeadlineTimer deadline(waitMs);
                while (!engine.hasWarmRuntime() && !deadline.hasExpired())
                    QTest::qWait(5);
                QVERIFY(engine.hasWarmRuntime());
            }
            const auto result = runOn(engine, request);
            QCOMPARE(engine.lastStartWasWarm(), warm);
            QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
            QCOMPARE(result->exitCode == 0, succeeds);
            QCOMPARE(loadedModules(*result), expected);
            QCOMPARE(unaudited(f, *result, expected), QStringList());
        }
    }
};

QTEST_GUILESS_MAIN(TestStartUpAudit)
#include "tst_startupaudit.moc"
