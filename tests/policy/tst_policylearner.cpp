#include "policy/learningpolicy.h"
#include "policy/policyfile.h"
#include "policy/policylearner.h"
#include "policy/policymatcher.h"

#include <QDir>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace Sandbench;

namespace {

const QString home = QStringLiteral("/home/alice");
const QString cache = QStringLiteral("/var/cache/sandbench-test");
const QString workdir = QStringLiteral("/srv/project");

AuditEvent ev(const QString &kind, const QString &resource, bool allowed = true, const QString &rule = QStringLiteral("no sandbox"),
                 const QString &action = {})
{
    AuditEvent e;
    e.kind = kind;
    e.action = action.isEmpty() ? kind : action;
    e.resource = resource;
    e.allowed = allowed;
    e.rule = rule;
    return e;
}

AuditEvent read(const QString &path, bool allowed = true) { return ev(QStringLiteral("read"), path, allowed); }

LearnContext context()
{
    LearnContext c;
    c.workdir = workdir;
    c.entry = QStringLiteral("/opt/tools/main.ts");
    c.sensitive.homeDir = home;
    c.sensitive.cacheDirs = {cache};
    return c;
}

PolicyProposal learn(const QList<AuditEvent> &events)
{
    return PolicyLearner(context()).learn(events);
}

bool refused(const PolicyProposal &p, const QString &what)
{
    return std::any_of(p.refusals.begin(), p.refusals.end(), [&](const Refusal &r) { return r.what == what; });
}

QStringList allPaths(const PolicyProposal &p)
{
    return p.policy.permissions.allowRead + p.policy.permissions.allowWrite;
}

} // namespace

class TestPolicyLearner : public QObject
{
    Q_OBJECT

private slots:
    void implicitAccessesNeedNoGrant()
    {
        const auto p = learn({read(workdir + QStringLiteral("/a.txt"), true), ev(QStringLiteral("write"), QStringLiteral("out.txt"), true, QStringLiteral("workdir")),
                              ev(QStringLiteral("read"), QStringLiteral("/opt/tools/main.ts"), true, QStringLiteral("entry")),
                              ev(QStringLiteral("read"), QStringLiteral("/tmp/sb-run/preload.js"), true, QStringLiteral("sandbench"))});
        QVERIFY(p.policy.sandbox);
        QCOMPARE(p.policy.permissions, Permissions{});
        QVERIFY(p.grants.isEmpty());
    }

    void exactPathsOutsideTheWorkdir()
    {
        const auto p = learn({read(QStringLiteral("/data/in/a.csv")), read(QStringLiteral("/data/in/b.csv")),
                              ev(QStringLiteral("write"), QStringLiteral("/data/out/r.json"), false, QStringLiteral("sandbox")),
                              read(QStringLiteral("/data/in/../in/a.csv"))});
        QCOMPARE(p.policy.permissions.allowRead, (QStringList{QStringLiteral("/data/in/a.csv"), QStringLiteral("/data/in/b.csv")}));
        QCOMPARE(p.policy.permissions.allowWrite, QStringList{QStringLiteral("/data/out/r.json")});
        QVERIFY(p.widenings.isEmpty()); // two siblings stay exact
        // A denied access is one the code wanted: proposed, and marked.
        const auto write = std::find_if(p.grants.begin(), p.grants.end(), [](const LearnedGrant &g) { return g.list == QLatin1String("allow_write"); });
        QVERIFY(write != p.grants.end());
        QVERIFY(write->wasDenied);
        QCOMPARE(p.grants.constFirst().uses, 2); // a.csv twice, once through ".."
    }

    void groupsThreeSiblingsIntoTheirFolder()
    {
        const auto p = learn({read(QStringLiteral("/data/in/a.csv")), read(QStringLiteral("/data/in/b.csv")), read(QStringLiteral("/data/in/c.csv")),
                              read(QStringLiteral("/data/in/deep/d.csv")), read(QStringLiteral("/data/other.txt"))});
        // Never above the files' common parent: /data keeps its one file exact.
        QCOMPARE(p.policy.permissions.allowRead, (QStringList{QStringLiteral("/data/in"), QStringLiteral("/data/other.txt")}));
        QCOMPARE(p.widenings.size(), 1);
        QCOMPARE(p.widenings.constFirst().what, QStringLiteral("/data/in"));
        QCOMPARE(p.widenings.constFirst().covers, (QStringList{QStringLiteral("/data/in/a.csv"), QStringLiteral("/data/in/b.csv"),
                                                             QStringLiteral("/data/in/c.csv"), QStringLiteral("/data/in/deep/d.csv")}));
        QVERIFY(!p.widenings.constFirst().why.isEmpty());
    }

