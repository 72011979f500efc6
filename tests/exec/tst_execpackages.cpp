// The npm allowlist against the real runtime and the npm registry: allowed packages (and what
// they depend on) load, by npm: specifier and by bare name; anything else is refused with a
// clear message, including through computed imports and packages cached for other runs.
#include "execfixture.h"

#include <QTest>

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
};

QTEST_GUILESS_MAIN(TestExecPackages)
#include "tst_execpackages.moc"
