// Snapshots and forks on the real engine: a fork holds the files written before the snapshot
// (tmpfs workdir and /tmp) and not those after, forks see neither each other's later writes nor
// each other's processes, hostile names are refused, rm-snapshot removes image and archive, a
// tampered archive or another digest is refused, and nothing is left behind on any path.
// Counted by this process's owner label only (snapshot images carry their source's): other
// docker tests run beside these.
#include "dockertestsupport.h"

#include "session/replayreport.h"
#include "session/sandbox/sandboxsessionrecorder.h"
#include "session/sandbox/sandboxsessionreplayer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <sys/stat.h>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

QStringList listedBy(const QByteArray &what)
{
    const QByteArray filter = QUrl::toPercentEncoding(
        QStringLiteral(R"({"label":["%1=%2"]})").arg(QLatin1String(DockerProvider::ownerLabel), DockerProvider::ownerIdentity()));
    auto r = dockerCall(dockerSocket(), "GET", what + "/json?all=true&filters=" + filter);
    if (!r || r->status != 200)
        return {QStringLiteral("(the engine did not list)")};
    QStringList ids;
    for (const QJsonValue &v : QJsonDocument::fromJson(r->body).array())
        ids << v.toObject().value(QLatin1String("Id")).toString();
    return ids;
}
QStringList myContainers() { return listedBy("/containers"); }
QStringList myImages() { return listedBy("/images"); }

QString run(Sandbox *s, const QString &script)
{
    auto r = waitFor(s->exec({QStringLiteral("sh"), QStringLiteral("-c"), script}), 60'000);
    if (!r)
        return QStringLiteral("(exec failed: %1)").arg(why(r.error()));
    return QString::fromUtf8(r->stdoutData + r->stderrData).trimmed();
}

SandboxOptions shortLived()
{
    SandboxOptions so;
    so.lifetimeMs = 300'000;
    return so;
}

} // namespace

class TestDockerSnapshot : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<SandboxPool> m_pool;

    QString archive(const QString &name) const { return m_dir.path() + QStringLiteral("/snapshots/") + name + QStringLiteral(".tar"); }
    QStringList archives() const { return QDir(m_dir.path() + QStringLiteral("/snapshots")).entryList(QDir::Files | QDir::Hidden); }

    void openPool(int max)
    {
        PoolOptions po;
        po.maxSandboxes = max;
        po.maxLifetimeMs = 600'000;
        DockerProviderOptions dp;
        dp.snapshotDir = m_dir.path() + QStringLiteral("/snapshots");
        auto pool = openDockerPool(po, dp);
        QVERIFY2(pool, pool ? "" : qPrintable(why(pool.error())));
        m_pool = std::move(*pool);
    }

