// The npm allowlist against the real runtime and the npm registry: allowed packages (and what
// they depend on) load, by npm: specifier and by bare name; anything else is refused with a
// clear message, including through computed imports and packages cached for other runs.
#include "execfixture.h"

#include "exec/nodecodecache.h"
#include "exec/preparedrun.h"

#include <QCryptographicHash>
#include <QDir>
#include <QProcess>
#include <QTest>

#include <fcntl.h>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestExecPackages : public QObject
{
    Q_OBJECT

    ExecFixture m_fixture;
    QString m_cache;

    Result<ExecResult> run(const QString &code, const QStringList &packages)
    {
        ExecRequest request;
        request.code = code;
        request.policy = m_fixture.sandboxPolicy();
        request.policy.allowPackages = packages;
        request.policy.timeoutMs = 120000;
        return ExecEngine::runSync(request, {{}, m_cache});
    }

    // The specifiers a runtime code cache holds, read by the runtime's own SQLite (read-only),
    // outside every sandbox: this is the test's trusted side.
    QStringList cachedSpecifiers(const QString &database)
    {
        const QString reader = m_fixture.path(QStringLiteral("read-cache.mjs"));
        m_fixture.write(QStringLiteral("read-cache.mjs"),
                        "import { DatabaseSync } from 'node:sqlite';\n"
                        "const db = new DatabaseSync(Deno.args[0], { readOnly: true });\n"
                        "for (const row of db.prepare('select specifier from codecache').all()) console.log(row.specifier);\n");
        const auto runtime = locateRuntime({});
        if (!runtime)
            return {QStringLiteral("no runtime: ") + runtime.error().message};
        QProcess deno;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DENO_DIR"), m_fixture.path(QStringLiteral("reader-deno-dir")));
        env.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
        deno.setProcessEnvironment(env);
        deno.start(runtime->path, {QStringLiteral("run"), QStringLiteral("--no-config"), QStringLiteral("--allow-read"), reader, database});
        if (!deno.waitForFinished(60000) || deno.exitCode() != 0)
            return {QStringLiteral("reader failed: ") + QString::fromUtf8(deno.readAllStandardError())};
        return QString::fromUtf8(deno.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    }

    static QByteArray digestOf(const QString &file)
    {
        QFile f(file);
        if (!f.open(QIODevice::ReadOnly))
            return {};
        return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
    }

private slots:
    void initTestCase()
    {
        // A cache of the test's own: nothing fetched by earlier runs on this machine counts.
        m_cache = m_fixture.path(QStringLiteral("cache"));
    }

    void allowedPackageLoadsWithItsDependencies()
    {
        auto r = run(QStringLiteral("import isOdd from 'npm:is-odd@3';\nimport again from 'is-odd';\nconsole.log(isOdd(3), again(4));"),
                     {QStringLiteral("is-odd@^3.0.0")});
        QVERIFY2(r.has_value(), qPrintable(r ? QString() : r.error().message));
        QVERIFY2(r->exitCode == 0, r->stderrData.constData());
        QCOMPARE(r->stdoutData, QByteArray("true false\n"));
    }

    void otherPackagesAreRefused_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("static") << "import pad from 'npm:left-pad@1'; console.log('LOADED', pad('x', 3));";
        QTest::newRow("bare") << "import pad from 'left-pad'; console.log('LOADED');";
        QTest::newRow("computed") << "const n = ['npm:left', 'pad@1'].join('-'); const m = await import(n); console.log('LOADED');";
        QTest::newRow("other major") << "import isOdd from 'npm:is-odd@2'; console.log('LOADED');";
    }

    void otherPackagesAreRefused()
    {
        QFETCH(QString, code);
        auto r = run(code, {QStringLiteral("is-odd@3")});
        QVERIFY2(r.has_value(), qPrintable(r ? QString() : r.error().message));
        QVERIFY(!r->stdoutData.contains("LOADED"));
        QCOMPARE(r->exitCode, std::optional<int>(1));
        QVERIFY2(r->stderrData.contains("not allowed"), r->stderrData.constData());
    }

    void noAllowListMeansNoPackages()
    {
        auto r = run(QStringLiteral("const m = await import('npm:' + 'is-odd@3'); console.log('LOADED');"), {});
        QVERIFY(r.has_value());
        QVERIFY(!r->stdoutData.contains("LOADED"));
        QVERIFY2(r->stderrData.contains("not allowed"), r->stderrData.constData());
    }

    void packagesCachedForAnotherAllowListAreNotFound()
    {
        // is-odd was fetched above for another list: a run allowed only is-number cannot reach it.
        auto r = run(QStringLiteral("const m = await import('npm:' + 'is-odd@3'); console.log('LOADED');"),
                     {QStringLiteral("is-number@7")});
        QVERIFY(r.has_value());
        QVERIFY(!r->stdoutData.contains("LOADED"));
        QCOMPARE(r->exitCode, std::optional<int>(1));
    }

    // Loading a package compiles about 95 modules of the runtime's own Node layer. Their code
    // cache is made once per runtime, in a trusted step, from our own module only, and each run
    // with packages gets a copy in its own cache (nodecodecache.h): nothing of any run's code is
    // in the template, and nothing a run's runtime writes to its copy reaches the template.
    void theNodeLayerIsCompiledOnceFromNothingOfARun()
    {
        const QString cache = m_fixture.path(QStringLiteral("layer-cache"));
        const auto runIn = [&](const QString &marker) {
            ExecRequest request;
            request.code = QStringLiteral("import isOdd from 'npm:is-odd@3';\nconst %1 = isOdd(3);\nconsole.log('%1', %1);").arg(marker);
            request.policy = m_fixture.sandboxPolicy();
            request.policy.allowPackages = {QStringLiteral("is-odd@3")};
            request.policy.timeoutMs = 120000;
            return ExecEngine::runSync(request, {{}, cache});
        };
        auto first = runIn(QStringLiteral("FIRST_RUN_MARKER"));
        QVERIFY2(first.has_value() && first->exitCode == 0, first ? first->stderrData.constData() : qPrintable(first.error().message));
        QCOMPARE(first->stdoutData, QByteArray("FIRST_RUN_MARKER true\n"));
        const QStringList templates = QDir(cache).entryList({QStringLiteral("node-code-cache-*")}, QDir::Dirs);
        QCOMPARE(templates.size(), 1);
        const QString folder = cache + QLatin1Char('/') + templates.first();
        QCOMPARE(QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("v8_code_cache_v2")});
        const QString database = folder + QStringLiteral("/v8_code_cache_v2");
        const QStringList specifiers = cachedSpecifiers(database);
        QVERIFY2(specifiers.size() > 50, qPrintable(specifiers.join(QLatin1Char('\n'))));
        for (const QString &specifier : specifiers) {
            const bool runtimeOwn = specifier.startsWith(QLatin1String("ext:")) || specifier.startsWith(QLatin1String("node:"));
            const bool ourModule = specifier.startsWith(QLatin1String("file:///")) && specifier.contains(QLatin1String("/node-layer/"));
            QVERIFY2(runtimeOwn || ourModule, qPrintable(specifier));
        }
        const QByteArray made = digestOf(database);
        QVERIFY(!made.isEmpty());

        // Another run: the same template, unchanged by what the first run's runtime compiled.
        auto second = runIn(QStringLiteral("SECOND_RUN_MARKER"));
        QVERIFY2(second.has_value() && second->exitCode == 0, second ? second->stderrData.constData() : qPrintable(second.error().message));
        QCOMPARE(QDir(cache).entryList({QStringLiteral("node-code-cache-*")}, QDir::Dirs), templates);
        QCOMPARE(digestOf(database), made);
        QVERIFY(!cachedSpecifiers(database).join(QLatin1Char(' ')).contains(QLatin1String("MARKER")));

        // A damaged template (another program's write, a full disk) costs speed, never the run:
        // the runtime starts its own cache over.
        for (const QByteArray &damage : {QByteArray("SQLite format 3\0damaged", 24), QByteArray(4096, '\x5a'), QByteArray()}) {
            QFile file(database);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            QCOMPARE(file.write(damage), damage.size());
            file.close();
            auto damaged = runIn(QStringLiteral("DAMAGED_RUN_MARKER"));
            QVERIFY2(damaged.has_value() && damaged->exitCode == 0, damaged ? damaged->stderrData.constData() : qPrintable(damaged.error().message));
            QCOMPARE(damaged->stdoutData, QByteArray("DAMAGED_RUN_MARKER true\n"));
        }
    }

    // Only a run that can load packages gets the copy: a descriptor open until its bubblewrap
    // reads it, closed on exec everywhere else, and closed with the run.
    void onlyRunsWithPackagesGetTheCopy()
    {
        ExecEngineConfig config;
        config.cacheDir = m_cache;
        ExecRequest plain;
        plain.code = QStringLiteral("console.log(1);");
        plain.policy = m_fixture.sandboxPolicy();
        {
            const auto prepared = prepareRun(plain, config);
            QVERIFY2(prepared.has_value(), prepared ? "" : qPrintable(prepared.error().message));
            QVERIFY(!prepared->nodeCodeCache);
            QVERIFY(!prepared->arguments.contains(QStringLiteral("--file")));
        }
        ExecRequest withPackages = plain;
        withPackages.policy.allowPackages = {QStringLiteral("is-odd@3")};
        int fd = -1;
        {
            const auto prepared = prepareRun(withPackages, config);
            QVERIFY2(prepared.has_value(), prepared ? "" : qPrintable(prepared.error().message));
            QVERIFY(prepared->nodeCodeCache);
            QCOMPARE(prepared->nodeCodeCache->files.size(), 1);
            fd = prepared->nodeCodeCache->files.first().fd;
            const qsizetype at = prepared->arguments.indexOf(QStringLiteral("--file"));
            QVERIFY(at >= 0);
            QCOMPARE(prepared->arguments.value(at + 1), QString::number(fd));
            QVERIFY(prepared->arguments.value(at + 2).endsWith(QLatin1String("/deno/v8_code_cache_v2")));
            QCOMPARE(prepared->arguments.count(QStringLiteral("--file")), 1);
            QVERIFY(::fcntl(fd, F_GETFD) & FD_CLOEXEC);
        }
        QCOMPARE(::fcntl(fd, F_GETFD), -1);
    }
};

QTEST_GUILESS_MAIN(TestExecPackages)
#include "tst_execpackages.moc"
