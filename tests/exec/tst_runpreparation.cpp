// The stages that prepare a run, each on its own and on real files, without the runtime: the
// namespace's mounts for a policy, the outward-symlink scan and its limit, the module graph
// pass (its parsing and its process handling; the graph itself needs Deno and is covered by
// tst_secimports), the range checks of every run limit, and that a preparation that fails
// leaves nothing behind (no hidden entry file, no private or working folder).
#include "exec/modulegraph.h"
#include "exec/namespaceargs.h"
#include "exec/preparedrun.h"
#include "exec/runlimits.h"
#include "exec/symlinkscan.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Sandbench;

namespace {

bool touch(const QString &path, const QByteArray &data = "x")
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// Whether `args` holds `op from to` as three consecutive arguments; returns its index or -1.
qsizetype mountAt(const QStringList &args, const QString &op, const QString &from, const QString &to)
{
    for (qsizetype i = 0; i + 2 < args.size(); ++i) {
        if (args.at(i) == op && args.at(i + 1) == from && args.at(i + 2) == to)
            return i;
    }
    return -1;
}

bool hasPair(const QStringList &args, const QString &first, const QString &second)
{
    for (qsizetype i = 0; i + 1 < args.size(); ++i) {
        if (args.at(i) == first && args.at(i + 1) == second)
            return true;
    }
    return false;
}

QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

} // namespace

class TestRunPreparation : public QObject
{
    Q_OBJECT

    QTemporaryDir m_base;
    QString m_root;     // canonical m_base
    QString m_tmp;      // the TMPDIR every preparation of this test uses: must end up empty
    ExecEngineConfig m_config;

    QString fresh(const QString &name)
    {
        const QString dir = m_root + QLatin1Char('/') + name;
        QDir(dir).removeRecursively();
        QDir().mkpath(dir);
        return dir;
    }

    struct Layout
    {
        QString root, work, ro, rd, rdFile, wr, missing, docs, audit, cacheInWork, priv, runtime, launcher;
        QStringList libraries;
    };

    Layout layout(const QString &name)
    {
        Layout l;
        l.root = fresh(name);
        l.work = l.root + QStringLiteral("/work");
        l.ro = l.root + QStringLiteral("/ro");
        l.rd = l.root + QStringLiteral("/rd");
        l.rdFile = l.root + QStringLiteral("/single.txt");
        l.wr = l.root + QStringLiteral("/wr");
        l.missing = l.root + QStringLiteral("/later/not-yet.txt");
        l.docs = l.work + QStringLiteral("/docs");
        l.audit = l.work + QStringLiteral("/audit.jsonl");
        l.cacheInWork = l.work + QStringLiteral("/cache");
        l.priv = l.root + QStringLiteral("/private");
        l.runtime = l.root + QStringLiteral("/bin/deno");
        l.launcher = l.root + QStringLiteral("/bin/sandbench-launch");
        l.libraries = {l.root + QStringLiteral("/lib/ld-linux-x86-64.so.2"), l.root + QStringLiteral("/lib/libc.so.6")};
        for (const QString &dir : {l.work, l.ro, l.rd, l.wr, l.docs, l.cacheInWork, l.priv + QStringLiteral("/deno")})
            QDir().mkpath(dir);
        for (const QString &file : QStringList{l.rdFile, l.audit, l.runtime, l.launcher} + l.libraries)
            touch(file);
        return l;
    }

    PolicyMatcher::Setup setupFor(const Layout &l, bool sandbox) const
    {
        Policy policy;
        policy.sandbox = sandbox;
        policy.readOnlyDirs = {l.ro};
        policy.permissions.allowRead = {l.rd, l.rdFile, l.missing, l.docs};
        policy.permissions.allowWrite = {l.wr};
        return {policy, l.root, l.work, {}, {}, {l.audit, l.cacheInWork, l.root + QStringLiteral("/outside-cache")}};
    }

    NamespaceSetup namespaceFor(const Layout &l) const
    {
        NamespaceSetup ns;
        ns.runtimePath = l.runtime;
        ns.runtimeLibraries = l.libraries;
        ns.denoDir = l.priv + QStringLiteral("/deno");
        ns.privateDir = l.priv;
        ns.workdir = l.work;
        ns.protectedPaths = {l.audit, l.cacheInWork, l.root + QStringLiteral("/outside-cache"), l.priv};
        ns.launcherPath = l.launcher;
        return ns;
    }

