// Every file API of the runtime, Deno's and its node:fs twins (sync, callback, promises), used
// inside the workdir under --sandbox with every layer on (mounts, broker, Landlock): each one
// must work and have its effect on the real files, with and without a policy that names a
// program (which changes the namespace and the launcher's rules). The same table then shows that
// what the policy does not allow is still denied. The launcher's own refusals (a kernel whose
// Landlock cannot allow moves, a folder given as a program) are checked on the binary itself.
#include "testsupport.h"
#include "securityfixture.h"

#include "exec/runtimelocator.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

#include <sys/stat.h>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// What each row's code may use: a few helpers, node:fs, and a tree set up by setUpTree().
const char helpers[] = R"JS(
const fs = await import("node:fs");
const fsp = fs.promises;
const { Buffer } = await import("node:buffer");
const enc = new TextEncoder(), dec = new TextDecoder();
const ok = (c, what) => { if (!c) throw new Error("expected " + what); };
const exists = (p) => { try { Deno.lstatSync(p); return true; } catch (e) { if (e instanceof Deno.errors.NotFound) return false; throw e; } };
const cb = (fn, ...args) => new Promise((res, rej) => fn(...args, (e, v) => (e ? rej(e) : res(v))));
)JS";

// work/a/b/f.txt "F", work/c/d/inner.txt "I", work/lnk -> a/b/f.txt, work/dlnk -> c.
void setUpTree(const ExecFixture &f)
{
    f.write(QStringLiteral("work/a/b/f.txt"), "F");
    f.write(QStringLiteral("work/c/d/inner.txt"), "I");
    QVERIFY(::symlink("a/b/f.txt", QFile::encodeName(f.path(QStringLiteral("work/lnk"))).constData()) == 0);
    QVERIFY(::symlink("c", QFile::encodeName(f.path(QStringLiteral("work/dlnk"))).constData()) == 0);
}

QString program(const QString &body)
{
    return QString::fromLatin1(helpers)
           + QStringLiteral("try {\n%1\nconsole.log('PASS');\n} catch (e) { console.log('FAIL', e?.name, e?.code ?? '', e?.message); }\n").arg(body);
}

// The two policies every row runs under: Landlock restricts execution in both.
Policy policyFor(const ExecFixture &f, const QString &mode)
{
    Policy p = f.sandboxPolicy();
    if (mode == QLatin1String("program"))
        p.permissions.allowRun = {QStringLiteral("true")};
    return p;
}

// "path=content": a file of the workdir holds exactly that; "path/": a folder; "!path": nothing
// there; "mode:path=NNN": permission bits (octal); "mtime:path=S": modification time in seconds.
QString checkEffect(const ExecFixture &f, const QString &effect)
{
    auto work = [&](const QString &relative) { return f.path(QStringLiteral("work/") + relative); };
    if (effect.startsWith(QLatin1Char('!')))
        return QFileInfo(work(effect.mid(1))).exists() || QFileInfo(work(effect.mid(1))).isSymLink()
                       ? effect.mid(1) + QStringLiteral(" still exists") : QString();
    if (effect.endsWith(QLatin1Char('/')))
        return QFileInfo(work(effect)).isDir() ? QString() : effect + QStringLiteral(" is not a folder");
    const qsizetype eq = effect.indexOf(QLatin1Char('='));
    const QString target = effect.left(eq), want = effect.mid(eq + 1);
    if (target.startsWith(QLatin1String("mode:"))) {
        struct stat info {};
        if (::stat(QFile::encodeName(work(target.mid(5))).constData(), &info) != 0)
            return target + QStringLiteral(" is missing");
        const QString got = QString::number(info.st_mode & 07777, 8);
        return got == want ? QString() : target + QStringLiteral(" is ") + got;
    }
    if (target.startsWith(QLatin1String("mtime:"))) {
        struct stat info {};
        if (::stat(QFile::encodeName(work(target.mid(6))).constData(), &info) != 0)
            return target + QStringLiteral(" is missing");
        return QString::number(info.st_mtim.tv_sec) == want ? QString() : target + QStringLiteral(" is %1").arg(info.st_mtim.tv_sec);
    }
    QFile file(work(target));
    if (!file.open(QIODevice::ReadOnly))
        return target + QStringLiteral(" is missing");
    const QByteArray got = file.readAll();
    return got == want.toUtf8() ? QString() : target + QStringLiteral(" holds \"%1\"").arg(QString::fromUtf8(got));
}

