// The agent server's approval rules: the "approvals" section of a policy file, checked where
// each entry stands, and ApprovalRules deciding calls against the server's real tool catalogue.
#include "mcp/approvalrules.h"
#include "policy/policyfile.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QTest>

using namespace Sandbench;

Q_DECLARE_METATYPE(ApprovalAction)

namespace {

// The tools of `mcp --sandbox-tools box:exec,write`: code.run, box.read, box.list, box.exec, ...
QList<ToolSpec> serverTools()
{
    ToolLimits limits;
    QList<ToolSpec> tools{codeRunTool(limits)};
    for (SandboxVerb verb : {SandboxVerb::Read, SandboxVerb::List, SandboxVerb::Exec, SandboxVerb::Write, SandboxVerb::Remove})
        tools << sandboxTool(QStringLiteral("box"), verb, limits);
    return tools;
}

Result<ApprovalRules> rulesOf(const QByteArray &policy, const QStringList &approve = {})
{
    auto parsed = parsePolicy(policy, QStringLiteral("p.json"));
    if (!parsed)
        return std::unexpected(parsed.error());
    return ApprovalRules::make(parsed->approvals, approve, serverTools());
}

QJsonObject args(const char *json)
{
    return QJsonDocument::fromJson(json).object();
}

} // namespace

