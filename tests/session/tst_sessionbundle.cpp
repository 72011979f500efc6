// The bundle file on its own (no runtime): a round trip keeps everything; a truncated,
// corrupted, hostile or newer file is refused with a clear error and never crashes; a write that
// fails or is killed half-way leaves the earlier file as it was.
#include "session/exec/execsession.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <archive.h>
#include <archive_entry.h>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace Sandbench;

namespace {

QByteArray sha(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &data)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(data);
}

// A tar.gz with the given members as they are, bypassing every check of writeArchive.
void writeRawArchive(const QString &path, const QList<std::pair<QByteArray, QByteArray>> &members)
{
    archive *a = archive_write_new();
    archive_write_set_format_pax_restricted(a);
    archive_write_add_filter_gzip(a);
    QVERIFY(archive_write_open_filename(a, QFile::encodeName(path).constData()) == ARCHIVE_OK);
    for (const auto &[name, data] : members) {
        archive_entry *e = archive_entry_new();
        archive_entry_set_pathname(e, name.constData());
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_perm(e, 0644);
        archive_entry_set_size(e, data.size());
        archive_write_header(a, e);
        archive_write_data(a, data.constData(), size_t(data.size()));
        archive_entry_free(e);
    }
    archive_write_close(a);
    archive_write_free(a);
}

} // namespace

