// sandbench-cli policy SUB, the real binary: answers, --json, exit status, hostile text escaped.
#include "audit/auditevent.h"

#include "testsupport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestPolicyCli : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_root;

    QString path(const QString &name) const { return m_root + QLatin1Char('/') + name; }

    // From the test's folder: relative policy entries are taken from the current folder.
    CliRun cli(const QStringList &args, int timeoutMs = 60000) const
    {
        return runCli(args, timeoutMs, QProcessEnvironment::systemEnvironment(), m_root);
    }

    static QByteArray event(quint64 seq, const char *kind, const char *action, const QString &resource, bool allowed)
    {
        AuditEvent e;
        e.seq = seq;
        e.kind = QLatin1String(kind);
        e.action = QLatin1String(action);
        e.resource = resource;
        e.allowed = allowed;
        e.rule = allowed ? QStringLiteral("allow_read[0]") : QStringLiteral("sandbox");
        return e.toJsonLine() + '\n';
    }

    static QJsonObject json(const CliRun &run)
    {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(run.stdoutData, &error);
        return error.error == QJsonParseError::NoError ? doc.object() : QJsonObject();
    }

private slots:
    void initTestCase()
    {
        m_root = QDir(m_dir.path()).canonicalPath();
        QDir(m_root).mkpath(QStringLiteral("data"));
        QDir(m_root).mkpath(QStringLiteral("unused"));
        QVERIFY(writeFile(path(QStringLiteral("p.json")),
                          "{\n  \"sandbox\": true,\n  \"permissions\": {\n    \"allow_read\": [\"data\", \"unused\"],\n"
                          "    \"allow_env\": [\"LANG\"]\n  }\n}\n"));
        QVERIFY(writeFile(path(QStringLiteral("bad.json")),
                          "{\n  \"sandbox\": true,\n  \"permissions\": {\"allow_run\": [\"bash\"], \"allow_net\": [\"169.254.169.254\"]}\n}\n"));
        QVERIFY(writeFile(path(QStringLiteral("audit.jsonl")),
                          event(1, "read", "read", path(QStringLiteral("data/a")), true)
                                  + event(2, "read", "read", QStringLiteral("/etc/hostname"), true)
                                  + event(3, "env", "get", QStringLiteral("LANG"), false)
                                  + event(4, "read", "read", QStringLiteral("/evil\x1b]0;pwned\x07\nfake: allow"), true)));
    }

    void checkAnswersWithTheRuleAndTheFlip()
    {
        const CliRun denied = cli({QStringLiteral("policy"), QStringLiteral("check"), QStringLiteral("--policy"), path(QStringLiteral("p.json")),
                                      QStringLiteral("--read"), QStringLiteral("/etc/hostname")});
        QCOMPARE(denied.exitCode, 1);
        QVERIFY2(denied.stdoutData.startsWith("deny read /etc/hostname\n"), denied.stdoutData.constData());
        QVERIFY(denied.stdoutData.contains("to allow:   add \"allow_read\": \"/etc/hostname\""));
        const CliRun allowed = cli({QStringLiteral("policy"), QStringLiteral("check"), QStringLiteral("--policy"), path(QStringLiteral("p.json")),
                                       QStringLiteral("--read"), path(QStringLiteral("data/x")), QStringLiteral("--json")});
        QCOMPARE(allowed.exitCode, 0);
        const QJsonObject o = json(allowed);
        QCOMPARE(o.value(QStringLiteral("decision")).toString(), QStringLiteral("allow"));
        QCOMPARE(o.value(QStringLiteral("rule")).toString(), QStringLiteral("allow_read[0]"));
        QCOMPARE(o.value(QStringLiteral("removeFlip")).toString(), QStringLiteral("/permissions/allow_read/0"));
        QCOMPARE(o.value(QStringLiteral("line")).toInt(), 4);
        const CliRun env = cli({QStringLiteral("policy"), QStringLiteral("check"), QStringLiteral("--policy"), path(QStringLiteral("p.json")),
                                   QStringLiteral("--env"), QStringLiteral("HOME"), QStringLiteral("--json")});
        QCOMPARE(env.exitCode, 1);
        QCOMPARE(json(env).value(QStringLiteral("allowFlip")).toObject().value(QStringLiteral("key")).toString(), QStringLiteral("allow_env"));
    }

    void usageAndFileErrorsHaveTheirOwnStatus()
    {
        QCOMPARE(cli({QStringLiteral("policy"), QStringLiteral("check"), QStringLiteral("--policy"), path(QStringLiteral("p.json"))}).exitCode, 2);
        QCOMPARE(cli({QStringLiteral("policy"), QStringLiteral("check"), QStringLiteral("--policy"), path(QStringLiteral("p.json")),
                         QStringLiteral("--read"), QStringLiteral("/a"), QStringLiteral("--env"), QStringLiteral("B")}).exitCode, 2);
        QCOMPARE(cli({QStringLiteral("policy"), QStringLiteral("check"), QStringLiteral("--policy"), path(QStringLiteral("none.json")),
                         QStringLiteral("--read"), QStringLiteral("/a")}).exitCode, 3);
        QCOMPARE(cli({QStringLiteral("policy"), QStringLiteral("whatif"), QStringLiteral("--policy"), path(QStringLiteral("p.json")),
                         path(QStringLiteral("none.jsonl"))}).exitCode, 3);
        QVERIFY(writeFile(path(QStringLiteral("broken.json")), "{\"sandbox\": tru}"));
        const CliRun broken = cli({QStringLiteral("policy"), QStringLiteral("lint"), path(QStringLiteral("broken.json"))});
        QCOMPARE(broken.exitCode, 2);
        QVERIFY2(broken.stderrData.contains("broken.json:1:"), broken.stderrData.constData());
        const CliRun unknown = cli({QStringLiteral("policy"), QStringLiteral("frobnicate")});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.stderrData.contains("unknown subcommand 'frobnicate'"));
        const CliRun help = cli({QStringLiteral("policy"), QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        for (const char *sub : {"check", "explain", "diff", "whatif", "lint", "learn"})
            QVERIFY2(help.stdoutData.contains(QByteArray("\n  ") + sub + ' '), sub);
    }

    void lintFindsAndPlacesErrors()
    {
        const CliRun bad = cli({QStringLiteral("policy"), QStringLiteral("lint"), path(QStringLiteral("bad.json"))});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.stdoutData.contains("bad.json:3:33: error:") && bad.stdoutData.contains("[leaves-sandbox]"), bad.stdoutData.constData());
        QVERIFY(bad.stdoutData.contains("[metadata-host]"));
        const CliRun j = cli({QStringLiteral("policy"), QStringLiteral("lint"), path(QStringLiteral("bad.json")), QStringLiteral("--json")});
        QCOMPARE(j.exitCode, 1);
        const QJsonArray findings = json(j).value(QStringLiteral("findings")).toArray();
        QCOMPARE(findings.size(), 2);
        QCOMPARE(findings.at(0).toObject().value(QStringLiteral("pointer")).toString(), QStringLiteral("/permissions/allow_run/0"));
        const CliRun good = cli({QStringLiteral("policy"), QStringLiteral("lint"), path(QStringLiteral("p.json"))});
        QCOMPARE(good.exitCode, 0);
    }

    void explainEachDecisionAndOne()
    {
        const CliRun all = cli({QStringLiteral("policy"), QStringLiteral("explain"), QStringLiteral("--policy"), path(QStringLiteral("p.json")),
                                   path(QStringLiteral("audit.jsonl")), QStringLiteral("--json")});
        QCOMPARE(all.exitCode, 1);
        const QJsonArray decisions = json(all).value(QStringLiteral("decisions")).toArray();
        QCOMPARE(decisions.size(), 4);
        QCOMPARE(decisions.at(2).toObject().value(QStringLiteral("decision")).toString(), QStringLiteral("allow")); // LANG now allowed
        QCOMPARE(decisions.at(2).toObject().value(QStringLiteral("recorded")).toString(), QStringLiteral("deny"));
        const CliRun one = cli({QStringLiteral("policy"), QStringLiteral("explain"), QStringLiteral("--policy"), path(QStringLiteral("p.json")),
                                   path(QStringLiteral("audit.jsonl")), QStringLiteral("--seq"), QStringLiteral("1")});
        QCOMPARE(one.exitCode, 0);
        QVERIFY2(one.stdoutData.startsWith("#1 read "), one.stdoutData.constData());
        QVERIFY(one.stdoutData.contains("decided by: \"allow_read[0]\": \"data\""));
        QCOMPARE(cli({QStringLiteral("policy"), QStringLiteral("explain"), QStringLiteral("--policy"), path(QStringLiteral("p.json")),
                         path(QStringLiteral("audit.jsonl")), QStringLiteral("--seq"), QStringLiteral("99")}).exitCode, 2);
    }

    void diffListsUnusedGrantsAndDenials()
    {
        const CliRun d = cli({QStringLiteral("policy"), QStringLiteral("diff"), QStringLiteral("--policy"), path(QStringLiteral("p.json")),
                                 path(QStringLiteral("audit.jsonl")), QStringLiteral("--json")});
        QCOMPARE(d.exitCode, 1);
        const QJsonObject o = json(d);
        QCOMPARE(o.value(QStringLiteral("unused")).toInt(), 1);
        const QJsonArray grants = o.value(QStringLiteral("grants")).toArray();
        QCOMPARE(grants.at(1).toObject().value(QStringLiteral("value")).toString(), QStringLiteral("unused"));
        QCOMPARE(grants.at(1).toObject().value(QStringLiteral("uses")).toInt(), 0);
        const QJsonArray denials = o.value(QStringLiteral("denials")).toArray();
        QCOMPARE(denials.size(), 2); // /etc/hostname and the hostile path; LANG is allowed now
        QCOMPARE(denials.at(0).toObject().value(QStringLiteral("allowRule")).toObject().value(QStringLiteral("value")).toString(),
                 QStringLiteral("/etc/hostname"));
        const CliRun text = cli({QStringLiteral("policy"), QStringLiteral("diff"), QStringLiteral("--policy"), path(QStringLiteral("p.json")),
                                    path(QStringLiteral("audit.jsonl"))});
        QVERIFY2(text.stdoutData.contains("allow_read[1] \"unused\"  unused"), text.stdoutData.constData());
    }

    void whatifListsFlipsAndEscapesWhatTheLogSays()
    {
        const CliRun w = cli({QStringLiteral("policy"), QStringLiteral("whatif"), QStringLiteral("--policy"), path(QStringLiteral("p.json")),
                                 path(QStringLiteral("audit.jsonl"))});
        QCOMPARE(w.exitCode, 1);
        QVERIFY2(w.stdoutData.startsWith("3 of 4 decisions flip"), w.stdoutData.constData());
        QVERIFY2(w.stdoutData.contains("/evil\\e]0;pwned\\x07\\nfake: allow: allow -> deny"), w.stdoutData.constData());
        // The hostile resource reaches the terminal escaped, on its own line.
        QVERIFY(!w.stdoutData.contains('\x1b'));
        QVERIFY(!w.stdoutData.contains('\x07'));
        for (const QByteArray &l : w.stdoutData.split('\n'))
            QVERIFY(!l.startsWith("fake: allow"));
        const CliRun e = cli({QStringLiteral("policy"), QStringLiteral("explain"), QStringLiteral("--policy"), path(QStringLiteral("p.json")),
                                 path(QStringLiteral("audit.jsonl"))});
        QVERIFY(!e.stdoutData.contains('\x1b'));
        const CliRun j = cli({QStringLiteral("policy"), QStringLiteral("whatif"), QStringLiteral("--policy"), path(QStringLiteral("p.json")),
                                 path(QStringLiteral("audit.jsonl")), QStringLiteral("--json")});
        const QJsonArray flips = json(j).value(QStringLiteral("flips")).toArray();
        QCOMPARE(flips.size(), 3);
        QCOMPARE(flips.at(0).toObject().value(QStringLiteral("seq")).toInt(), 2);
        QCOMPARE(flips.at(0).toObject().value(QStringLiteral("now")).toString(), QStringLiteral("deny"));
        QCOMPARE(flips.at(1).toObject().value(QStringLiteral("resource")).toString(), QStringLiteral("LANG"));
        QVERIFY(writeFile(path(QStringLiteral("same.json")), "{\"sandbox\": true, \"permissions\": {\"allow_read\": [\"/\"]}}"));
        QCOMPARE(cli({QStringLiteral("policy"), QStringLiteral("whatif"), QStringLiteral("--policy"), path(QStringLiteral("same.json")),
                         path(QStringLiteral("audit.jsonl"))}).exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestPolicyCli)
#include "tst_policycli.moc"
