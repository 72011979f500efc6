#include "policy/pathresolver.h"
#include "policy/policymatcher.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;

class TestPolicyMatcher : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_root;

    QString path(const QString &relative) const { return m_root + QLatin1Char('/') + relative; }

    PolicyMatcher sandboxed(const Policy &extra = {}) const
    {
        Policy policy = extra;
        policy.sandbox = true;
        return PolicyMatcher({policy, m_root, path(QStringLiteral("work")), path(QStringLiteral("main.ts")), {}, {}});
    }

private slots:
    void initTestCase()
    {
        m_root = QDir(m_dir.path()).canonicalPath();
        QDir(m_root).mkpath(QStringLiteral("work/sub"));
        QDir(m_root).mkpath(QStringLiteral("data"));
        QDir(m_root).mkpath(QStringLiteral("outside"));
        for (const char *file : {"main.ts", "data/input.txt", "outside/secret.txt", "work/sub/a.txt"}) {
            QFile f(path(QLatin1String(file)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("x");
        }
        QVERIFY(QFile::link(path(QStringLiteral("outside/secret.txt")), path(QStringLiteral("work/link.txt"))));
        QVERIFY(QFile::link(path(QStringLiteral("outside")), path(QStringLiteral("work/linkdir"))));
    }

    void resolvesPaths()
    {
        QCOMPARE(QString::fromStdString(resolvePath(path(QStringLiteral("work/../data/./input.txt")).toStdString())),
                 path(QStringLiteral("data/input.txt")));
        // Through a symlinked folder into a file that does not exist yet.
        QCOMPARE(QString::fromStdString(resolvePath(path(QStringLiteral("work/linkdir/new/file")).toStdString())),
                 path(QStringLiteral("outside/new/file")));
        QVERIFY(pathWithin("/a/b", "/a"));
        QVERIFY(pathWithin("/a", "/a"));
        QVERIFY(!pathWithin("/ab", "/a"));
        QVERIFY(pathWithin("/x", "/"));
    }

    void denyByDefault()
    {
        const PolicyMatcher m = sandboxed();
        QVERIFY(!m.decide(QStringLiteral("read"), QStringLiteral("/etc/passwd"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("write"), path(QStringLiteral("data/x")), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("net"), QStringLiteral("example.com:443"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("env"), QStringLiteral("HOME"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("env"), QString(), false).allowed);
        QVERIFY(!m.decide(QStringLiteral("run"), QString(), false).allowed);
        QVERIFY(!m.decide(QStringLiteral("run"), QStringLiteral("sh"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("sys"), QStringLiteral("hostname"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("ffi"), QStringLiteral("/lib/libc.so.6"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("import"), QStringLiteral("deno.land:443"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("something-new"), QStringLiteral("x"), true).allowed);
        const Decision d = m.decide(QStringLiteral("read"), QStringLiteral("/etc/passwd"), true);
        QVERIFY(d.reason.contains(QStringLiteral("permission denied")));
        QCOMPARE(d.rule, QStringLiteral("sandbox"));
    }

    // A NUL cuts a value short wherever it meets a C string: the part before it is granted, the
    // part after it names what the code wanted. Denied in every kind, granted or not, sandboxed
    // or not.
    void valuesWithANulAreDenied()
    {
        const PolicyMatcher m = sandboxed();
        const QString nul(QChar(0));
        QVERIFY(m.decide(QStringLiteral("read"), path(QStringLiteral("work/a.txt")), true).allowed);
        for (const QString &kind : {QStringLiteral("read"), QStringLiteral("write")}) {
            const Decision d = m.decide(kind, path(QStringLiteral("work/a.txt")) + nul + QStringLiteral("/../../etc/passwd"), true);
            QVERIFY2(!d.allowed, qPrintable(kind));
            QCOMPARE(d.rule, QStringLiteral("invalid value"));
        }
        Policy open;
        open.permissions.allowEnv = {QStringLiteral("HOME")};
        const PolicyMatcher unsandboxed({open, m_root, {}, {}, {}, {}});
        QVERIFY(unsandboxed.decide(QStringLiteral("read"), QStringLiteral("/etc/hostname"), true).allowed);
        QVERIFY(!unsandboxed.decide(QStringLiteral("read"), QStringLiteral("/etc/hostname") + nul, true).allowed);
        QVERIFY(!unsandboxed.decide(QStringLiteral("env"), QStringLiteral("HOME") + nul + QStringLiteral("X"), true).allowed);
        QVERIFY(!unsandboxed.decide(QStringLiteral("net"), QStringLiteral("example.com") + nul + QStringLiteral(":443"), true).allowed);
        QVERIFY(!unsandboxed.decide(QStringLiteral("run"), QStringLiteral("sh") + nul, true).allowed);
    }

    void workdirAndEntry()
    {
        const PolicyMatcher m = sandboxed();
        QCOMPARE(m.decide(QStringLiteral("read"), path(QStringLiteral("work/sub/a.txt")), true).rule, QStringLiteral("workdir"));
        QVERIFY(m.decide(QStringLiteral("write"), path(QStringLiteral("work/new.txt")), true).allowed);
        QCOMPARE(m.decide(QStringLiteral("read"), path(QStringLiteral("main.ts")), true).rule, QStringLiteral("entry"));
        // The entry's folder is not readable for it.
        QVERIFY(!m.decide(QStringLiteral("read"), path(QStringLiteral("data/input.txt")), true).allowed);
    }

    void symlinksAndDotDotAreResolved()
    {
        const PolicyMatcher m = sandboxed();
        QVERIFY(!m.decide(QStringLiteral("read"), path(QStringLiteral("work/link.txt")), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("write"), path(QStringLiteral("work/link.txt")), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("read"), path(QStringLiteral("work/linkdir/secret.txt")), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("write"), path(QStringLiteral("work/linkdir/new.txt")), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("read"), path(QStringLiteral("work/../outside/secret.txt")), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("read"), path(QStringLiteral("work/sub/../../outside/secret.txt")), true).allowed);
        // A prefix that is not a folder boundary.
        QDir(m_root).mkpath(QStringLiteral("work2"));
        QVERIFY(!m.decide(QStringLiteral("read"), path(QStringLiteral("work2")), true).allowed);
    }

    void allowLists()
    {
        Policy p;
        p.permissions.allowRead = {QStringLiteral("data/input.txt")};
        p.permissions.allowEnv = {QStringLiteral("API_TOKEN")};
        p.permissions.allowRun = {QStringLiteral("git")};
        p.permissions.allowNet = {QStringLiteral("*.example.com")};
        p.env.insert(QStringLiteral("MODE"), QStringLiteral("x"));
        const PolicyMatcher m = sandboxed(p);
        QCOMPARE(m.decide(QStringLiteral("read"), path(QStringLiteral("data/input.txt")), true).rule, QStringLiteral("allow_read[0]"));
        QVERIFY(!m.decide(QStringLiteral("write"), path(QStringLiteral("data/input.txt")), true).allowed);
        QVERIFY(m.decide(QStringLiteral("env"), QStringLiteral("API_TOKEN"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("env"), QStringLiteral("api_token"), true).allowed);
        QVERIFY(m.decide(QStringLiteral("env"), QStringLiteral("MODE"), true).allowed);
        QVERIFY(m.decide(QStringLiteral("run"), QStringLiteral("git"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("run"), QString(), false).allowed); // "any program"
        QVERIFY(!m.decide(QStringLiteral("run"), QStringLiteral("/tmp/git"), true).allowed);
        QVERIFY(m.decide(QStringLiteral("net"), QStringLiteral("api.example.com:443"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("net"), QStringLiteral("example.org:443"), true).allowed);
    }

    void metadataNeedsAnExactRule()
    {
        Policy open; // no sandbox: everything not denied is allowed, except metadata
        const PolicyMatcher m({open, m_root, path(QStringLiteral("work")), path(QStringLiteral("main.ts")), {}, {}});
        QVERIFY(m.decide(QStringLiteral("net"), QStringLiteral("example.com:443"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("net"), QStringLiteral("169.254.169.254:80"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("net"), QStringLiteral("2852039166:80"), true).allowed);
        Policy star;
        star.sandbox = true;
        star.permissions.allowNet = {QStringLiteral("*")};
        QVERIFY(!PolicyMatcher({star, m_root, {}, {}, {}, {}}).decide(QStringLiteral("net"), QStringLiteral("169.254.169.254:80"), true).allowed);
        Policy exact;
        exact.sandbox = true;
        exact.permissions.allowNet = {QStringLiteral("169.254.169.254:80")};
        QVERIFY(PolicyMatcher({exact, m_root, {}, {}, {}, {}}).decide(QStringLiteral("net"), QStringLiteral("169.254.169.254:80"), true).allowed);
    }

    void protectedPathsAreNeverReachable()
    {
        Policy open; // no sandbox: everything else is allowed
        PolicyMatcher::Setup setup{open, m_root, path(QStringLiteral("work")), {}, {path(QStringLiteral("work/cache/preload.js"))},
                                   {path(QStringLiteral("work/audit.jsonl")), path(QStringLiteral("work/cache"))}};
        const PolicyMatcher m(setup);
        QVERIFY(m.decide(QStringLiteral("write"), path(QStringLiteral("work/other.txt")), true).allowed);
        QCOMPARE(m.decide(QStringLiteral("write"), path(QStringLiteral("work/audit.jsonl")), true).rule, QStringLiteral("protected"));
        QVERIFY(!m.decide(QStringLiteral("read"), QStringLiteral("audit.jsonl"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("write"), path(QStringLiteral("work/cache/npm/x.js")), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("write"), path(QStringLiteral("work/sub/../cache/x")), true).allowed);
        // The generated preload stays readable (workers import it), never writable.
        QVERIFY(m.decide(QStringLiteral("read"), path(QStringLiteral("work/cache/preload.js")), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("write"), path(QStringLiteral("work/cache/preload.js")), true).allowed);
    }

    void denySwitchesWithoutSandbox()
    {
        Policy p;
        p.permissions.denyFs = true;
        p.permissions.allowRead = {QStringLiteral("data")};
        const PolicyMatcher m({p, m_root, {}, {}, {}, {}});
        QVERIFY(!m.decide(QStringLiteral("read"), QStringLiteral("/etc/hosts"), true).allowed);
        QVERIFY(m.decide(QStringLiteral("read"), path(QStringLiteral("data/input.txt")), true).allowed);
        QVERIFY(m.decide(QStringLiteral("net"), QStringLiteral("example.com:443"), true).allowed);
        QVERIFY(m.decide(QStringLiteral("env"), QStringLiteral("HOME"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("env"), QStringLiteral("DENO_DIR"), true).allowed); // reserved
        QVERIFY(!m.decide(QStringLiteral("ffi"), QStringLiteral("/x.so"), true).allowed);
    }

    // Resolution that cannot finish is not a path that is missing: it denies.
    void unresolvablePathsDeny()
    {
        QVERIFY(QFile::link(QStringLiteral("."), path(QStringLiteral("work/self"))) || QFileInfo(path(QStringLiteral("work/self"))).isSymLink());
        const PolicyMatcher m = sandboxed();
        QString loop = path(QStringLiteral("work/"));
        for (int i = 0; i < 45; ++i)
            loop += QStringLiteral("self/");
        QVERIFY(resolvePath((loop + QStringLiteral("x")).toStdString()).empty());
        const Decision d = m.decide(QStringLiteral("write"), loop + QStringLiteral("x"), true);
        QVERIFY(!d.allowed);
        QCOMPARE(d.rule, QStringLiteral("unresolvable"));
        QVERIFY(!m.decide(QStringLiteral("read"), path(QStringLiteral("work/")) + QString(5000, QLatin1Char('a')), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("write"), path(QStringLiteral("work/sub/a.txt/below")), true).allowed);
        // A missing tail is still fine: a file about to be created.
        QVERIFY(m.decide(QStringLiteral("write"), path(QStringLiteral("work/new/deeper/file")), true).allowed);
    }

    // /proc, /dev and /sys are the namespace's, not the host's: decided by name, and the reason
    // never says where a path leads on the host.
    void systemFoldersAndReasons()
    {
        Policy extra;
        extra.permissions.allowRead = {QStringLiteral("/")};
        const PolicyMatcher m = sandboxed(extra);
        for (const char *p : {"/proc/self/environ", "/proc/1/cwd", "/dev/stdin", "/sys/kernel"}) {
            const Decision d = m.decide(QStringLiteral("read"), QLatin1String(p), true);
            QVERIFY2(!d.allowed, p);
            QCOMPARE(d.rule, QStringLiteral("system"));
        }
        const Decision d = sandboxed().decide(QStringLiteral("read"), QStringLiteral("linkdir/secret.txt"), true);
        QVERIFY(!d.allowed);
        QVERIFY2(!d.reason.contains(QStringLiteral("outside")), qPrintable(d.reason));
    }

    // Deno.makeTempFile() without a dir asks to write "<TMP>": decided (and named) as the place
    // the runtime puts it, by the rules that decide any path to it; an unknown placeholder is
    // denied; the same words as a relative file name must be allowed as well.
    void placeholdersAreDecidedWhereTheyLand()
    {
        const PolicyMatcher plain = sandboxed();
        QCOMPARE(plain.runtimeTempDir(), QStringLiteral("/tmp"));
        const Decision tmp = plain.decide(QStringLiteral("write"), QStringLiteral("<TMP>"), true);
        const Decision direct = plain.decide(QStringLiteral("write"), QStringLiteral("/tmp/x"), true);
        QVERIFY(!tmp.allowed);
        QCOMPARE(tmp.allowed, direct.allowed);
        QCOMPARE(tmp.rule, direct.rule);
        QCOMPARE(tmp.resource, QStringLiteral("/tmp"));
        QVERIFY2(tmp.reason.contains(QStringLiteral("\"/tmp\"")) && tmp.reason.contains(QStringLiteral("<TMP>")), qPrintable(tmp.reason));
        QVERIFY(!plain.decide(QStringLiteral("read"), QStringLiteral("<TMP>"), true).allowed);

        // A policy whose runtime TMPDIR is a folder of the workdir: allowed, named by that folder.
        Policy inWork;
        inWork.env.insert(QStringLiteral("TMPDIR"), path(QStringLiteral("work/sub")));
        const PolicyMatcher work = sandboxed(inWork);
        const Decision granted = work.decide(QStringLiteral("write"), QStringLiteral("<TMP>"), true);
        QVERIFY(granted.allowed);
        QCOMPARE(granted.rule, QStringLiteral("workdir"));
        QCOMPARE(granted.resource, path(QStringLiteral("work/sub")));
        // ... and one outside every grant is denied like any path there.
        Policy outside;
        outside.env.insert(QStringLiteral("TMPDIR"), path(QStringLiteral("outside")));
        const Decision out = sandboxed(outside).decide(QStringLiteral("write"), QStringLiteral("<TMP>"), true);
        QVERIFY(!out.allowed);
        QCOMPARE(out.resource, path(QStringLiteral("outside")));

        // /tmp granted: allowed, unless "<TMP>" read as a file of the workdir is not.
        Policy tmpGranted;
        tmpGranted.permissions.allowWrite = {QStringLiteral("/tmp")};
        QVERIFY(sandboxed(tmpGranted).decide(QStringLiteral("write"), QStringLiteral("<TMP>"), true).allowed);
        tmpGranted.sandbox = true;
        const PolicyMatcher protectsWork({tmpGranted, m_root, path(QStringLiteral("work")), {}, {}, {path(QStringLiteral("work/<TMP>"))}});
        QVERIFY(!protectsWork.decide(QStringLiteral("write"), QStringLiteral("<TMP>"), true).allowed);

        // Placeholders the policy does not know, and look-alikes that are plain names.
        for (const char *unknown : {"<CWD>", "<exec_path>", "<HOME>"}) {
            const Decision d = sandboxed(tmpGranted).decide(QStringLiteral("write"), QLatin1String(unknown), true);
            QVERIFY2(!d.allowed && d.rule == QLatin1String("placeholder"), unknown);
        }
        QVERIFY(PolicyMatcher::isPlaceholder(QStringLiteral("<TMP>")));
        for (const char *name : {"<>", "<a/b>", "<TMP", "TMP>", "/tmp/<TMP>", "<T MP>", "<..>"})
            QVERIFY2(!PolicyMatcher::isPlaceholder(QLatin1String(name)), name);
        QVERIFY(plain.decide(QStringLiteral("write"), QStringLiteral("sub/<TMP>"), true).allowed);
    }

    // The uid is what node:fs access() needs (and what a file the code writes shows anyway);
    // other system information stays denied.
    void uidIsTheOnlySystemInformation()
    {
        const PolicyMatcher m = sandboxed();
        const Decision uid = m.decide(QStringLiteral("sys"), QStringLiteral("uid"), true);
        QVERIFY(uid.allowed);
        QCOMPARE(uid.rule, QStringLiteral("file owner"));
        for (const char *other : {"gid", "hostname", "osRelease", "networkInterfaces", "homedir", "username"})
            QVERIFY2(!m.decide(QStringLiteral("sys"), QLatin1String(other), true).allowed, other);
        QVERIFY(!m.decide(QStringLiteral("sys"), QString(), false).allowed);
    }

    // An allowed program is one binary, found when the policy is made.
    void programsAreResolvedOnce()
    {
        Policy extra;
        extra.permissions.allowRun = {QStringLiteral("echo"), QStringLiteral("no-such-program-xyz")};
        const PolicyMatcher m = sandboxed(extra);
        const std::string echo = resolvePath("/usr/bin/echo");
        QCOMPARE(m.allowedPrograms(), std::vector<std::string>{echo});
        QCOMPARE(m.unresolvedPrograms(), QStringList{QStringLiteral("no-such-program-xyz")});
        QVERIFY(m.decide(QStringLiteral("run"), QStringLiteral("echo"), true).allowed);
        QVERIFY(m.decide(QStringLiteral("run"), QString::fromStdString(echo), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("run"), QStringLiteral("no-such-program-xyz"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("run"), QStringLiteral("./echo"), true).allowed);
        QVERIFY(!m.decide(QStringLiteral("run"), QString(), false).allowed);
    }
};

QTEST_GUILESS_MAIN(TestPolicyMatcher)
#include "tst_policymatcher.moc"
