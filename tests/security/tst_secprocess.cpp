// Subprocesses, environment and native code. An allowed program is one binary, resolved when the
// policy is made: the code's PATH, cwd or a look-alike in the workdir cannot start another one
// (the namespace's Landlock rule refuses to execute anything else). Everything else is denied
// by the broker with its audit line.
#include "testsupport.h"
#include "securityfixture.h"

#include <QFile>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// A look-alike `echo` in the workdir: if it ever runs, FAKE-RAN appears.
void plantFakes(const ExecFixture &f)
{
    for (const char *name : {"work/echo", "work/bin/echo", "work/sh"}) {
        f.write(QLatin1String(name), "#!/bin/sh\necho FAKE-RAN\n");
        QFile::setPermissions(f.path(QLatin1String(name)), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }
}

QString spawn(const QString &command, const QString &options)
{
    return QStringLiteral("new TextDecoder().decode(new Deno.Command(%1, { args: ['REAL-ECHO'], ...%2 }).outputSync().stdout)")
            .arg(command, options);
}

} // namespace

class TestSecProcess : public QObject
{
    Q_OBJECT
private slots:
    // The broker allows `echo` (the name is allowed), the namespace refuses the other binary.
    void allowedNameStartsOnlyItsBinary_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("PATH to workdir") << spawn(QStringLiteral("'echo'"), QStringLiteral("{ env: { PATH: WORK } }"));
        QTest::newRow("PATH to workdir bin") << spawn(QStringLiteral("'echo'"), QStringLiteral("{ env: { PATH: WORK + '/bin:/usr/bin' } }"));
        QTest::newRow("empty PATH and cwd") << spawn(QStringLiteral("'echo'"), QStringLiteral("{ clearEnv: true, env: { PATH: '' }, cwd: WORK }"));
        QTest::newRow("relative PATH") << spawn(QStringLiteral("'echo'"), QStringLiteral("{ env: { PATH: '.' }, cwd: WORK }"));
        QTest::newRow("node spawn PATH") << "(await import('node:child_process')).execFileSync('echo', ['REAL-ECHO'], { env: { PATH: WORK } }).toString()";
        QTest::newRow("node spawnSync env") << "(await import('node:child_process')).spawnSync('echo', ['REAL-ECHO'], { env: { PATH: WORK }, encoding: 'utf8' }).stdout";
    }

    void allowedNameStartsOnlyItsBinary()
    {
        QFETCH(QString, code);
        ExecFixture f;
        plantFakes(f);
        Policy p = f.sandboxPolicy();
        p.permissions.allowRun = {QStringLiteral("echo")};
        p.permissions.allowEnv = {QStringLiteral("NODE_V8_COVERAGE")}; // node:child_process asks first
        const Attempt a = attempt(f, tryBody(code), p);
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        // Refused at exec (EACCES): neither the look-alike nor anything else printed a thing.
        QVERIFY2(!a.output().contains("FAKE-RAN") && !a.output().contains("GOT REAL-ECHO"), qPrintable(a.diagnostics()));
        // The audit names the request, and the rule that allowed the name.
        QVERIFY2(a.allowedInAudit(QStringLiteral("run"), QStringLiteral("echo")), qPrintable(a.diagnostics()));
    }

    void allowedProgramStillRuns()
    {
        ExecFixture f;
        plantFakes(f);
        Policy p = f.sandboxPolicy();
        p.permissions.allowRun = {QStringLiteral("echo")};
        const Attempt a = attempt(f, tryBody(spawn(QStringLiteral("'echo'"), QStringLiteral("{}"))), p);
        QVERIFY2(a.result.has_value() && a.result->stdoutData.contains("GOT REAL-ECHO"), qPrintable(a.diagnostics()));
        QVERIFY(!a.output().contains("FAKE-RAN"));
    }

    void otherProgramsAreDenied_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("resource");
        QTest::addColumn<QString>("kind"); // the kind the broker denied; "none": found no binary, asked nothing
        QTest::newRow("relative look-alike") << spawn(QStringLiteral("'./echo'"), QStringLiteral("{}")) << "./echo" << "run";
        QTest::newRow("absolute look-alike") << spawn(QStringLiteral("WORK + '/echo'"), QStringLiteral("{}")) << "/work/echo" << "run";
        QTest::newRow("shell") << spawn(QStringLiteral("'sh'"), QStringLiteral("{ args: ['-c', 'echo FAKE-RAN'] }")) << "sh" << "run";
        QTest::newRow("bin sh") << spawn(QStringLiteral("'/bin/sh'"), QStringLiteral("{ args: ['-c', 'echo FAKE-RAN'] }")) << "/bin/sh" << "run";
        QTest::newRow("dot-dot to sh") << spawn(QStringLiteral("'/usr/bin/../bin/sh'"), QStringLiteral("{}")) << "/usr/bin/../bin/sh" << "run";
        QTest::newRow("case variant") << spawn(QStringLiteral("'ECHO'"), QStringLiteral("{}")) << "ECHO" << "none";
        QTest::newRow("trailing space") << spawn(QStringLiteral("'echo '"), QStringLiteral("{}")) << "echo " << "none";
        QTest::newRow("the runtime itself") << spawn(QStringLiteral("Deno.execPath()"), QStringLiteral("{ args: ['eval', 'console.log(1)'] }")) << "deno" << "run";
        QTest::newRow("node exec shell") << "(await import('node:child_process')).execSync('echo FAKE-RAN').toString()" << "" << "env";
        QTest::newRow("node spawn shell") << "(await import('node:child_process')).spawnSync('echo', ['FAKE-RAN'], { shell: true, encoding: 'utf8' }).error.message" << "" << "env";
        QTest::newRow("LD_PRELOAD") << spawn(QStringLiteral("'echo'"), QStringLiteral("{ env: { LD_PRELOAD: WORK + '/x.so' } }")) << "" << "run";
        QTest::newRow("env") << spawn(QStringLiteral("'env'"), QStringLiteral("{}")) << "env" << "run";
    }

    void otherProgramsAreDenied()
    {
        QFETCH(QString, code);
        QFETCH(QString, resource);
        QFETCH(QString, kind);
        ExecFixture f;
        plantFakes(f);
        Policy p = f.sandboxPolicy();
        p.permissions.allowRun = {QStringLiteral("echo")};
        const Attempt a = attempt(f, tryBody(code), p);
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(!a.output().contains("FAKE-RAN") && !Test::printedLine(a.result->stdoutData, "GOT"), qPrintable(a.diagnostics()));
        if (kind == QLatin1String("none"))
            QVERIFY2(!a.allowedInAudit(QStringLiteral("run"), resource), qPrintable(a.diagnostics()));
        else
            QVERIFY2(a.deniedInAudit(kind, kind == QLatin1String("run") ? resource : QString()), qPrintable(a.diagnostics()));
    }

    void unknownProgramIsAConfigurationError()
    {
        ExecFixture f;
        Policy p = f.sandboxPolicy();
        p.permissions.allowRun = {QStringLiteral("no-such-program-xyz")};
        const Attempt a = attempt(f, QStringLiteral("1"), p);
        QVERIFY(!a.result.has_value());
        QCOMPARE(a.result.error().code, ErrorCode::ConfigError);
        QVERIFY(a.result.error().message.contains(QStringLiteral("no-such-program-xyz")));
    }

    void environmentIsDenied_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("resource");
        QTest::newRow("HOME") << "Deno.env.get('HOME')" << "HOME";
        QTest::newRow("PATH") << "Deno.env.get('PATH')" << "PATH";
        QTest::newRow("secret") << "Deno.env.get('SANDBENCH_TEST_SECRET')" << "SANDBENCH_TEST_SECRET";
        QTest::newRow("DENO_DIR") << "Deno.env.get('DENO_DIR')" << "DENO_DIR";
        QTest::newRow("broker path") << "Deno.env.get('DENO_PERMISSION_BROKER_PATH')" << "DENO_PERMISSION_BROKER_PATH";
        QTest::newRow("has") << "Deno.env.has('SANDBENCH_TEST_SECRET')" << "SANDBENCH_TEST_SECRET";
        QTest::newRow("toObject") << "Deno.env.toObject()" << "";
        QTest::newRow("node process env") << "(await import('node:process')).env.SANDBENCH_TEST_SECRET" << "SANDBENCH_TEST_SECRET";
        QTest::newRow("node env keys") << "Object.keys((await import('node:process')).env)" << "";
        QTest::newRow("set then get") << "(Deno.env.set('X_NEW', '1'), Deno.env.get('SANDBENCH_TEST_SECRET'))" << "X_NEW";
    }

    void environmentIsDenied()
    {
        QFETCH(QString, code);
        QFETCH(QString, resource);
        qputenv("SANDBENCH_TEST_SECRET", "HOST-SECRET-VALUE");
        ExecFixture f;
        const Attempt a = attempt(f, tryBody(code), f.sandboxPolicy());
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(!a.output().contains("HOST-SECRET-VALUE") && !Test::printedLine(a.result->stdoutData, "GOT"), qPrintable(a.diagnostics()));
        QVERIFY2(a.deniedInAudit(QStringLiteral("env"), resource), qPrintable(a.diagnostics()));
    }

    void nativeCodeIsDenied_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("dlopen libc") << "Deno.dlopen('/lib/x86_64-linux-gnu/libc.so.6', { getpid: { parameters: [], result: 'i32' } })";
        QTest::newRow("dlopen workdir") << "Deno.dlopen(WORK + '/evil.so', {})";
        QTest::newRow("dlopen bare") << "Deno.dlopen('libc.so.6', {})";
        QTest::newRow("node dlopen") << "(await import('node:process')).dlopen({ exports: {} }, WORK + '/evil.node')";
        QTest::newRow("node require addon") << "(await import('node:module')).createRequire(import.meta.url)(WORK + '/evil.node')";
    }

    void nativeCodeIsDenied()
    {
        QFETCH(QString, code);
        ExecFixture f;
        f.write(QStringLiteral("work/evil.so"), "not really");
        f.write(QStringLiteral("work/evil.node"), "not really");
        const Attempt a = attempt(f, tryBody(code), f.sandboxPolicy());
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(!Test::printedLine(a.result->stdoutData, "GOT"), qPrintable(a.diagnostics()));
        QVERIFY2(a.deniedInAudit(QStringLiteral("ffi"), QString()), qPrintable(a.diagnostics()));
    }
};

QTEST_GUILESS_MAIN(TestSecProcess)
#include "tst_secprocess.moc"
