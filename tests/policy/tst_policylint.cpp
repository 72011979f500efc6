#include "policy/policylint.h"

#include "policy/policyfile.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

class TestPolicyLint : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_root;

    QString path(const QString &relative) const { return m_root + QLatin1Char('/') + relative; }

    LintOptions options() const
    {
        LintOptions o;
        o.homeDir = path(QStringLiteral("home"));
        o.pathVariable = path(QStringLiteral("bin"));
        return o;
    }

    // "code@pointer" of every finding with that code.
    QStringList found(const Policy &policy, const QString &code, const LintOptions &o) const
    {
        QStringList out;
        for (const LintFinding &f : lintPolicy(policy, m_root, {}, o)) {
            if (f.code == code)
                out << f.pointer;
        }
        return out;
    }
    QStringList found(const Policy &policy, const QString &code) const { return found(policy, code, options()); }

    static Policy sandboxed()
    {
        Policy p;
        p.sandbox = true;
        return p;
    }

    static LintFinding::Severity severityOf(const QList<LintFinding> &findings, const QString &code)
    {
        for (const LintFinding &f : findings) {
            if (f.code == code)
                return f.severity;
        }
        return LintFinding::Severity::Info;
    }

private slots:
    void initTestCase()
    {
        m_root = QDir(m_dir.path()).canonicalPath();
        for (const char *dir : {"home", "bin", "data/sub", "tools", "work"})
            QDir(m_root).mkpath(QLatin1String(dir));
    }

    void aSandboxedNarrowPolicyHasNoFindings()
    {
        Policy p = sandboxed();
        p.permissions.allowRead = {QStringLiteral("data")};
        p.permissions.allowNet = {QStringLiteral("example.com:443")};
        p.permissions.allowRun = {QStringLiteral("ls")};
        p.permissions.allowEnv = {QStringLiteral("LANG")};
        const QList<LintFinding> findings = lintPolicy(p, m_root, {}, options());
        QVERIFY2(findings.isEmpty(), qPrintable(findings.value(0).message));
    }

    void noSandboxAndFfi()
    {
        QCOMPARE(found(Policy{}, QStringLiteral("no-sandbox")), QStringList{QStringLiteral("/sandbox")});
        QCOMPARE(found(Policy{}, QStringLiteral("ffi")), QStringList{QStringLiteral("/sandbox")});
        QCOMPARE(severityOf(lintPolicy(Policy{}, m_root), QStringLiteral("ffi")), LintFinding::Severity::Error);
        Policy denied;
        denied.permissions.denyNet = true; // any deny switch closes FFI too
        QVERIFY(found(denied, QStringLiteral("ffi")).isEmpty());
        QVERIFY(found(sandboxed(), QStringLiteral("no-sandbox")).isEmpty());
        QVERIFY(found(sandboxed(), QStringLiteral("ffi")).isEmpty());
    }

    void broadGrants()
    {
        Policy p = sandboxed();
        p.permissions.allowRead = {QStringLiteral("/"), path(QStringLiteral("home")), QStringLiteral("/etc"), QStringLiteral("data")};
        p.permissions.allowNet = {QStringLiteral("*"), QStringLiteral("example.com"), QStringLiteral("*.com:443"),
                                  QStringLiteral("*.example.com")};
        QCOMPARE(found(p, QStringLiteral("broad-grant")),
                 (QStringList{QStringLiteral("/permissions/allow_read/0"), QStringLiteral("/permissions/allow_read/1"),
                              QStringLiteral("/permissions/allow_read/2"), QStringLiteral("/permissions/allow_net/0"),
                              QStringLiteral("/permissions/allow_net/2")}));
        QCOMPARE(severityOf(lintPolicy(p, m_root), QStringLiteral("broad-grant")), LintFinding::Severity::Warning);
    }

    // What the learner never grants, Allow this or a hand edit must not grant quietly either.
    void credentialPlacesAreErrors()
    {
        Policy p = sandboxed();
        p.permissions.allowRead = {path(QStringLiteral("home/.ssh")), path(QStringLiteral("home/.npmrc")),
                                   path(QStringLiteral("data/id_rsa")), path(QStringLiteral("data/server.pem")),
                                   path(QStringLiteral("data/notes.txt"))};
        p.permissions.allowWrite = {path(QStringLiteral("home/.aws/credentials"))};
        QCOMPARE(found(p, QStringLiteral("secret-path")),
                 (QStringList{QStringLiteral("/permissions/allow_read/0"), QStringLiteral("/permissions/allow_read/1"),
                              QStringLiteral("/permissions/allow_read/2"), QStringLiteral("/permissions/allow_read/3"),
                              QStringLiteral("/permissions/allow_write/0")}));
        QCOMPARE(severityOf(lintPolicy(p, m_root, {}, options()), QStringLiteral("secret-path")), LintFinding::Severity::Error);
        // A system folder is a broad grant already, named once.
        Policy system = sandboxed();
        system.permissions.allowRead = {QStringLiteral("/etc")};
        QVERIFY(found(system, QStringLiteral("secret-path")).isEmpty());
    }

    void programsThatLeaveTheSandbox()
    {
        Policy p = sandboxed();
        p.permissions.allowRun = {QStringLiteral("sh"), QStringLiteral("env"), QStringLiteral("ls"), QStringLiteral("*")};
        QCOMPARE(found(p, QStringLiteral("leaves-sandbox")),
                 (QStringList{QStringLiteral("/permissions/allow_run/0"), QStringLiteral("/permissions/allow_run/1"),
                              QStringLiteral("/permissions/allow_run/3")}));
        QCOMPARE(severityOf(lintPolicy(p, m_root), QStringLiteral("leaves-sandbox")), LintFinding::Severity::Error);
    }

    void anInterpreterIsKnownByTheBinaryItIs()
    {
        // "tools/helper" is a link to a python3.11: known by what it resolves to, not its name.
        const QString python = path(QStringLiteral("tools/python3.11"));
        QFile f(python);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        QVERIFY(QFile::setPermissions(python, QFile::ReadOwner | QFile::ExeOwner));
        QVERIFY(QFile::link(python, path(QStringLiteral("tools/helper"))));
        Policy p = sandboxed();
        p.permissions.allowRun = {path(QStringLiteral("tools/helper"))};
        QCOMPARE(found(p, QStringLiteral("leaves-sandbox")), QStringList{QStringLiteral("/permissions/allow_run/0")});
    }

    void writablePathFolderAndPolicyFile()
    {
        Policy p = sandboxed();
        p.permissions.allowWrite = {path(QStringLiteral("bin")), m_root, path(QStringLiteral("data"))};
        LintOptions o = options();
        o.policyPath = path(QStringLiteral("work/policy.json"));
        // bin is on PATH; the root holds bin; data holds neither.
        QCOMPARE(found(p, QStringLiteral("writable-path"), o),
                 (QStringList{QStringLiteral("/permissions/allow_write/0"), QStringLiteral("/permissions/allow_write/1")}));
        QCOMPARE(found(p, QStringLiteral("writable-policy"), o), QStringList{QStringLiteral("/permissions/allow_write/1")});
        p.permissions.allowWrite = {path(QStringLiteral("data"))};
        QVERIFY(found(p, QStringLiteral("writable-path"), o).isEmpty());
        QVERIFY(found(p, QStringLiteral("writable-policy"), o).isEmpty());
        // Reading a PATH folder is no finding.
        p.permissions.allowRead = {path(QStringLiteral("bin"))};
        QVERIFY(found(p, QStringLiteral("writable-path"), o).isEmpty());
    }

    void shadowedAndDuplicated()
    {
        Policy p = sandboxed();
        p.workdir = QStringLiteral("work");
        p.permissions.allowRead = {QStringLiteral("data"), QStringLiteral("data/sub"), path(QStringLiteral("data")),
                                   QStringLiteral("home"), QStringLiteral("work")};
        p.permissions.allowEnv = {QStringLiteral("LANG"), QStringLiteral("LANG"), QStringLiteral("TZ")};
        QCOMPARE(found(p, QStringLiteral("shadowed")),
                 (QStringList{QStringLiteral("/permissions/allow_read/1"), QStringLiteral("/permissions/allow_read/4")}));
        QCOMPARE(found(p, QStringLiteral("duplicate")),
                 (QStringList{QStringLiteral("/permissions/allow_read/2"), QStringLiteral("/permissions/allow_env/1")}));
        QCOMPARE(severityOf(lintPolicy(p, m_root), QStringLiteral("shadowed")), LintFinding::Severity::Info);
    }

    void missingPaths()
    {
        Policy p = sandboxed();
        p.permissions.allowRead = {QStringLiteral("data"), QStringLiteral("nothing-here")};
        p.permissions.allowRun = {QStringLiteral("no-such-program-sandbench")};
        QCOMPARE(found(p, QStringLiteral("missing-path")),
                 (QStringList{QStringLiteral("/permissions/allow_read/1"), QStringLiteral("/permissions/allow_run/0")}));
    }

    void metadataAndLoopbackHosts()
    {
        Policy p = sandboxed();
        p.permissions.allowNet = {QStringLiteral("169.254.169.254"), QStringLiteral("metadata.google.internal:80"),
                                  QStringLiteral("[fd00:ec2::254]:80"), QStringLiteral("localhost:5432"),
                                  QStringLiteral("127.0.0.1:6379"), QStringLiteral("example.com:443")};
        QCOMPARE(found(p, QStringLiteral("metadata-host")),
                 (QStringList{QStringLiteral("/permissions/allow_net/0"), QStringLiteral("/permissions/allow_net/1"),
                              QStringLiteral("/permissions/allow_net/2")}));
        QCOMPARE(found(p, QStringLiteral("loopback-host")),
                 (QStringList{QStringLiteral("/permissions/allow_net/3"), QStringLiteral("/permissions/allow_net/4")}));
        QCOMPARE(severityOf(lintPolicy(p, m_root), QStringLiteral("metadata-host")), LintFinding::Severity::Error);
    }

    void positionsComeFromTheSource()
    {
        const QByteArray json = "\xEF\xBB\xBF{\n  \"sandbox\": true,\n  \"permissions\": {\n    \"allow_run\": [\"ls\", \"bash\"]\n  }\n}\n";
        PolicyParseOptions parse;
        parse.baseDir = m_root;
        auto policy = parsePolicy(json, QStringLiteral("p.json"), parse);
        QVERIFY2(policy, policy ? "" : qPrintable(policy.error().message));
        const QList<LintFinding> findings = lintPolicy(*policy, m_root, json, options());
        QCOMPARE(findings.size(), 1);
        QCOMPARE(findings.first().code, QStringLiteral("leaves-sandbox"));
        QCOMPARE(findings.first().position.line, 4);
        QCOMPARE(findings.first().position.column, 25);
    }
};

QTEST_GUILESS_MAIN(TestPolicyLint)
#include "tst_policylint.moc"
