#include "models/allowscope.h"
#include "policy/policyfile.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;
using namespace Qt::StringLiterals;

namespace {

AuditEvent denial(const QString &kind, const QString &action, const QString &resource)
{
    AuditEvent event;
    event.kind = kind;
    event.action = action;
    event.resource = resource;
    event.allowed = false;
    event.rule = QStringLiteral("sandbox default");
    return event;
}

QStringList values(const AllowCandidate &c)
{
    QStringList out;
    for (const AllowScope &scope : c.scopes)
        out << scope.rule.key + QLatin1Char('=') + scope.rule.value;
    return out;
}

const QString home = QStringLiteral("/home/alice");

} // namespace

class TestAllowScope : public QObject
{
    Q_OBJECT
private slots:
    void scopes_data();
    void scopes();
    void sensitiveFoldersAreRefusedWithTheReason();
    void candidatesAreDistinctAndCounted();
    void cautionsAreTheLintErrorsAScopeAdds();
    void withRulesAddsEachOnceAndTheResultParses();
};

void TestAllowScope::scopes_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("resource");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("file") << u"read"_s << u"read"_s << u"/home/alice/proj/data.csv"_s
                          << QStringList{u"allow_read=/home/alice/proj/data.csv"_s, u"allow_read=/home/alice/proj"_s};
    QTest::newRow("write") << u"write"_s << u"write"_s << u"/tmp/out/x.txt"_s
                           << QStringList{u"allow_write=/tmp/out/x.txt"_s, u"allow_write=/tmp/out"_s};
    // /etc holds the system's secrets: the file, never the folder (as policy learn).
    QTest::newRow("unclean path") << u"read"_s << u"read"_s << u"/etc//ssl/./certs.pem"_s
                                  << QStringList{u"allow_read=/etc/ssl/certs.pem"_s};
    // ~/.config holds ~/.config/gcloud: a file there, not the folder.
    QTest::newRow("config file") << u"read"_s << u"read"_s << u"/home/alice/.config/app.json"_s
                                 << QStringList{u"allow_read=/home/alice/.config/app.json"_s};
    QTest::newRow("key folder") << u"read"_s << u"read"_s << u"/home/alice/.ssh/known_hosts"_s
                                << QStringList{u"allow_read=/home/alice/.ssh/known_hosts"_s};
    QTest::newRow("relative") << u"read"_s << u"read"_s << u"data/x.csv"_s << QStringList{u"allow_read=data/x.csv"_s};
    QTest::newRow("host") << u"net"_s << u"connect"_s << u"api.github.com:443"_s
                          << QStringList{u"allow_net=api.github.com:443"_s, u"allow_net=api.github.com"_s,
                                         u"allow_net=*.github.com"_s};
    // u"*.com"_s would be every .com name; u"*.example.com"_s would not even match example.com.
    QTest::newRow("two labels") << u"net"_s << u"connect"_s << u"example.com:443"_s
                                << QStringList{u"allow_net=example.com:443"_s, u"allow_net=example.com"_s};
    QTest::newRow("ip") << u"net"_s << u"connect"_s << u"10.0.0.5:5432"_s
                        << QStringList{u"allow_net=10.0.0.5:5432"_s, u"allow_net=10.0.0.5"_s};
    QTest::newRow("metadata") << u"net"_s << u"connect"_s << u"169.254.169.254:80"_s
                              << QStringList{u"allow_net=169.254.169.254:80"_s};
    QTest::newRow("listen") << u"net"_s << u"listen"_s << u"0.0.0.0:8080"_s << QStringList{u"allow_listen=0.0.0.0:8080"_s};
    QTest::newRow("env") << u"env"_s << u"get"_s << u"HOME"_s << QStringList{u"allow_env=HOME"_s};
    QTest::newRow("run") << u"run"_s << u"spawn"_s << u"git"_s << QStringList{u"allow_run=git"_s};
    QTest::newRow("sys") << u"sys"_s << u"info"_s << u"hostname"_s << QStringList{};
}

void TestAllowScope::scopes()
{
    QFETCH(QString, kind);
    QFETCH(QString, action);
    QFETCH(QString, resource);
    QFETCH(QStringList, expected);
    const AllowCandidate c = allowCandidateFor(denial(kind, action, resource), home);
    QCOMPARE(values(c), expected);
    if (!c.scopes.isEmpty())
        QCOMPARE(c.scopes.first().kind, AllowScope::Kind::Exact);
}

void TestAllowScope::sensitiveFoldersAreRefusedWithTheReason()
{
    // A file right in the home folder: the file may be allowed, its folder (the home) not.
    AllowCandidate c = allowCandidateFor(denial(u"read"_s, u"read"_s, u"/home/alice/.npmrc"_s), home);
    QCOMPARE(values(c), QStringList{u"allow_read=/home/alice/.npmrc"_s});
    QCOMPARE(c.refused.size(), 1);
    QVERIFY2(c.refused.first().contains(u"home folder"_s), qPrintable(c.refused.first()));
    // A file at the root: u"/"_s is never offered.
    c = allowCandidateFor(denial(u"write"_s, u"write"_s, u"/x.txt"_s), home);
    QCOMPARE(values(c), QStringList{u"allow_write=/x.txt"_s});
    QVERIFY(c.refused.first().contains(u"whole file system"_s));
    // Under /proc not even the file: nothing is offered and the reason says why.
    c = allowCandidateFor(denial(u"read"_s, u"read"_s, u"/proc/self/environ"_s), home);
    QVERIFY(c.scopes.isEmpty());
    QCOMPARE(c.refused.size(), 2);
    // Every offered scope passes the parser's own check.
    for (const QString &path : {u"/home/alice/a"_s, u"/a"_s, u"/home/alice/p/q"_s, u"/sys/x"_s, u"/dev/null"_s, u"/root/k"_s, u"/home/x"_s}) {
        c = allowCandidateFor(denial(u"read"_s, u"read"_s, path), home);
        for (const AllowScope &scope : c.scopes)
            QVERIFY2(sensitiveRootReason(scope.rule.value, home).isEmpty(), qPrintable(scope.rule.value));
    }
}

