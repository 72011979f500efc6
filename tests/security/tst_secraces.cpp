// Check, then use: the broker answers for a path, the runtime opens it later. Each race runs for
// a bounded number of tries while the other side flips the path, and must show both sides (some
// tries reach the granted file, some do not); what decides is that no try ever reaches anything
// the namespace was not given, or a granted file in a mode it was not granted.
#include "securityfixture.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <atomic>
#include <cstdio>
#include <thread>
#include <unistd.h>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// Flips `link` between two targets by atomic rename, from the moment `startMarker` exists
// until `stop` is set (or 20 s pass: the run has a timeout of its own).
class Flipper
{
public:
    Flipper(const QString &link, const QString &first, const QString &second, const QString &startMarker)
        : m_thread([=, this] {
            const QByteArray l = QFile::encodeName(link), tmp = l + ".flip";
            const QByteArray targets[2] = {QFile::encodeName(first), QFile::encodeName(second)};
            for (int i = 0; i < 20000 && !m_stop && !QFileInfo::exists(startMarker); ++i)
                ::usleep(1000);
            for (int i = 0; !m_stop && i < 2000000; ++i) {
                ::unlink(tmp.constData());
                if (::symlink(targets[i % 2].constData(), tmp.constData()) == 0 && ::rename(tmp.constData(), l.constData()) == 0)
                    ++m_flips;
            }
        })
    {
    }
    ~Flipper()
    {
        m_stop = true;
        m_thread.join();
    }
    int flips() const { return m_flips; }

private:
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_flips{0};
    std::thread m_thread;
};

QJsonObject counts(const Attempt &a)
{
    const QList<QByteArray> lines = a.result ? a.result->stdoutData.trimmed().split('\n') : QList<QByteArray>();
    return lines.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(lines.last()).object();
}

// The racing side of the script: `op(i)` is tried up to 4000 times; outcomes are counted by
// what came back, and printed as one JSON line.
QString raceScript(const QString &op)
{
    return QStringLiteral(
            "Deno.writeTextFileSync('started', '1');\n"
            "const c = { granted: 0, refused: 0, secret: 0, other: 0 };\n"
            "for (let i = 0; i < 4000; i++) {\n"
            "  try { const v = String(%1); if (v.includes('TOP-SECRET')) c.secret++; else c.granted++; }\n"
            "  catch (e) { if (e.name === 'NotCapable' || e.name === 'NotFound' || e.name === 'PermissionDenied' || /denied|Read-only|No such|not a directory/i.test(e.message)) c.refused++; else { c.other++; c.last = e.name + ': ' + e.message; } }\n"
            "  if (c.granted > 50 && c.refused > 50 && i > 1500) break;\n"
            "}\n"
            "console.log(JSON.stringify(c));\n").arg(op);
}

} // namespace

class TestSecRaces : public QObject
{
    Q_OBJECT
private slots:
    // A symlink in the workdir flips between a granted folder and one outside: whatever the
    // broker saw, the runtime can only reach files that are in its namespace.
    void symlinkSwapReachesOnlyGrantedFiles_data()
    {
        QTest::addColumn<QString>("op");
        QTest::newRow("read") << "Deno.readTextFileSync('sw/data.txt')";
        QTest::newRow("stat size") << "Deno.statSync('sw/data.txt').size === 10 ? 'TOP-SECRET' : 'inside'";
        QTest::newRow("append") << "(Deno.writeTextFileSync('sw/data.txt', 'A', { append: true }), 'ok')";
        QTest::newRow("chmod") << "(Deno.chmodSync('sw/data.txt', 0o640), 'ok')";
        QTest::newRow("utime") << "(Deno.utimeSync('sw/data.txt', 5, 5), 'ok')";
        QTest::newRow("create") << "(Deno.writeTextFileSync('sw/new-' + i, 'x'), 'ok')";
        QTest::newRow("node read") << "(globalThis.nfs || (globalThis.nfs = await import('node:fs'))).readFileSync('sw/data.txt', 'utf8')";
    }

