#include "policy/policyexplain.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

class TestPolicyExplain : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_root;

    QString path(const QString &relative) const { return m_root + QLatin1Char('/') + relative; }

    Policy sandboxed() const
    {
        Policy p;
        p.sandbox = true;
        return p;
    }

    // The flip is a claim: the policy it describes must decide the other way.
    bool decides(const Policy &policy, const PolicyQuestion &q) const
    {
        return PolicyMatcher(matcherSetupFor(policy, m_root, {})).decide(q.kind, q.value, q.hasValue).allowed;
    }

private slots:
    void initTestCase()
    {
        m_root = QDir(m_dir.path()).canonicalPath();
        QDir(m_root).mkpath(QStringLiteral("data/sub"));
        QDir(m_root).mkpath(QStringLiteral("work"));
        QFile f(path(QStringLiteral("data/sub/a.txt")));
        QVERIFY(f.open(QIODevice::WriteOnly));
    }

    void denyNamesTheSandboxAndTheEntryThatAllows()
    {
        const PolicyQuestion q{QStringLiteral("read"), path(QStringLiteral("data/sub/a.txt"))};
        const Explanation e = explainDecision(sandboxed(), m_root, q);
        QVERIFY(!e.decision.allowed);
        QCOMPARE(e.decision.rule, QStringLiteral("sandbox"));
        QCOMPARE(e.ruleText, QStringLiteral("sandbox: nothing allows it"));
        QVERIFY(e.rulePointer.isEmpty());
        QVERIFY(e.allowFlip.has_value());
        QCOMPARE(e.allowFlip->key, QStringLiteral("allow_read"));
        QCOMPARE(e.allowFlip->value, q.value);
        QVERIFY(e.removeFlip.isEmpty());
        QVERIFY(decides(withRule(sandboxed(), *e.allowFlip), q));
    }

    void allowNamesTheEntryAsWrittenAndItsPointer()
    {
        Policy p = sandboxed();
        p.permissions.allowRead = {QStringLiteral("elsewhere"), QStringLiteral("data")};
        const PolicyQuestion q{QStringLiteral("read"), path(QStringLiteral("data/sub/a.txt"))};
        const Explanation e = explainDecision(p, m_root, q);
        QVERIFY(e.decision.allowed);
        QCOMPARE(e.decision.rule, QStringLiteral("allow_read[1]"));
        QCOMPARE(e.ruleText, QStringLiteral("\"allow_read[1]\": \"data\""));
        QCOMPARE(e.rulePointer, QStringLiteral("/permissions/allow_read/1"));
        QCOMPARE(e.removeFlip, QStringLiteral("/permissions/allow_read/1"));
        QVERIFY(!e.allowFlip);
        QVERIFY(!decides(withoutEntry(p, e.removeFlip), q));
        QVERIFY(decides(p, q));
    }

    void twoEntriesThatBothAllowNeedBothRemoved()
    {
        Policy p = sandboxed();
        p.permissions.allowRead = {QStringLiteral("data"), QStringLiteral("data/sub")};
        const PolicyQuestion q{QStringLiteral("read"), path(QStringLiteral("data/sub/a.txt"))};
        const Explanation e = explainDecision(p, m_root, q);
        QVERIFY(e.decision.allowed);
        QVERIFY2(e.removeFlip.isEmpty(), qPrintable(e.removeFlip));
        QVERIFY2(e.flip.contains(QStringLiteral("allow_read[0]")) && e.flip.contains(QStringLiteral("\"data/sub\"")), qPrintable(e.flip));
        // Removing the first alone is not enough: the claim that no single removal suffices holds.
        QVERIFY(decides(withoutEntry(p, QStringLiteral("/permissions/allow_read/0")), q));
    }

    void denySwitchIsNamedInTheFlip()
    {
        Policy p;
        p.permissions.denyFs = true;
        const PolicyQuestion q{QStringLiteral("write"), path(QStringLiteral("data/out.txt"))};
        const Explanation e = explainDecision(p, m_root, q);
        QVERIFY(!e.decision.allowed);
        QCOMPARE(e.decision.rule, QStringLiteral("deny_fs"));
        QVERIFY2(e.flip.contains(QStringLiteral("deny_fs")), qPrintable(e.flip));
        QCOMPARE(e.allowFlip->key, QStringLiteral("allow_write"));
        QVERIFY(decides(withRule(p, *e.allowFlip), q));
    }

    void whatNoEntryCanAllowHasNoAllowFlip()
    {
        // A reserved variable: no policy at all gives it.
        const Explanation reserved = explainDecision(sandboxed(), m_root, PolicyQuestion{QStringLiteral("env"), QStringLiteral("DENO_PERMISSION_BROKER_PATH")});
        QVERIFY(!reserved.decision.allowed);
        QVERIFY(!reserved.allowFlip);
        QVERIFY2(reserved.flip.startsWith(QStringLiteral("nothing")), qPrintable(reserved.flip));
        // A system folder: no allow list reaches it, only leaving the sandbox does.
        const Explanation proc = explainDecision(sandboxed(), m_root, PolicyQuestion{QStringLiteral("read"), QStringLiteral("/proc/self/environ")});
        QVERIFY(!proc.decision.allowed);
        QVERIFY(!proc.allowFlip);
        QVERIFY2(proc.flip.contains(QStringLiteral("without the sandbox")), qPrintable(proc.flip));
    }

    void sysHasNoListOnlyLeavingTheSandbox()
    {
        const Explanation e = explainDecision(sandboxed(), m_root, PolicyQuestion{QStringLiteral("sys"), QStringLiteral("hostname")});
        QVERIFY(!e.decision.allowed);
        QVERIFY(!e.allowFlip);
        QVERIFY2(e.flip.contains(QStringLiteral("without the sandbox")), qPrintable(e.flip));
    }

    void metadataNeedsTheExactEntry()
    {
        Policy p = sandboxed();
        p.permissions.allowNet = {QStringLiteral("*")};
        const PolicyQuestion q{QStringLiteral("net"), QStringLiteral("169.254.169.254:80")};
        const Explanation e = explainDecision(p, m_root, q);
        QVERIFY(!e.decision.allowed);
        QCOMPARE(e.decision.rule, QStringLiteral("metadata"));
        QCOMPARE(e.allowFlip->value, QStringLiteral("169.254.169.254:80"));
        QVERIFY(decides(withRule(p, *e.allowFlip), q));
    }

    void noSandboxAllowsAndTheFlipTurnsItOn()
    {
        const PolicyQuestion q{QStringLiteral("net"), QStringLiteral("example.com:443")};
        const Explanation e = explainDecision(Policy{}, m_root, q);
        QVERIFY(e.decision.allowed);
        QCOMPARE(e.decision.rule, QStringLiteral("no sandbox"));
        QVERIFY(e.removeFlip.isEmpty());
        QVERIFY2(e.flip.contains(QStringLiteral("\"sandbox\"")) && e.flip.contains(QStringLiteral("deny_net")), qPrintable(e.flip));
    }

    void workdirIsNoRemovableEntry()
    {
        Policy p = sandboxed();
        const DecisionContext context{path(QStringLiteral("work")), {}, {}, {}};
        const Explanation e = explainDecision(p, m_root, PolicyQuestion{QStringLiteral("write"), path(QStringLiteral("work/x"))}, context);
        QVERIFY(e.decision.allowed);
        QCOMPARE(e.decision.rule, QStringLiteral("workdir"));
        QVERIFY(e.removeFlip.isEmpty());
        QVERIFY2(e.flip.contains(QStringLiteral("workdir")), qPrintable(e.flip));
    }

    void pointersOfEveryKindOfEntry()
    {
        Policy p = sandboxed();
        p.permissions.allowRun = {QStringLiteral("ls"), QStringLiteral("*")};
        p.readOnlyDirs = {QStringLiteral("data")};
        p.env.insert(QStringLiteral("MY_VAR"), QStringLiteral("1"));
        p.env.insert(QStringLiteral("A/B~"), QStringLiteral("1"));
        QCOMPARE(rulePointer(p, QStringLiteral("allow_run[*]")), QStringLiteral("/permissions/allow_run/1"));
        QCOMPARE(rulePointer(p, QStringLiteral("read_only_dirs[0]")), QStringLiteral("/options/read_only_dirs/0"));
        QCOMPARE(rulePointer(p, QStringLiteral("env"), QStringLiteral("A/B~")), QStringLiteral("/options/env/A~1B~0"));
        QCOMPARE(rulePointer(p, QStringLiteral("allow_read[0]")), QString()); // no such entry
        QCOMPARE(rulePointer(p, QStringLiteral("sandbox")), QString());
        const Explanation e = explainDecision(p, m_root, PolicyQuestion{QStringLiteral("env"), QStringLiteral("MY_VAR")});
        QVERIFY(e.decision.allowed);
        QCOMPARE(e.removeFlip, QStringLiteral("/options/env/MY_VAR"));
        QVERIFY(!withoutEntry(p, e.removeFlip).env.contains(QStringLiteral("MY_VAR")));
        QVERIFY(!withoutEntry(p, QStringLiteral("/options/env/A~1B~0")).env.contains(QStringLiteral("A/B~")));
        const Explanation star = explainDecision(p, m_root, PolicyQuestion{QStringLiteral("run"), QStringLiteral("anything")});
        QCOMPARE(star.removeFlip, QStringLiteral("/permissions/allow_run/1"));
    }

    void aRelativePathGetsTheEntryOfTheFileItNames()
    {
        // Asked from the workdir, written in the policy from its folder: the entry is absolute.
        const DecisionContext context{path(QStringLiteral("work")), {}, {}, {}};
        Policy p = sandboxed();
        p.permissions.allowRead = {QStringLiteral("data")};
        const PolicyQuestion q{QStringLiteral("write"), QStringLiteral("out.txt")};
        const Explanation e = explainDecision(p, m_root, q, {});
        QVERIFY(!e.decision.allowed);
        QCOMPARE(e.allowFlip->value, path(QStringLiteral("out.txt")));
        Policy outside = sandboxed();
        const PolicyQuestion up{QStringLiteral("write"), QStringLiteral("../data/x")};
        const Explanation fromWork = explainDecision(outside, m_root, up, context);
        QCOMPARE(fromWork.allowFlip->value, path(QStringLiteral("data/x")));
    }

    void aRiskyFlipSaysWhatLintSaysOfIt()
    {
        const Explanation shell = explainDecision(sandboxed(), m_root, PolicyQuestion{QStringLiteral("run"), QStringLiteral("sh")});
        QCOMPARE(shell.allowFlip->value, QStringLiteral("sh"));
        QVERIFY2(shell.flipRisk.endsWith(QStringLiteral("[leaves-sandbox]")), qPrintable(shell.flipRisk));
        const Explanation metadata = explainDecision(sandboxed(), m_root, PolicyQuestion{QStringLiteral("net"), QStringLiteral("169.254.169.254:80")});
        QVERIFY2(metadata.flipRisk.endsWith(QStringLiteral("[metadata-host]")), qPrintable(metadata.flipRisk));
        const Explanation plain = explainDecision(sandboxed(), m_root, PolicyQuestion{QStringLiteral("read"), path(QStringLiteral("data/sub/a.txt"))});
        QVERIFY(plain.flipRisk.isEmpty());
    }

    void eventOverloadAsksWhatTheEventAsked()
    {
        AuditEvent event;
        event.kind = QStringLiteral("env");
        event.action = QStringLiteral("get");
        event.resource = QString(); // every variable
        const Explanation all = explainDecision(sandboxed(), m_root, event);
        QVERIFY(!all.decision.allowed);
        QVERIFY(!all.allowFlip);
        event.kind = QStringLiteral("run");
        const Explanation anyProgram = explainDecision(sandboxed(), m_root, event);
        QCOMPARE(anyProgram.allowFlip->value, QStringLiteral("*"));
    }
};

QTEST_GUILESS_MAIN(TestPolicyExplain)
#include "tst_policyexplain.moc"