    void refusesEachSensitiveClass_data()
    {
        QTest::addColumn<QList<AuditEvent>>("events");
        QTest::addColumn<QString>("refusedWhat");
        QTest::addColumn<QStringList>("granted"); // what is granted instead (exact), if anything
        const auto three = [](const QString &dir) {
            return QList<AuditEvent>{read(dir + QStringLiteral("/a")), read(dir + QStringLiteral("/b")), read(dir + QStringLiteral("/c"))};
        };
        const auto exact = [](const QString &dir) {
            return QStringList{dir + QStringLiteral("/a"), dir + QStringLiteral("/b"), dir + QStringLiteral("/c")};
        };
        QTest::newRow("root as a folder") << three(QString()) << QStringLiteral("/") << exact(QString());
        QTest::newRow("root itself") << QList<AuditEvent>{read(QStringLiteral("/"))} << QStringLiteral("/") << QStringList{};
        QTest::newRow("/etc") << three(QStringLiteral("/etc")) << QStringLiteral("/etc") << exact(QStringLiteral("/etc"));
        QTest::newRow("/etc below") << three(QStringLiteral("/etc/ssl")) << QStringLiteral("/etc/ssl") << exact(QStringLiteral("/etc/ssl"));
        QTest::newRow("home folder") << three(home) << home << exact(home);
        QTest::newRow("another home") << three(QStringLiteral("/home/bob")) << QStringLiteral("/home/bob") << exact(QStringLiteral("/home/bob"));
        QTest::newRow("folder holding a credential place") << three(home + QStringLiteral("/.config")) << home + QStringLiteral("/.config")
                                                           << exact(home + QStringLiteral("/.config"));
        QTest::newRow("~/.ssh") << QList<AuditEvent>{read(home + QStringLiteral("/.ssh/id_ed25519"))} << home + QStringLiteral("/.ssh/id_ed25519") << QStringList{};
        QTest::newRow("~/.aws") << QList<AuditEvent>{read(home + QStringLiteral("/.aws/credentials"))} << home + QStringLiteral("/.aws/credentials") << QStringList{};
        QTest::newRow("~/.gnupg") << QList<AuditEvent>{read(home + QStringLiteral("/.gnupg/x"))} << home + QStringLiteral("/.gnupg/x") << QStringList{};
        QTest::newRow("gcloud") << QList<AuditEvent>{read(home + QStringLiteral("/.config/gcloud/t.db"))} << home + QStringLiteral("/.config/gcloud/t.db") << QStringList{};
        for (const char *name : {".netrc", ".npmrc", ".git-credentials", "id_rsa", "id_rsa.pub", "server.pem", "tls.key"}) {
            const QString path = QStringLiteral("/data/keys/") + QLatin1String(name);
            QTest::newRow(name) << QList<AuditEvent>{read(path)} << path << QStringList{};
        }
        QTest::newRow("credential files do not group") << three(QStringLiteral("/data/x.pem")) << QStringLiteral("/data/x.pem/a") << QStringList{};
        QTest::newRow("runtime cache") << QList<AuditEvent>{read(cache + QStringLiteral("/deno-1/npm/x.js"))} << cache + QStringLiteral("/deno-1/npm/x.js") << QStringList{};
        QTest::newRow("deno cache") << QList<AuditEvent>{read(home + QStringLiteral("/.cache/deno/gen/x.js"))} << home + QStringLiteral("/.cache/deno/gen/x.js") << QStringList{};
        QTest::newRow("/proc") << QList<AuditEvent>{read(QStringLiteral("/proc/self/environ"), false)} << QStringLiteral("/proc/self/environ") << QStringList{};
        QTest::newRow("/sys") << QList<AuditEvent>{read(QStringLiteral("/sys/kernel/notes"), false)} << QStringLiteral("/sys/kernel/notes") << QStringList{};
        QTest::newRow("/dev") << QList<AuditEvent>{ev(QStringLiteral("write"), QStringLiteral("/dev/sda"), false)} << QStringLiteral("/dev/sda") << QStringList{};
        QTest::newRow("protected") << QList<AuditEvent>{ev(QStringLiteral("write"), QStringLiteral("/srv/audit.jsonl"), false, QStringLiteral("protected"))}
                                   << QStringLiteral("/srv/audit.jsonl") << QStringList{};
    }

