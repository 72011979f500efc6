#include "models/allowrule.h"
#include "policy/policyfile.h"

#include <QTest>

using namespace Sandbench;

class TestAllowRule : public QObject
{
    Q_OBJECT
private slots:
    void ruleForEachKind_data();
    void ruleForEachKind();
    void kindsWithoutAListGetNoRule();
    void withRuleAddsOnceAndLiftsTheDenySwitch();
    void diffShowsTheAddedLine();
};

void TestAllowRule::ruleForEachKind_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("resource");
    QTest::addColumn<QString>("key");
    QTest::newRow("read") << "read" << "read" << "/etc/hostname" << "allow_read";
    QTest::newRow("write") << "write" << "write" << "/tmp/out.txt" << "allow_write";
    QTest::newRow("net") << "net" << "connect" << "example.com:443" << "allow_net";
    QTest::newRow("listen") << "net" << "listen" << "0.0.0.0:8080" << "allow_listen";
    QTest::newRow("env") << "env" << "get" << "HOME" << "allow_env";
    QTest::newRow("run") << "run" << "spawn" << "git" << "allow_run";
}

void TestAllowRule::ruleForEachKind()
{
    QFETCH(QString, kind);
    QFETCH(QString, action);
    QFETCH(QString, resource);
    QFETCH(QString, key);
    AuditEvent event;
    event.kind = kind;
    event.action = action;
    event.resource = resource;
    const auto rule = allowRuleFor(event);
    QVERIFY(rule);
    QCOMPARE(rule->key, key);
    QCOMPARE(rule->value, resource);
    QCOMPARE(rule->displayText(), QStringLiteral("\"%1\": \"%2\"").arg(key, resource));
    // The rule must be one the policy file accepts and keeps.
    const Policy policy = withRule(Policy{}, *rule);
    const auto parsed = parsePolicy(policyToJson(policy), QStringLiteral("p.json"));
    QVERIFY2(parsed.has_value(), parsed ? "" : qPrintable(parsed.error().message));
    QCOMPARE(*parsed, policy);
}

void TestAllowRule::kindsWithoutAListGetNoRule()
{
    AuditEvent event;
    event.kind = QStringLiteral("sys");
    event.resource = QStringLiteral("hostname");
    QVERIFY(!allowRuleFor(event));
    event.kind = QStringLiteral("run");
    event.resource = QString(); // "any program": never offered with one click
    QVERIFY(!allowRuleFor(event));
}

void TestAllowRule::withRuleAddsOnceAndLiftsTheDenySwitch()
{
    Policy policy;
    policy.sandbox = true;
    policy.permissions.denyNet = true;
    policy.permissions.allowNet = {QStringLiteral("a.example:443")};
    const AllowRule rule{QStringLiteral("allow_net"), QStringLiteral("b.example:443")};
    Policy after = withRule(policy, rule);
    QCOMPARE(after.permissions.allowNet,
             QStringList({QStringLiteral("a.example:443"), QStringLiteral("b.example:443")}));
    QVERIFY(!after.permissions.denyNet);
    QVERIFY(after.sandbox);
    QCOMPARE(withRule(after, rule), after);
}

void TestAllowRule::diffShowsTheAddedLine()
{
    const QString before = QStringLiteral("{\n  \"a\": [\n  ],\n  \"b\": 1\n}");
    const QString after = QStringLiteral("{\n  \"a\": [\n    \"x\"\n  ],\n  \"b\": 1\n}");
    const QStringList diff = lineDiff(before, after, 1);
    QCOMPARE(diff, QStringList({QStringLiteral("    \"a\": ["), QStringLiteral("+     \"x\""),
                                QStringLiteral("    ],")}));
    QVERIFY(lineDiff(before, before).isEmpty());
    // A changed line reads as the old one out, then the new ones in, where it stands (not the
    // new lines first and the old one removed further down).
    const QString one = QStringLiteral("[\n  \"HOME\"\n],\n\"b\": [");
    const QString two = QStringLiteral("[\n  \"HOME\",\n  \"KEY\"\n],\n\"n\": [\n  \"x\"\n],\n\"b\": [");
    QCOMPARE(lineDiff(one, two, 0), QStringList({QStringLiteral("-   \"HOME\""), QStringLiteral("+   \"HOME\","),
                                                 QStringLiteral("+   \"KEY\""), QStringLiteral("+ \"n\": ["),
                                                 QStringLiteral("+   \"x\""), QStringLiteral("+ ],")}));
}

QTEST_GUILESS_MAIN(TestAllowRule)
#include "tst_allowrule.moc"
