// policy learn with the real runtime and the real CLI: observe a script, re-run it under the
// proposal, take one grant away, and learn again from the audit log of a real run.
#include "audit/auditevent.h"
#include "policy/policyfile.h"
#include "testsupport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

QList<AuditEvent> readAudit(const QString &path)
{
    QList<AuditEvent> events;
    for (const QByteArray &line : readFile(path).split('\n')) {
        AuditEvent event;
        if (!line.trimmed().isEmpty() && AuditEvent::fromJsonLine(line, &event))
            events << event;
    }
    return events;
}

} // namespace

class TestPolicyLearn : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_root;
    QTcpServer m_server; // connections wait in its backlog: the script's connect succeeds
    QString m_script;
    QString m_data;
    QString m_host;
    QProcessEnvironment m_env;

    QString path(const QString &relative) const { return m_root + QLatin1Char('/') + relative; }

    CliRun cli(const QStringList &args) const { return runCli(args, 60000, m_env, m_root); }

private slots:
    void initTestCase()
    {
        m_root = QDir(m_dir.path()).canonicalPath();
        QVERIFY(m_server.listen(QHostAddress::LocalHost, 0));
        m_host = QStringLiteral("127.0.0.1:%1").arg(m_server.serverPort());
        m_data = path(QStringLiteral("data/input.txt"));
        QVERIFY(writeFile(m_data, "from outside\n"));
        QVERIFY(writeFile(path(QStringLiteral("home/.ssh/id_rsa")), "PRIVATE KEY\n"));
        QVERIFY(QDir().mkpath(path(QStringLiteral("work"))));
        m_script = path(QStringLiteral("work/learn.ts"));
        const QString code = QStringLiteral(
                "const text = await Deno.readTextFile(%1);\n"
                "console.log('READ ' + text.trim());\n"
                "const conn = await Deno.connect({ hostname: '127.0.0.1', port: %2 });\n"
                "await conn.write(new TextEncoder().encode('hello'));\n"
                "conn.close();\n"
                "console.log('CONNECTED');\n"
                "console.log('ENV ' + (Deno.env.get('SB_LEARN_TOKEN') ?? 'none'));\n"
                "try { await Deno.readTextFile(%3); console.log('SSH read'); } catch (e) { console.log('NOSSH ' + e.name); }\n"
                "try { new Deno.Command('true').outputSync(); console.log('RAN'); } catch (e) { console.log('NORUN ' + e.name); }\n"
                "await Deno.writeTextFile('result.txt', 'done');\n")
                .arg(QString::fromUtf8(QJsonDocument(QJsonArray{m_data}).toJson(QJsonDocument::Compact)).mid(1).chopped(1))
                .arg(m_server.serverPort())
                .arg(QString::fromUtf8(QJsonDocument(QJsonArray{path(QStringLiteral("home/.ssh/id_rsa"))}).toJson(QJsonDocument::Compact)).mid(1).chopped(1));
        QVERIFY(writeFile(m_script, code.toUtf8()));
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.insert(QStringLiteral("HOME"), path(QStringLiteral("home")));
        m_env.insert(QStringLiteral("SB_LEARN_TOKEN"), QStringLiteral("t0ken"));
    }

    void observeThenRunUnderTheProposal()
    {
        const QString policyFile = path(QStringLiteral("proposal.json"));
        const CliRun learned = cli({QStringLiteral("policy"), QStringLiteral("learn"), QStringLiteral("--workdir"), path(QStringLiteral("work")),
                                    m_script, QStringLiteral("-o"), policyFile, QStringLiteral("--json")});
        QVERIFY2(learned.exitCode == 0, learned.stderrData.constData());
        // Observed: the read, the connection and the variable went through, the key did not,
        // and the program was denied (and is proposed, marked).
        QVERIFY(printedLine(learned.stderrData, "READ"));
        QVERIFY(printedLine(learned.stderrData, "CONNECTED"));
        QVERIFY(printedLine(learned.stderrData, "NOSSH"));
        QVERIFY(!learned.stderrData.contains("SSH read"));
        QVERIFY(printedLine(learned.stderrData, "NORUN"));
        const QJsonObject report = QJsonDocument::fromJson(learned.stdoutData).object();
        bool refusedKey = false;
        for (const QJsonValue &refusal : report.value(QStringLiteral("refusals")).toArray())
            refusedKey = refusedKey || refusal.toObject().value(QStringLiteral("what")).toString().endsWith(QLatin1String("/.ssh/id_rsa"));
        QVERIFY2(refusedKey, learned.stdoutData.constData());

        PolicyParseOptions options;
        options.homeDir = path(QStringLiteral("home"));
        auto proposal = readPolicyFile(policyFile, options);
        QVERIFY2(proposal.has_value(), proposal ? "" : qPrintable(proposal.error().message));
        QVERIFY(proposal->sandbox);
        const Permissions &p = proposal->permissions;
        QCOMPARE(p.allowRead, QStringList{m_data});
        QCOMPARE(p.allowNet, QStringList{m_host});
        QCOMPARE(p.allowEnv, QStringList{QStringLiteral("SB_LEARN_TOKEN")});
        QCOMPARE(p.allowRun, QStringList{QStringLiteral("true")});
        QVERIFY(p.allowWrite.isEmpty()); // result.txt is in the workdir

        // Under the proposal everything the code does is allowed.
        const QString log = path(QStringLiteral("rerun.jsonl"));
        const QString session = path(QStringLiteral("rerun.sbsession"));
        const CliRun rerun = cli({QStringLiteral("run"), QStringLiteral("--policy"), policyFile, QStringLiteral("--audit-log"), log,
                                  QStringLiteral("--record"), session, m_script});
        QVERIFY2(rerun.exitCode == 0, rerun.stderrData.constData());
        QVERIFY(printedLine(rerun.stdoutData, "READ"));
        QVERIFY(printedLine(rerun.stdoutData, "CONNECTED"));
        QVERIFY(rerun.stdoutData.contains("ENV t0ken"));
        QVERIFY(printedLine(rerun.stdoutData, "RAN"));
        const QList<AuditEvent> events = readAudit(log);
        QVERIFY(!events.isEmpty());
        for (const AuditEvent &event : events) {
            // The key is still denied, as it should be: nothing granted it. Before a spawn the
            // runtime asks for "any program" (no value), which a list of programs never grants.
            if (event.kind == QLatin1String("run") && event.resource.isEmpty())
                continue;
            if (event.resource.endsWith(QLatin1String("/.ssh/id_rsa")))
                QVERIFY(!event.allowed);
            else
                QVERIFY2(event.allowed, qPrintable(QString::fromUtf8(event.toJsonLine())));
        }

        // Learning again from that real run's audit log proposes the same grants.
        const QString fromLog = path(QStringLiteral("from-log.json"));
        const CliRun again = cli({QStringLiteral("policy"), QStringLiteral("learn"), QStringLiteral("--from"), log, QStringLiteral("-o"), fromLog});
        QVERIFY2(again.exitCode == 0, again.stderrData.constData());
        auto relearned = readPolicyFile(fromLog, options);
        QVERIFY(relearned.has_value());
        QCOMPARE(relearned->permissions, proposal->permissions);
        QVERIFY(again.stderrData.contains("refuse"));

        // And from the session of that run, which also keeps its workdir.
        const QString fromSession = path(QStringLiteral("from-session.json"));
        const CliRun recorded = cli({QStringLiteral("policy"), QStringLiteral("learn"), QStringLiteral("--from"), session, QStringLiteral("-o"), fromSession});
        QVERIFY2(recorded.exitCode == 0, recorded.stderrData.constData());
        auto fromBundle = readPolicyFile(fromSession, options);
        QVERIFY(fromBundle.has_value());
        QCOMPARE(fromBundle->permissions, proposal->permissions);
        QCOMPARE(fromBundle->workdir, path(QStringLiteral("work")));
    }

    void eachGrantIsNeeded_data()
    {
        QTest::addColumn<QString>("list");
        QTest::newRow("allow_read") << QStringLiteral("allow_read");
        QTest::newRow("allow_net") << QStringLiteral("allow_net");
        QTest::newRow("allow_env") << QStringLiteral("allow_env");
        QTest::newRow("allow_run") << QStringLiteral("allow_run");
    }

    void eachGrantIsNeeded()
    {
        QFETCH(QString, list);
        PolicyParseOptions options;
        options.homeDir = path(QStringLiteral("home"));
        auto proposal = readPolicyFile(path(QStringLiteral("proposal.json")), options);
        QVERIFY2(proposal.has_value(), "observeThenRunUnderTheProposal writes it");
        Permissions &p = proposal->permissions;
        QStringList *entries = list == QLatin1String("allow_read") ? &p.allowRead
                               : list == QLatin1String("allow_net") ? &p.allowNet
                               : list == QLatin1String("allow_env") ? &p.allowEnv : &p.allowRun;
        QCOMPARE(entries->size(), 1);
        const QString removed = entries->takeFirst();
        const QString reduced = path(QStringLiteral("reduced-%1.json").arg(list));
        QVERIFY(writePolicyFile(reduced, *proposal).has_value());
        const QString log = path(QStringLiteral("reduced-%1.jsonl").arg(list));
        const CliRun run = cli({QStringLiteral("run"), QStringLiteral("--policy"), reduced, QStringLiteral("--audit-log"), log, m_script});
        if (list == QLatin1String("allow_run")) {
            // Without a program grant the runtime does not even find one (no PATH, nothing
            // executable in the namespace), so it fails before asking.
            QVERIFY2(!printedLine(run.stdoutData, "RAN") && printedLine(run.stdoutData, "NORUN"), run.stdoutData.constData());
            return;
        }
        bool denied = false;
        for (const AuditEvent &event : readAudit(log))
            denied = denied || (!event.allowed && event.resource == removed);
        QVERIFY2(denied, qPrintable(removed + QLatin1Char('\n') + QString::fromUtf8(readFile(log))));
    }

    void fromAnAgentSession()
    {
        // The decisions of a code.run call, as the agent server records them.
        const QByteArray decision = "{\"seq\":1,\"time\":\"2026-12-02T00:00:00.000Z\",\"kind\":\"net\",\"action\":\"connect\","
                                    "\"resource\":\"api.example.com:443\",\"decision\":\"deny\",\"rule\":\"sandbox\",\"reason\":\"no\",\"pid\":2}";
        const QByteArray file = "{\"kind\":\"sandbench-agent-session\",\"formatVersion\":1,\"applicationVersion\":\"0.1.0\","
                                "\"recordedAtMs\":1,\"transport\":\"stdio\",\"pid\":1,\"server\":{\"toolSets\":[]}}\n"
                                "{\"type\":\"call\",\"seq\":1,\"atMs\":1,\"durationMs\":1,\"tool\":\"code.run\",\"arguments\":{},"
                                "\"result\":{\"isError\":false},\"decisions\":[" + decision + "]}\n";
        QVERIFY(writeFile(path(QStringLiteral("agent.sbagent")), file));
        const CliRun learned = cli({QStringLiteral("policy"), QStringLiteral("learn"), QStringLiteral("--from"), path(QStringLiteral("agent.sbagent")), QStringLiteral("--json")});
        QVERIFY2(learned.exitCode == 0, learned.stderrData.constData());
        const QJsonObject report = QJsonDocument::fromJson(learned.stdoutData).object();
        QCOMPARE(report.value(QStringLiteral("policy")).toObject().value(QStringLiteral("permissions")).toObject()
                         .value(QStringLiteral("allow_net")).toArray(), QJsonArray{QStringLiteral("api.example.com:443")});
        QVERIFY(report.value(QStringLiteral("grants")).toArray().at(0).toObject().value(QStringLiteral("wasDenied")).toBool());
    }

    void rarelyUsedGrantsAreAskedFor()
    {
        // Read three times and once: with --ask-rare 1 the one read once is held for a person
        // (ask_read), the other stays allowed, and the proposal loads as a policy.
        QByteArray log;
        const auto line = [&log](int seq, const QString &kind, const QString &action, const QString &resource) {
            log += QJsonDocument(QJsonObject{{QStringLiteral("seq"), seq}, {QStringLiteral("time"), QStringLiteral("2026-01-01T00:00:00.000Z")},
                                             {QStringLiteral("kind"), kind}, {QStringLiteral("action"), action},
                                             {QStringLiteral("resource"), resource}, {QStringLiteral("decision"), QStringLiteral("allow")},
                                             {QStringLiteral("rule"), QStringLiteral("no sandbox")}, {QStringLiteral("pid"), 1}})
                           .toJson(QJsonDocument::Compact)
                   + '\n';
        };
        for (int i = 1; i <= 3; ++i)
            line(i, QStringLiteral("read"), QStringLiteral("read"), m_data);
        line(4, QStringLiteral("read"), QStringLiteral("read"), path(QStringLiteral("data/once.txt")));
        line(5, QStringLiteral("net"), QStringLiteral("connect"), QStringLiteral("api.example.com:443"));
        QVERIFY(writeFile(path(QStringLiteral("rare.jsonl")), log));
        const QString out = path(QStringLiteral("rare-policy.json"));
        const CliRun learned = cli({QStringLiteral("policy"), QStringLiteral("learn"), QStringLiteral("--from"), path(QStringLiteral("rare.jsonl")),
                                    QStringLiteral("--ask-rare"), QStringLiteral("1"), QStringLiteral("-o"), out, QStringLiteral("--json")});
        QVERIFY2(learned.exitCode == 0, learned.stderrData.constData());
        const QJsonObject permissions = QJsonDocument::fromJson(readFile(out)).object().value(QStringLiteral("permissions")).toObject();
        QCOMPARE(permissions.value(QStringLiteral("allow_read")).toArray(), QJsonArray{m_data});
        QCOMPARE(permissions.value(QStringLiteral("ask_read")).toArray(), QJsonArray{path(QStringLiteral("data/once.txt"))});
        QCOMPARE(permissions.value(QStringLiteral("ask_net")).toArray(), QJsonArray{QStringLiteral("api.example.com:443")});
        QVERIFY(!permissions.contains(QStringLiteral("allow_net")) || permissions.value(QStringLiteral("allow_net")).toArray().isEmpty());
        const CliRun check = cli({QStringLiteral("policy"), QStringLiteral("check"), QStringLiteral("--policy"), out, QStringLiteral("--read"),
                                  path(QStringLiteral("data/once.txt"))});
        QVERIFY2(check.stdoutData.startsWith("ask read"), check.stdoutData.constData());

        for (const QString &bad : {QStringLiteral("0"), QStringLiteral("-1"), QStringLiteral("many"), QStringLiteral("99999999999")}) {
            const CliRun refused = cli({QStringLiteral("policy"), QStringLiteral("learn"), QStringLiteral("--from"), path(QStringLiteral("rare.jsonl")),
                                        QStringLiteral("--ask-rare"), bad});
            QCOMPARE(refused.exitCode, 2);
            QVERIFY2(refused.stderrData.contains("--ask-rare"), refused.stderrData.constData());
        }
    }

    void fromRefusesHostileInput()
    {
        QVERIFY(writeFile(path(QStringLiteral("bad.jsonl")), "{\"seq\":1}\nnot json\n"));
        const CliRun bad = cli({QStringLiteral("policy"), QStringLiteral("learn"), QStringLiteral("--from"), path(QStringLiteral("bad.jsonl"))});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.stderrData.contains("bad.jsonl:1:"), bad.stderrData.constData());
        const CliRun fifo = cli({QStringLiteral("policy"), QStringLiteral("learn"), QStringLiteral("--from"), QStringLiteral("/dev/zero")});
        QCOMPARE(fifo.exitCode, 2);
        const CliRun none = cli({QStringLiteral("policy"), QStringLiteral("learn"), QStringLiteral("--from")});
        QCOMPARE(none.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestPolicyLearn)
#include "tst_policylearn.moc"