    void refusesEachSensitiveClass()
    {
        QFETCH(QList<AuditEvent>, events);
        QFETCH(QString, refusedWhat);
        QFETCH(QStringList, granted);
        const auto p = learn(events);
        QVERIFY2(refused(p, refusedWhat), qPrintable(refusedWhat));
        QCOMPARE(allPaths(p), granted);
        QVERIFY(p.widenings.isEmpty());
        for (const Refusal &r : p.refusals)
            QVERIFY(!r.why.isEmpty());
        // Whatever is proposed loads as a policy file, without --allow-sensitive-roots.
        PolicyParseOptions options;
        options.homeDir = home;
        auto parsed = parsePolicy(policyToJson(p.policy), QStringLiteral("proposal.json"), options);
        QVERIFY2(parsed.has_value(), parsed ? "" : qPrintable(parsed.error().message));
        QCOMPARE(*parsed, p.policy);
    }

    void folderUsedAsAWhole()
    {
        QTemporaryDir dir;
        const QString root = QDir(dir.path()).canonicalPath();
        QVERIFY(QDir(root).mkpath(QStringLiteral("listing")));
        const auto p = learn({read(root + QStringLiteral("/listing")), read(root + QStringLiteral("/listing/a"))});
        QCOMPARE(p.policy.permissions.allowRead, QStringList{root + QStringLiteral("/listing")});
        QCOMPARE(p.widenings.size(), 1);
        QCOMPARE(p.widenings.constFirst().covers, (QStringList{root + QStringLiteral("/listing"), root + QStringLiteral("/listing/a")}));
    }

    void hostsExactWithPorts()
    {
        const auto p = learn({ev(QStringLiteral("net"), QStringLiteral("api.example.com:443"), true, QStringLiteral("no sandbox"), QStringLiteral("connect")),
                              ev(QStringLiteral("net"), QStringLiteral("API.example.com:443"), false, QStringLiteral("sandbox"), QStringLiteral("connect")),
                              ev(QStringLiteral("net"), QStringLiteral("127.0.0.1:8080"), true, QStringLiteral("no sandbox"), QStringLiteral("connect")),
                              ev(QStringLiteral("net"), QStringLiteral("[::1]:9000"), true, QStringLiteral("no sandbox"), QStringLiteral("connect")),
                              ev(QStringLiteral("net"), QStringLiteral("0.0.0.0:8000"), true, QStringLiteral("no sandbox"), QStringLiteral("listen")),
                              ev(QStringLiteral("net"), QStringLiteral("169.254.169.254:80"), false, QStringLiteral("metadata"), QStringLiteral("connect")),
                              ev(QStringLiteral("net"), QString(), false, QStringLiteral("sandbox"), QStringLiteral("connect"))});
        QCOMPARE(p.policy.permissions.allowNet, (QStringList{QStringLiteral("127.0.0.1:8080"), QStringLiteral("[::1]:9000"), QStringLiteral("api.example.com:443")}));
        QCOMPARE(p.policy.permissions.allowListen, QStringList{QStringLiteral("0.0.0.0:8000")});
        QVERIFY(refused(p, QStringLiteral("169.254.169.254:80")));
        QVERIFY(!p.notes.filter(QStringLiteral("every host")).isEmpty());
        QVERIFY(parsePolicy(policyToJson(p.policy), QStringLiteral("p.json")).has_value());
    }

    void environmentNames()
    {
        const auto p = learn({ev(QStringLiteral("env"), QStringLiteral("TOKEN")), ev(QStringLiteral("env"), QStringLiteral("API_URL"), false, QStringLiteral("sandbox")),
                              ev(QStringLiteral("env"), QStringLiteral("DENO_DIR"), false, QStringLiteral("reserved")),
                              ev(QStringLiteral("env"), QStringLiteral("GIVEN"), true, QStringLiteral("env")),
                              ev(QStringLiteral("env"), QString(), true)});
        QCOMPARE(p.policy.permissions.allowEnv, (QStringList{QStringLiteral("API_URL"), QStringLiteral("TOKEN")}));
        QVERIFY(refused(p, QStringLiteral("DENO_DIR")));
        QVERIFY(!p.notes.filter(QStringLiteral("GIVEN")).isEmpty());
        QVERIFY(!p.notes.filter(QStringLiteral("every variable")).isEmpty());
    }

