// Files: every read or write outside the grant, or in a mode the grant does not give, is denied
// by the broker and the audit log has the deny line; a path whose resolution cannot finish is
// denied (not matched lexically); reasons name only what the code asked for.
#include "testsupport.h"
#include "securityfixture.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

Policy withReadOnly(const ExecFixture &f)
{
    Policy p = f.sandboxPolicy();
    QDir().mkpath(f.path(QStringLiteral("ro")));
    f.write(QStringLiteral("ro/data.txt"), "RO-DATA");
    p.readOnlyDirs = {f.path(QStringLiteral("ro"))};
    return p;
}

} // namespace

class TestSecFiles : public QObject
{
    Q_OBJECT
private slots:
    void deniedByTheBroker_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("resource");
        const QString secret = QStringLiteral("/outside/secret.txt");
        QTest::newRow("read absolute") << "Deno.readTextFileSync(OUT + '/secret.txt')" << "read" << secret;
        QTest::newRow("read dot-dot") << "Deno.readTextFileSync('../outside/secret.txt')" << "read" << "../outside/secret.txt";
        QTest::newRow("read double slash") << "Deno.readTextFileSync(OUT + '//secret.txt')" << "read" << "//secret.txt";
        QTest::newRow("read via workdir dot-dot") << "Deno.readTextFileSync(WORK + '/../outside/./secret.txt')" << "read" << secret;
        QTest::newRow("read file url") << "await (await fetch('file://' + OUT + '/secret.txt')).text()" << "read" << secret;
        QTest::newRow("read node fs") << "(await import('node:fs')).readFileSync(OUT + '/secret.txt', 'utf8')" << "read" << secret;
        QTest::newRow("read node promises") << "await (await import('node:fs/promises')).readFile(OUT + '/secret.txt', 'utf8')" << "read" << secret;
        QTest::newRow("open file") << "Deno.openSync(OUT + '/secret.txt').readSync(new Uint8Array(8))" << "read" << secret;
        QTest::newRow("readdir outside") << "[...Deno.readDirSync(OUT)].map(e => e.name).join()" << "read" << "/outside";
        QTest::newRow("stat outside") << "Deno.statSync(OUT + '/secret.txt').size" << "read" << secret;
        QTest::newRow("lstat outside") << "Deno.lstatSync(OUT + '/secret.txt').size" << "read" << secret;
        QTest::newRow("realpath outside") << "Deno.realPathSync(OUT)" << "read" << "/outside";
        QTest::newRow("etc passwd") << "Deno.readTextFileSync('/etc/passwd')" << "read" << "/etc/passwd";
        QTest::newRow("ca bundle") << "Deno.readTextFileSync('/etc/ssl/certs/ca-certificates.crt')" << "read" << "/etc/ssl/certs";
        QTest::newRow("root listing") << "[...Deno.readDirSync('/')].length" << "read" << "/";
        QTest::newRow("tmp listing") << "[...Deno.readDirSync('/tmp')].map(e => e.name).join()" << "read" << "/tmp";
        QTest::newRow("write absolute") << "Deno.writeTextFileSync(OUT + '/planted.txt', 'x')" << "write" << "/outside/planted.txt";
        QTest::newRow("write dot-dot") << "Deno.writeTextFileSync('../outside/planted.txt', 'x')" << "write" << "../outside/planted.txt";
        QTest::newRow("append outside") << "Deno.writeTextFileSync(OUT + '/secret.txt', 'x', { append: true })" << "write" << secret;
        QTest::newRow("truncate outside") << "Deno.truncateSync(OUT + '/secret.txt', 0)" << "write" << secret;
        QTest::newRow("chmod outside") << "Deno.chmodSync(OUT + '/secret.txt', 0o777)" << "write" << secret;
        QTest::newRow("utime outside") << "Deno.utimeSync(OUT + '/secret.txt', 1, 1)" << "write" << secret;
        QTest::newRow("remove outside") << "Deno.removeSync(OUT + '/secret.txt')" << "write" << secret;
        QTest::newRow("mkdir outside") << "Deno.mkdirSync(OUT + '/planted')" << "write" << "/outside/planted";
        QTest::newRow("rename out") << "(Deno.writeTextFileSync('a', 'x'), Deno.renameSync('a', OUT + '/planted.txt'))" << "write" << "/outside/planted.txt";
        QTest::newRow("copy out") << "(Deno.writeTextFileSync('a', 'x'), Deno.copyFileSync('a', OUT + '/planted.txt'))" << "write" << "/outside/planted.txt";
        QTest::newRow("link out") << "(Deno.writeTextFileSync('a', 'x'), Deno.linkSync('a', OUT + '/planted.txt'))" << "write" << "/outside/planted.txt";
        QTest::newRow("symlink") << "Deno.symlinkSync(OUT, 'link')" << "write" << "";
        QTest::newRow("node chmod") << "(await import('node:fs')).chmodSync(OUT + '/secret.txt', 0o777)" << "write" << secret;
        QTest::newRow("node utimes") << "(await import('node:fs')).utimesSync(OUT + '/secret.txt', 1, 1)" << "write" << secret;
        QTest::newRow("write read-only dir") << "Deno.writeTextFileSync(WORK + '/../ro/new.txt', 'x')" << "write" << "/ro/new.txt";
        QTest::newRow("truncate read-only file") << "Deno.truncateSync(WORK + '/../ro/data.txt', 0)" << "write" << "/ro/data.txt";
        QTest::newRow("chmod read-only file") << "Deno.chmodSync(WORK + '/../ro/data.txt', 0o600)" << "write" << "/ro/data.txt";
        QTest::newRow("write tmp") << "Deno.writeTextFileSync('/tmp/planted.txt', 'x')" << "write" << "/tmp/planted.txt";
        QTest::newRow("unix socket outside") << "await Deno.connect({ transport: 'unix', path: OUT + '/sock' })" << "read" << "/outside/sock";
    }

    void deniedByTheBroker()
    {
        QFETCH(QString, code);
        QFETCH(QString, kind);
        QFETCH(QString, resource);
        ExecFixture f;
        const Attempt a = attempt(f, tryBody(code), withReadOnly(f));
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(a.result->stdoutData.contains("DENIED") && !Test::printedLine(a.result->stdoutData, "GOT"), qPrintable(a.diagnostics()));
        QVERIFY2(!a.output().contains("TOP-SECRET"), qPrintable(a.diagnostics()));
        QVERIFY2(a.deniedInAudit(kind, resource), qPrintable(a.diagnostics()));
        QVERIFY2(resource.isEmpty() || !a.allowedInAudit(kind, resource), qPrintable(a.diagnostics()));
        // Nothing outside, nor in the read-only folder, changed.
        QFile secretFile(f.path(QStringLiteral("outside/secret.txt")));
        QVERIFY(secretFile.open(QIODevice::ReadOnly));
        QCOMPARE(secretFile.readAll(), QByteArray("TOP-SECRET"));
        QVERIFY(!QFileInfo::exists(f.path(QStringLiteral("outside/planted.txt"))));
        QVERIFY(!QFileInfo::exists(f.path(QStringLiteral("outside/planted"))));
        QVERIFY(!QFileInfo::exists(f.path(QStringLiteral("ro/new.txt"))));
        QCOMPARE(QFileInfo(f.path(QStringLiteral("ro/data.txt"))).size(), qint64(7));
    }

    // Resolution that cannot finish is a deny, whatever the operation: the chmod and
    // utime reached a file through a name longer than PATH_MAX behind links.
    void unresolvablePathsAreDenied_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("kind");
        const QString loop = QStringLiteral("'self/'.repeat(45) + 'x.txt'");
        const QString longName = QStringLiteral("'self/' + 'd'.repeat(300) + '/x.txt'");
        const QString longPath = QStringLiteral("'self/'.repeat(900) + 'x.txt'");
        QTest::newRow("loop read") << QStringLiteral("Deno.readTextFileSync(%1)").arg(loop) << "read";
        QTest::newRow("loop chmod") << QStringLiteral("Deno.chmodSync(%1, 0o777)").arg(loop) << "write";
        QTest::newRow("loop utime") << QStringLiteral("Deno.utimeSync(%1, 1, 1)").arg(loop) << "write";
        QTest::newRow("loop write") << QStringLiteral("Deno.writeTextFileSync(%1, 'x')").arg(loop) << "write";
        QTest::newRow("long name stat") << QStringLiteral("Deno.statSync(%1)").arg(longName) << "read";
        QTest::newRow("long path chmod") << QStringLiteral("Deno.chmodSync(%1, 0o777)").arg(longPath) << "write";
        QTest::newRow("long path utime") << QStringLiteral("Deno.utimeSync(%1, 1, 1)").arg(longPath) << "write";
        QTest::newRow("below a file") << "Deno.writeTextFileSync('plain.txt/x', 'x')" << "write";
    }

    void unresolvablePathsAreDenied()
    {
        QFETCH(QString, code);
        QFETCH(QString, kind);
        ExecFixture f;
        QVERIFY(QFile::link(QStringLiteral("."), f.path(QStringLiteral("work/self"))));
        f.write(QStringLiteral("work/plain.txt"), "plain");
        const Attempt a = attempt(f, tryBody(code), f.sandboxPolicy());
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(a.result->stdoutData.contains("DENIED"), qPrintable(a.diagnostics()));
        bool unresolvable = false;
        for (const AuditEvent &e : a.audit)
            unresolvable = unresolvable || (e.kind == kind && !e.allowed && e.rule == QLatin1String("unresolvable"));
        QVERIFY2(unresolvable, qPrintable(a.diagnostics()));
        QVERIFY2(!a.allowedInAudit(kind, QStringLiteral("self/self")), qPrintable(a.diagnostics()));
    }

    // Reasons speak of the path as the code wrote it: never where it leads on the host, and
    // /proc is decided by name, so a host process's folder can neither be named nor probed.
    void reasonsSpeakInTheRunsTerms_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("dot-dot") << "../outside/secret.txt";
        QTest::newRow("proc 1 cwd") << "/proc/1/cwd";
        QTest::newRow("proc self cwd") << "/proc/self/cwd";
        QTest::newRow("proc self root") << "/proc/self/root/etc/passwd";
        QTest::newRow("proc host pid exe") << "/proc/PID/exe";
        QTest::newRow("proc host pid cwd") << "/proc/PID/cwd";
        QTest::newRow("dev fd") << "/dev/fd/0";
    }

    void reasonsSpeakInTheRunsTerms()
    {
        QFETCH(QString, path);
        ExecFixture f;
        path.replace(QStringLiteral("PID"), QString::number(QCoreApplication::applicationPid()));
        const Attempt a = attempt(f, tryBody(QStringLiteral("Deno.statSync(%1)").arg(QLatin1Char('"') + path + QLatin1Char('"'))), f.sandboxPolicy());
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(a.deniedInAudit(QStringLiteral("read"), path), qPrintable(a.diagnostics()));
        for (const AuditEvent &e : a.audit) {
            if (e.resource != path)
                continue;
            QVERIFY2(!e.reason.contains(QStringLiteral("resolves")), qPrintable(e.reason));
            QVERIFY2(!e.reason.contains(f.root()), qPrintable(e.reason));
            QVERIFY2(!e.reason.contains(QCoreApplication::applicationDirPath()), qPrintable(e.reason));
        }
        QVERIFY2(!a.result->stdoutData.contains(f.root().toUtf8() + "/outside"), qPrintable(a.diagnostics()));
    }

    // Deno.makeTempFile()/makeTempDir() without a dir ask the broker about "<TMP>": decided and
    // audited as the folder the file lands in, so every route into /tmp gets one answer
    // (node:os tmpdir() asks for the TMPDIR variable: denied, or the policy's own value).
    void temporaryFilesAreDecidedWhereTheyLand()
    {
        const QString code = QStringLiteral(
            "const fs = await import('node:fs'); const os = await import('node:os'); const r = {};\n"
            "for (const [k, f] of [['tmpdir', () => os.tmpdir()], ['makeTempFile', () => Deno.makeTempFileSync()], ['makeTempDir', () => Deno.makeTempDir()],\n"
            "    ['makeTempFileAsync', () => Deno.makeTempFile({ prefix: 'p' })], ['mkdtemp', () => fs.mkdtempSync('/tmp/x-')],\n"
            "    ['write', () => Deno.writeTextFileSync('/tmp/x', 'x')]]) {\n"
            "  try { const v = await f(); r[k] = 'GOT ' + v; } catch (e) { r[k] = e.name; } }\n"
            "console.log(JSON.stringify(r));\n");
        {
            ExecFixture f;
            const Attempt a = attempt(f, code, f.sandboxPolicy());
            QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
            QCOMPARE(a.result->stdoutData.trimmed(), QByteArray("{\"tmpdir\":\"NotCapable\",\"makeTempFile\":\"NotCapable\",\"makeTempDir\":\"NotCapable\","
                                                               "\"makeTempFileAsync\":\"NotCapable\",\"mkdtemp\":\"NotCapable\",\"write\":\"NotCapable\"}"));
            int tmpDenies = 0;
            for (const AuditEvent &e : a.audit) {
                QVERIFY2(!e.resource.contains(QStringLiteral("<TMP>")), qPrintable(QString::fromUtf8(e.toJsonLine())));
                QVERIFY2(e.kind != QLatin1String("write") || !e.allowed, qPrintable(QString::fromUtf8(e.toJsonLine())));
                if (e.kind == QLatin1String("write") && e.resource == QLatin1String("/tmp")) {
                    ++tmpDenies;
                    QCOMPARE(e.rule, QStringLiteral("sandbox"));
                    QVERIFY2(e.reason.contains(QStringLiteral("<TMP>")), qPrintable(e.reason));
                }
            }
            QCOMPARE(tmpDenies, 3);
            QVERIFY(a.deniedInAudit(QStringLiteral("write"), QStringLiteral("/tmp/x-")));
            QVERIFY(a.deniedInAudit(QStringLiteral("write"), QStringLiteral("/tmp/x")));
        }
        {
            // The runtime's TMPDIR in the workdir: allowed, and the audit names that folder.
            ExecFixture f;
            QVERIFY(QDir().mkpath(f.path(QStringLiteral("work/scratch"))));
            Policy p = f.sandboxPolicy();
            p.env.insert(QStringLiteral("TMPDIR"), f.path(QStringLiteral("work/scratch")));
            const Attempt a = attempt(f, code, p);
            QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
            const QByteArray out = a.result->stdoutData;
            QVERIFY2(out.contains("\"tmpdir\":\"GOT " + f.path(QStringLiteral("work/scratch\"")).toUtf8()), qPrintable(a.diagnostics()));
            QVERIFY2(out.contains("\"makeTempFile\":\"GOT " + f.path(QStringLiteral("work/scratch/")).toUtf8()), qPrintable(a.diagnostics()));
            QVERIFY2(out.contains("\"makeTempDir\":\"GOT " + f.path(QStringLiteral("work/scratch/")).toUtf8()), qPrintable(a.diagnostics()));
            QVERIFY2(out.contains("\"mkdtemp\":\"NotCapable\"") && out.contains("\"write\":\"NotCapable\""), qPrintable(a.diagnostics()));
            int granted = 0;
            for (const AuditEvent &e : a.audit) {
                if (e.kind == QLatin1String("write") && e.allowed) {
                    QCOMPARE(e.resource, f.path(QStringLiteral("work/scratch")));
                    QCOMPARE(e.rule, QStringLiteral("workdir"));
                    ++granted;
                }
            }
            QCOMPARE(granted, 3);
            QCOMPARE(QDir(f.path(QStringLiteral("work/scratch"))).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).size(), 3);
        }
    }

    // Probing host pids through /proc gives one answer whether the pid exists or not.
    void procGivesNoOracle()
    {
        ExecFixture f;
        const Attempt a = attempt(f, QStringLiteral("for (const p of ['/proc/%1/cwd', '/proc/999999/cwd']) { try { Deno.statSync(p); console.log('GOT'); } catch (e) { console.log('DENIED', e.message.replace(/[0-9]+/g, 'N')); } }")
                                             .arg(QCoreApplication::applicationPid()), f.sandboxPolicy());
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        const QList<QByteArray> lines = a.result->stdoutData.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[0].startsWith("DENIED"), qPrintable(a.diagnostics()));
        QCOMPARE(lines[0], lines[1]);
        QVERIFY(a.deniedInAudit(QStringLiteral("read"), QStringLiteral("/proc/999999/cwd")));
    }
};

QTEST_GUILESS_MAIN(TestSecFiles)
#include "tst_secfiles.moc"