class TestApprovalRules : public QObject
{
    Q_OBJECT
private slots:
    void globs_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("matches");
        QTest::newRow("exact") << QStringLiteral("code.run") << QStringLiteral("code.run") << true;
        QTest::newRow("exact is whole") << QStringLiteral("code.run") << QStringLiteral("code.runner") << false;
        QTest::newRow("prefix only is not whole") << QStringLiteral("code") << QStringLiteral("code.run") << false;
        QTest::newRow("case counts") << QStringLiteral("Code.run") << QStringLiteral("code.run") << false;
        QTest::newRow("star tail") << QStringLiteral("box.*") << QStringLiteral("box.exec") << true;
        QTest::newRow("star tail not other set") << QStringLiteral("box.*") << QStringLiteral("boxes.exec") << false;
        QTest::newRow("star matches nothing") << QStringLiteral("rm *") << QStringLiteral("rm ") << true;
        QTest::newRow("star head") << QStringLiteral("*.exec") << QStringLiteral("box.exec") << true;
        QTest::newRow("star middle") << QStringLiteral("rm *-rf*") << QStringLiteral("rm x -rf /") << true;
        QTest::newRow("star middle absent") << QStringLiteral("rm *-rf*") << QStringLiteral("rm x -r /") << false;
        QTest::newRow("leading space is a character") << QStringLiteral("rm *") << QStringLiteral(" rm -rf /") << false;
        QTest::newRow("star crosses slash and newline") << QStringLiteral("*secret*") << QStringLiteral("a/b\ncat secret") << true;
        QTest::newRow("question mark is literal") << QStringLiteral("a?c") << QStringLiteral("abc") << false;
        QTest::newRow("question mark literal matches itself") << QStringLiteral("a?c") << QStringLiteral("a?c") << true;
        QTest::newRow("only stars match empty") << QStringLiteral("**") << QStringLiteral("") << true;
        QTest::newRow("backtrack") << QStringLiteral("*ab*abc") << QStringLiteral("xabyababc") << true;
        QTest::newRow("backtrack fails") << QStringLiteral("*ab*abc") << QStringLiteral("xabyababd") << false;
        QTest::newRow("head and tail may not overlap") << QStringLiteral("a*a") << QStringLiteral("a") << false;
        QTest::newRow("head and tail overlap longer") << QStringLiteral("ab*ba") << QStringLiteral("aba") << false;
        QTest::newRow("a middle piece may not reach into the tail") << QStringLiteral("*ab*ab") << QStringLiteral("xab") << false;
        QTest::newRow("star between head and tail matches nothing") << QStringLiteral("ab*cd") << QStringLiteral("abcd") << true;
        QTest::newRow("lone star against empty") << QStringLiteral("*") << QString() << true;
        QTest::newRow("star-framed against empty") << QStringLiteral("*a*") << QString() << false;
    }
    void globs()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, text);
        QFETCH(bool, matches);
        QCOMPARE(ApprovalRules::globMatch(pattern, text), matches);
    }

    // Every pattern and text of up to 6 characters of {a, b, *} (texts of {a, b}) against a
    // dynamic-programming reference: the fast match must agree with the definition everywhere.
    void globsAgreeWithTheDefinition()
    {
        auto all = [](const QString &alphabet, int maxLength) {
            QStringList out{QString()};
            for (qsizetype from = 0; from < out.size(); ++from) {
                if (out.at(from).size() == maxLength)
                    continue;
                for (QChar c : alphabet)
                    out << out.at(from) + c;
            }
            return out;
        };
        auto reference = [](const QString &p, const QString &t) {
            // m[i][j]: the first i characters of p match the first j of t.
            QList<QList<bool>> m(p.size() + 1, QList<bool>(t.size() + 1, false));
            m[0][0] = true;
            for (qsizetype i = 1; i <= p.size(); ++i) {
                for (qsizetype j = 0; j <= t.size(); ++j) {
                    if (p.at(i - 1) == QLatin1Char('*'))
                        m[i][j] = m[i - 1][j] || (j > 0 && m[i][j - 1]);
                    else
                        m[i][j] = j > 0 && m[i - 1][j - 1] && p.at(i - 1) == t.at(j - 1);
                }
            }
            return m[p.size()][t.size()];
        };
        const QStringList patterns = all(QStringLiteral("ab*"), 6);
        const QStringList texts = all(QStringLiteral("ab"), 6);
        int checked = 0;
        for (const QString &p : patterns) {
            for (const QString &t : texts) {
                if (ApprovalRules::globMatch(p, t) != reference(p, t))
                    QFAIL(qPrintable(QStringLiteral("\"%1\" against \"%2\"").arg(p, t)));
                ++checked;
            }
        }
        QCOMPARE(checked, 1093 * 127);
    }

    // The worst a hostile policy and a hostile argument can make of one match: bounded.
    // (A backtracking matcher takes exponential time on the first and overflows its stack on
    // long texts; the longest pattern against the longest argument of any tool, box.exec's
    // 64 KiB command, is the two-cursor match's worst case of pattern × text steps.)
    void aPathologicalGlobStaysBounded_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::newRow("many stars") << QStringLiteral("*a").repeated(127) + QStringLiteral("b");
        QTest::newRow("one star, long tail") << QStringLiteral("*") + QString(254, QLatin1Char('a')) + QStringLiteral("b");
    }
    void aPathologicalGlobStaysBounded()
    {
        QFETCH(QString, pattern);
        QVERIFY(pattern.size() >= ApprovalSection::maxPatternLength - 1 && pattern.size() <= ApprovalSection::maxPatternLength);
        const QString text(64 * 1024, QLatin1Char('a'));
        QElapsedTimer clock;
        clock.start();
        QVERIFY(!ApprovalRules::globMatch(pattern, text));
        QVERIFY(ApprovalRules::globMatch(pattern, text + QStringLiteral("b")));
        QVERIFY2(clock.elapsed() < 250, qPrintable(QString::number(clock.elapsed())));
        qInfo("%lld ms", qint64(clock.elapsed()));
    }

    void decisions_data()
    {
        QTest::addColumn<QByteArray>("policy");
        QTest::addColumn<QStringList>("approve");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QByteArray>("arguments");
        QTest::addColumn<ApprovalAction>("action");
        QTest::addColumn<QString>("rule");
        const QByteArray byPattern = R"({"approvals": {"rules": [
  {"tool": "box.exec", "arguments": {"command": "rm *"}, "action": "ask"},
  {"tool": "box.exec", "arguments": {"command": "*curl*", "cwd": "/tmp*"}, "action": "deny"},
  {"tool": "box.*", "action": "allow"}],
 "default": "ask"}})";
        QTest::newRow("no section: every call runs") << QByteArray("{}") << QStringList() << QStringLiteral("box.exec") << QByteArray(R"({"command":"rm -rf /"})")
                                                     << ApprovalAction::Allow << QStringLiteral("approvals default");
        QTest::newRow("no section, --approve asks") << QByteArray("{}") << QStringList{QStringLiteral("code.run")} << QStringLiteral("code.run") << QByteArray(R"({"code":"1"})")
                                                    << ApprovalAction::Ask << QStringLiteral("--approve code.run");
        QTest::newRow("argument pattern holds") << byPattern << QStringList() << QStringLiteral("box.exec") << QByteArray(R"({"command":"rm -rf /"})")
                                                << ApprovalAction::Ask << QStringLiteral("approvals rule 0 (p.json:2:12)");
        QTest::newRow("same tool, other argument passes") << byPattern << QStringList() << QStringLiteral("box.exec") << QByteArray(R"({"command":"ls"})")
                                                          << ApprovalAction::Allow << QStringLiteral("approvals rule 2 (p.json:4:12)");
        QTest::newRow("every pattern of a rule must match") << byPattern << QStringList() << QStringLiteral("box.exec")
                                                            << QByteArray(R"({"command":"curl x","cwd":"/tmp/a"})")
                                                            << ApprovalAction::Deny << QStringLiteral("approvals rule 1 (p.json:3:12)");
        QTest::newRow("one pattern off: the next rule") << byPattern << QStringList() << QStringLiteral("box.exec")
                                                        << QByteArray(R"({"command":"curl x","cwd":"/home"})")
                                                        << ApprovalAction::Allow << QStringLiteral("approvals rule 2 (p.json:4:12)");
        QTest::newRow("a missing argument does not match") << byPattern << QStringList() << QStringLiteral("box.exec") << QByteArray(R"({"command":"curl x"})")
                                                           << ApprovalAction::Allow << QStringLiteral("approvals rule 2 (p.json:4:12)");
        QTest::newRow("tool glob") << byPattern << QStringList() << QStringLiteral("box.read") << QByteArray(R"({"path":"a"})")
                                   << ApprovalAction::Allow << QStringLiteral("approvals rule 2 (p.json:4:12)");
        QTest::newRow("default asks the rest") << byPattern << QStringList() << QStringLiteral("code.run") << QByteArray(R"({"code":"1"})")
                                               << ApprovalAction::Ask << QStringLiteral("approvals default");
        QTest::newRow("--approve goes in front of the rules") << byPattern << QStringList{QStringLiteral("box.read")} << QStringLiteral("box.read") << QByteArray(R"({"path":"a"})")
                                                              << ApprovalAction::Ask << QStringLiteral("--approve box.read");
        const QByteArray order = R"({"approvals": {"rules": [{"tool": "code.run", "action": "deny"}, {"tool": "*", "action": "allow"}], "default": "ask"}})";
        QTest::newRow("first match wins: deny") << order << QStringList() << QStringLiteral("code.run") << QByteArray(R"({"code":"1"})")
                                                << ApprovalAction::Deny << QStringLiteral("approvals rule 0 (p.json:1:35)");
        QTest::newRow("first match wins: allow after") << order << QStringList() << QStringLiteral("box.list") << QByteArray("{}")
                                                       << ApprovalAction::Allow << QStringLiteral("approvals rule 1 (p.json:1:75)");
        const QByteArray reversed = R"({"approvals": {"rules": [{"tool": "*", "action": "allow"}, {"tool": "code.run", "action": "deny"}]}})";
        QTest::newRow("first match wins: the later deny never decides") << reversed << QStringList() << QStringLiteral("code.run") << QByteArray(R"({"code":"1"})")
                                                                        << ApprovalAction::Allow << QStringLiteral("approvals rule 0 (p.json:1:35)");
        QTest::newRow("default deny") << QByteArray(R"({"approvals": {"default": "deny"}})") << QStringList() << QStringLiteral("box.list") << QByteArray("{}")
                                      << ApprovalAction::Deny << QStringLiteral("approvals default");
        QTest::newRow("section without default allows") << QByteArray(R"({"approvals": {"rules": [{"tool": "code.run", "action": "ask"}]}})")
                                                        << QStringList() << QStringLiteral("box.list") << QByteArray("{}") << ApprovalAction::Allow << QStringLiteral("approvals default");
    }
    void decisions()
    {
        QFETCH(QByteArray, policy);
        QFETCH(QStringList, approve);
        QFETCH(QString, tool);
        QFETCH(QByteArray, arguments);
        QFETCH(ApprovalAction, action);
        QFETCH(QString, rule);
        auto rules = rulesOf(policy, approve);
        QVERIFY2(rules, rules ? "" : qPrintable(rules.error().message));
        const ApprovalVerdict verdict = rules->decide(tool, args(arguments.constData()));
        QCOMPARE(verdict.rule, rule);
        QCOMPARE(verdict.action, action);
    }

    void mayAsk()
    {
        QVERIFY(!rulesOf("{}")->mayAsk());
        QVERIFY(!rulesOf(R"({"approvals": {"rules": [{"tool": "*", "action": "deny"}]}})")->mayAsk());
        QVERIFY(rulesOf("{}", {QStringLiteral("code.run")})->mayAsk());
        QVERIFY(rulesOf(R"({"approvals": {"default": "ask"}})")->mayAsk());
        QVERIFY(rulesOf(R"({"approvals": {"rules": [{"tool": "box.*", "action": "ask"}]}})")->mayAsk());
    }

    // Hostile sections: each refused with the file, line and column of what is wrong.
    void badSections_data()
    {
        QTest::addColumn<QByteArray>("policy");
        QTest::addColumn<QString>("error");
        QTest::newRow("not an object") << QByteArray(R"({"approvals": []})") << QStringLiteral("p.json:1:15: \"approvals\" must be an object, not an array");
        QTest::newRow("unknown key") << QByteArray("{\"approvals\": {\n  \"rulez\": []}}") << QStringLiteral("p.json:2:3: unknown key \"rulez\" in \"approvals\"");
        QTest::newRow("rules not an array") << QByteArray(R"({"approvals": {"rules": {}}})") << QStringLiteral("p.json:1:25: \"rules\" must be an array of at most 256 rules, not an object");
        QTest::newRow("too many rules") << (QByteArray(R"({"approvals": {"rules": [)") + QByteArray(R"({"tool": "code.run", "action": "allow"},)").repeated(257).chopped(1) + "]}}")
                                        << QStringLiteral("p.json:1:25: \"rules\" must be an array of at most 256 rules, not 257 rules");
        QTest::newRow("rule not an object") << QByteArray(R"({"approvals": {"rules": ["code.run"]}})") << QStringLiteral("p.json:1:26: rule 0 must be an object, not a string");
        QTest::newRow("unknown rule key") << QByteArray("{\"approvals\": {\"rules\": [\n {\"tool\": \"code.run\", \"action\": \"ask\", \"args\": {}}]}}")
                                          << QStringLiteral("p.json:2:40: unknown key \"args\" in \"approvals/rules/0\"");
        QTest::newRow("unknown action") << QByteArray("{\"approvals\": {\"rules\": [\n {\"tool\": \"code.run\", \"action\": \"prompt\"}]}}")
                                        << QStringLiteral("p.json:2:33: \"action\" must be one of ask, allow, deny, not \"prompt\"");
        QTest::newRow("missing action") << QByteArray(R"({"approvals": {"rules": [{"tool": "code.run"}]}})")
                                        << QStringLiteral("p.json:1:26: \"action\" must be one of ask, allow, deny, not nothing");
        QTest::newRow("action of another type") << QByteArray(R"({"approvals": {"rules": [{"tool": "code.run", "action": true}]}})")
                                                << QStringLiteral("p.json:1:57: \"action\" must be one of ask, allow, deny, not a boolean");
        QTest::newRow("unknown default") << QByteArray(R"({"approvals": {"default": "Allow"}})") << QStringLiteral("p.json:1:27: \"default\" must be one of ask, allow, deny, not \"Allow\"");
        QTest::newRow("missing tool") << QByteArray(R"({"approvals": {"rules": [{"action": "ask"}]}})")
                                      << QStringLiteral("p.json:1:26: rule 0's \"tool\" must be a string of 1 to 256 characters, not nothing");
        QTest::newRow("empty tool") << QByteArray(R"({"approvals": {"rules": [{"tool": "", "action": "ask"}]}})")
                                    << QStringLiteral("p.json:1:35: rule 0's \"tool\" must be a string of 1 to 256 characters, not 0 characters");
        QTest::newRow("over-long pattern") << (QByteArray(R"({"approvals": {"rules": [{"tool": "box.exec", "action": "ask", "arguments": {"command": ")") + QByteArray(257, 'x') + "\"}}]}}")
                                           << QStringLiteral("p.json:1:89: rule 0's pattern for \"command\" must be a string of 1 to 256 characters, not 257 characters");
        QTest::newRow("empty pattern") << QByteArray(R"({"approvals": {"rules": [{"tool": "box.exec", "action": "ask", "arguments": {"command": ""}}]}})")
                                       << QStringLiteral("p.json:1:89: rule 0's pattern for \"command\" must be a string of 1 to 256 characters, not 0 characters");
        QTest::newRow("pattern not a string") << QByteArray(R"({"approvals": {"rules": [{"tool": "box.exec", "action": "ask", "arguments": {"command": ["rm"]}}]}})")
                                              << QStringLiteral("p.json:1:89: rule 0's pattern for \"command\" must be a string of 1 to 256 characters, not an array");
        QTest::newRow("hidden character") << QByteArray(R"({"approvals": {"rules": [{"tool": "box.exec", "action": "ask", "arguments": {"command": "rm\u202e *"}}]}})")
                                          << QStringLiteral("p.json:1:89: rule 0's pattern for \"command\" holds the control or invisible character U+202E");
        QTest::newRow("empty arguments") << QByteArray(R"({"approvals": {"rules": [{"tool": "box.exec", "action": "ask", "arguments": {}}]}})")
                                         << QStringLiteral("p.json:1:77: rule 0's \"arguments\" must be an object of 1 to 16 argument patterns");
        QTest::newRow("bad argument name") << QByteArray(R"({"approvals": {"rules": [{"tool": "box.exec", "action": "ask", "arguments": {"com mand": "x"}}]}})")
                                           << QStringLiteral("p.json:1:78: rule 0: \"com mand\" is not an argument name");
        QTest::newRow("timeout too short") << QByteArray(R"({"approvals": {"timeout_ms": 5}})") << QStringLiteral("p.json:1:30: \"timeout_ms\" must be a whole number from 1000 to 86400000");
        QTest::newRow("second rule's error is where it is") << QByteArray("{\"approvals\": {\"rules\": [\n  {\"tool\": \"code.run\", \"action\": \"ask\"},\n  {\"tool\": \"code.run\", \"action\": \"maybe\"}]}}")
                                                            << QStringLiteral("p.json:3:34: \"action\" must be one of ask, allow, deny, not \"maybe\"");
        // Checked against the server's tools: a rule that can never decide anything.
        QTest::newRow("tool glob matching no tool") << QByteArray("{\"approvals\": {\"rules\": [\n  {\"tool\": \"sandbox.*\", \"action\": \"deny\"}]}}")
                                                    << QStringLiteral("p.json:2:12: approvals rule 0: \"sandbox.*\" matches no tool this server offers (its tools: code.run, box.read, box.list, box.exec, box.write, box.remove)");
        QTest::newRow("tool name of another case") << QByteArray(R"({"approvals": {"rules": [{"tool": "Code.run", "action": "deny"}]}})")
                                                   << QStringLiteral("p.json:1:35: approvals rule 0: \"Code.run\" matches no tool");
        QTest::newRow("argument of no matched tool") << QByteArray(R"({"approvals": {"rules": [{"tool": "code.run", "action": "ask", "arguments": {"command": "rm *"}}]}})")
                                                     << QStringLiteral("p.json:1:89: approvals rule 0: \"command\" is no string argument of code.run, so the rule could never match");
        QTest::newRow("argument that is no string") << QByteArray(R"({"approvals": {"rules": [{"tool": "box.exec", "action": "ask", "arguments": {"timeoutMs": "1*"}}]}})")
                                                    << QStringLiteral("p.json:1:91: approvals rule 0: \"timeoutMs\" is no string argument of box.exec");
    }
    void badSections()
    {
        QFETCH(QByteArray, policy);
        QFETCH(QString, error);
        auto rules = rulesOf(policy);
        QVERIFY(!rules);
        QVERIFY2(rules.error().message.startsWith(error), qPrintable(rules.error().message));
    }

    // A section that did not come through the policy reader (a bug there, a caller building one)
    // with an action of no known name refuses the call: fail closed, never allow.
    void anUnknownActionRefuses()
    {
        ApprovalSection section;
        section.present = true;
        section.rules << ApprovalRuleEntry{QStringLiteral("code.run"), {}, QStringLiteral("Allow"), QStringLiteral("p.json:1:1")};
        section.defaultAction = QStringLiteral("permit");
        auto rules = ApprovalRules::make(section, {}, serverTools());
        QVERIFY(rules);
        QCOMPARE(rules->decide(QStringLiteral("code.run"), {}).action, ApprovalAction::Deny);
        QCOMPARE(rules->decide(QStringLiteral("box.list"), {}).action, ApprovalAction::Deny);
    }

    void anUnknownApproveToolIsRefused()
    {
        auto rules = rulesOf("{}", {QStringLiteral("code.exec")});
        QVERIFY(!rules);
        QVERIFY2(rules.error().message.startsWith(QStringLiteral("--approve code.exec: no such tool")), qPrintable(rules.error().message));
    }

    // The policy editor writes the section back as it read it.
    void theSectionRoundTrips()
    {
        const QByteArray json = R"({"approvals": {"rules": [{"tool": "box.exec", "arguments": {"command": "rm *", "cwd": "/w*"}, "action": "ask"},
                                   {"tool": "code.run", "action": "deny"}], "default": "ask", "timeout_ms": 60000}})";
        auto first = parsePolicy(json, QStringLiteral("p.json"));
        QVERIFY(first);
        auto second = parsePolicy(policyToJson(*first), QStringLiteral("p.json"));
        QVERIFY2(second, second ? "" : qPrintable(second.error().message));
        QCOMPARE(second->approvals.rules.size(), 2);
        QCOMPARE(second->approvals.rules.at(0).arguments.size(), 2);
        QCOMPARE(second->approvals.rules.at(0).arguments.at(0).pattern, QStringLiteral("rm *"));
        QCOMPARE(second->approvals.rules.at(1).action, QStringLiteral("deny"));
        QCOMPARE(second->approvals.defaultAction, QStringLiteral("ask"));
        QCOMPARE(second->approvals.timeoutMs, std::optional<qint64>(60000));
        QVERIFY(!parsePolicy("{}", QStringLiteral("p.json"))->approvals.present);
        QVERIFY(!policyToJson(*parsePolicy("{}", QStringLiteral("p.json"))).contains("approvals"));
    }
};

QTEST_GUILESS_MAIN(TestApprovalRules)
#include "tst_approvalrules.moc"