    void programsAsUsed()
    {
        const auto p = learn({ev(QStringLiteral("run"), QString(), false, QStringLiteral("sandbox")),
                              ev(QStringLiteral("run"), QStringLiteral("sh"), false, QStringLiteral("deny_run")),
                              ev(QStringLiteral("run"), QStringLiteral("/bin/sh"), true, QStringLiteral("allow_run[0]")),
                              ev(QStringLiteral("run"), QStringLiteral("no-such-program-sandbench"), false, QStringLiteral("sandbox"))});
        QCOMPARE(p.policy.permissions.allowRun, (QStringList{QStringLiteral("/bin/sh"), QStringLiteral("sh")}));
        QVERIFY(refused(p, QStringLiteral("no-such-program-sandbench")));
    }

    void rarelyUsedGrantsAreAskedFor()
    {
        // Used at most twice: held for a person each time. Used more: allowed as learned. A
        // listening port has no ask list and stays allowed, noted.
        QList<AuditEvent> events;
        for (int i = 0; i < 3; ++i)
            events << read(QStringLiteral("/data/often.csv"));
        events << read(QStringLiteral("/data/once.csv")) << ev(QStringLiteral("write"), QStringLiteral("/out/report.txt"))
               << ev(QStringLiteral("net"), QStringLiteral("api.example.com:443"), true, QStringLiteral("no sandbox"), QStringLiteral("connect"))
               << ev(QStringLiteral("net"), QStringLiteral("0.0.0.0:8080"), true, QStringLiteral("no sandbox"), QStringLiteral("listen"))
               << ev(QStringLiteral("env"), QStringLiteral("TOKEN")) << ev(QStringLiteral("env"), QStringLiteral("TOKEN"), false, QStringLiteral("sandbox"))
               << ev(QStringLiteral("env"), QStringLiteral("HOME")) << ev(QStringLiteral("env"), QStringLiteral("HOME"))
               << ev(QStringLiteral("env"), QStringLiteral("HOME"));
        PolicyProposal p = learn(events);
        const PolicyProposal learned = p;
        PolicyLearner::askForRareUses(p, 2);
        const Permissions &q = p.policy.permissions;
        QCOMPARE(q.allowRead, QStringList{QStringLiteral("/data/often.csv")});
        QCOMPARE(q.askRead, QStringList{QStringLiteral("/data/once.csv")});
        QVERIFY(q.allowWrite.isEmpty());
        QCOMPARE(q.askWrite, QStringList{QStringLiteral("/out/report.txt")});
        QVERIFY(q.allowNet.isEmpty());
        QCOMPARE(q.askNet, QStringList{QStringLiteral("api.example.com:443")});
        QCOMPARE(q.allowListen, learned.policy.permissions.allowListen);
        QVERIFY(!q.allowListen.isEmpty());
        QCOMPARE(q.allowEnv, QStringList{QStringLiteral("HOME")});
        QCOMPARE(q.askEnv, QStringList{QStringLiteral("TOKEN")});
        QVERIFY(p.notes.join(QLatin1Char('\n')).contains(QStringLiteral("no ask list")));
        // Each grant names the list it is in now, in list then entry order.
        QStringList lists;
        for (const LearnedGrant &g : p.grants) {
            const QStringList *in = g.list == QLatin1String("ask_read") ? &q.askRead : g.list == QLatin1String("allow_read") ? &q.allowRead
                                   : g.list == QLatin1String("ask_env") ? &q.askEnv : g.list == QLatin1String("allow_env") ? &q.allowEnv : nullptr;
            if (in)
                QVERIFY2(in->contains(g.entry), qPrintable(g.list + QLatin1Char(' ') + g.entry));
            lists << g.list;
        }
        QCOMPARE(lists.indexOf(QStringLiteral("allow_read")) < lists.indexOf(QStringLiteral("ask_read")), true);
        // The proposal is a policy that loads, with each ask entry where the runtime asks.
        const auto reread = parsePolicy(policyToJson(p.policy), QStringLiteral("proposal.json"));
        QVERIFY2(reread.has_value(), qPrintable(reread ? QString() : reread.error().message));
        QCOMPARE(reread->permissions.askRead, q.askRead);
        const PolicyMatcher matcher(PolicyMatcher::Setup{*reread, QStringLiteral("/"), workdir, {}, {}, {}, false, {}});
        QCOMPARE(matcher.decide(QStringLiteral("read"), QStringLiteral("/data/once.csv"), true).ask, QStringLiteral("ask_read[0]"));
        QVERIFY(matcher.decide(QStringLiteral("read"), QStringLiteral("/data/often.csv"), true).allowed);

        // Nothing is rare below one use.
        PolicyProposal same = learned;
        PolicyLearner::askForRareUses(same, 0);
        QCOMPARE(same.policy, learned.policy);
    }

