// No writable state shared between runs: each run's runtime cache (transpiled code, localStorage,
// the Cache API) and /tmp are its own and go with it, for the code and for its children. Every
// test runs a writer and then a reader with the same engine cache folder, and searches that
// folder for what the writer left. Nor are the private files of other runs and sessions within
// reach of a grant of the shared folders that hold them.
#include "securityfixture.h"
#include "testsupport.h"

#include "common/privateroot.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

bool cacheHolds(const QString &cache, const QByteArray &needle)
{
    QDirIterator it(cache, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile file(it.next());
        if (file.open(QIODevice::ReadOnly) && file.readAll().contains(needle))
            return true;
    }
    return false;
}

} // namespace

class TestSecState : public QObject
{
    Q_OBJECT

    QTemporaryDir m_cache;
    QTemporaryDir m_places;

private slots:
    void initTestCase()
    {
        qputenv("SANDBENCH_CACHE_DIR", m_cache.path().toLocal8Bit());
        QVERIFY(m_places.isValid());
        usePrivatePlaces(m_places.path());
    }

    void nothingCarriesOverBetweenRuns_data()
    {
        QTest::addColumn<QString>("writer");
        QTest::addColumn<QString>("reader");
        QTest::addColumn<bool>("shell"); // allow_run sh for both runs
        QTest::newRow("localStorage") << "localStorage.setItem('k', 'STATE-SECRET'); console.log('WROTE', localStorage.getItem('k'));"
                                      << "console.log('READ', localStorage.getItem('k'), localStorage.length);" << false;
        QTest::newRow("sessionStorage") << "sessionStorage.setItem('k', 'STATE-SECRET'); console.log('WROTE', sessionStorage.getItem('k'));"
                                        << "console.log('READ', sessionStorage.getItem('k'));" << false;
        QTest::newRow("cache api") << "const c = await caches.open('c'); await c.put('http://x.test/k', new Response('STATE-SECRET')); console.log('WROTE', await (await c.match('http://x.test/k')).text());"
                                   << "const c = await caches.open('c'); const r = await c.match('http://x.test/k'); console.log('READ', r ? await r.text() : null, (await caches.has('c')));" << false;
        QTest::newRow("transpiled code") << "const secret: string = 'STATE-SECRET'; console.log('WROTE', secret);"
                                         << "console.log('READ', 'nothing to find: the cache is searched');" << false;
        QTest::newRow("child in cache") << "const o = new Deno.Command('sh', { args: ['-c', 'echo STATE-SECRET > \"$DENO_DIR/planted\"; read x < \"$DENO_DIR/planted\"; echo WROTE $x'] }).outputSync(); console.log(new TextDecoder().decode(o.stdout).trim());"
                                        << "const o = new Deno.Command('sh', { args: ['-c', 'read x < \"$DENO_DIR/planted\"; echo READ $x'] }).outputSync(); console.log(new TextDecoder().decode(o.stdout).trim());" << true;
        QTest::newRow("child in tmp") << "const o = new Deno.Command('sh', { args: ['-c', 'echo STATE-SECRET > /tmp/planted; read x < /tmp/planted; echo WROTE $x'] }).outputSync(); console.log(new TextDecoder().decode(o.stdout).trim());"
                                      << "const o = new Deno.Command('sh', { args: ['-c', 'read x < /tmp/planted; echo READ $x'] }).outputSync(); console.log(new TextDecoder().decode(o.stdout).trim());" << true;
    }

    void nothingCarriesOverBetweenRuns()
    {
        QFETCH(QString, writer);
        QFETCH(QString, reader);
        QFETCH(bool, shell);
        ExecFixture first;
        ExecFixture second;
        Policy p1 = first.sandboxPolicy();
        Policy p2 = second.sandboxPolicy();
        if (shell)
            p1.permissions.allowRun = p2.permissions.allowRun = {QStringLiteral("sh")};
        const Attempt w = attempt(first, writer, p1);
        QVERIFY2(w.result.has_value() && w.result->stdoutData.contains("WROTE STATE-SECRET"), qPrintable(w.diagnostics()));
        const Attempt r = attempt(second, reader, p2);
        QVERIFY2(r.result.has_value() && r.result->stdoutData.contains("READ"), qPrintable(r.diagnostics()));
        QVERIFY2(!r.output().contains("STATE-SECRET"), qPrintable(r.diagnostics()));
        QVERIFY2(!cacheHolds(m_cache.path(), "STATE-SECRET"), "the engine's cache folder kept what a run wrote");
        // The runtime's cache was never asked for through the broker: nothing to allow.
        QVERIFY(!w.allowedInAudit(QStringLiteral("read"), m_cache.path()) && !r.allowedInAudit(QStringLiteral("read"), m_cache.path()));
    }

