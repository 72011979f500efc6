#include "policy/policydiff.h"

#include "policy/policyfile.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

namespace {

AuditEvent auditEvent(quint64 seq, const char *kind, const char *action, const QString &resource, bool allowed = false)
{
    AuditEvent e;
    e.seq = seq;
    e.kind = QLatin1String(kind);
    e.action = QLatin1String(action);
    e.resource = resource;
    e.allowed = allowed;
    e.rule = QStringLiteral("recorded");
    return e;
}

} // namespace

class TestPolicyDiff : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_root;

private slots:
    void initTestCase()
    {
        m_root = QDir(m_dir.path()).canonicalPath();
        QDir(m_root).mkpath(QStringLiteral("data"));
        QDir(m_root).mkpath(QStringLiteral("unused"));
    }

    void usesUnusedGrantsAndDenialsAreCountedUnderThePolicy()
    {
        const QByteArray json = "{\"sandbox\": true,\n \"permissions\": {\n  \"allow_read\": [\"data\", \"unused\"],\n"
                                "  \"allow_net\": [\"example.com:443\"]}}\n";
        PolicyParseOptions parse;
        parse.baseDir = m_root;
        auto policy = parsePolicy(json, QStringLiteral("p.json"), parse);
        QVERIFY(policy);
        // Recorded decisions are decided again: the recorded "allowed" does not count.
        const QList<AuditEvent> events = {
            auditEvent(1, "read", "read", m_root + QStringLiteral("/data/a"), false),
            auditEvent(2, "read", "read", m_root + QStringLiteral("/data/b"), true),
            auditEvent(3, "read", "read", QStringLiteral("/etc/hostname"), true),
            auditEvent(4, "net", "connect", QStringLiteral("example.com:443"), true),
            auditEvent(5, "read", "read", QStringLiteral("/etc/hostname"), true),
            auditEvent(6, "env", "get", QStringLiteral("HOME"), true),
            auditEvent(7, "read", "read", QStringLiteral("/preload.js"), true),
        };
        QList<AuditEvent> withOwn = events;
        withOwn[6].rule = QStringLiteral("sandbench"); // Sandbench's own module: left out
        const PolicyUsage usage = comparePolicyWithAudit(*policy, m_root, withOwn, json);
        QCOMPARE(usage.events, 6);
        QCOMPARE(usage.allowed, 3);
        QCOMPARE(usage.denied, 3);
        QCOMPARE(usage.grants.size(), 3);
        QCOMPARE(usage.grants.at(0).pointer, QStringLiteral("/permissions/allow_read/0"));
        QCOMPARE(usage.grants.at(0).uses, 2);
        QCOMPARE(usage.grants.at(0).seqs, (QList<quint64>{1, 2}));
        QCOMPARE(usage.grants.at(0).position.line, 3);
        QCOMPARE(usage.grants.at(0).position.column, 18);
        QCOMPARE(usage.grants.at(2).uses, 1);
        const QList<GrantUse> unused = usage.unusedGrants();
        QCOMPARE(unused.size(), 1);
        QCOMPARE(unused.first().value, QStringLiteral("unused"));

        QCOMPARE(usage.denials.size(), 2);
        const DenialHit &host = usage.denials.at(0);
        QCOMPARE(host.resource, QStringLiteral("/etc/hostname"));
        QCOMPARE(host.count, 2);
        QCOMPARE(host.seqs, (QList<quint64>{3, 5}));
        QCOMPARE(host.rule, QStringLiteral("sandbox"));
        QCOMPARE(host.allowRule, (AllowRule{QStringLiteral("allow_read"), QStringLiteral("/etc/hostname")}));
        QCOMPARE(host.insertPointer, QStringLiteral("/permissions/allow_read/-"));
        QCOMPARE(usage.denials.at(1).allowRule, (AllowRule{QStringLiteral("allow_env"), QStringLiteral("HOME")}));
        QVERIFY(usage.denials.at(1).allowRisk.isEmpty());
        const PolicyUsage shell = comparePolicyWithAudit(*policy, m_root, {auditEvent(1, "run", "spawn", QStringLiteral("sh"))});
        QVERIFY2(shell.denials.first().allowRisk.endsWith(QStringLiteral("[leaves-sandbox]")), qPrintable(shell.denials.first().allowRisk));
    }

    void aDenialNoEntryAllowsHasNoRule()
    {
        Policy p;
        p.sandbox = true;
        const PolicyUsage usage = comparePolicyWithAudit(p, m_root, {auditEvent(1, "sys", "info", QStringLiteral("hostname"))});
        QCOMPARE(usage.denials.size(), 1);
        QVERIFY(!usage.denials.first().allowRule);
        QVERIFY(usage.denials.first().insertPointer.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestPolicyDiff)
#include "tst_policydiff.moc"
