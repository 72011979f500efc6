// ask_* entries: a check only an ask entry matches is held by the run's broker until the local
// user answers on the run's approver socket. Real Deno under the real CLI (`sandbench-cli run`),
// answered by the real CLI approver (`sandbench-cli approve`/`refuse`) or ApprovalClient.
#include "approvals/approvalbroker.h"
#include "approvals/approvalclient.h"
#include "approvals/approvalfolder.h"
#include "audit/auditevent.h"
#include "policy/policydiff.h"
#include "policy/policyexplain.h"
#include "policy/policyfile.h"
#include "policy/policylint.h"
#include "policy/policymatcher.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Sandbench;

namespace {

QString cli()
{
    return qEnvironmentVariable("SANDBENCH_CLI");
}

// Reads the file twice; prints "ok" or the error's name for each.
QString readTwiceCode(const QString &file)
{
    const QString quoted = QStringLiteral("\"%1\"").arg(file);
    return QStringLiteral("for (const n of ['first', 'second']) { try { Deno.readTextFileSync(%1); console.log(n + ' ok'); }"
                          " catch (e) { console.log(n + ' ' + e.name); } }").arg(quoted);
}

} // namespace

class TestExecAsk : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString path(const QString &name) const { return m_dir.filePath(name); }

    // Starts `sandbench-cli run` with its own audit log; the caller waits for it.
    QProcess *startRun(const QStringList &flags, const QString &code, const QString &auditLog)
    {
        auto *run = new QProcess(this);
        run->setProcessChannelMode(QProcess::SeparateChannels);
        run->start(cli(), QStringList{QStringLiteral("run"), QStringLiteral("--sandbox"), QStringLiteral("--workdir"), path(QStringLiteral("work")),
                                      QStringLiteral("--audit-log"), auditLog}
                                  + flags + QStringList{QStringLiteral("--code"), code});
        return run;
    }

    // The one call held for `resource`, waiting up to 60 s for it to appear.
    static QJsonObject waitForHeld(const QString &resource)
    {
        QJsonObject found;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 60000 && found.isEmpty()) {
            auto pending = ApprovalClient::pending(5000);
            if (pending) {
                for (const QJsonObject &p : std::as_const(*pending)) {
                    if (p.value(QLatin1String("arguments")).toObject().value(QLatin1String("resource")).toString() == resource)
                        found = p;
                }
            }
            if (found.isEmpty())
                QTest::qWait(50);
        }
        return found;
    }

    static int answerWithCli(const QStringList &args)
    {
        QProcess approver;
        approver.start(cli(), args);
        if (!approver.waitForFinished(30000))
            return -1;
        return approver.exitCode();
    }

    static QList<AuditEvent> auditOf(const QString &log)
    {
        QList<AuditEvent> events;
        QFile file(log);
        if (!file.open(QIODevice::ReadOnly))
            return events;
        for (const QByteArray &line : file.readAll().split('\n')) {
            AuditEvent event;
            if (!line.isEmpty() && AuditEvent::fromJsonLine(line, &event) && event.action != QLatin1String("load"))
                events << event;
        }
        return events;
    }

    static QByteArray finish(QProcess *run, int timeoutMs = 60000)
    {
        if (!run->waitForFinished(timeoutMs)) {
            run->kill();
            run->waitForFinished();
            return "<the run did not finish>";
        }
        return run->readAllStandardOutput() + run->readAllStandardError();
    }

    static QString me() { return ApprovalFolder::userName(geteuid()); }