    // The same run does see what it wrote (the tests above fail for the right reason).
    void aRunKeepsItsOwnState()
    {
        ExecFixture f;
        const Attempt a = attempt(f, QStringLiteral("localStorage.setItem('k', 'MINE'); const c = await caches.open('c'); await c.put('http://x.test/', new Response('MINE2'));"
                                                    "console.log(localStorage.getItem('k'), await (await c.match('http://x.test/')).text());"), f.sandboxPolicy());
        QVERIFY2(a.result.has_value() && a.result->stdoutData.contains("MINE MINE2"), qPrintable(a.diagnostics()));
    }
    // Another run's private folder (its broker socket, preload, code, an agent session's workdir
    // copy) sits in Sandbench's private root: a policy granting the temporary folder, the runtime
    // folder, their parent and the root itself reaches none of it, neither through the broker nor
    // through a program the broker never sees open the file; what it grants elsewhere it reaches.
    void aGrantOfASharedFolderReachesNoOtherRunsPrivateFiles()
    {
        auto root = privateRoot();
        QVERIFY(root);
        auto other = makePrivateFolder(QStringLiteral("sandbench-run"));
        QVERIFY(other);
        const QString secret = (*other)->filePath(QStringLiteral("secret.txt"));
        QVERIFY(Test::writeFile(secret, "RUN-SECRET"));
        const QString granted = QDir::tempPath() + QStringLiteral("/granted.txt");
        QVERIFY(Test::writeFile(granted, "TMP-OK"));
        ExecFixture f;
        Policy policy = f.sandboxPolicy();
        // The test's parent of both stands for /tmp (the machine's holds others' outward links).
        policy.permissions.allowRead = {m_places.path(), QDir::tempPath(), qEnvironmentVariable("XDG_RUNTIME_DIR"), *root, QFileInfo(*root).path()};
        policy.permissions.allowWrite = {QDir::tempPath()};
        policy.permissions.allowRun = {QStringLiteral("cat")};
        const auto quoted = [](const QString &p) { return QStringLiteral("'%1'").arg(p); };
        const QString code = QStringLiteral(
                "const r = (f) => { try { return String(f()); } catch (e) { return 'DENIED ' + e.name; } };\n"
                "console.log('READ', r(() => Deno.readTextFileSync(%1)));\n"
                "console.log('LIST', r(() => [...Deno.readDirSync(%2)].map((e) => e.name).join(',')));\n"
                "console.log('WRITE', r(() => Deno.writeTextFileSync(%2 + '/planted', 'x')));\n"
                "const o = new Deno.Command('cat', { args: [%1] }).outputSync();\n"
                "console.log('CAT', new TextDecoder().decode(o.stdout).includes('RUN-SECRET') ? 'LEAKED' : 'HIDDEN');\n"
                "console.log('TMP', r(() => Deno.readTextFileSync(%3)));\n")
                .arg(quoted(secret), quoted(*root), quoted(granted));
        const Attempt a = attempt(f, code, policy);
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        const QByteArray out = a.result->stdoutData;
        QVERIFY2(printedLine(out, "READ DENIED NotCapable"), qPrintable(a.diagnostics()));
        QVERIFY2(printedLine(out, "LIST DENIED NotCapable"), qPrintable(a.diagnostics()));
        QVERIFY2(printedLine(out, "WRITE DENIED NotCapable"), qPrintable(a.diagnostics()));
        QVERIFY2(printedLine(out, "CAT HIDDEN"), qPrintable(a.diagnostics()));
        QVERIFY2(printedLine(out, "TMP TMP-OK"), qPrintable(a.diagnostics()));
        QVERIFY(!QFileInfo::exists(*root + QStringLiteral("/planted")));
        QVERIFY(a.deniedInAudit(QStringLiteral("read"), secret));
        QFile::remove(granted);
    }
};

QTEST_GUILESS_MAIN(TestSecState)
#include "tst_secstate.moc"
