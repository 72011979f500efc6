// The values a replay is given for names a recording kept without them: which names a session
// needs (a value the run had) or may take (a host variable), how NAME=VALUE and values files are
// read, and that a refusal names the variable and the line but never echoes what may be a value.
#include "session/exec/execsessionmanifest.h"
#include "session/replayvalues.h"
#include "session/sandbox/sandboxsession.h"
#include "testsupport.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

class TestReplayValues : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QString &name, const QByteArray &data)
    {
        const QString path = m_dir.filePath(name);
        Test::writeFile(path, data);
        return path;
    }

private slots:
    void namesFromAnExecManifest()
    {
        ExecSessionManifest m;
        m.environment = {{QStringLiteral("TOKEN"), QStringLiteral("policy"), std::nullopt},
                         {QStringLiteral("HOME"), QStringLiteral("host"), std::nullopt},
                         {QStringLiteral("KEPT"), QStringLiteral("policy"), QStringLiteral("v")},
                         {QStringLiteral("FUTURE"), QStringLiteral("secret"), std::nullopt}};
        const ReplayValueNames names = replayValueNames(m);
        // A source this version does not know is required: fail closed rather than run without it.
        QCOMPARE(names.required, (QStringList{QStringLiteral("TOKEN"), QStringLiteral("FUTURE")}));
        QCOMPARE(names.optional, QStringList{QStringLiteral("HOME")});
        QVERIFY(!names.contains(QStringLiteral("KEPT")));
    }

    void namesFromASandboxSession()
    {
        SandboxSession s;
        s.envNames = {QStringLiteral("A"), QStringLiteral("B")};
        s.envValues = {{QStringLiteral("B"), QStringLiteral("b")}};
        SandboxExecStep exec;
        exec.envNames = {QStringLiteral("C"), QStringLiteral("A")};
        s.steps << SandboxStep{exec, {}};
        QCOMPARE(replayValueNames(s).required, (QStringList{QStringLiteral("A"), QStringLiteral("C")}));
    }

    void checkNamesEveryMissingAndUnknownName()
    {
        const ReplayValueNames names{{QStringLiteral("A"), QStringLiteral("B")}, {QStringLiteral("H")}};
        QVERIFY(checkReplayValues(names, {{QStringLiteral("A"), {}}, {QStringLiteral("B"), QStringLiteral("x")}}));
        QVERIFY(checkReplayValues(names, {{QStringLiteral("A"), {}}, {QStringLiteral("B"), {}}, {QStringLiteral("H"), {}}}));
        QVERIFY(checkReplayValues(names, {{QStringLiteral("A"), {}}}, {QStringLiteral("B")}));
        auto missing = checkReplayValues(names, {});
        QVERIFY(!missing);
        QCOMPARE(missing.error().code, ErrorCode::ConfigError);
        QVERIFY(missing.error().message.endsWith(QStringLiteral("their values: A, B")));
        auto both = checkReplayValues(names, {{QStringLiteral("A"), QStringLiteral("secret-value")}, {QStringLiteral("Z"), QStringLiteral("secret-value")}});
        QVERIFY(!both);
        QCOMPARE(both.error().message, QStringLiteral("the recording kept only the name of a variable, so the replay needs its value: B; "
                                                      "the session has no variable Z"));
        QVERIFY(checkReplayValues({}, {}));
        QVERIFY(!checkReplayValues({}, {{QStringLiteral("A"), {}}}));
    }

    void assignmentsAreReadWithoutEchoingValues()
    {
        auto ok = parseReplayValue(QStringLiteral("NAME=a=b =c"), QStringLiteral("--env"));
        QVERIFY(ok);
        QCOMPARE(ok->first, QStringLiteral("NAME"));
        QCOMPARE(ok->second, QStringLiteral("a=b =c"));
        auto empty = parseReplayValue(QStringLiteral("NAME="), QStringLiteral("--env"));
        QVERIFY(empty && empty->second.isEmpty());
        for (const QString &bad : {QStringLiteral("pasted-secret-alone"), QStringLiteral("=pasted-secret"), QStringLiteral(" N=pasted-secret"),
                                   QStringLiteral("N\tM=pasted-secret"), QStringLiteral("N\x1b[2J=pasted-secret")}) {
            auto refused = parseReplayValue(bad, QStringLiteral("--env"));
            QVERIFY2(!refused, qPrintable(bad));
            QVERIFY2(refused.error().message.startsWith(QStringLiteral("--env: expected NAME=VALUE")), qPrintable(refused.error().message));
            QVERIFY2(!refused.error().message.contains(QStringLiteral("pasted-secret")), qPrintable(refused.error().message));
            QVERIFY(!refused.error().message.contains(QChar(0x1b)));
        }
        QVERIFY(!parseReplayValue(QStringLiteral("N=a") + QChar(0) + QStringLiteral("b"), QStringLiteral("--env")));
    }

    void filesAreReadLineByLine()
    {
        auto good = readReplayValuesFile(write(QStringLiteral("good.env"), "# comment\r\n\n  # indented comment\nA=1\r\nB= two \nC=\n"));
        QVERIFY2(good, good ? "" : qPrintable(good.error().message));
        QCOMPARE(*good, (ReplayValues{{QStringLiteral("A"), QStringLiteral("1")}, {QStringLiteral("B"), QStringLiteral(" two ")},
                                      {QStringLiteral("C"), QString()}}));
        const QString bad = write(QStringLiteral("bad.env"), "A=1\n\nthe-secret-itself\n");
        auto badLine = readReplayValuesFile(bad);
        QVERIFY(!badLine);
        QVERIFY2(badLine.error().message.startsWith(bad + QStringLiteral(":3: expected NAME=VALUE")), qPrintable(badLine.error().message));
        QVERIFY(!badLine.error().message.contains(QStringLiteral("the-secret-itself")));
        auto twice = readReplayValuesFile(write(QStringLiteral("twice.env"), "A=1\nA=2\n"));
        QVERIFY(!twice && twice.error().message.endsWith(QStringLiteral("twice.env:2: A is given twice")));
        auto binary = readReplayValuesFile(write(QStringLiteral("binary.env"), "A=\xff\xfe\n"));
        QVERIFY(!binary && binary.error().message.endsWith(QStringLiteral("binary.env:1: not UTF-8 text")));
        auto huge = readReplayValuesFile(write(QStringLiteral("huge.env"), QByteArray((1 << 20) + 1, 'x')));
        QVERIFY(!huge && huge.error().message.contains(QStringLiteral("not a values file")));
        auto absent = readReplayValuesFile(m_dir.filePath(QStringLiteral("absent.env")));
        QVERIFY(!absent);
        QCOMPARE(absent.error().code, ErrorCode::Io);
        ReplayValues values{{QStringLiteral("A"), {}}};
        QVERIFY(!addReplayValues(&values, {{QStringLiteral("A"), {}}}, QStringLiteral("--env")));
        QVERIFY(addReplayValues(&values, {{QStringLiteral("B"), {}}}, QStringLiteral("--env")));
        QCOMPARE(values.size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestReplayValues)
#include "tst_replayvalues.moc"