    void symlinkSwapReachesOnlyGrantedFiles()
    {
        QFETCH(QString, op);
        ExecFixture f;
        f.write(QStringLiteral("work/inner/data.txt"), "INSIDE");
        f.write(QStringLiteral("outside/data.txt"), "TOP-SECRET");
        const QString outsideFile = f.path(QStringLiteral("outside/data.txt"));
        const QDateTime before = QFileInfo(outsideFile).lastModified();
        const auto permsBefore = QFileInfo(outsideFile).permissions();
        QVERIFY(QFile::link(f.path(QStringLiteral("work/inner")), f.path(QStringLiteral("work/sw"))));
        Attempt a;
        int flips = 0;
        {
            Flipper flipper(f.path(QStringLiteral("work/sw")), f.path(QStringLiteral("work/inner")), f.outside(),
                            f.path(QStringLiteral("work/started")));
            a = attempt(f, QStringLiteral("const fsReady = null;\n") + raceScript(op), f.sandboxPolicy());
            flips = flipper.flips();
        }
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        const QJsonObject c = counts(a);
        QVERIFY2(flips > 0, "the link never flipped");
        QCOMPARE(c.value(QStringLiteral("secret")).toInt(), 0);
        QVERIFY2(c.value(QStringLiteral("granted")).toInt() > 0, qPrintable(a.diagnostics()));
        QVERIFY2(c.value(QStringLiteral("refused")).toInt() > 0, qPrintable(a.diagnostics()));
        QVERIFY2(c.value(QStringLiteral("other")).toInt() == 0, qPrintable(a.diagnostics()));
        QVERIFY2(!a.output().contains("TOP-SECRET"), qPrintable(a.diagnostics()));
        // The broker saw the outside side of the flip at least once, and said no.
        QVERIFY2(a.deniedInAudit(QStringLiteral("read"), QStringLiteral("sw/")) || a.deniedInAudit(QStringLiteral("write"), QStringLiteral("sw/")),
                 qPrintable(a.diagnostics()));
        // The outside file is exactly as it was.
        QFile out(outsideFile);
        QVERIFY(out.open(QIODevice::ReadOnly));
        QCOMPARE(out.readAll(), QByteArray("TOP-SECRET"));
        QCOMPARE(QFileInfo(outsideFile).lastModified(), before);
        QCOMPARE(QFileInfo(outsideFile).permissions(), permsBefore);
        QCOMPARE(QDir(f.outside()).entryList(QDir::Files).size(), 4); // secret, evil.js, evil.json, data
    }

    // A link flips between a writable folder and a read-only grant: writes the broker allowed
    // for the writable side can never land in the read-only one.
    void modeSwapNeverWritesAReadOnlyGrant()
    {
        ExecFixture f;
        QDir().mkpath(f.path(QStringLiteral("work/inner")));
        f.write(QStringLiteral("ro/data.txt"), "RO-DATA");
        QVERIFY(QFile::link(f.path(QStringLiteral("work/inner")), f.path(QStringLiteral("work/sw"))));
        Policy p = f.sandboxPolicy();
        p.readOnlyDirs = {f.path(QStringLiteral("ro"))};
        Attempt a;
        {
            Flipper flipper(f.path(QStringLiteral("work/sw")), f.path(QStringLiteral("work/inner")), f.path(QStringLiteral("ro")),
                            f.path(QStringLiteral("work/started")));
            a = attempt(f, raceScript(QStringLiteral("(Deno.writeTextFileSync('sw/w-' + (i % 50), 'x'), 'ok')")), p);
        }
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        const QJsonObject c = counts(a);
        QVERIFY2(c.value(QStringLiteral("granted")).toInt() > 0 && c.value(QStringLiteral("refused")).toInt() > 0, qPrintable(a.diagnostics()));
        QCOMPARE(QDir(f.path(QStringLiteral("ro"))).entryList(QDir::Files), QStringList{QStringLiteral("data.txt")});
        QVERIFY2(a.deniedInAudit(QStringLiteral("write"), QStringLiteral("sw/w-")), qPrintable(a.diagnostics()));
    }