    void sysAndFfiAreNotedNotGranted()
    {
        const auto p = learn({ev(QStringLiteral("sys"), QStringLiteral("hostname")), ev(QStringLiteral("ffi"), QStringLiteral("/usr/lib/libz.so"), false),
                              ev(QStringLiteral("import"), QStringLiteral("deno.land:443"), false),
                              ev(QStringLiteral("broker"), QStringLiteral("garbage"), false, QStringLiteral("protocol"))});
        QCOMPARE(p.policy.permissions, Permissions{});
        QCOMPARE(p.notes.filter(QStringLiteral("hostname")).size(), 1);
        QCOMPARE(p.notes.filter(QStringLiteral("ffi")).size(), 1);
        QCOMPARE(p.notes.filter(QStringLiteral("deno.land")).size(), 1);
        QCOMPARE(p.notes.filter(QStringLiteral("broker:")).size(), 1);
    }

    void relativePathsTakeTheBase()
    {
        LearnContext c = context();
        c.workdir.clear();
        c.baseDir = QStringLiteral("/data");
        const auto p = PolicyLearner(c).learn({read(QStringLiteral("in/a.txt"))});
        QCOMPARE(p.policy.permissions.allowRead, QStringList{QStringLiteral("/data/in/a.txt")});
        c.baseDir.clear();
        const auto q = PolicyLearner(c).learn({read(QStringLiteral("in/a.txt"))});
        QVERIFY(q.policy.permissions.allowRead.isEmpty());
        QCOMPARE(q.notes.filter(QStringLiteral("relative")).size(), 1);
    }

    void deterministic()
    {
        QList<AuditEvent> events;
        for (const char *path : {"/data/z", "/data/a", "/data/m", "/opt/x", "/etc/hosts", "/home/alice/.ssh/k", "/etc/a", "/etc/b"})
            events << read(QLatin1String(path), QByteArray(path).size() % 2 == 0);
        events << ev(QStringLiteral("net"), QStringLiteral("b.example:1"), true, QStringLiteral("x"), QStringLiteral("connect"))
               << ev(QStringLiteral("net"), QStringLiteral("a.example:2"), true, QStringLiteral("x"), QStringLiteral("connect"))
               << ev(QStringLiteral("env"), QStringLiteral("Z")) << ev(QStringLiteral("env"), QStringLiteral("A"))
               << ev(QStringLiteral("sys"), QStringLiteral("osRelease")) << ev(QStringLiteral("sys"), QStringLiteral("hostname"));
        const auto first = learn(events);
        QRandomGenerator random(7);
        for (int round = 0; round < 20; ++round) {
            std::shuffle(events.begin(), events.end(), random);
            const auto again = learn(events);
            QCOMPARE(policyToJson(again.policy), policyToJson(first.policy));
            QCOMPARE(again.notes, first.notes);
            QCOMPARE(again.refusals.size(), first.refusals.size());
            for (qsizetype i = 0; i < first.refusals.size(); ++i) {
                QCOMPARE(again.refusals.at(i).what, first.refusals.at(i).what);
                QCOMPARE(again.refusals.at(i).covers, first.refusals.at(i).covers);
            }
            QCOMPARE(again.widenings.size(), first.widenings.size());
            for (qsizetype i = 0; i < first.widenings.size(); ++i)
                QCOMPARE(again.widenings.at(i).covers, first.widenings.at(i).covers);
        }
        QCOMPARE(first.policy.permissions.allowRead,
                 (QStringList{QStringLiteral("/data"), QStringLiteral("/etc/a"), QStringLiteral("/etc/b"), QStringLiteral("/etc/hosts"), QStringLiteral("/opt/x")}));
    }