    ExecRequest codeRequest(const QString &workdir) const
    {
        ExecRequest request;
        request.code = QStringLiteral("console.log(1)");
        request.policy.sandbox = true;
        request.policy.workdir = workdir;
        request.baseDir = m_root;
        return request;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_base.isValid());
        m_root = QFileInfo(m_base.path()).canonicalFilePath();
        m_tmp = m_root + QStringLiteral("/tmp");
        QVERIFY(QDir().mkpath(m_tmp));
        // Every temporary folder a preparation makes lands here, where the test can see it.
        qputenv("TMPDIR", QFile::encodeName(m_tmp));
        QCOMPARE(QDir::tempPath(), m_tmp);
        // A stand-in runtime: enough for the version probe, not a binary ldd can list, so a
        // preparation runs through almost every stage and then fails late.
        const QString fake = m_root + QStringLiteral("/fake-runtime/deno");
        QVERIFY(touch(fake, "#!/bin/sh\necho 'deno 2.9.6 (stable, release, x86_64-unknown-linux-gnu)'\n"));
        QVERIFY(QFile::setPermissions(fake, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        m_config.runtimePath = fake;
        m_config.cacheDir = m_root + QStringLiteral("/cache");
        qputenv("SANDBENCH_LAUNCHER", "/bin/true");
    }

    void init()
    {
        QCOMPARE(entries(m_tmp), QStringList());
    }

    // --- the namespace ---------------------------------------------------------------------

    // Under a sandbox the namespace holds each grant in its own mode and nothing around it.
    void namespaceMountsExactlyTheGrants()
    {
        const Layout l = layout(QStringLiteral("ns-grants"));
        const PolicyMatcher matcher(setupFor(l, true));
        const QStringList args = namespaceArguments(namespaceFor(l), matcher);
        const qsizetype work = mountAt(args, QStringLiteral("--bind"), l.work, l.work);
        QVERIFY(work >= 0);
        QVERIFY(mountAt(args, QStringLiteral("--ro-bind"), l.ro, l.ro) >= 0);
        QVERIFY(mountAt(args, QStringLiteral("--ro-bind"), l.rd, l.rd) >= 0);
        QVERIFY(mountAt(args, QStringLiteral("--ro-bind"), l.rdFile, l.rdFile) >= 0);
        QVERIFY(mountAt(args, QStringLiteral("--bind"), l.wr, l.wr) >= 0);
        // A read grant inside the writable workdir is mounted after it, read-only, so it wins.
        const qsizetype docs = mountAt(args, QStringLiteral("--ro-bind"), l.docs, l.docs);
        QVERIFY(docs > work);
        QCOMPARE(mountAt(args, QStringLiteral("--bind"), l.docs, l.docs), qsizetype(-1));
        // Read-only grants are never writable.
        for (const QString &path : {l.ro, l.rd, l.rdFile})
            QCOMPARE(mountAt(args, QStringLiteral("--bind"), path, path), qsizetype(-1));
        // A rule for a file that does not exist mounts nothing: neither it nor its parent.
        QVERIFY(!args.contains(l.missing));
        QVERIFY(!args.contains(QFileInfo(l.missing).absolutePath()));
        // Nothing of the host beyond the grants: not its root, its /proc, /sys, /usr or /etc.
        QVERIFY(!args.contains(QStringLiteral("--dev-bind")));
        QVERIFY(!args.contains(QStringLiteral("--proc")));
        QVERIFY(!args.contains(l.root));
        for (const char *host : {"/", "/sys", "/usr", "/etc", "/home", "/etc/resolv.conf"})
            QVERIFY2(!args.contains(QLatin1String(host)), host);
        QCOMPARE(args.filter(QStringLiteral("/sys")), QStringList());
        // /proc is an empty read-only tmpfs holding only the link to the runtime.
        QVERIFY(mountAt(args, QStringLiteral("--symlink"), l.runtime, QStringLiteral("/proc/self/exe")) >= 0);
        QVERIFY(hasPair(args, QStringLiteral("--tmpfs"), QStringLiteral("/proc")));
        QVERIFY(hasPair(args, QStringLiteral("--remount-ro"), QStringLiteral("/proc")));
        QVERIFY(args.contains(QStringLiteral("--unshare-net")));
        QVERIFY(hasPair(args, QStringLiteral("--cap-drop"), QStringLiteral("ALL")));
        // The run's private folder is read-only; the runtime's cache is a tmpfs of its own.
        QVERIFY(mountAt(args, QStringLiteral("--ro-bind"), l.priv, l.priv) >= 0);
        QVERIFY(hasPair(args, QStringLiteral("--tmpfs"), l.priv + QStringLiteral("/deno")));
        QCOMPARE(mountAt(args, QStringLiteral("--bind"), l.priv, l.priv), qsizetype(-1));
    }

    // What Sandbench protects is hidden even inside a grant, after the grant (or the grant's
    // mount would cover the stand-in); a protected path outside every grant is not there at all.
    void namespaceHidesProtectedPathsInsideGrants()
    {
        const Layout l = layout(QStringLiteral("ns-protected"));
        const PolicyMatcher matcher(setupFor(l, true));
        const QStringList args = namespaceArguments(namespaceFor(l), matcher);
        const qsizetype work = mountAt(args, QStringLiteral("--bind"), l.work, l.work);
        const qsizetype audit = mountAt(args, QStringLiteral("--ro-bind"), QStringLiteral("/dev/null"), l.audit);
        QVERIFY(audit > work);
        const qsizetype cache = mountAt(args, QStringLiteral("--tmpfs"), l.cacheInWork, QStringLiteral("--remount-ro"));
        QVERIFY(cache > work);
        QVERIFY(!args.contains(l.root + QStringLiteral("/outside-cache")));
    }

    // Only the runtime, its loader and the allowed programs may execute; no program at all
    // means no /usr in the namespace; the network is shared only when a rule names a host.
    void namespaceExecutablesNetworkAndPrograms()
    {
        const Layout l = layout(QStringLiteral("ns-exec"));
        Policy policy;
        policy.sandbox = true;
        policy.permissions.allowRun = {QStringLiteral("sh")};
        const PolicyMatcher matcher({policy, l.root, l.work, {}, {}, {}});
        NamespaceSetup ns = namespaceFor(l);
        ns.anyProgram = true;
        ns.anyNetwork = true;
        const QStringList args = namespaceArguments(ns, matcher);
        const QString sh = QString::fromStdString(PolicyMatcher::resolveProgram(QStringLiteral("sh"), "/"));
        QVERIFY(!sh.isEmpty());
        const QStringList tail = args.mid(args.lastIndexOf(l.launcher));
        QCOMPARE(tail.first(), l.launcher);
        QCOMPARE(tail.last(), QStringLiteral("--"));
        QStringList executables;
        for (qsizetype i = 0; i + 1 < tail.size(); ++i) {
            if (tail.at(i) == QLatin1String("--exec"))
                executables << tail.at(i + 1);
        }
        QVERIFY(executables.contains(l.runtime));
        QVERIFY(executables.contains(l.libraries.first()));   // the loader
        QVERIFY(!executables.contains(l.libraries.last()));   // a library is not a program
        QVERIFY(executables.contains(sh));
        QVERIFY(!tail.contains(QStringLiteral("--any-program")));
        QVERIFY(!args.contains(QStringLiteral("--unshare-net")));
        QVERIFY(mountAt(args, QStringLiteral("--ro-bind-try"), QStringLiteral("/etc/resolv.conf"), QStringLiteral("/etc/resolv.conf")) >= 0);
        QVERIFY(mountAt(args, QStringLiteral("--ro-bind-try"), QStringLiteral("/usr"), QStringLiteral("/usr")) >= 0);
    }

    // Without a sandbox the broker alone decides files: the host's root is shown, but the
    // runtime still gets its own PID namespace, no capabilities and a private cache.
    void namespaceWithoutSandbox()
    {
        const Layout l = layout(QStringLiteral("ns-open"));
        const PolicyMatcher matcher(setupFor(l, false));
        const QStringList args = namespaceArguments(namespaceFor(l), matcher);
        QVERIFY(mountAt(args, QStringLiteral("--dev-bind"), QStringLiteral("/"), QStringLiteral("/")) >= 0);
        QVERIFY(args.contains(QStringLiteral("--unshare-pid")));
        QVERIFY(args.contains(QStringLiteral("--die-with-parent")));
        QVERIFY(hasPair(args, QStringLiteral("--cap-drop"), QStringLiteral("ALL")));
        QVERIFY(hasPair(args, QStringLiteral("--tmpfs"), l.priv + QStringLiteral("/deno")));
        QVERIFY(args.contains(QStringLiteral("--any-program")));
    }

    // A replay's workdir comes from its copy, never from the host path it names.
    void namespaceMountsAReplayWorkdirFromItsCopy()
    {
        const Layout l = layout(QStringLiteral("ns-replay"));
        const QString copy = fresh(QStringLiteral("ns-replay-copy"));
        const PolicyMatcher matcher(setupFor(l, true));
        NamespaceSetup ns = namespaceFor(l);
        ns.workdirSource = copy;
        ns.overlays = {{copy, QStringLiteral("/data/input.csv"), false}};
        const QStringList args = namespaceArguments(ns, matcher);
        QCOMPARE(mountAt(args, QStringLiteral("--bind"), l.work, l.work), qsizetype(-1));
        QCOMPARE(mountAt(args, QStringLiteral("--ro-bind"), l.docs, l.docs), qsizetype(-1));
        QVERIFY(mountAt(args, QStringLiteral("--bind"), copy, l.work) >= 0);
        QVERIFY(mountAt(args, QStringLiteral("--ro-bind"), copy, QStringLiteral("/data/input.csv")) > mountAt(args, QStringLiteral("--bind"), copy, l.work));
    }

    // --- the symlink scan ------------------------------------------------------------------

    void symlinkScanRefusesOutwardLinks_data()
    {
        QTest::addColumn<QString>("link");   // inside work/
        QTest::addColumn<QString>("target"); // as written; "@" stands for the test's root
        QTest::addColumn<bool>("refused");
        QTest::newRow("absolute outside") << "out" << "/etc" << true;
        QTest::newRow("relative outside") << "rel" << "../outside/secret.txt" << true;
        QTest::newRow("dangling outside") << "dangling" << "@/outside/not-yet" << true;
        QTest::newRow("to the root") << "root" << "/" << true;
        QTest::newRow("hidden, deep") << "a/b/c/.hidden" << "/etc/passwd" << true;
        QTest::newRow("chain leading out") << "chain" << "@/hops/out" << true; // hops/out -> /etc
        QTest::newRow("chain back in") << "chainin" << "@/hops/in" << false; // hops/in -> work/a.txt
        QTest::newRow("loop") << "loop1" << "@/work/loop2" << true;          // loop2 -> loop1
        QTest::newRow("inside") << "in" << "a.txt" << false;
        QTest::newRow("to another grant") << "other" << "@/ro" << false;
        QTest::newRow("to the workdir itself") << "self" << "." << false;
    }

    // A link inside an allowed folder that resolves outside every allowed folder is a
    // configuration error naming the option, the folder and the link (dangling and looping
    // links too: where they lead cannot be vouched for).
    void symlinkScanRefusesOutwardLinks()
    {
        QFETCH(QString, link);
        QFETCH(QString, target);
        QFETCH(bool, refused);
        const QString root = fresh(QStringLiteral("links"));
        const QString work = root + QStringLiteral("/work");
        QDir().mkpath(work);
        QDir().mkpath(root + QStringLiteral("/ro"));
        QVERIFY(touch(work + QStringLiteral("/a.txt")));
        QVERIFY(touch(root + QStringLiteral("/outside/secret.txt")));
        QDir().mkpath(root + QStringLiteral("/hops"));
        QVERIFY(QFile::link(QStringLiteral("/etc"), root + QStringLiteral("/hops/out")));
        QVERIFY(QFile::link(work + QStringLiteral("/a.txt"), root + QStringLiteral("/hops/in")));
        if (link == QLatin1String("loop1"))
            QVERIFY(QFile::link(work + QStringLiteral("/loop1"), work + QStringLiteral("/loop2")));
        const QString linkPath = work + QLatin1Char('/') + link;
        QDir().mkpath(QFileInfo(linkPath).absolutePath());
        QString written = target;
        written.replace(QLatin1Char('@'), root);
        QCOMPARE(::symlink(QFile::encodeName(written).constData(), QFile::encodeName(linkPath).constData()), 0);
        const auto result = checkNoOutwardSymlinks({{work.toStdString(), QStringLiteral("workdir")}},
                                                   {work.toStdString(), (root + QStringLiteral("/ro")).toStdString()});
        QCOMPARE(!result.has_value(), refused);
        if (refused) {
            QCOMPARE(result.error().code, ErrorCode::ConfigError);
            const QString message = result.error().message;
            QVERIFY2(message.startsWith(QStringLiteral("workdir ") + work), qPrintable(message));
            QVERIFY2(message.contains(QLatin1String("points outside the allowed folders")), qPrintable(message));
            QVERIFY2(message.contains(work + QLatin1Char('/')), qPrintable(message));
        }
    }

    // The scan is bounded: past maxEntries it refuses (a folder too large to vouch for) and
    // names the folder and the limit; at the limit it passes. Missing folders are skipped.
    void symlinkScanIsBounded()
    {
        const QString root = fresh(QStringLiteral("many"));
        for (int i = 0; i < 50; ++i)
            QVERIFY(touch(root + QStringLiteral("/d%1/f").arg(i % 5) + QString::number(i)));
        const std::vector<std::pair<std::string, QString>> folders = {{root.toStdString(), QStringLiteral("allow_read[0]")}};
        const std::vector<std::string> allowed = {root.toStdString()};
        QVERIFY(checkNoOutwardSymlinks(folders, allowed, 55).has_value()); // 50 files + 5 folders
        const auto over = checkNoOutwardSymlinks(folders, allowed, 54);
        QVERIFY(!over);
        QVERIFY(over.error().message.contains(QStringLiteral("allow_read[0] ") + root));
        QVERIFY(over.error().message.contains(QLatin1String("more than 54 entries")));
        // The count runs over all folders together.
        const std::vector<std::pair<std::string, QString>> twice = {folders.front(), folders.front()};
        QVERIFY(!checkNoOutwardSymlinks(twice, allowed, 100));
        QVERIFY(checkNoOutwardSymlinks({{(root + QStringLiteral("/absent")).toStdString(), QStringLiteral("x")}}, allowed, 1).has_value());
    }

    // --- the module graph ------------------------------------------------------------------

    void moduleGraphKeepsLocalLoadedModules()
    {
        const QByteArray json = "{\"roots\":[\"file:///w/main.ts\"],\"modules\":["
                                "{\"kind\":\"esm\",\"local\":\"/w/main.ts\",\"specifier\":\"file:///w/main.ts\"},"
                                "{\"kind\":\"esm\",\"local\":\"/w/lib.ts\",\"specifier\":\"file:///w/lib.ts\"},"
                                "{\"kind\":\"esm\",\"local\":\"/w/lib.ts\",\"specifier\":\"file:///w/lib.ts?again\"},"
                                "{\"kind\":\"esm\",\"local\":\"/w/broken.ts\",\"specifier\":\"file:///w/broken.ts\",\"error\":\"parse\"},"
                                "{\"kind\":\"npm\",\"specifier\":\"npm:papaparse@5\"},"
                                "{\"specifier\":\"https://example.com/x.ts\",\"error\":\"remote\"}]}";
        QCOMPARE(moduleGraphFiles(json), (QStringList{QStringLiteral("/w/main.ts"), QStringLiteral("/w/lib.ts")}));
        QCOMPARE(moduleGraphFiles("not json"), QStringList());
        QCOMPARE(moduleGraphFiles("{\"modules\":{\"local\":\"/x\"}}"), QStringList());
    }

    // The graph process on its own (any program stands in for bwrap + deno info): its output
    // is read, a runtime that cannot build a graph gives none, one that cannot start is an
    // environment error (the run must not start with its graph unaudited).
    void moduleGraphProcess()
    {
        const QString dir = fresh(QStringLiteral("graph"));
        ModuleGraphCommand command{QStringLiteral("/bin/sh"),
                                   {QStringLiteral("-c"), QStringLiteral("printf '%s' '{\"modules\":[{\"local\":\"'\"$PWD\"'/m.ts\"}]}'")},
                                   QProcessEnvironment::systemEnvironment(), dir};
        auto files = startUpModuleFiles(command);
        QVERIFY(files.has_value());
        QCOMPARE(*files, QStringList{dir + QStringLiteral("/m.ts")});
        command.arguments = {QStringLiteral("-c"), QStringLiteral("echo 'error: Module not found' >&2; exit 1")};
        files = startUpModuleFiles(command);
        QVERIFY(files.has_value());
        QCOMPARE(*files, QStringList());
        command.program = dir + QStringLiteral("/no-such-runtime");
        files = startUpModuleFiles(command);
        QVERIFY(!files);
        QCOMPARE(files.error().code, ErrorCode::EnvironmentError);
        QVERIFY(files.error().message.contains(QLatin1String("module graph")));
    }

    // --- run limits ------------------------------------------------------------------------

    void runLimitsAreRangeChecked_data()
    {
        QTest::addColumn<QString>("option");
        QTest::addColumn<qint64>("value");
        QTest::addColumn<bool>("valid");
        const qint64 week = qint64(7) * 24 * 3600 * 1000;
        auto row = [](const char *option, qint64 value, bool valid) {
            QTest::addRow("%s=%lld %s", option, static_cast<long long>(value), valid ? "ok" : "refused")
                    << QString::fromLatin1(option) << value << valid;
        };
        for (const auto &[option, low, high] : std::initializer_list<std::tuple<const char *, qint64, qint64>>{
                     {"--timeout", 1, week},
                     {"--max-memory", 16, 1024 * 1024},
                     {"--max-workdir-mb", 1, 1024 * 1024},
                     {"--max-tasks", Policy::minTasks, Policy::maxTasksLimit},
                     {"--max-output-bytes", 1, qint64(1) << 34}}) {
            row(option, low, true);
            row(option, high, true);
            row(option, low - 1, false);
            row(option, high + 1, false);
            row(option, -1, false);
        }
        row("--timeout", std::numeric_limits<qint64>::min(), false);
        row("--max-tasks", 0, false);
    }

    // Every limit is checked by the engine itself, whoever built the request, and the error
    // names the option and the value; prepareRun refuses before it touches anything.
    void runLimitsAreRangeChecked()
    {
        QFETCH(QString, option);
        QFETCH(qint64, value);
        QFETCH(bool, valid);
        Policy policy;
        const int asInt = int(value); // the int options' rows are all within int
        if (option == QLatin1String("--timeout"))
            policy.timeoutMs = value;
        else if (option == QLatin1String("--max-memory"))
            policy.maxMemoryMb = asInt;
        else if (option == QLatin1String("--max-workdir-mb"))
            policy.maxWorkdirMb = asInt;
        else if (option == QLatin1String("--max-tasks"))
            policy.maxTasks = asInt;
        else
            policy.maxOutputBytes = value;
        const VoidResult checked = checkRunLimits(policy);
        QCOMPARE(checked.has_value(), valid);
        if (valid)
            return;
        QCOMPARE(checked.error().code, ErrorCode::ConfigError);
        QVERIFY2(checked.error().message.startsWith(option + QLatin1Char(' ')), qPrintable(checked.error().message));
        QVERIFY2(checked.error().message.contains(QString::number(value)), qPrintable(checked.error().message));
        ExecRequest request = codeRequest({});
        request.policy = policy;
        const auto prepared = prepareRun(request, m_config);
        QVERIFY(!prepared);
        QCOMPARE(prepared.error().message, checked.error().message);
        QCOMPARE(entries(m_tmp), QStringList());
    }

    // The workdir cap is a file size limit in the child: one file can never pass it.
    void fileSizeLimitHoldsInTheChild()
    {
        const QString dir = fresh(QStringLiteral("fsize"));
        const QByteArray file = QFile::encodeName(dir + QStringLiteral("/big"));
        RunLimits limits;
        limits.setFileSizeLimit(4096);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            limits.applyInChild();
            const int fd = ::open(file.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
            char block[8192] = {};
            const ssize_t first = ::write(fd, block, sizeof block);  // short: up to the limit
            const ssize_t second = ::write(fd, block, sizeof block); // refused: EFBIG
            ::_exit(first == 4096 && second < 0 && errno == EFBIG ? 0 : 1);
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 0);
        QCOMPARE(QFileInfo(QString::fromLocal8Bit(file)).size(), qint64(4096));
    }

    // What the workdir cap counts: every file below it, hidden ones too, but not what a link
    // points to (the code cannot make a link: the broker denies it; the host's could be huge).
    void folderBytesCountsFilesNotLinks()
    {
        const QString dir = fresh(QStringLiteral("bytes"));
        QVERIFY(touch(dir + QStringLiteral("/a"), QByteArray(1000, 'a')));
        QVERIFY(touch(dir + QStringLiteral("/.hidden/b"), QByteArray(234, 'b')));
        const QString big = fresh(QStringLiteral("bytes-outside")) + QStringLiteral("/big");
        QVERIFY(touch(big, QByteArray(100000, 'c')));
        QVERIFY(QFile::link(big, dir + QStringLiteral("/link")));
        QCOMPARE(RunLimits::folderBytes(dir), qint64(1234));
    }

    // --- failed preparations clean up ------------------------------------------------------

    void failedPreparationLeavesNothing_data()
    {
        QTest::addColumn<bool>("givenWorkdir");
        QTest::addColumn<bool>("outwardLink");
        QTest::newRow("code in a workdir, refused link") << true << true;
        QTest::newRow("code in a workdir, late failure") << true << false;
        QTest::newRow("code without a workdir, late failure") << false << false;
    }

    // An outward symlink (refused after the code file is written) or a late environment
    // failure (the runtime's libraries cannot be listed, after the preload and the cache
    // folders exist): the hidden entry file is gone from the user's folder, and no private or
    // working folder is left in the temporary folder.
    void failedPreparationLeavesNothing()
    {
        QFETCH(bool, givenWorkdir);
        QFETCH(bool, outwardLink);
        const QString work = fresh(QStringLiteral("cleanup-work"));
        QVERIFY(touch(work + QStringLiteral("/data.txt")));
        if (outwardLink)
            QVERIFY(QFile::link(QStringLiteral("/etc"), work + QStringLiteral("/etc-link")));
        ExecRequest request = codeRequest(givenWorkdir ? work : QString());
        request.policy.seed = 7; // the preload and the crypto shim are written too
        request.policy.freezeTimeMs = 0;
        const QStringList before = entries(work);
        const auto prepared = prepareRun(request, m_config);
        QVERIFY(!prepared);
        if (outwardLink) {
            QCOMPARE(prepared.error().code, ErrorCode::ConfigError);
            QVERIFY2(prepared.error().message.contains(work + QStringLiteral("/etc-link")), qPrintable(prepared.error().message));
        } else {
            QCOMPARE(prepared.error().code, ErrorCode::EnvironmentError);
            QVERIFY2(prepared.error().message.contains(QLatin1String("ldd")), qPrintable(prepared.error().message));
        }
        QCOMPARE(entries(work), before);
        QCOMPARE(entries(m_tmp), QStringList());
    }

    // A replay writes the code into the copy mounted at the recorded workdir (which need not
    // exist here); a late failure removes it from the copy too.
    void failedReplayPreparationLeavesNothing()
    {
        const QString copy = fresh(QStringLiteral("cleanup-replay-copy"));
        QVERIFY(touch(copy + QStringLiteral("/input.csv")));
        ExecRequest request = codeRequest(QStringLiteral("/recorded/elsewhere/work"));
        request.workdirSource = copy;
        const auto prepared = prepareRun(request, m_config);
        QVERIFY(!prepared);
        QVERIFY2(prepared.error().message.contains(QLatin1String("ldd")), qPrintable(prepared.error().message));
        QCOMPARE(entries(copy), QStringList{QStringLiteral("input.csv")});
        QCOMPARE(entries(m_tmp), QStringList());
        QVERIFY(!QFileInfo::exists(QStringLiteral("/recorded")));
    }

    // A failed run of the user's own file never removes that file.
    void failedPreparationKeepsTheUsersEntryFile()
    {
        const QString work = fresh(QStringLiteral("cleanup-entry"));
        QVERIFY(touch(work + QStringLiteral("/main.ts"), "console.log(1)"));
        ExecRequest request;
        request.entrypoint = QStringLiteral("main.ts");
        request.policy.sandbox = true;
        request.policy.workdir = work;
        request.baseDir = m_root;
        QVERIFY(!prepareRun(request, m_config));
        QCOMPARE(entries(work), QStringList{QStringLiteral("main.ts")});
        QCOMPARE(entries(m_tmp), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestRunPreparation)
#include "tst_runpreparation.moc"
