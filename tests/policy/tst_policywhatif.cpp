#include "policy/policywhatif.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

namespace {

AuditEvent auditEvent(quint64 seq, const char *kind, const char *action, const QString &resource, bool allowed, const char *rule)
{
    AuditEvent e;
    e.seq = seq;
    e.kind = QLatin1String(kind);
    e.action = QLatin1String(action);
    e.resource = resource;
    e.allowed = allowed;
    e.rule = QLatin1String(rule);
    return e;
}

} // namespace

class TestPolicyWhatIf : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_root;

private slots:
    void initTestCase()
    {
        m_root = QDir(m_dir.path()).canonicalPath();
        QDir(m_root).mkpath(QStringLiteral("a"));
        QDir(m_root).mkpath(QStringLiteral("b"));
        QDir(m_root).mkpath(QStringLiteral("work"));
    }

    void flipsBothWaysWithTheRuleNow()
    {
        const QList<AuditEvent> recorded = {
            auditEvent(1, "read", "read", m_root + QStringLiteral("/private/preload.js"), true, "sandbench"),
            auditEvent(2, "read", "read", m_root + QStringLiteral("/a/x"), true, "allow_read[0]"),
            auditEvent(3, "read", "read", m_root + QStringLiteral("/b/y"), false, "sandbox"),
            auditEvent(4, "env", "get", QStringLiteral("LANG"), false, "sandbox"),
            auditEvent(5, "write", "write", m_root + QStringLiteral("/work/out"), true, "workdir"),
            auditEvent(6, "net", "connect", QStringLiteral("example.com:443"), false, "sandbox"),
        };
        Policy b;
        b.sandbox = true;
        b.permissions.allowRead = {QStringLiteral("b")};
        b.permissions.allowEnv = {QStringLiteral("LANG")};
        const WhatIfReport report = whatIf(b, m_root, recorded, {m_root + QStringLiteral("/work"), {}, {}, {}});
        QCOMPARE(report.compared, 5); // Sandbench's own read is no decision of the code
        QCOMPARE(report.flips.size(), 3);
        const DecisionFlip &a = report.flips.at(0);
        QCOMPARE(a.seq, 2u);
        QCOMPARE(a.event, 1);
        QVERIFY(a.wasAllowed && !a.nowAllowed);
        QCOMPARE(a.ruleWas, QStringLiteral("allow_read[0]"));
        QCOMPARE(a.ruleNow, QStringLiteral("sandbox"));
        QVERIFY(a.reasonNow.contains(QStringLiteral("permission denied")));
        QCOMPARE(report.flips.at(1).seq, 3u);
        QVERIFY(!report.flips.at(1).wasAllowed && report.flips.at(1).nowAllowed);
        QCOMPARE(report.flips.at(1).ruleNow, QStringLiteral("allow_read[0]"));
        QCOMPARE(report.flips.at(2).ruleNow, QStringLiteral("allow_env[0]"));
    }

    void theContextDecidesTheWorkdir()
    {
        // The same write flips when the recording's workdir is not given: a what-if of a session
        // without its context would report changes a real replay does not make.
        const QList<AuditEvent> recorded = {auditEvent(1, "write", "write", m_root + QStringLiteral("/work/out"), true, "workdir")};
        Policy b;
        b.sandbox = true;
        QCOMPARE(whatIf(b, m_root, recorded, {m_root + QStringLiteral("/work"), {}, {}, {}}).flips.size(), 0);
        QCOMPARE(whatIf(b, m_root, recorded).flips.size(), 1);
    }

    void startUpModulesNeverFlip()
    {
        // The broker logs the start-up graph allowed whatever the policy (the namespace holds
        // it): the code given with --code, and an entry no rule names.
        AuditEvent code = auditEvent(1, "read", "load", QStringLiteral("(the code given with --code)"), true, "code");
        code.reason = QStringLiteral("module graph");
        AuditEvent entry = auditEvent(2, "read", "load", m_root + QStringLiteral("/a/main.ts"), true, "allow_read[0]");
        entry.reason = QStringLiteral("module graph");
        // The same read asked by the code is decided by the policy.
        const AuditEvent asked = auditEvent(3, "read", "read", m_root + QStringLiteral("/a/main.ts"), true, "allow_read[0]");
        Policy b;
        b.sandbox = true;
        const WhatIfReport report = whatIf(b, m_root, {code, entry, asked});
        QCOMPARE(report.compared, 3);
        QCOMPARE(report.flips.size(), 1);
        QCOMPARE(report.flips.first().seq, 3u);
    }

    void aCheckHeldForAPersonIsItsOwnOutcome()
    {
        // ask_* is neither allow nor deny: a check the candidate would hold is a change whatever
        // was recorded, and one that was asked then and is asked now is none.
        const QList<AuditEvent> recorded = {
            auditEvent(1, "read", "read", m_root + QStringLiteral("/a/x"), true, "allow_read[0]"),
            auditEvent(2, "read", "read", m_root + QStringLiteral("/b/y"), false, "sandbox"),
            auditEvent(3, "read", "read", m_root + QStringLiteral("/b/z"), true, "ask"),
            auditEvent(4, "read", "read", m_root + QStringLiteral("/a/w"), false, "ask"),
        };
        Policy b;
        b.sandbox = true;
        b.permissions.askRead = {QStringLiteral("a"), QStringLiteral("b")};
        const WhatIfReport held = whatIf(b, m_root, recorded);
        QCOMPARE(held.compared, 4);
        QCOMPARE(held.flips.size(), 2);
        for (const DecisionFlip &f : held.flips)
            QVERIFY(!f.nowAllowed);
        QCOMPARE(held.flips.at(0).seq, 1u);
        QCOMPARE(held.flips.at(0).askNow, QStringLiteral("ask_read[0]"));
        QCOMPARE(held.flips.at(0).ruleNow, QStringLiteral("ask_read[0]"));
        QCOMPARE(held.flips.at(1).seq, 2u);
        QCOMPARE(held.flips.at(1).askNow, QStringLiteral("ask_read[1]"));

        // Decided by a rule again, an asked check compares by the answer it got.
        Policy c;
        c.sandbox = true;
        c.permissions.allowRead = {QStringLiteral("a")};
        const WhatIfReport decided = whatIf(c, m_root, recorded);
        QCOMPARE(decided.flips.size(), 2);
        QCOMPARE(decided.flips.at(0).seq, 3u); // approved then, denied by the sandbox now
        QVERIFY(decided.flips.at(0).wasAllowed && !decided.flips.at(0).nowAllowed && decided.flips.at(0).askNow.isEmpty());
        QCOMPARE(decided.flips.at(1).seq, 4u); // refused then, allowed by allow_read[0] now
        QVERIFY(decided.flips.at(1).nowAllowed);
    }

    void theSamePolicyFlipsNothing()
    {
        Policy a;
        a.sandbox = true;
        a.permissions.allowRead = {QStringLiteral("a")};
        const QList<AuditEvent> recorded = {auditEvent(1, "read", "read", m_root + QStringLiteral("/a/x"), true, "allow_read[0]"),
                                            auditEvent(2, "read", "read", m_root + QStringLiteral("/b/x"), false, "sandbox")};
        QCOMPARE(whatIf(a, m_root, recorded).flips.size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestPolicyWhatIf)
#include "tst_policywhatif.moc"