private slots:
    void initTestCase()
    {
        QVERIFY(QFileInfo(cli()).isExecutable());
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("work")));
        QFile secret(path(QStringLiteral("secret.txt")));
        QVERIFY(secret.open(QIODevice::WriteOnly));
        secret.write("hush");
    }

    // Approved once: the same read a second time asks again.
    void approvedOnceAsksAgain()
    {
        const QString file = path(QStringLiteral("secret.txt"));
        const QString log = path(QStringLiteral("once.jsonl"));
        QProcess *run = startRun({QStringLiteral("--ask-read"), file, QStringLiteral("--ask-timeout"), QStringLiteral("60000")}, readTwiceCode(file), log);
        const QJsonObject first = waitForHeld(file);
        QVERIFY(!first.isEmpty());
        QCOMPARE(first.value(QLatin1String("tool")).toString(), u"read"_qs);
        QCOMPARE(first.value(QLatin1String("arguments")).toObject().value(QLatin1String("kind")).toString(), u"read"_qs);
        QVERIFY(first.value(QLatin1String("server")).toString().startsWith(u"run "_qs));
        QVERIFY(first.value(QLatin1String("scopes")).toArray().contains(u"run"_qs));
        QCOMPARE(answerWithCli({QStringLiteral("approve"), first.value(QLatin1String("id")).toString()}), 0);
        const QJsonObject second = waitForHeld(file);
        QVERIFY2(!second.isEmpty(), "the second read was not asked again");
        QVERIFY(second.value(QLatin1String("id")) != first.value(QLatin1String("id")));
        QCOMPARE(answerWithCli({QStringLiteral("approve"), second.value(QLatin1String("id")).toString()}), 0);
        const QByteArray out = finish(run);
        QVERIFY2(out.contains("first ok\nsecond ok\n"), out.constData());
        const QList<AuditEvent> events = auditOf(log);
        QCOMPARE(events.size(), 2);
        for (const AuditEvent &e : events) {
            QVERIFY(e.allowed);
            QCOMPARE(e.rule, u"ask"_qs);
            QCOMPARE(e.askEntry, u"ask_read[0]"_qs);
            QCOMPARE(e.answer, u"once"_qs);
            QCOMPARE(e.answeredBy, me());
            QVERIFY(e.waitedMs >= 0);
            QCOMPARE(e.resource, file);
        }
    }

    // Approved for the run: the second read is allowed without asking.
    void approvedForTheRunAsksOnce()
    {
        const QString file = path(QStringLiteral("secret.txt"));
        const QString log = path(QStringLiteral("forrun.jsonl"));
        QProcess *run = startRun({QStringLiteral("--ask-read"), file, QStringLiteral("--ask-timeout"), QStringLiteral("60000")}, readTwiceCode(file), log);
        const QJsonObject first = waitForHeld(file);
        QVERIFY(!first.isEmpty());
        QCOMPARE(answerWithCli({QStringLiteral("approve"), QStringLiteral("--for-run"), first.value(QLatin1String("id")).toString()}), 0);
        // Were the second read held, the run would wait its 60 s ask timeout: it ends well before.
        QElapsedTimer clock;
        clock.start();
        const QByteArray out = finish(run, 40000);
        QVERIFY2(out.contains("first ok\nsecond ok\n"), out.constData());
        QVERIFY(clock.elapsed() < 40000);
        const QList<AuditEvent> events = auditOf(log);
        QCOMPARE(events.size(), 2);
        QCOMPARE(events.at(0).answer, u"run"_qs);
        QCOMPARE(events.at(0).answeredBy, me());
        QCOMPARE(events.at(1).answer, u"run grant"_qs);
        QVERIFY(events.at(1).allowed);
        QCOMPARE(events.at(1).rule, u"ask"_qs);
    }

    // A grant for the run is for that kind and resource only: another ask_read file still asks.
    void runGrantCoversOnlyItsResource()
    {
        const QString a = path(QStringLiteral("secret.txt"));
        const QString b = path(QStringLiteral("other.txt"));
        QFile other(b);
        QVERIFY(other.open(QIODevice::WriteOnly));
        other.write("other");
        other.close();
        const QString log = path(QStringLiteral("grantscope.jsonl"));
        const QString code = QStringLiteral("Deno.readTextFileSync(\"%1\"); try { Deno.readTextFileSync(\"%2\"); console.log('b ok'); }"
                                            " catch (e) { console.log('b ' + e.name); }").arg(a, b);
        QProcess *run = startRun({QStringLiteral("--ask-read"), m_dir.path(), QStringLiteral("--ask-timeout"), QStringLiteral("60000")}, code, log);
        const QJsonObject first = waitForHeld(a);
        QVERIFY(!first.isEmpty());
        QVERIFY(ApprovalClient::answer({{QStringLiteral("op"), QStringLiteral("approve")}, {QStringLiteral("id"), first.value(QLatin1String("id"))},
                                        {QStringLiteral("scope"), QStringLiteral("run")}}, 5000));
        const QJsonObject second = waitForHeld(b);
        QVERIFY2(!second.isEmpty(), "a grant for one file answered for another");
        QCOMPARE(answerWithCli({QStringLiteral("refuse"), second.value(QLatin1String("id")).toString(), QStringLiteral("--reason"), QStringLiteral("not that one")}), 0);
        const QByteArray out = finish(run);
        QVERIFY2(out.contains("b NotCapable\n") || out.contains("b PermissionDenied\n"), out.constData());
    }

    // Refused: the code sees a deny, the audit line says who refused.
    void refusedIsADeny()
    {
        const QString file = path(QStringLiteral("secret.txt"));
        const QString log = path(QStringLiteral("refused.jsonl"));
        QProcess *run = startRun({QStringLiteral("--ask-read"), file}, readTwiceCode(file).replace(u"['first', 'second']"_qs, u"['first']"_qs), log);
        const QJsonObject held = waitForHeld(file);
        QVERIFY(!held.isEmpty());
        QCOMPARE(answerWithCli({QStringLiteral("refuse"), held.value(QLatin1String("id")).toString(), QStringLiteral("--reason"), QStringLiteral("no secrets today")}), 0);
        const QByteArray out = finish(run);
        QVERIFY2(out.contains("first NotCapable\n") || out.contains("first PermissionDenied\n"), out.constData());
        const QList<AuditEvent> events = auditOf(log);
        QCOMPARE(events.size(), 1);
        QVERIFY(!events.at(0).allowed);
        QCOMPARE(events.at(0).rule, u"ask"_qs);
        QCOMPARE(events.at(0).answer, u"refuse"_qs);
        QCOMPARE(events.at(0).answeredBy, me());
        QVERIFY(events.at(0).reason.contains(u"no secrets today"_qs));
    }

    // A recorded session replays with the recorded answers, nobody asked: the approved read
    // comes from the bundle's copy, the refused one is denied again.
    void replayKeepsTheRecordedAnswers()
    {
        const QString a = path(QStringLiteral("secret.txt"));
        const QString b = path(QStringLiteral("refused.txt"));
        QFile refused(b);
        QVERIFY(refused.open(QIODevice::WriteOnly));
        refused.write("no");
        refused.close();
        const QString log = path(QStringLiteral("recorded.jsonl"));
        const QString bundle = path(QStringLiteral("asked.sbsession"));
        const QString code = QStringLiteral("for (const f of [\"%1\", \"%2\"]) { try { console.log(Deno.readTextFileSync(f)); }"
                                            " catch (e) { console.log(e.name); } }").arg(a, b);
        QProcess *run = startRun({QStringLiteral("--ask-read"), a, QStringLiteral("--ask-read"), b, QStringLiteral("--ask-timeout"), QStringLiteral("60000"),
                                  QStringLiteral("--record"), bundle}, code, log);
        const QJsonObject first = waitForHeld(a);
        QVERIFY(!first.isEmpty());
        QCOMPARE(answerWithCli({QStringLiteral("approve"), first.value(QLatin1String("id")).toString()}), 0);
        const QJsonObject second = waitForHeld(b);
        QVERIFY(!second.isEmpty());
        QCOMPARE(answerWithCli({QStringLiteral("refuse"), second.value(QLatin1String("id")).toString(), QStringLiteral("--reason"), QStringLiteral("no")}), 0);
        const QByteArray recorded = finish(run);
        QVERIFY2(recorded.startsWith("hush\n"), recorded.constData());
        QVERIFY2(QFileInfo::exists(bundle), recorded.constData());

        // Nobody answers now: were anything held, the replay would wait its minute and more.
        QProcess replay;
        replay.start(cli(), {QStringLiteral("replay"), bundle});
        QVERIFY(replay.waitForFinished(45000));
        const QByteArray out = replay.readAllStandardOutput() + replay.readAllStandardError();
        QVERIFY2(replay.exitCode() == 0, out.constData());
        QVERIFY2(out.contains("identical"), out.constData());
    }

    // The code runs as the approver's uid: were the approvals folder reachable through a grant
    // of the folder around it, the code could connect and answer its own held checks (or an
    // agent server's). It is denied and hidden whatever the policy grants.
    void codeCannotReachTheApproverSocket()
    {
        ApprovalBroker victim;
        QVERIFY(victim.listen(QStringLiteral("victim")));
        const QString socket = victim.socketPath();
        const QString folder = ApprovalFolder::path();
        const QString runtimeDir = QFileInfo(folder).path();
        const QString log = path(QStringLiteral("reach.jsonl"));
        const QString code = QStringLiteral(
            "try { const c = await Deno.connect({transport: 'unix', path: \"%1\"}); console.log('connected'); c.close(); }"
            " catch (e) { console.log('connect ' + e.name); }"
            " try { console.log([...Deno.readDirSync(\"%2\")].map((e) => e.name).join(',') || 'empty'); }"
            " catch (e) { console.log('list ' + e.name); }").arg(socket, folder);
        QProcess *run = startRun({QStringLiteral("--allow-read"), runtimeDir, QStringLiteral("--allow-write"), runtimeDir,
                                  QStringLiteral("--ask-read"), path(QStringLiteral("secret.txt"))}, code, log);
        const QByteArray out = finish(run);
        QVERIFY2(!out.contains("connected") && out.contains("connect "), out.constData());
        QVERIFY2(out.contains("list NotCapable") || out.contains("list PermissionDenied"), out.constData());
        for (const AuditEvent &e : auditOf(log)) {
            if (e.resource.startsWith(folder))
                QVERIFY2(!e.allowed && e.rule == u"protected"_qs, e.toJsonLine().constData());
        }
    }

    // Nobody answers: the check is denied when the ask timeout passes.
    void unansweredTimesOutToDeny()
    {
        const QString file = path(QStringLiteral("secret.txt"));
        const QString log = path(QStringLiteral("timeout.jsonl"));
        QProcess *run = startRun({QStringLiteral("--ask-read"), file, QStringLiteral("--ask-timeout"), QStringLiteral("700")},
                                 readTwiceCode(file).replace(u"['first', 'second']"_qs, u"['first']"_qs), log);
        const QByteArray out = finish(run);
        QVERIFY2(out.contains("first NotCapable\n") || out.contains("first PermissionDenied\n"), out.constData());
        const QList<AuditEvent> events = auditOf(log);
        QCOMPARE(events.size(), 1);
        QVERIFY(!events.at(0).allowed);
        QCOMPARE(events.at(0).answer, u"timeout"_qs);
        QVERIFY(events.at(0).answeredBy.isEmpty());
        QVERIFY2(events.at(0).waitedMs >= 650, QByteArray::number(events.at(0).waitedMs).constData());
    }

    // The run's own timeout keeps counting while a check is held: the run ends, the held check
    // is withdrawn (a deny on the record) and the approver sees it no more.
    void runTimeoutWithdrawsTheHeldCheck()
    {
        const QString file = path(QStringLiteral("secret.txt"));
        const QString log = path(QStringLiteral("withdrawn.jsonl"));
        QProcess *run = startRun({QStringLiteral("--ask-read"), file, QStringLiteral("--timeout"), QStringLiteral("3000")}, readTwiceCode(file), log);
        QVERIFY(!waitForHeld(file).isEmpty());
        finish(run);
        QCOMPARE(run->exitCode(), 124);
        auto pending = ApprovalClient::pending(5000);
        QVERIFY(pending);
        for (const QJsonObject &p : std::as_const(*pending))
            QVERIFY(p.value(QLatin1String("arguments")).toObject().value(QLatin1String("resource")).toString() != file);
        const QList<AuditEvent> events = auditOf(log);
        QCOMPARE(events.size(), 1);
        QVERIFY(!events.at(0).allowed);
        QCOMPARE(events.at(0).answer, u"withdrawn"_qs);
    }

    // Deny beats ask: the audit log is protected even inside an ask_read folder; nobody is asked.
    void denyBeatsAsk()
    {
        const QString log = path(QStringLiteral("denybeats.jsonl"));
        QProcess *run = startRun({QStringLiteral("--ask-read"), m_dir.path(), QStringLiteral("--ask-timeout"), QStringLiteral("60000")},
                                 readTwiceCode(log).replace(u"['first', 'second']"_qs, u"['first']"_qs), log);
        const QByteArray out = finish(run, 40000);
        QVERIFY2(out.contains("first NotCapable\n") || out.contains("first PermissionDenied\n"), out.constData());
        const QList<AuditEvent> events = auditOf(log);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.at(0).rule, u"protected"_qs);
        QVERIFY(events.at(0).askEntry.isEmpty());
    }

    // Allow beats ask: a file both allow_read and ask_read name is read without asking.
    void allowBeatsAsk()
    {
        const QString file = path(QStringLiteral("secret.txt"));
        const QString log = path(QStringLiteral("allowbeats.jsonl"));
        QProcess *run = startRun({QStringLiteral("--ask-read"), file, QStringLiteral("--allow-read"), file, QStringLiteral("--ask-timeout"), QStringLiteral("60000")},
                                 readTwiceCode(file), log);
        const QByteArray out = finish(run, 40000);
        QVERIFY2(out.contains("first ok\nsecond ok\n"), out.constData());
        const QList<AuditEvent> events = auditOf(log);
        QCOMPARE(events.size(), 2);
        QCOMPARE(events.at(0).rule, u"allow_read[0]"_qs);
        QVERIFY(events.at(0).askEntry.isEmpty());
    }

    // A file no entry names is denied at once, as ever: ask_read reaches no further than it says.
    void outsideTheAskEntryIsDenied()
    {
        const QString file = path(QStringLiteral("secret.txt"));
        const QString log = path(QStringLiteral("outside.jsonl"));
        QProcess *run = startRun({QStringLiteral("--ask-read"), path(QStringLiteral("work")), QStringLiteral("--ask-timeout"), QStringLiteral("60000")},
                                 readTwiceCode(file).replace(u"['first', 'second']"_qs, u"['first']"_qs), log);
        const QByteArray out = finish(run, 40000);
        QVERIFY2(out.contains("first NotCapable\n") || out.contains("first PermissionDenied\n"), out.constData());
        const QList<AuditEvent> events = auditOf(log);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.at(0).rule, u"sandbox"_qs);
    }

    // An old approver (no scope) approves once; an unknown scope is refused, the call stays held.
    void approverScopes()
    {
        const QString file = path(QStringLiteral("secret.txt"));
        const QString log = path(QStringLiteral("scopes.jsonl"));
        QProcess *run = startRun({QStringLiteral("--ask-read"), file, QStringLiteral("--ask-timeout"), QStringLiteral("60000")},
                                 readTwiceCode(file).replace(u"['first', 'second']"_qs, u"['first']"_qs), log);
        const QJsonObject held = waitForHeld(file);
        QVERIFY(!held.isEmpty());
        const QJsonValue id = held.value(QLatin1String("id"));
        auto bad = ApprovalClient::answer({{QStringLiteral("op"), QStringLiteral("approve")}, {QStringLiteral("id"), id}, {QStringLiteral("scope"), QStringLiteral("forever")}}, 5000);
        QVERIFY(bad);
        QVERIFY(!bad->value(QLatin1String("ok")).toBool());
        auto good = ApprovalClient::answer({{QStringLiteral("op"), QStringLiteral("approve")}, {QStringLiteral("id"), id}}, 5000);
        QVERIFY(good && good->value(QLatin1String("ok")).toBool());
        const QByteArray out = finish(run);
        QVERIFY2(out.contains("first ok\n"), out.constData());
        QCOMPARE(auditOf(log).value(0).answer, u"once"_qs);
    }

    void policyEntriesAreCheckedLikeAllowEntries_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("net") << QByteArray("{\n \"permissions\": {\n  \"ask_net\": [\"ok.example\", \"http://\"]\n }\n}") << u"policy.json:3:"_qs;
        QTest::newRow("env reserved") << QByteArray("{\"permissions\": {\"ask_env\": [\"DENO_PERMISSION_BROKER_PATH\"]}}") << u"is reserved"_qs;
        QTest::newRow("run any") << QByteArray("{\"permissions\": {\"ask_run\": [\"*\"]}}") << u"ask_run"_qs;
        QTest::newRow("read root") << QByteArray("{\"permissions\": {\"ask_read\": [\"/\"]}}") << u"ask_read"_qs;
        QTest::newRow("not a list") << QByteArray("{\"permissions\": {\"ask_write\": \"/tmp\"}}") << u"ask_write"_qs;
        QTest::newRow("timeout") << QByteArray("{\"options\": {\"ask_timeout_ms\": 99999999}}") << u"ask_timeout_ms"_qs;
    }

    void policyEntriesAreCheckedLikeAllowEntries()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        auto parsed = parsePolicy(json, QStringLiteral("policy.json"));
        QVERIFY(!parsed);
        QVERIFY2(parsed.error().message.contains(expected), qPrintable(parsed.error().message));
        QVERIFY2(parsed.error().message.startsWith(u"policy.json:"_qs), qPrintable(parsed.error().message));
    }

    void policyRoundTrip()
    {
        auto parsed = parsePolicy(R"({"permissions": {"ask_read": ["a"], "ask_write": ["b"], "ask_net": ["x.example:443"],
                                     "ask_env": ["HOME"], "ask_run": ["git"]}, "options": {"ask_timeout_ms": 500}})", QStringLiteral("p.json"));
        QVERIFY2(parsed, parsed ? "" : qPrintable(parsed.error().message));
        QCOMPARE(parsed->permissions.askRead, QStringList{u"a"_qs});
        QCOMPARE(parsed->permissions.askNet, QStringList{u"x.example:443"_qs});
        QCOMPARE(parsed->permissions.askRun, QStringList{u"git"_qs});
        QCOMPARE(parsed->askTimeoutMs.value_or(0), qint64(500));
        auto again = parsePolicy(policyToJson(*parsed), QStringLiteral("again.json"));
        QVERIFY(again);
        QCOMPARE(*again, *parsed);
    }

    // The matcher's precedence on its own: hard denies, then allow, then ask, then the default.
    void matcherPrecedence()
    {
        Policy policy;
        policy.sandbox = true;
        policy.permissions.askNet = {QStringLiteral("api.example.com"), QStringLiteral("169.254.169.254")};
        policy.permissions.allowNet = {QStringLiteral("open.example.com")};
        policy.permissions.askNet << QStringLiteral("open.example.com");
        policy.permissions.askEnv = {QStringLiteral("HOME"), QStringLiteral("DENO_DIR")};
        policy.permissions.askRun = {QStringLiteral("true")};
        const PolicyMatcher matcher({policy, m_dir.path(), path(QStringLiteral("work")), {}, {}, {}});
        const Decision held = matcher.decide(QStringLiteral("net"), QStringLiteral("api.example.com:443"), true);
        QVERIFY(!held.allowed);
        QCOMPARE(held.rule, u"ask"_qs);
        QCOMPARE(held.ask, u"ask_net[0]"_qs);
        QVERIFY(held.reason.startsWith(u"permission denied"_qs));
        const Decision metadata = matcher.decide(QStringLiteral("net"), QStringLiteral("169.254.169.254:80"), true);
        QCOMPARE(metadata.rule, u"metadata"_qs);
        QVERIFY(metadata.ask.isEmpty());
        const Decision allowed = matcher.decide(QStringLiteral("net"), QStringLiteral("open.example.com:443"), true);
        QVERIFY(allowed.allowed);
        QCOMPARE(allowed.rule, u"allow_net[0]"_qs);
        QCOMPARE(matcher.decide(QStringLiteral("env"), QStringLiteral("HOME"), true).ask, u"ask_env[0]"_qs);
        QCOMPARE(matcher.decide(QStringLiteral("env"), QStringLiteral("DENO_DIR"), true).rule, u"reserved"_qs);
        QCOMPARE(matcher.decide(QStringLiteral("run"), QStringLiteral("true"), true).ask, u"ask_run[0]"_qs);
        QVERIFY(matcher.decide(QStringLiteral("run"), QStringLiteral("false"), true).ask.isEmpty());
        // No sandbox: an ask entry is still asked (only an allow entry beats it); the rest is allowed.
        policy.sandbox = false;
        const PolicyMatcher open({policy, m_dir.path(), path(QStringLiteral("work")), {}, {}, {}});
        QCOMPARE(open.decide(QStringLiteral("net"), QStringLiteral("api.example.com:443"), true).ask, u"ask_net[0]"_qs);
        QVERIFY(open.decide(QStringLiteral("net"), QStringLiteral("else.example.com:443"), true).allowed);
        QCOMPARE(open.decide(QStringLiteral("run"), QStringLiteral("true"), true).ask, u"ask_run[0]"_qs);
        QVERIFY(open.decide(QStringLiteral("run"), QStringLiteral("false"), true).allowed);
    }

    // explain names the ask entry; lint says when an allow entry makes an ask entry moot; the
    // policy diff counts a held check as a use of its ask entry, not as a missing grant.
    void policyTools()
    {
        const QByteArray json = "{\"sandbox\": true, \"permissions\": {\"ask_net\": [\"api.example.com\"],"
                                " \"allow_read\": [\"data\"], \"ask_read\": [\"data/inner\"]}}";
        auto policy = parsePolicy(json, QStringLiteral("p.json"));
        QVERIFY2(policy, policy ? "" : qPrintable(policy.error().message));
        const Explanation e = explainDecision(*policy, m_dir.path(), PolicyQuestion{QStringLiteral("net"), QStringLiteral("api.example.com:443")});
        QVERIFY2(e.ruleText.contains(u"held for a person by"_qs) && e.ruleText.contains(u"ask_net[0]"_qs), qPrintable(e.ruleText));
        bool moot = false;
        for (const LintFinding &f : lintPolicy(*policy, m_dir.path(), json))
            moot = moot || (f.code == u"ask-never-asked"_qs && f.pointer == u"/permissions/ask_read/0"_qs);
        QVERIFY(moot);
        AuditEvent asked;
        asked.seq = 1;
        asked.kind = QStringLiteral("net");
        asked.action = QStringLiteral("connect");
        asked.resource = QStringLiteral("api.example.com:443");
        asked.allowed = true;
        asked.rule = QStringLiteral("ask");
        const PolicyUsage usage = comparePolicyWithAudit(*policy, m_dir.path(), {asked}, json);
        QCOMPARE(usage.denials.size(), 0);
        bool used = false;
        for (const GrantUse &g : usage.grants)
            used = used || (g.key == u"ask_net"_qs && g.uses == 1);
        QVERIFY(used);
    }
};

QTEST_GUILESS_MAIN(TestExecAsk)
#include "tst_execask.moc"
