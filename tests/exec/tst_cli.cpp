// sandbench-cli run, as a user calls it.
#include "execfixture.h"
#include "testsupport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestCli : public QObject
{
    Q_OBJECT
private slots:
    void helpListsEveryOption()
    {
        const CliRun help = runCli({QStringLiteral("run"), QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        for (const char *option : {"--sandbox", "--allow-read", "--allow-write", "--allow-net", "--allow-env", "--allow-run",
                                   "--allow-listen", "--deny-fs", "--deny-net", "--deny-env", "--deny-run",
                                   "--permission-policy", "--policy", "--audit-log", "--seed", "--freeze-time", "--timeout",
                                   "--max-memory", "--workdir", "--read-only-dir", "--allow-package", "--env",
                                   "--max-output-bytes", "--json", "--code"})
            QVERIFY2(help.stdoutData.contains(option), option);
        const CliRun top = runCli({QStringLiteral("--help")});
        QCOMPARE(top.exitCode, 0);
        QVERIFY(top.stdoutData.contains("run"));
    }

    // Every value of `sandbox run` is checked before any engine is asked, and the error names
    // the flag and the value as given (escaped): "--lifetime abc" used to become 0 seconds and an
    // error about lifetimeMs.
    void sandboxOptionsNameTheFlagAndTheValue_data()
    {
        QTest::addColumn<QStringList>("option");
        QTest::addColumn<QString>("expected");
        QTest::newRow("lifetime word") << QStringList{QStringLiteral("--lifetime"), QStringLiteral("abc")}
                                       << QStringLiteral("--lifetime: \"abc\" is not a number of seconds from 1 to 86400");
        QTest::newRow("lifetime zero") << QStringList{QStringLiteral("--lifetime"), QStringLiteral("0")} << QStringLiteral("--lifetime: \"0\"");
        QTest::newRow("lifetime negative") << QStringList{QStringLiteral("--lifetime"), QStringLiteral("-5")} << QStringLiteral("--lifetime: \"-5\"");
        QTest::newRow("lifetime huge") << QStringList{QStringLiteral("--lifetime"), QStringLiteral("99999999999999")} << QStringLiteral("--lifetime: \"99999999999999\"");
        QTest::newRow("exec timeout") << QStringList{QStringLiteral("--exec-timeout"), QStringLiteral("1.5")} << QStringLiteral("--exec-timeout: \"1.5\"");
        QTest::newRow("port word") << QStringList{QStringLiteral("--port"), QStringLiteral("http")} << QStringLiteral("--port: \"http\" is not a port from 1 to 65535");
        QTest::newRow("port range") << QStringList{QStringLiteral("--port"), QStringLiteral("70000")} << QStringLiteral("--port: \"70000\"");
        QTest::newRow("memory") << QStringList{QStringLiteral("--memory"), QStringLiteral("1g")} << QStringLiteral("--memory: \"1g\" is not a number of MiB");
        QTest::newRow("memory small") << QStringList{QStringLiteral("--memory"), QStringLiteral("8")} << QStringLiteral("--memory: \"8\"");
        QTest::newRow("cpus nan") << QStringList{QStringLiteral("--cpus"), QStringLiteral("nan")} << QStringLiteral("--cpus: \"nan\" is not a number of CPUs");
        QTest::newRow("cpus exponent") << QStringList{QStringLiteral("--cpus"), QStringLiteral("1e3")} << QStringLiteral("--cpus: \"1e3\"");
        QTest::newRow("cpus zero") << QStringList{QStringLiteral("--cpus"), QStringLiteral("0")} << QStringLiteral("--cpus: \"0\"");
        // The value is the user's text: on a terminal its escape sequences are shown, not obeyed.
        QTest::newRow("escape in value") << QStringList{QStringLiteral("--lifetime"), QStringLiteral("1\x1b[2J")}
                                         << QStringLiteral("--lifetime: \"1\\e[2J\"");
    }

    void sandboxOptionsNameTheFlagAndTheValue()
    {
        QFETCH(QStringList, option);
        QFETCH(QString, expected);
        const CliRun run = runCli(QStringList{QStringLiteral("sandbox"), QStringLiteral("run")} + option
                                  + QStringList{QStringLiteral("--"), QStringLiteral("true")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.stderrData).contains(expected), run.stderrData.constData());
    }

    void versionNamesTheRuntime()
    {
        const CliRun version = runCli({QStringLiteral("--version")});
        QCOMPARE(version.exitCode, 0);
        QVERIFY(version.stdoutData.contains("sandbench-cli 0.1.0"));
        QVERIFY(version.stdoutData.contains("deno 2.9.6"));
    }

    void passesOutputAndExitCodeThrough()
    {
        ExecFixture f;
        f.write(QStringLiteral("work/main.ts"), "console.log('hello', Deno.args.join(','));\nconsole.error('warned');\nDeno.exit(3);\n");
        const CliRun run = runCli({QStringLiteral("run"), QStringLiteral("--sandbox"), QStringLiteral("--workdir"), f.workdir(),
                                   f.path(QStringLiteral("work/main.ts")), QStringLiteral("--"), QStringLiteral("a"), QStringLiteral("b")});
        QCOMPARE(run.exitCode, 3);
        QCOMPARE(run.stdoutData, QByteArray("hello a,b\n"));
        QCOMPARE(run.stderrData, QByteArray("warned\n"));
    }

    void jsonResult()
    {
        const CliRun run = runCli({QStringLiteral("run"), QStringLiteral("--sandbox"), QStringLiteral("--json"),
                                   QStringLiteral("--code"), QStringLiteral("console.log(6 * 7)")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(run.stdoutData).object();
        QCOMPARE(o.value(QStringLiteral("stdout")).toString(), QStringLiteral("42\n"));
        QCOMPARE(o.value(QStringLiteral("exitCode")).toInt(), 0);
        QCOMPARE(o.value(QStringLiteral("timedOut")).toBool(), false);
        QCOMPARE(o.value(QStringLiteral("truncated")).toBool(), false);
        QVERIFY(o.contains(QStringLiteral("durationMs")));
        QVERIFY(o.contains(QStringLiteral("stderr")));
    }

    // An --env entry may hold an API key, and one without '=' may be a key pasted alone: a
    // refusal says which entry and what is wrong, and never shows the value.
    void runEnvRefusalsNeverShowAValue_data()
    {
        QTest::addColumn<QStringList>("entries");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no =") << QStringList{QStringLiteral("sk-SECRET-1234")} << QStringLiteral("--env #1: expected NAME=VALUE (there is no '=')");
        QTest::newRow("empty name") << QStringList{QStringLiteral("=sk-SECRET")} << QStringLiteral("--env #1: expected NAME=VALUE (the name is empty)");
        QTest::newRow("bad name") << QStringList{QStringLiteral("sk-SECRET=1")} << QStringLiteral("--env #1: the name holds '-' at character 3");
        QTest::newRow("control byte") << QStringList{QStringLiteral("KEY=SECRET\x1b[2J")} << QStringLiteral("--env #1: the value of KEY holds a control character");
        QTest::newRow("twice") << QStringList{QStringLiteral("KEY=1"), QStringLiteral("KEY=SECRET")} << QStringLiteral("--env #2: KEY is given twice");
    }

    void runEnvRefusalsNeverShowAValue()
    {
        QFETCH(QStringList, entries);
        QFETCH(QString, expected);
        QStringList args{QStringLiteral("run")};
        for (const QString &entry : entries)
            args << QStringLiteral("--env") << entry;
        args << QStringLiteral("--code") << QStringLiteral("1");
        const CliRun refused = runCli(args);
        QCOMPARE(refused.exitCode, 2);
        const QString said = QString::fromUtf8(refused.stderrData);
        QVERIFY2(said.contains(expected), qPrintable(said));
        QVERIFY2(!said.contains(QStringLiteral("SECRET")), qPrintable(said));
    }

    void documentedExitCodes()
    {
        QCOMPARE(runCli({QStringLiteral("run"), QStringLiteral("--timeout"), QStringLiteral("500"), QStringLiteral("--code"),
                         QStringLiteral("while(true){}")}).exitCode, 124);
        QCOMPARE(runCli({QStringLiteral("run"), QStringLiteral("--max-memory"), QStringLiteral("32"), QStringLiteral("--code"),
                         QStringLiteral("const a=[]; while(true) a.push({x: Math.random()})")}).exitCode, 125);
        const CliRun bad = runCli({QStringLiteral("run"), QStringLiteral("--timeout"), QStringLiteral("soon"), QStringLiteral("x.ts")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.stderrData.contains("--timeout"));
        QCOMPARE(runCli({QStringLiteral("run"), QStringLiteral("--bogus"), QStringLiteral("x.ts")}).exitCode, 2);
        QCOMPARE(runCli({QStringLiteral("run"), QStringLiteral("--env"), QStringLiteral("LD_PRELOAD=/x.so"), QStringLiteral("--code"), QStringLiteral("1")}).exitCode, 2);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SANDBENCH_DENO"), QStringLiteral("/nonexistent/deno"));
        const CliRun missing = runCli({QStringLiteral("run"), QStringLiteral("--code"), QStringLiteral("1")}, 30000, env);
        QCOMPARE(missing.exitCode, 3);
        QVERIFY(missing.stderrData.contains("environment error"));
    }

    void policyFileErrorsSayWhere()
    {
        ExecFixture f;
        f.write(QStringLiteral("policy.json"), "{\n  \"permissions\": {\n    \"allow_reed\": [\"x\"]\n  }\n}\n");
        const CliRun run = runCli({QStringLiteral("run"), QStringLiteral("--policy"), f.path(QStringLiteral("policy.json")),
                                   QStringLiteral("--code"), QStringLiteral("1")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.stderrData.contains("policy.json:3:5: unknown key \"allow_reed\""), run.stderrData.constData());
    }

    void flagsAddToThePolicyFile()
    {
        ExecFixture f;
        f.write(QStringLiteral("data/a.txt"), "A");
        f.write(QStringLiteral("data/b.txt"), "B");
        f.write(QStringLiteral("policy.json"), QStringLiteral("{\"sandbox\": true, \"permissions\": {\"allow_read\": [\"%1\"]}}")
                                                       .arg(f.path(QStringLiteral("data/a.txt"))).toUtf8());
        const QString code = QStringLiteral("for (const n of ['a', 'b']) { try { console.log(Deno.readTextFileSync('%1/' + n + '.txt')) } catch { console.log('denied ' + n) } }")
                                     .arg(f.path(QStringLiteral("data")));
        const CliRun fileOnly = runCli({QStringLiteral("run"), QStringLiteral("--policy"), f.path(QStringLiteral("policy.json")), QStringLiteral("--code"), code});
        QCOMPARE(fileOnly.stdoutData, QByteArray("A\ndenied b\n"));
        const CliRun both = runCli({QStringLiteral("run"), QStringLiteral("--policy"), f.path(QStringLiteral("policy.json")),
                                    QStringLiteral("--allow-read"), f.path(QStringLiteral("data/b.txt")), QStringLiteral("--code"), code});
        QCOMPARE(both.stdoutData, QByteArray("A\nB\n"));
    }

    void outputFloodPassThroughStaysCapped()
    {
        const CliRun run = runCli({QStringLiteral("run"), QStringLiteral("--max-output-bytes"), QStringLiteral("1000"), QStringLiteral("--code"),
                                   QStringLiteral("console.log('START'); for (let i = 0; i < 100000; i++) console.log('line ' + i); console.log('END')")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.stdoutData.startsWith("START"));
        QVERIFY(run.stdoutData.endsWith("END\n"));
        QVERIFY(run.stdoutData.contains("bytes dropped"));
        QVERIFY(run.stdoutData.size() < 1100);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