private slots:
    void initTestCase()
    {
        REQUIRE_DOCKER();
        QVERIFY(m_dir.isValid());
        QVERIFY2(myContainers().isEmpty() && myImages().isEmpty(), "this process owns engine objects before any test");
    }

    void init() { openPool(4); }

    // Every path ends with nothing of ours: containers, snapshot images (reaped once untagged
    // and unused) and archives.
    void cleanup()
    {
        if (m_pool) {
            QVERIFY(waitFor(m_pool->close(), 120'000));
            auto reaped = waitFor(m_pool->reapOrphans(), 120'000);
            QVERIFY2(reaped, reaped ? "" : qPrintable(why(reaped.error())));
            m_pool.reset();
        }
        QTRY_VERIFY_WITH_TIMEOUT(myContainers().isEmpty(), 60'000);
        QCOMPARE(myImages(), QStringList());
        QCOMPARE(archives(), QStringList());
    }

    void forkKeepsFilesBeforeTheSnapshotOnly()
    {
        Sandbox *source = createSandbox(m_pool.get(), shortLived());
        QVERIFY(source);
        QCOMPARE(run(source, QStringLiteral("mkdir -p /workspace/d/e && echo one > /workspace/d/e/f && echo two > /tmp/t && "
                                            "head -c 100000 /dev/urandom > /workspace/blob && sha256sum /workspace/blob | cut -c1-64 > /tmp/blobsum && "
                                            "(setsid sleep 600 >/dev/null 2>&1 &) && echo ok")),
                 QStringLiteral("ok"));
        // The probe below sees processes: the source's is there.
        QVERIFY(run(source, QStringLiteral("ps -o args | grep '[s]leep 600' || echo none")).contains(QLatin1String("sleep 600")));
        auto forks = waitFor(m_pool->fork(source->id(), 2, shortLived()), 300'000);
        QVERIFY2(forks, forks ? "" : qPrintable(why(forks.error())));
        QCOMPARE(forks->size(), 2);
        QCOMPARE(run(source, QStringLiteral("echo late > /workspace/late && echo late > /tmp/late && echo ok")), QStringLiteral("ok"));
        // The fork's own snapshot is gone by name already.
        auto listed = waitFor(m_pool->listSnapshots(), 60'000);
        QVERIFY(listed);
        // (Other processes of this user may hold snapshots: only this source's count.)
        for (const SnapshotInfo &info : *listed)
            QVERIFY2(info.sourceSandbox != source->id(), qPrintable(info.name));
        Sandbox *a = forks->at(0);
        Sandbox *b = forks->at(1);
        for (Sandbox *fork : {a, b}) {
            QCOMPARE(run(fork, QStringLiteral("cat /workspace/d/e/f /tmp/t")), QStringLiteral("one\ntwo"));
            QCOMPARE(run(fork, QStringLiteral("sha256sum /workspace/blob | cut -c1-64 | cmp - /tmp/blobsum && echo same")), QStringLiteral("same"));
            QCOMPARE(run(fork, QStringLiteral("ls /workspace/late /tmp/late 2>/dev/null; echo end")), QStringLiteral("end"));
            // Processes are not snapshotted: the source's sleep is not here.
            QCOMPARE(run(fork, QStringLiteral("ps -o args | grep '[s]leep 600' || echo none")), QStringLiteral("none"));
            QCOMPARE(run(fork, QStringLiteral("stat -c %U /workspace/d/e/f")), QStringLiteral("agent"));
        }
        QCOMPARE(run(a, QStringLiteral("echo mine > /workspace/a-only && echo mine > /tmp/a-only && (setsid sleep 700 >/dev/null 2>&1 &) && echo ok")),
                 QStringLiteral("ok"));
        QCOMPARE(run(b, QStringLiteral("ls /workspace/a-only /tmp/a-only 2>/dev/null; ps -o args | grep '[s]leep 700' || echo none")), QStringLiteral("none"));
        QCOMPARE(run(a, QStringLiteral("cat /workspace/a-only")), QStringLiteral("mine"));
        QVERIFY(run(a, QStringLiteral("ps -o args | grep '[s]leep 700' || echo none")).contains(QLatin1String("sleep 700")));
        // The image stays untagged while forks run from it; removed once they are gone.
        QCOMPARE(myImages().size(), 1);
        QCOMPARE(archives(), QStringList());
    }

    void hostileNamesAreRefused_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("named");
        QTest::newRow("traversal") << QStringLiteral("../x") << QStringLiteral("'.' at position 1");
        QTest::newRow("slash") << QStringLiteral("a/b") << QStringLiteral("'/' at position 2");
        QTest::newRow("upper") << QStringLiteral("Abc") << QStringLiteral("'A' at position 1");
        QTest::newRow("dash first") << QStringLiteral("-rf") << QStringLiteral("'-' at position 1");
        QTest::newRow("newline") << QStringLiteral("a\nb") << QStringLiteral("U+000A at position 2");
        QTest::newRow("space") << QStringLiteral("a b") << QStringLiteral("' ' at position 2");
        QTest::newRow("colon") << QStringLiteral("a:latest") << QStringLiteral("':' at position 2");
        QTest::newRow("unicode") << QStringLiteral("caf\u00e9") << QStringLiteral("U+00E9 at position 4");
        QTest::newRow("empty") << QString() << QStringLiteral("empty");
        QTest::newRow("long") << QString(65, QLatin1Char('a')) << QStringLiteral("65 characters");
    }

    void hostileNamesAreRefused()
    {
        QFETCH(QString, name);
        QFETCH(QString, named);
        Sandbox *source = createSandbox(m_pool.get(), shortLived());
        QVERIFY(source);
        for (auto *op : {m_pool->snapshot(source->id(), name), m_pool->provider()->snapshot(source->id(), name)}) {
            auto r = waitFor(op, 60'000);
            QVERIFY(!r);
            QCOMPARE(r.error().code, ErrorCode::InvalidInput);
            QVERIFY2(r.error().message.contains(named), qPrintable(r.error().message));
        }
        auto removed = waitFor(m_pool->provider()->removeSnapshot(name), 60'000);
        QVERIFY(!removed && removed.error().code == ErrorCode::InvalidInput);
        if (!name.isEmpty()) {
            SandboxOptions from = shortLived();
            from.snapshot = name;
            auto created = waitFor(m_pool->create(from), 60'000);
            QVERIFY(!created && created.error().code == ErrorCode::InvalidInput);
        }
        QCOMPARE(myImages(), QStringList());
    }

    void removeSnapshotRemovesImageAndArchive()
    {
        Sandbox *source = createSandbox(m_pool.get(), shortLived());
        QVERIFY(source);
        QCOMPARE(run(source, QStringLiteral("echo kept > /workspace/k && echo ok")), QStringLiteral("ok"));
        const QString name = QStringLiteral("tst-%1").arg(QCoreApplication::applicationPid());
        auto snap = waitFor(m_pool->snapshot(source->id(), name), 120'000);
        QVERIFY2(snap, snap ? "" : qPrintable(why(snap.error())));
        QVERIFY(snap->digest.startsWith(QLatin1String("sha256:")));
        QCOMPARE(snap->digest, snapshotDigest(snap->imageId, snap->archiveDigest));
        // Taken already: refused, the first one untouched.
        auto again = waitFor(m_pool->snapshot(source->id(), name), 60'000);
        QVERIFY(!again && again.error().message.contains(QLatin1String("exists already")));
        // Owner-only on disk.
        struct stat st{};
        QCOMPARE(::stat(QFile::encodeName(archive(name)).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0600);
        QCOMPARE(::stat(QFile::encodeName(m_dir.path() + QStringLiteral("/snapshots")).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0700);
        auto listed = waitFor(m_pool->listSnapshots(), 60'000);
        QVERIFY(listed);
        const auto it = std::find_if(listed->begin(), listed->end(), [&](const SnapshotInfo &i) { return i.name == name; });
        QVERIFY(it != listed->end());
        QCOMPARE(it->digest, snap->digest);
        QCOMPARE(it->sourceSandbox, source->id());
        SandboxOptions from = shortLived();
        from.snapshot = name;
        Sandbox *made = createSandbox(m_pool.get(), from);
        QVERIFY(made);
        QCOMPARE(made->options().snapshotDigest, snap->digest);
        QCOMPARE(run(made, QStringLiteral("cat /workspace/k")), QStringLiteral("kept"));
        // A wrong digest and a changed archive are refused.
        from.snapshotDigest = QStringLiteral("sha256:") + QString(64, QLatin1Char('0'));
        auto wrong = waitFor(m_pool->create(from), 60'000);
        QVERIFY(!wrong && wrong.error().message.contains(QLatin1String("not the")));
        {
            QFile f(archive(name));
            QVERIFY(f.open(QIODevice::Append));
            f.write("x");
        }
        from.snapshotDigest.clear();
        auto tampered = waitFor(m_pool->create(from), 60'000);
        QVERIFY2(!tampered && tampered.error().message.contains(QLatin1String("does not match")),
                 tampered ? "created" : qPrintable(tampered.error().message));
        auto removed = waitFor(m_pool->removeSnapshot(name), 60'000);
        QVERIFY2(removed, removed ? "" : qPrintable(why(removed.error())));
        QVERIFY(!QFileInfo::exists(archive(name)));
        auto image = dockerCall(dockerSocket(), "GET", "/images/" + QUrl::toPercentEncoding(DockerProvider::snapshotImage(name)) + "/json");
        QVERIFY(image && image->status == 404);
        auto gone = waitFor(m_pool->create(from), 60'000);
        QVERIFY(!gone && gone.error().message.contains(QLatin1String("no snapshot called")));
        auto twice = waitFor(m_pool->removeSnapshot(name), 60'000);
        QVERIFY(!twice && twice.error().code == ErrorCode::InvalidInput);
    }

    void failedSnapshotsLeaveNothing()
    {
        Sandbox *source = createSandbox(m_pool.get(), shortLived());
        QVERIFY(source);
        auto none = waitFor(m_pool->snapshot(QStringLiteral("sandbench-nosuchone"), QStringLiteral("x1")), 60'000);
        QVERIFY(!none && none.error().message.contains(QLatin1String("no sandbox of ours")));
        // A file the sandbox's user cannot read: tar fails, and so does the snapshot, whole.
        QCOMPARE(run(source, QStringLiteral("echo s > /workspace/secret && chmod 000 /workspace/secret && echo ok")), QStringLiteral("ok"));
        auto unreadable = waitFor(m_pool->snapshot(source->id(), QStringLiteral("x2")), 60'000);
        QVERIFY(!unreadable);
        QVERIFY2(unreadable.error().message.contains(QLatin1String("could not copy")), qPrintable(unreadable.error().message));
        auto forks = waitFor(m_pool->fork(source->id(), 2, shortLived()), 60'000);
        QVERIFY(!forks);
        QCOMPARE(m_pool->count(), 1);
    }

    // A session from a snapshot names it and its digest; the replay starts from it, and fails
    // clearly once it is gone or holds other files.
    void snapshotSessionReplays()
    {
        Sandbox *source = createSandbox(m_pool.get(), shortLived());
        QVERIFY(source);
        QCOMPARE(run(source, QStringLiteral("echo from-snapshot > /workspace/k && echo ok")), QStringLiteral("ok"));
        const QString name = QStringLiteral("sess-%1").arg(QCoreApplication::applicationPid());
        auto snap = waitFor(m_pool->snapshot(source->id(), name), 120'000);
        QVERIFY2(snap, snap ? "" : qPrintable(why(snap.error())));
        SandboxOptions from = shortLived();
        from.snapshot = name;
        Sandbox *made = createSandbox(m_pool.get(), from);
        QVERIFY(made);
        const QString file = m_dir.path() + QStringLiteral("/s.sbsession");
        {
            SandboxSessionRecorder recorder(made);
            auto r = waitFor(recorder.exec({QStringLiteral("cat"), QStringLiteral("/workspace/k")}), 60'000);
            QVERIFY(r && r->stdoutData == "from-snapshot\n");
            QVERIFY(recorder.session().write(file));
        }
        auto read = SandboxSession::read(file);
        QVERIFY2(read, read ? "" : qPrintable(why(read.error())));
        QCOMPARE(read->snapshot, name);
        QCOMPARE(read->snapshotDigest, snap->digest);
        auto report = SandboxSessionReplayer::runToEnd(*read, m_pool.get());
        QVERIFY2(report, report ? "" : qPrintable(why(report.error())));
        QVERIFY2(report->identical, qPrintable(SandboxSessionReplayer::summary(*report)));
        // Another snapshot under the same name: refused by digest.
        QVERIFY(waitFor(m_pool->removeSnapshot(name), 60'000));
        QCOMPARE(run(source, QStringLiteral("echo changed > /workspace/k && echo ok")), QStringLiteral("ok"));
        QVERIFY(waitFor(m_pool->snapshot(source->id(), name), 120'000));
        auto other = SandboxSessionReplayer::runToEnd(*read, m_pool.get());
        QVERIFY(!other);
        QVERIFY2(other.error().message.contains(snap->digest), qPrintable(other.error().message));
        QVERIFY(waitFor(m_pool->removeSnapshot(name), 60'000));
        auto missing = SandboxSessionReplayer::runToEnd(*read, m_pool.get());
        QVERIFY(!missing);
        QVERIFY2(missing.error().message.contains(QStringLiteral("no snapshot called %1").arg(name)), qPrintable(missing.error().message));
    }

    void forksStayWithinThePool()
    {
        Sandbox *source = createSandbox(m_pool.get(), shortLived());
        QVERIFY(source);
        auto tooMany = waitFor(m_pool->fork(source->id(), 4, shortLived()), 60'000);
        QVERIFY(!tooMany);
        QCOMPARE(tooMany.error().code, ErrorCode::LimitExceeded);
        QVERIFY2(tooMany.error().message.contains(QLatin1String("4 forks do not fit")), qPrintable(tooMany.error().message));
        auto zero = waitFor(m_pool->fork(source->id(), 0, shortLived()), 60'000);
        QVERIFY(!zero && zero.error().code == ErrorCode::InvalidInput);
        auto three = waitFor(m_pool->fork(source->id(), 3, shortLived()), 300'000);
        QVERIFY2(three, three ? "" : qPrintable(why(three.error())));
        QCOMPARE(m_pool->count(), 4);
    }
};

QTEST_GUILESS_MAIN(TestDockerSnapshot)
#include "tst_dockersnapshot.moc"