void addRow(const char *name, const char *code, const QStringList &effects = {})
{
    for (const char *mode : {"runtime only", "program"})
        QTest::addRow("%s / %s", name, mode) << QString::fromLatin1(mode) << QString::fromUtf8(code) << effects;
}

} // namespace

class TestSecFileApis : public QObject
{
    Q_OBJECT
private slots:
    void allowedOperationsWork_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QStringList>("effects");
        // --- Deno ---------------------------------------------------------------------------
        addRow("deno text sync", "Deno.writeTextFileSync('a/t.txt', 'h\u00e9llo'); ok(Deno.readTextFileSync('a/t.txt') === 'h\u00e9llo', 'text');",
               {QStringLiteral("a/t.txt=h\u00e9llo")});
        addRow("deno text async", "await Deno.writeTextFile('c/t.txt', 'async'); ok(await Deno.readTextFile('c/t.txt') === 'async', 'text');",
               {QStringLiteral("c/t.txt=async")});
        addRow("deno bytes sync", "Deno.writeFileSync('a/t.bin', new Uint8Array([65, 0, 66])); const b = Deno.readFileSync('a/t.bin'); ok(b.length === 3 && b[2] === 66, 'bytes');",
               {QStringLiteral("a/t.bin=A\u0000B")});
        addRow("deno bytes async", "await Deno.writeFile('c/d/t.bin', enc.encode('xyz')); ok(dec.decode(await Deno.readFile('c/d/t.bin')) === 'xyz', 'bytes');",
               {QStringLiteral("c/d/t.bin=xyz")});
        addRow("deno append", "Deno.writeTextFileSync('a/b/f.txt', '+', { append: true }); await Deno.writeTextFile('a/b/f.txt', '!', { append: true });",
               {QStringLiteral("a/b/f.txt=F+!")});
        addRow("deno open create truncate",
               "const f = Deno.openSync('a/o.txt', { read: true, write: true, create: true }); f.writeSync(enc.encode('hello')); f.truncateSync(2);"
               "f.seekSync(0, Deno.SeekMode.Start); const buf = new Uint8Array(8); const n = f.readSync(buf); f.close(); ok(n === 2 && dec.decode(buf.subarray(0, 2)) === 'he', 'he');",
               {QStringLiteral("a/o.txt=he")});
        addRow("deno create and truncate existing",
               "const f = await Deno.create('c/new.txt'); await f.write(enc.encode('N')); f.close();"
               "const g = await Deno.open('a/b/f.txt', { write: true, truncate: true }); g.close();",
               {QStringLiteral("c/new.txt=N"), QStringLiteral("a/b/f.txt=")});
        addRow("deno mkdir", "Deno.mkdirSync('m/n/o', { recursive: true }); await Deno.mkdir('c/p'); await Deno.mkdir('c/d', { recursive: true });",
               {QStringLiteral("m/n/o/"), QStringLiteral("c/p/")});
        addRow("deno remove", "Deno.removeSync('a/b/f.txt'); await Deno.remove('c', { recursive: true }); Deno.removeSync('lnk');",
               {QStringLiteral("!a/b/f.txt"), QStringLiteral("!c"), QStringLiteral("!lnk"), QStringLiteral("a/b/")});
        addRow("deno rename same folder", "Deno.renameSync('a/b/f.txt', 'a/b/g.txt');",
               {QStringLiteral("a/b/g.txt=F"), QStringLiteral("!a/b/f.txt")});
        addRow("deno rename file up", "Deno.renameSync('a/b/f.txt', 'a/g.txt');",
               {QStringLiteral("a/g.txt=F"), QStringLiteral("!a/b/f.txt")});
        addRow("deno rename file across", "await Deno.rename('a/b/f.txt', 'c/d/f.txt');",
               {QStringLiteral("c/d/f.txt=F"), QStringLiteral("!a/b/f.txt")});
        addRow("deno rename file absolute", "Deno.renameSync(WORK + '/a/b/f.txt', WORK + '/f.txt');",
               {QStringLiteral("f.txt=F"), QStringLiteral("!a/b/f.txt")});
        addRow("deno rename over a file", "Deno.renameSync('a/b/f.txt', 'c/d/inner.txt');",
               {QStringLiteral("c/d/inner.txt=F"), QStringLiteral("!a/b/f.txt")});
        addRow("deno rename folder across", "Deno.renameSync('c/d', 'a/d');",
               {QStringLiteral("a/d/inner.txt=I"), QStringLiteral("!c/d")});
        addRow("deno rename link across", "Deno.renameSync('lnk', 'c/lnk2'); ok(Deno.readLinkSync('c/lnk2') === 'a/b/f.txt', 'link moved');",
               {QStringLiteral("!lnk")});
        addRow("deno link across", "Deno.linkSync('a/b/f.txt', 'c/l.txt'); await Deno.link('c/d/inner.txt', 'a/l.txt'); ok(Deno.statSync('c/l.txt').nlink === 2, 'two links');",
               {QStringLiteral("c/l.txt=F"), QStringLiteral("a/l.txt=I"), QStringLiteral("a/b/f.txt=F")});
        addRow("deno readLink realPath",
               "ok(Deno.readLinkSync('lnk') === 'a/b/f.txt', 'readLink'); ok(await Deno.readLink('dlnk') === 'c', 'readLink async');"
               "ok(Deno.realPathSync('lnk') === WORK + '/a/b/f.txt', 'realPath'); ok(await Deno.realPath('dlnk/d') === WORK + '/c/d', 'realPath async');"
               "ok(Deno.readTextFileSync('lnk') === 'F' && Deno.readTextFileSync('dlnk/d/inner.txt') === 'I', 'read through links');");
        addRow("deno write through a link", "Deno.writeTextFileSync('lnk', 'W'); Deno.writeTextFileSync('dlnk/d/new.txt', 'D');",
               {QStringLiteral("a/b/f.txt=W"), QStringLiteral("c/d/new.txt=D")});
        addRow("deno copyFile", "Deno.copyFileSync('a/b/f.txt', 'c/copy.txt'); await Deno.copyFile('c/d/inner.txt', 'a/copy.txt');",
               {QStringLiteral("c/copy.txt=F"), QStringLiteral("a/copy.txt=I"), QStringLiteral("a/b/f.txt=F")});
        addRow("deno stat lstat",
               "const s = Deno.statSync('lnk'), l = Deno.lstatSync('lnk'); ok(s.isFile && s.size === 1 && l.isSymlink, 'kinds');"
               "ok((await Deno.stat('a')).isDirectory && (await Deno.lstat('a/b/f.txt')).isFile, 'async kinds');"
               "const f = Deno.openSync('a/b/f.txt'); ok(f.statSync().size === 1 && (await f.stat()).isFile, 'FsFile.stat'); f.close();");
        addRow("deno chmod", "Deno.chmodSync('a/b/f.txt', 0o600); await Deno.chmod('c/d/inner.txt', 0o640); ok((Deno.statSync('a/b/f.txt').mode & 0o777) === 0o600, 'mode');",
               {QStringLiteral("mode:a/b/f.txt=600"), QStringLiteral("mode:c/d/inner.txt=640")});
        addRow("deno utime",
               "Deno.utimeSync('a/b/f.txt', 1000, 2000); await Deno.utime('c/d/inner.txt', new Date(3000000), new Date(4000000));"
               "const f = Deno.openSync('a/o.txt', { write: true, create: true }); f.utimeSync(5, 6); await f.utime(7, 8); f.close();"
               "ok(Deno.statSync('a/b/f.txt').mtime.getTime() === 2000000, 'mtime');",
               {QStringLiteral("mtime:a/b/f.txt=2000"), QStringLiteral("mtime:c/d/inner.txt=4000"), QStringLiteral("mtime:a/o.txt=8")});
        addRow("deno truncate", "Deno.truncateSync('a/b/f.txt'); await Deno.truncate('c/d/inner.txt', 0); Deno.writeTextFileSync('a/x.txt', 'abc'); Deno.truncateSync('a/x.txt', 1);",
               {QStringLiteral("a/b/f.txt="), QStringLiteral("c/d/inner.txt="), QStringLiteral("a/x.txt=a")});
        addRow("deno readDir",
               "ok([...Deno.readDirSync('a/b')].map((e) => e.name).join() === 'f.txt', 'sync');"
               "const names = []; for await (const e of Deno.readDir('c')) names.push(e.name + (e.isDirectory ? '/' : '')); ok(names.join() === 'd/', 'async');");
        addRow("deno makeTempFile in workdir",
               "const p = Deno.makeTempFileSync({ dir: 'a', prefix: 't-' }); Deno.writeTextFileSync(p, 'T');"
               "const q = await Deno.makeTempFile({ dir: WORK + '/c', suffix: '.x' }); ok(p.startsWith('a/t-') && q.startsWith(WORK + '/c/') && Deno.statSync(q).isFile, 'names');"
               "Deno.renameSync(p, 'a/b/f.txt');",
               {QStringLiteral("a/b/f.txt=T")});
        addRow("deno makeTempDir in workdir",
               "const p = Deno.makeTempDirSync({ dir: 'a' }); Deno.writeTextFileSync(p + '/in.txt', 'x'); const q = await Deno.makeTempDir({ dir: WORK + '/c' });"
               "ok(Deno.statSync(q).isDirectory, 'dir'); Deno.renameSync(p, 'c/moved');",
               {QStringLiteral("c/moved/in.txt=x")});
        // --- node:fs ------------------------------------------------------------------------
        addRow("node text and bytes sync",
               "fs.writeFileSync('a/n.txt', 'n\u00f6'); ok(fs.readFileSync('a/n.txt', 'utf8') === 'n\u00f6', 'text');"
               "fs.writeFileSync('c/n.bin', Buffer.from([1, 2, 3])); ok(fs.readFileSync('c/n.bin').equals(Buffer.from([1, 2, 3])), 'bytes');",
               {QStringLiteral("a/n.txt=n\u00f6")});
        addRow("node text callback", "await cb(fs.writeFile, 'a/n.txt', 'cb'); ok((await cb(fs.readFile, 'a/n.txt', 'utf8')) === 'cb', 'text');",
               {QStringLiteral("a/n.txt=cb")});
        addRow("node text promises", "await fsp.writeFile('c/d/n.txt', 'pr'); ok((await fsp.readFile('c/d/n.txt', 'utf8')) === 'pr', 'text');",
               {QStringLiteral("c/d/n.txt=pr")});
        addRow("node appendFile", "fs.appendFileSync('a/b/f.txt', '1'); await cb(fs.appendFile, 'a/b/f.txt', '2'); await fsp.appendFile('a/b/f.txt', '3');",
               {QStringLiteral("a/b/f.txt=F123")});
        addRow("node open write ftruncate",
               "const fd = fs.openSync('a/o.txt', 'w+'); fs.writeSync(fd, 'hello'); fs.ftruncateSync(fd, 2); fs.fsyncSync(fd); fs.closeSync(fd);"
               "const h = await fsp.open('c/h.txt', 'w+'); await h.writeFile('hello'); await h.truncate(3); await h.close();",
               {QStringLiteral("a/o.txt=he"), QStringLiteral("c/h.txt=hel")});
        addRow("node streams",
               "await new Promise((res, rej) => { const w = fs.createWriteStream('a/s.txt'); w.on('error', rej); w.end('stream', res); });"
               "let got = ''; for await (const chunk of fs.createReadStream('a/s.txt', 'utf8')) got += chunk; ok(got === 'stream', 'read back');",
               {QStringLiteral("a/s.txt=stream")});
        addRow("node mkdir", "fs.mkdirSync('m/n', { recursive: true }); await cb(fs.mkdir, 'm/n/o', { recursive: true }); await fsp.mkdir('q/r', { recursive: true }); fs.mkdirSync('c/e');",
               {QStringLiteral("m/n/o/"), QStringLiteral("q/r/"), QStringLiteral("c/e/")});
        addRow("node rm unlink rmdir",
               "fs.rmSync('c', { recursive: true, force: true }); fs.unlinkSync('a/b/f.txt'); fs.rmdirSync('a/b'); fs.mkdirSync('x/y', { recursive: true });"
               "await cb(fs.rm, 'x/y', { recursive: true }); await fsp.rm('x', { recursive: true }); fs.unlinkSync('dlnk');",
               {QStringLiteral("!c"), QStringLiteral("!a/b"), QStringLiteral("!x"), QStringLiteral("!dlnk"), QStringLiteral("a/")});
        addRow("node rename sync", "fs.renameSync('a/b/f.txt', 'c/f.txt'); fs.renameSync('c/d', 'a/d');",
               {QStringLiteral("c/f.txt=F"), QStringLiteral("a/d/inner.txt=I"), QStringLiteral("!a/b/f.txt"), QStringLiteral("!c/d")});
        addRow("node rename callback", "await cb(fs.rename, 'a/b/f.txt', 'c/d/f.txt'); await cb(fs.rename, 'c/d', 'd');",
               {QStringLiteral("d/f.txt=F"), QStringLiteral("d/inner.txt=I"), QStringLiteral("!a/b/f.txt")});
        addRow("node rename promises", "await fsp.rename('a/b/f.txt', 'f.txt'); await fsp.rename('c', 'a/b/c');",
               {QStringLiteral("f.txt=F"), QStringLiteral("a/b/c/d/inner.txt=I"), QStringLiteral("!c")});
        addRow("node link", "fs.linkSync('a/b/f.txt', 'c/l1'); await cb(fs.link, 'a/b/f.txt', 'c/d/l2'); await fsp.link('c/d/inner.txt', 'a/l3');",
               {QStringLiteral("c/l1=F"), QStringLiteral("c/d/l2=F"), QStringLiteral("a/l3=I")});
        addRow("node readlink realpath",
               "ok(fs.readlinkSync('lnk') === 'a/b/f.txt', 'readlinkSync'); ok((await cb(fs.readlink, 'dlnk')) === 'c', 'readlink');"
               "ok((await fsp.readlink('lnk')) === 'a/b/f.txt', 'promises readlink'); ok(fs.realpathSync('lnk') === WORK + '/a/b/f.txt', 'realpathSync');"
               "ok(fs.realpathSync.native('dlnk') === WORK + '/c', 'native'); ok((await cb(fs.realpath, 'dlnk/d')) === WORK + '/c/d', 'realpath');"
               "ok((await fsp.realpath('lnk')) === WORK + '/a/b/f.txt', 'promises realpath');");
        addRow("node copyFile", "fs.copyFileSync('a/b/f.txt', 'c/c1'); await cb(fs.copyFile, 'a/b/f.txt', 'c/d/c2'); await fsp.copyFile('c/d/inner.txt', 'a/c3');",
               {QStringLiteral("c/c1=F"), QStringLiteral("c/d/c2=F"), QStringLiteral("a/c3=I")});
        addRow("node stat lstat fstat",
               "ok(fs.statSync('lnk').isFile() && fs.lstatSync('lnk').isSymbolicLink(), 'sync'); ok((await cb(fs.stat, 'a')).isDirectory(), 'callback');"
               "ok((await cb(fs.lstat, 'dlnk')).isSymbolicLink() && (await fsp.stat('dlnk')).isDirectory() && (await fsp.lstat('a/b/f.txt')).size === 1, 'promises');"
               "const fd = fs.openSync('a/b/f.txt'); ok(fs.fstatSync(fd).size === 1 && (await cb(fs.fstat, fd)).isFile(), 'fstat'); fs.closeSync(fd);"
               "ok(fs.statSync('a/b/f.txt', { bigint: true }).size === 1n, 'bigint');");
        addRow("node chmod", "fs.chmodSync('a/b/f.txt', 0o600); await cb(fs.chmod, 'c/d/inner.txt', 0o640); await fsp.chmod('c/d', 0o750);"
                             "const fd = fs.openSync('c/f2', 'w'); fs.fchmodSync(fd, 0o604); fs.closeSync(fd);",
               {QStringLiteral("mode:a/b/f.txt=600"), QStringLiteral("mode:c/d/inner.txt=640"), QStringLiteral("mode:c/d=750"), QStringLiteral("mode:c/f2=604")});
        addRow("node utimes", "fs.utimesSync('a/b/f.txt', 1000, 2000); await cb(fs.utimes, 'c/d/inner.txt', 3000, 4000); await fsp.utimes('c/d', 5000, 6000);"
                              "const fd = fs.openSync('a/o', 'w'); fs.futimesSync(fd, 7, 8); fs.closeSync(fd);",
               {QStringLiteral("mtime:a/b/f.txt=2000"), QStringLiteral("mtime:c/d/inner.txt=4000"), QStringLiteral("mtime:c/d=6000"), QStringLiteral("mtime:a/o=8")});
        addRow("node truncate", "fs.truncateSync('a/b/f.txt', 0); fs.writeFileSync('c/t', 'abc'); await cb(fs.truncate, 'c/t', 1); await fsp.truncate('c/d/inner.txt');",
               {QStringLiteral("a/b/f.txt="), QStringLiteral("c/t=a"), QStringLiteral("c/d/inner.txt=")});
        addRow("node readdir opendir",
               "ok(fs.readdirSync('a/b').join() === 'f.txt', 'sync'); ok(fs.readdirSync('c', { withFileTypes: true })[0].isDirectory(), 'dirents');"
               "ok((await cb(fs.readdir, 'c')).join() === 'd', 'callback'); ok((await fsp.readdir('a')).join() === 'b', 'promises');"
               "const d = fs.opendirSync('c/d'); ok(d.readSync().name === 'inner.txt', 'opendir'); d.closeSync();");
        addRow("node mkdtemp in workdir",
               "const p = fs.mkdtempSync('a/t-'); const q = await cb(fs.mkdtemp, WORK + '/c/t-'); const r = await fsp.mkdtemp('c/d/x-');"
               "ok(p.startsWith('a/t-') && q.startsWith(WORK + '/c/t-') && r.startsWith('c/d/x-'), 'names'); fs.writeFileSync(p + '/in', 'k'); fs.renameSync(p, 'moved');",
               {QStringLiteral("moved/in=k")});
        addRow("node exists access",
               "ok(fs.existsSync('a/b/f.txt') && !fs.existsSync('nope'), 'exists'); fs.accessSync('a/b/f.txt', fs.constants.W_OK);"
               "await cb(fs.access, 'c', fs.constants.R_OK); await fsp.access('lnk');");
        // The asynchronous cp stats every parent of the destination up to the source's parent or
        // "/", so into another folder it needs the workdir's parents (see docs/SECURITY.md).
        addRow("node cp", "fs.cpSync('c', 'a/cc', { recursive: true }); await fsp.cp('a/b', 'a/bb', { recursive: true });"
                          "await cb(fs.cp, 'c/d', 'c/dd', { recursive: true });",
               {QStringLiteral("a/cc/d/inner.txt=I"), QStringLiteral("a/bb/f.txt=F"), QStringLiteral("c/dd/inner.txt=I")});
    }

    void allowedOperationsWork()
    {
        QFETCH(QString, mode);
        QFETCH(QString, code);
        QFETCH(QStringList, effects);
        ExecFixture f;
        setUpTree(f);
        const Attempt a = attempt(f, program(code), policyFor(f, mode));
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(Test::printedLine(a.result->stdoutData, "PASS"), qPrintable(a.diagnostics()));
        QCOMPARE(a.result->exitCode, 0);
        for (const QString &effect : effects) {
            const QString problem = checkEffect(f, effect);
            QVERIFY2(problem.isEmpty(), qPrintable(problem + QLatin1Char('\n') + a.diagnostics()));
        }
        for (const AuditEvent &e : a.audit)
            QVERIFY2(e.allowed, qPrintable(QString::fromUtf8(e.toJsonLine())));
    }

    // The same table's other half: whatever crosses the workdir's edge, or needs a grant the
    // policy does not give, is still denied with every layer on.
    void outsideThePolicyIsDenied_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QStringList>("effects");
        addRow("deno rename out", "Deno.renameSync('a/b/f.txt', OUT + '/planted.txt');", {QStringLiteral("a/b/f.txt=F")});
        addRow("deno rename in", "Deno.renameSync(OUT + '/secret.txt', 'a/s.txt');", {QStringLiteral("!a/s.txt")});
        addRow("deno link out", "Deno.linkSync('a/b/f.txt', OUT + '/planted.txt');", {});
        addRow("deno link in", "Deno.linkSync(OUT + '/secret.txt', 'a/s.txt');", {QStringLiteral("!a/s.txt")});
        addRow("deno copy in", "Deno.copyFileSync(OUT + '/secret.txt', 'a/s.txt');", {QStringLiteral("!a/s.txt")});
        addRow("deno symlink", "Deno.symlinkSync('a/b/f.txt', 'a/l');", {QStringLiteral("!a/l")});
        addRow("deno makeTempFile outside", "Deno.makeTempFileSync({ dir: OUT });", {});
        addRow("deno makeTempDir outside", "await Deno.makeTempDir({ dir: OUT + '/..' });", {});
        addRow("node rename out", "fs.renameSync('c/d', OUT + '/planted');", {QStringLiteral("c/d/inner.txt=I")});
        addRow("node link in", "await fsp.link(OUT + '/secret.txt', 'a/s.txt');", {QStringLiteral("!a/s.txt")});
        addRow("node copyFile in", "await cb(fs.copyFile, OUT + '/secret.txt', 'a/s.txt');", {QStringLiteral("!a/s.txt")});
        addRow("node cp in", "fs.cpSync(OUT, 'a/o', { recursive: true });", {QStringLiteral("!a/o/secret.txt")});
        addRow("node symlink", "fs.symlinkSync('a/b/f.txt', 'a/l');", {QStringLiteral("!a/l")});
        addRow("node mkdtemp outside", "fs.mkdtempSync(OUT + '/t-');", {});
        addRow("node write outside", "await fsp.writeFile(OUT + '/planted.txt', 'x');", {});
    }

    void outsideThePolicyIsDenied()
    {
        QFETCH(QString, mode);
        QFETCH(QString, code);
        QFETCH(QStringList, effects);
        ExecFixture f;
        setUpTree(f);
        const Attempt a = attempt(f, program(code), policyFor(f, mode));
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(Test::printedLine(a.result->stdoutData, "FAIL") && !Test::printedLine(a.result->stdoutData, "PASS"), qPrintable(a.diagnostics()));
        bool deniedLine = false;
        for (const AuditEvent &e : a.audit)
            deniedLine = deniedLine || (!e.allowed && e.reason.contains(QStringLiteral("permission denied")));
        QVERIFY2(deniedLine, qPrintable(a.diagnostics()));
        QVERIFY2(!a.output().contains("TOP-SECRET"), qPrintable(a.diagnostics()));
        // Nothing outside changed, nothing of it arrived inside.
        const QStringList outside = QDir(f.outside()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System | QDir::Hidden);
        QCOMPARE(outside, (QStringList{QStringLiteral("evil.js"), QStringLiteral("evil.json"), QStringLiteral("secret.txt")}));
        QFile secret(f.path(QStringLiteral("outside/secret.txt")));
        QVERIFY(secret.open(QIODevice::ReadOnly));
        QCOMPARE(secret.readAll(), QByteArray("TOP-SECRET"));
        QVERIFY(QDir(f.root()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).filter(QStringLiteral("planted")).isEmpty());
        for (const QString &effect : effects) {
            const QString problem = checkEffect(f, effect);
            QVERIFY2(problem.isEmpty(), qPrintable(problem + QLatin1Char('\n') + a.diagnostics()));
        }
    }

    // A kernel whose Landlock cannot allow moves between folders (ABI 1) cannot restrict which
    // programs run without breaking every cross-folder rename: the launcher refuses to start,
    // and says why, instead of breaking file operations the policy allows.
    void launcherRefusesALandlockWithoutRefer()
    {
        const auto launcher = locateLauncher();
        QVERIFY2(launcher.has_value(), qPrintable(launcher ? QString() : launcher.error().message));
        const QString target = QFileInfo(QStringLiteral("/usr/bin/true")).canonicalFilePath();
        const QString loader = QFileInfo(QStringLiteral("/lib64/ld-linux-x86-64.so.2")).canonicalFilePath();
        auto launch = [&](const QStringList &options) {
            QProcess p;
            p.start(*launcher, options + QStringList{QStringLiteral("--exec"), target, QStringLiteral("--exec"), loader,
                                                     QStringLiteral("--"), target});
            p.waitForFinished(30000);
            return std::pair{p.exitCode(), QString::fromUtf8(p.readAllStandardError())};
        };
        const auto [abi1, abi1Error] = launch({QStringLiteral("--max-abi"), QStringLiteral("1")});
        QCOMPARE(abi1, 126);
        QVERIFY2(abi1Error.contains(QStringLiteral("Linux 5.19")) && abi1Error.contains(QStringLiteral("rename")), qPrintable(abi1Error));
        const auto [abi2, abi2Error] = launch({QStringLiteral("--max-abi"), QStringLiteral("2")});
        QVERIFY2(abi2 == 0, qPrintable(abi2Error));
        const auto [newest, newestError] = launch({});
        QVERIFY2(newest == 0, qPrintable(newestError));
        // A folder as a program would let all beneath it execute.
        const auto [folder, folderError] = launch({QStringLiteral("--exec"), QStringLiteral("/usr/bin")});
        QCOMPARE(folder, 126);
        QVERIFY2(folderError.contains(QStringLiteral("one file")), qPrintable(folderError));
        const auto [badAbi, badAbiError] = launch({QStringLiteral("--max-abi"), QStringLiteral("x")});
        QCOMPARE(badAbi, 126);
    }
};

QTEST_GUILESS_MAIN(TestSecFileApis)
#include "tst_secfileapis.moc"