    // A Worker flips the current folder while the main thread writes relative paths: the broker
    // takes them from the start folder; the runtime may use the other, which is read-only.
    void chdirFlipNeverWritesAReadOnlyGrant()
    {
        ExecFixture f;
        f.write(QStringLiteral("ro/data.txt"), "RO-DATA");
        f.write(QStringLiteral("work/flip.js"), QStringLiteral(
                "const [a, b] = [%1, %2];\n"
                "self.onmessage = (e) => { const stop = new Int32Array(e.data);\n"
                "  for (let i = 0; i < 200000 && Atomics.load(stop, 0) === 0; i++) { try { Deno.chdir(i % 2 ? a : b); } catch {} }\n"
                "  Deno.chdir(b); postMessage('done'); };\n")
                .arg(QLatin1Char('"') + f.path(QStringLiteral("ro")) + QLatin1Char('"'), QLatin1Char('"') + f.workdir() + QLatin1Char('"')).toUtf8());
        Policy p = f.sandboxPolicy();
        p.readOnlyDirs = {f.path(QStringLiteral("ro"))};
        const Attempt a = attempt(f, QStringLiteral(
                "const w = new Worker(new URL('flip.js', 'file://' + WORK + '/').href, { type: 'module' });\n"
                "const done = new Promise((r) => w.onmessage = r);\n"
                // The flipper stops when the writes are done: a fixed count of flips (each one
                // a broker check) outlasted the run's time limit on a slow (sanitized) broker,
                // and the run ended before it printed what it counted.
                "const stop = new SharedArrayBuffer(4); w.postMessage(stop);\n"
                "await new Promise((r) => setTimeout(r, 20));\n"
                "const c = { granted: 0, refused: 0 };\n"
                "for (let i = 0; i < 20000; i++) { try { Deno.writeTextFileSync('rel-' + (i % 50), 'x'); c.granted++; } catch (e) { c.refused++; c.last = e.message; }\n"
                "  if (c.granted > 50 && c.refused > 50) break; }\n"
                "Atomics.store(new Int32Array(stop), 0, 1); await done; w.terminate();\n"
                "console.log(JSON.stringify(c));\n"), p);
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        const QJsonObject c = counts(a);
        QVERIFY2(c.value(QStringLiteral("granted")).toInt() > 0, qPrintable(a.diagnostics()));
        QVERIFY2(c.value(QStringLiteral("refused")).toInt() > 0, qPrintable(a.diagnostics()));
        QCOMPARE(QDir(f.path(QStringLiteral("ro"))).entryList(QDir::Files), QStringList{QStringLiteral("data.txt")});
        // Every relative write was asked and recorded as written.
        QVERIFY2(a.allowedInAudit(QStringLiteral("write"), QStringLiteral("rel-")), qPrintable(a.diagnostics()));
        for (const AuditEvent &e : a.audit)
            QVERIFY2(!(e.kind == QLatin1String("write") && e.allowed && e.resource.startsWith(QStringLiteral("rel-")) && e.rule != QLatin1String("workdir")),
                     qPrintable(e.rule));
    }

    // A read grant for a file that does not exist yet must not show its folder's other files.
    void missingGrantShowsNoSiblings()
    {
        ExecFixture f;
        f.write(QStringLiteral("outside/evil.json"), "{\"secret\": \"TOP-SECRET\"}");
        Policy p = f.sandboxPolicy();
        p.permissions.allowRead = {f.path(QStringLiteral("outside/not-yet.json"))};
        p.permissions.allowWrite = {f.path(QStringLiteral("outside/later.txt"))};
        QVERIFY(QFile::link(f.path(QStringLiteral("work/inner")), f.path(QStringLiteral("work/sw"))));
        QDir().mkpath(f.path(QStringLiteral("work/inner")));
        f.write(QStringLiteral("work/inner/evil.json"), "{\"x\": 1}");
        Attempt a;
        {
            Flipper flipper(f.path(QStringLiteral("work/sw")), f.path(QStringLiteral("work/inner")), f.outside(),
                            f.path(QStringLiteral("work/started")));
            a = attempt(f, raceScript(QStringLiteral("Deno.readTextFileSync('sw/evil.json')")), p);
        }
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(!a.output().contains("TOP-SECRET"), qPrintable(a.diagnostics()));
        const QJsonObject c = counts(a);
        QVERIFY2(c.value(QStringLiteral("granted")).toInt() > 0 && c.value(QStringLiteral("refused")).toInt() > 0, qPrintable(a.diagnostics()));
        // And a static import of a sibling (never sent to the broker) finds nothing.
        ExecFixture g;
        Policy q = g.sandboxPolicy();
        q.permissions.allowRead = {g.path(QStringLiteral("outside/not-yet.json"))};
        const Attempt s = attemptFile(g, QStringLiteral("main.ts"),
                                      "import x from '" + g.path(QStringLiteral("outside/evil.json")).toUtf8() + "' with { type: 'json' };\nconsole.log('LOADED', JSON.stringify(x));\n", q);
        QVERIFY2(s.result.has_value(), qPrintable(s.diagnostics()));
        QVERIFY2(!s.output().contains("TOP-SECRET") && !s.output().contains("LOADED"), qPrintable(s.diagnostics()));
        QVERIFY(!s.allowedInAudit(QStringLiteral("read"), QStringLiteral("evil.json")));
    }
};

QTEST_GUILESS_MAIN(TestSecRaces)
#include "tst_secraces.moc"