void TestAllowScope::cautionsAreTheLintErrorsAScopeAdds()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Policy policy;
    policy.sandbox = true;
    QList<AllowCandidate> candidates = allowCandidates({
        denial(u"read"_s, u"read"_s, dir.filePath(u"data.csv"_s)),
        denial(u"read"_s, u"read"_s, home + u"/.npmrc"_s),
        denial(u"read"_s, u"read"_s, dir.filePath(u"deploy/id_ed25519"_s)),
        denial(u"run"_s, u"spawn"_s, u"bash"_s),
        denial(u"net"_s, u"connect"_s, u"169.254.169.254:80"_s),
        denial(u"net"_s, u"connect"_s, u"api.github.com:443"_s),
        denial(u"env"_s, u"get"_s, u"LANG"_s),
    }, home);
    QCOMPARE(candidates.size(), 7);
    flagCautions(candidates, policy, dir.path());
    const QStringList expected{u""_s, u"[secret-path]"_s, u"[secret-path]"_s, u"[leaves-sandbox]"_s,
                               u"[metadata-host]"_s, u""_s, u""_s};
    for (int i = 0; i < candidates.size(); ++i) {
        const QString &caution = candidates.at(i).caution;
        if (expected.at(i).isEmpty())
            QVERIFY2(caution.isEmpty(), qPrintable(candidates.at(i).event.resource + u": "_s + caution));
        else
            QVERIFY2(caution.contains(expected.at(i)), qPrintable(candidates.at(i).event.resource + u": "_s + caution));
    }
    // A rule the policy already grants adds nothing to look at.
    policy.permissions.allowRun = {u"bash"_s};
    flagCautions(candidates, policy, dir.path());
    QVERIFY2(candidates.at(3).caution.isEmpty(), qPrintable(candidates.at(3).caution));
    QVERIFY(!candidates.at(1).caution.isEmpty());
    // Nor is an error of the policy as a whole (no sandbox: FFI) any row's doing.
    Policy open;
    flagCautions(candidates, open, dir.path());
    QVERIFY2(candidates.at(0).caution.isEmpty(), qPrintable(candidates.at(0).caution));
    QVERIFY2(candidates.at(1).caution.contains(u"[secret-path]"_s), qPrintable(candidates.at(1).caution));
}

void TestAllowScope::candidatesAreDistinctAndCounted()
{
    AuditEvent allowed = denial(u"read"_s, u"read"_s, u"/etc/hosts"_s);
    allowed.allowed = true;
    AuditEvent unreadable;
    unreadable.unreadable = true;
    const QList<AuditEvent> events{denial(u"read"_s, u"read"_s, u"/etc/hostname"_s), allowed,
                                   denial(u"net"_s, u"connect"_s, u"a.b.c:1"_s), denial(u"read"_s, u"read"_s, u"/etc/hostname"_s),
                                   denial(u"write"_s, u"write"_s, u"/etc/hostname"_s), denial(u"sys"_s, u"info"_s, u"x"_s),
                                   unreadable, denial(u"read"_s, u"read"_s, u"/etc/hostname"_s)};
    const QList<AllowCandidate> candidates = allowCandidates(events, home);
    QCOMPARE(candidates.size(), 3);
    QCOMPARE(candidates[0].event.resource, u"/etc/hostname"_s);
    QCOMPARE(candidates[0].event.kind, u"read"_s);
    QCOMPARE(candidates[0].denials, 3);
    QCOMPARE(candidates[1].event.kind, u"net"_s);
    QCOMPARE(candidates[1].denials, 1);
    QCOMPARE(candidates[2].event.kind, u"write"_s);
}

void TestAllowScope::withRulesAddsEachOnceAndTheResultParses()
{
    Policy policy;
    policy.sandbox = true;
    policy.permissions.denyNet = true;
    policy.permissions.allowRead = {u"/etc/hostname"_s};
    const Policy after = withRules(policy, {{u"allow_read"_s, u"/etc/hostname"_s}, {u"allow_read"_s, u"/etc/ssl"_s},
                                            {u"allow_net"_s, u"*.github.com"_s}, {u"allow_read"_s, u"/etc/ssl"_s},
                                            {u"allow_env"_s, u"HOME"_s}});
    QCOMPARE(after.permissions.allowRead, QStringList({u"/etc/hostname"_s, u"/etc/ssl"_s}));
    QCOMPARE(after.permissions.allowNet, QStringList{u"*.github.com"_s});
    QCOMPARE(after.permissions.allowEnv, QStringList{u"HOME"_s});
    QVERIFY(!after.permissions.denyNet); // the switch would win over the list
    const Result<Policy> parsed = parsePolicy(policyToJson(after), u"p.json"_s, {.baseDir = u"/"_s, .homeDir = home});
    QVERIFY2(parsed.has_value(), qPrintable(parsed ? QString() : parsed.error().message));
    QCOMPARE(*parsed, after);
    QCOMPARE(withRules(policy, {}), policy);
}

QTEST_GUILESS_MAIN(TestAllowScope)
#include "tst_allowscope.moc"