    // The learning policy keeps the user's options and grants, opens what is not denied, and
    // denies programs (an allowed program reads files without asking the broker).
    void learningPolicyDeniesPrograms()
    {
        Policy given;
        given.sandbox = true;
        given.permissions.denyNet = true;
        given.permissions.allowRun = {QStringLiteral("*"), QStringLiteral("git")};
        given.permissions.allowRead = {QStringLiteral("/data")};
        given.timeoutMs = 5000;
        const Policy learning = learningPolicy(given);
        QVERIFY(!learning.sandbox);
        QVERIFY(!learning.permissions.denyNet);
        QVERIFY(learning.permissions.denyRun);
        QCOMPARE(learning.permissions.allowRun, QStringList{QStringLiteral("git")});
        QCOMPARE(learning.permissions.allowRead, QStringList{QStringLiteral("/data")});
        QCOMPARE(learning.timeoutMs, std::optional<qint64>(5000));
        PolicyMatcher::Setup setup{learning, QStringLiteral("/"), QStringLiteral("/srv/project"), {}, {}, {}, true, {home, {}}};
        const PolicyMatcher matcher(setup);
        QVERIFY(!matcher.everyProgram());
        QVERIFY(!matcher.decide(QStringLiteral("run"), QStringLiteral("sh"), true).allowed);
        QVERIFY(!matcher.decide(QStringLiteral("run"), QString(), false).allowed);
        QVERIFY(!matcher.decide(QStringLiteral("ffi"), QStringLiteral("/usr/lib/x.so"), true).allowed);
    }

    // The observe run's matcher: without the sandbox, yet the credential and system places,
    // /etc and writes outside the workdir are denied, and say so.
    void observeMatcherDeniesSensitivePlaces()
    {
        QTemporaryDir dir;
        const QString root = QDir(dir.path()).canonicalPath();
        const QString fakeHome = root + QStringLiteral("/home");
        QVERIFY(QDir(root).mkpath(QStringLiteral("home/.ssh")));
        QVERIFY(QDir(root).mkpath(QStringLiteral("work")));
        QVERIFY(QDir(root).mkpath(QStringLiteral("data")));
        QVERIFY(QFile::link(fakeHome + QStringLiteral("/.ssh"), root + QStringLiteral("/work/keys")));
        PolicyMatcher::Setup setup{Policy{}, root, root + QStringLiteral("/work"), {}, {}, {}, true, {fakeHome, {root + QStringLiteral("/cache")}}};
        setup.policy.permissions.denyRun = true;
        const PolicyMatcher matcher(setup);
        const auto decide = [&](const char *kind, const QString &value) { return matcher.decide(QLatin1String(kind), value, true); };
        QVERIFY(decide("read", root + QStringLiteral("/data/x")).allowed);
        QVERIFY(decide("write", root + QStringLiteral("/work/x")).allowed);
        for (const QString &secret : {fakeHome + QStringLiteral("/.ssh/id_rsa"), root + QStringLiteral("/work/keys/id_rsa"),
                                      QStringLiteral("/etc/passwd"), QStringLiteral("/proc/self/environ"), QStringLiteral("/sys/kernel"),
                                      QStringLiteral("/dev/sda"), root + QStringLiteral("/data/server.pem"), root + QStringLiteral("/cache/x"),
                                      fakeHome, QStringLiteral("/")}) {
            for (const char *kind : {"read", "write"}) {
                const Decision d = decide(kind, secret);
                QVERIFY2(!d.allowed, qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(kind), secret)));
                QCOMPARE(d.rule, QStringLiteral("observe"));
            }
        }
        const Decision outside = decide("write", root + QStringLiteral("/data/x"));
        QVERIFY(!outside.allowed);
        QCOMPARE(outside.rule, QStringLiteral("observe"));
        QVERIFY(!decide("run", QStringLiteral("sh")).allowed);
        // Without the observe flag the same policy allows all of it: the flag is what holds.
        setup.observe = false;
        QVERIFY(PolicyMatcher(setup).decide(QStringLiteral("read"), QStringLiteral("/etc/passwd"), true).allowed);
    }
};

QTEST_GUILESS_MAIN(TestPolicyLearner)
#include "tst_policylearner.moc"