class TestSessionBundle : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_content;

    QString path(const QString &name) const { return m_dir.filePath(name); }

    // A bundle with one workdir file, one input file and a tiny package cache.
    ExecSession sample()
    {
        const QByteArray input = "hello input\n";
        const QByteArray workFile = "work file\n";
        QDir(m_content).mkpath(QStringLiteral("files"));
        QDir(m_content).mkpath(QStringLiteral("pkg/npm/reg/is-odd/3.0.1"));
        writeAll(m_content + QStringLiteral("/files/") + QString::fromLatin1(sha(input)), input);
        writeAll(m_content + QStringLiteral("/files/") + QString::fromLatin1(sha(workFile)), workFile);
        writeAll(m_content + QStringLiteral("/pkg/npm/reg/is-odd/3.0.1/index.js"), "module.exports = 1;\n");
        writeAll(m_content + QStringLiteral("/pkg/.sandbench-prefetched"), "stamp");
        writeAll(m_content + QStringLiteral("/pkg/v8_code_cache_v2"), "not kept");
        ExecSession b;
        b.manifest.applicationVersion = QStringLiteral("0.1.0");
        b.manifest.runtimeVersion = QStringLiteral("2.9.6");
        b.manifest.policy.sandbox = true;
        b.manifest.policy.seed = 7;
        b.manifest.policy.freezeTimeMs = 1767225600000;
        b.manifest.policy.allowPackages = {QStringLiteral("is-odd@3")};
        b.manifest.code = QStringLiteral("console.log(1)");
        b.manifest.workdir = QStringLiteral("/somewhere/work");
        b.manifest.workdirFiles.insert(QStringLiteral("sub/a.txt"), QString::fromLatin1(sha(workFile)));
        b.manifest.workdirDirs = {QStringLiteral("sub")};
        b.manifest.inputFiles.insert(QStringLiteral("/data/in.txt"), QString::fromLatin1(sha(input)));
        b.manifest.packageCacheName = QStringLiteral("deno-abc123");
        b.manifest.environment = {{QStringLiteral("TOKEN"), QStringLiteral("host"), std::nullopt}};
        b.manifest.outcome.exitCode = 0;
        b.manifest.outcome.durationMs = 42;
        b.stdoutData = "1\n";
        b.stderrData = "";
        b.rawStderr = "Warning Permission broker is an experimental feature\n";
        AuditEvent e;
        e.seq = 1;
        e.kind = QStringLiteral("read");
        e.action = QStringLiteral("read");
        e.resource = QStringLiteral("/data/in.txt");
        e.allowed = true;
        e.rule = QStringLiteral("allow_read[0]");
        b.auditEvents = {e};
        b.setContent(m_content, m_content + QStringLiteral("/pkg"), nullptr);
        return b;
    }

    void expectError(const QString &file, ErrorCode code, const QString &fragment)
    {
        auto r = ExecSession::read(file);
        QVERIFY2(!r.has_value(), "a bad bundle was accepted");
        QCOMPARE(r.error().code, code);
        QVERIFY2(r.error().message.contains(fragment), qPrintable(r.error().message));
        QVERIFY2(r.error().message.contains(QFileInfo(file).fileName()), qPrintable(r.error().message));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_content = path(QStringLiteral("content"));
    }

    void roundTripKeepsEverything()
    {
        const ExecSession b = sample();
        const QString file = path(QStringLiteral("round.sbsession"));
        auto written = b.write(file);
        QVERIFY2(written.has_value(), qPrintable(written ? QString() : written.error().message));
        auto r = ExecSession::read(file);
        QVERIFY2(r.has_value(), qPrintable(r ? QString() : r.error().message));
        QCOMPARE(r->manifest, b.manifest);
        QCOMPARE(r->stdoutData, b.stdoutData);
        QCOMPARE(r->rawStderr, b.rawStderr);
        QCOMPARE(r->auditEvents, b.auditEvents);
        QCOMPARE(readAll(r->filePath(b.manifest.inputFiles.first())), QByteArray("hello input\n"));
        // Packages land where the engine looks for them; the runtime's other caches stay out.
        QVERIFY(r->packageDir().endsWith(QStringLiteral("/cache/deno-abc123")));
        QCOMPARE(readAll(r->packageDir() + QStringLiteral("/npm/reg/is-odd/3.0.1/index.js")), QByteArray("module.exports = 1;\n"));
        QVERIFY(QFile::exists(r->packageDir() + QStringLiteral("/.sandbench-prefetched")));
        QVERIFY(!QFile::exists(r->packageDir() + QStringLiteral("/v8_code_cache_v2")));
    }

    void truncatedBundleIsRefused()
    {
        const QString good = path(QStringLiteral("good.sbsession"));
        QVERIFY(sample().write(good).has_value());
        const QByteArray bytes = readAll(good);
        for (const double fraction : {0.0, 0.1, 0.5, 0.9}) {
            const QString cut = path(QStringLiteral("cut.sbsession"));
            writeAll(cut, bytes.left(qsizetype(bytes.size() * fraction)));
            auto r = ExecSession::read(cut);
            QVERIFY2(!r.has_value(), qPrintable(QStringLiteral("accepted at %1").arg(fraction)));
            QCOMPARE(r.error().code, ErrorCode::Parse);
            QVERIFY(r.error().message.contains(QStringLiteral("cut.sbsession")));
        }
    }

    void corruptedBytesAreRefused()
    {
        const QString good = path(QStringLiteral("good2.sbsession"));
        QVERIFY(sample().write(good).has_value());
        const QByteArray bytes = readAll(good);
        // Flip bytes all over the file: every version must be refused cleanly (gzip's CRC or the
        // digests catch it), none may crash.
        for (qsizetype at = 10; at < bytes.size(); at += qMax<qsizetype>(1, bytes.size() / 40)) {
            QByteArray bad = bytes;
            bad[at] = char(bad.at(at) ^ 0x5a);
            const QString file = path(QStringLiteral("flip.sbsession"));
            writeAll(file, bad);
            auto r = ExecSession::read(file);
            QVERIFY2(!r.has_value(), qPrintable(QStringLiteral("flipped byte %1 accepted").arg(at)));
        }
        writeAll(path(QStringLiteral("garbage.sbsession")), "this is not an archive at all");
        expectError(path(QStringLiteral("garbage.sbsession")), ErrorCode::Parse, QStringLiteral("not a session bundle"));
        expectError(path(QStringLiteral("missing.sbsession")), ErrorCode::Io, QStringLiteral("cannot open"));
    }

    void storedFileWithWrongDigestIsRefused()
    {
        ExecSession b = sample();
        const QString file = path(QStringLiteral("digest.sbsession"));
        writeRawArchive(file, {{"manifest.json", b.manifest.toJson()},
                               {"files/" + sha("hello input\n"), "tampered input\n"}});
        expectError(file, ErrorCode::Parse, QStringLiteral("does not match its digest"));
    }

    void futureVersionIsRefused()
    {
        ExecSession b = sample();
        b.manifest.formatVersion = ExecSessionManifest::currentFormatVersion + 1;
        const QString file = path(QStringLiteral("future.sbsession"));
        QVERIFY(b.write(file).has_value());
        expectError(file, ErrorCode::Parse, QStringLiteral("formatVersion 2 is newer"));
    }

    void hostileNamesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::newRow("dotdot") << QByteArray("../evil");
        QTest::newRow("nested dotdot") << QByteArray("files/../../evil");
        QTest::newRow("absolute") << QByteArray("/tmp/evil");
        QTest::newRow("unknown") << QByteArray("evil.sh");
    }

    void hostileNamesAreRefused()
    {
        QFETCH(QByteArray, name);
        const QString file = path(QStringLiteral("evil.sbsession"));
        writeRawArchive(file, {{"manifest.json", sample().manifest.toJson()}, {name, "pwned"}});
        auto r = ExecSession::read(file);
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().code, ErrorCode::Parse);
        QVERIFY2(r.error().message.contains(QString::fromUtf8(name)), qPrintable(r.error().message));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("../evil"))));
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/evil")));
    }

    void missingManifestIsRefused()
    {
        const QString file = path(QStringLiteral("nomanifest.sbsession"));
        writeRawArchive(file, {{"output/stdout", "x"}});
        expectError(file, ErrorCode::Parse, QStringLiteral("manifest.json"));
        writeRawArchive(file, {});
        expectError(file, ErrorCode::Parse, QStringLiteral("manifest.json"));
    }

    void sizeLimitsHold()
    {
        const QString file = path(QStringLiteral("big.sbsession"));
        QVERIFY(sample().write(file).has_value());
        ArchiveLimits tight;
        tight.maxEntries = 3;
        auto r = ExecSession::read(file, tight);
        QVERIFY(!r.has_value());
        QVERIFY2(r.error().message.contains(QStringLiteral("more than 3 members")), qPrintable(r.error().message));
        tight = {};
        tight.maxTotalBytes = 100;
        r = ExecSession::read(file, tight);
        QVERIFY(!r.has_value());
        QVERIFY2(r.error().message.contains(QStringLiteral("bytes")), qPrintable(r.error().message));
    }

    void failedWriteLeavesEarlierFile()
    {
        const QString file = path(QStringLiteral("keep.sbsession"));
        QVERIFY(sample().write(file).has_value());
        const QByteArray before = readAll(file);
        // A stored file that vanished between recording and writing makes the writer fail
        // half-way through.
        ExecSession b = sample();
        b.manifest.inputFiles.insert(QStringLiteral("/data/gone.txt"), QString(64, QLatin1Char('0')));
        auto r = b.write(file);
        QVERIFY(!r.has_value());
        QCOMPARE(readAll(file), before);
        QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("keep.sbsession*")}, QDir::Files | QDir::Hidden).size(), 1);
    }

    void killedWriterLeavesEarlierFile()
    {
        const QString file = path(QStringLiteral("killed.sbsession"));
        QVERIFY(sample().write(file).has_value());
        const QByteArray before = readAll(file);
        // A bundle large enough that the writer is still busy when it is killed.
        ExecSession big = sample();
        QByteArray noise(64 << 20, Qt::Uninitialized);
        for (qsizetype i = 0; i < noise.size(); i += 8)
            *reinterpret_cast<quint64 *>(noise.data() + i) = quint64(i) * 0x9E3779B97F4A7C15ull;
        big.stdoutData = noise;
        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            (void)big.write(file);
            _exit(0);
        }
        QTest::qWait(150);
        ::kill(child, SIGKILL);
        int status = 0;
        waitpid(child, &status, 0);
        QVERIFY2(WIFSIGNALED(status), "the writer finished before it could be killed; make the bundle bigger");
        QCOMPARE(readAll(file), before);
        QVERIFY(ExecSession::read(file).has_value());
    }
};

QTEST_GUILESS_MAIN(TestSessionBundle)
#include "tst_sessionbundle.moc"
