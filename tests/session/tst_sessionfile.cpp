// SessionFile::open tells the two kinds of .sbsession apart from the manifest alone: an exec
// session and a sandbox session each open as their kind and load; a file that is no session,
// or whose manifest is hostile (another first member, not JSON, an unknown kind, a newer
// version, a manifest that inflates past its bound), is refused with a clear error; and nothing
// after the manifest is read (a damaged member is found by load(), not by open()).
#include "session/sessionfile.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Sandbench;

Q_DECLARE_METATYPE(Sandbench::ArchiveMember)

namespace {

QString sha(const QByteArray &data)
{
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

QByteArray json(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonObject sandboxManifest(int version = 1)
{
    return {{QStringLiteral("kind"), QStringLiteral("sandbox")},
            {QStringLiteral("formatVersion"), version},
            {QStringLiteral("sandbox"), QJsonObject{{QStringLiteral("image"), QStringLiteral("sandbench/base:1")},
                                                    {QStringLiteral("network"), QStringLiteral("none")}}},
            {QStringLiteral("steps"), QJsonArray()}};
}

} // namespace

class TestSessionFile : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    QString path(const QString &name) const { return m_dir.filePath(name); }

    QString archive(const QString &name, const QList<ArchiveMember> &members, const QString &digests = QStringLiteral("SHA256SUMS"))
    {
        const QString file = path(name);
        return writeArchive(file, members, digests) ? file : QString();
    }

    void expectRefused(const QString &file, ErrorCode code, const QString &fragment)
    {
        auto opened = SessionFile::open(file);
        QVERIFY2(!opened, "a file that is no session opened");
        QCOMPARE(opened.error().code, code);
        QVERIFY2(opened.error().message.contains(fragment), qPrintable(opened.error().message));
    }

private slots:
    void opensAnExecSessionAsItsKind()
    {
        ExecSession bundle;
        bundle.manifest.applicationVersion = QStringLiteral("0.1.0");
        bundle.manifest.code = QStringLiteral("console.log(1)");
        bundle.manifest.outcome.exitCode = 0;
        bundle.stdoutData = "1\n";
        const QString file = path(QStringLiteral("exec.sbsession"));
        QVERIFY(bundle.write(file));
        auto opened = SessionFile::open(file);
        QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
        const auto *exec = std::get_if<ExecSessionFile>(&*opened);
        QVERIFY(exec);
        QCOMPARE(exec->path, file);
        QCOMPARE(exec->manifest.code, QStringLiteral("console.log(1)"));
        auto loaded = exec->load();
        QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().message));
        QCOMPARE(loaded->stdoutData, QByteArray("1\n"));
    }

    void opensASandboxSessionAsItsKind()
    {
        SandboxSession session;
        session.image = QStringLiteral("sandbench/base:1");
        SandboxExecStep exec;
        exec.argv = {QStringLiteral("echo"), QStringLiteral("hi")};
        exec.exitCode = 0;
        exec.stdoutData = session.addPayload("hi\n");
        session.steps << SandboxStep{exec, {}} << SandboxStep{SandboxInputStep{}, {}};
        session.steps[1].as<SandboxInputStep>()->x = 1;
        const QString file = path(QStringLiteral("sandbox.sbsession"));
        QVERIFY(session.write(file));
        auto opened = SessionFile::open(file);
        QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
        const auto *sandbox = std::get_if<SandboxSessionFile>(&*opened);
        QVERIFY(sandbox);
        QCOMPARE(sandbox->image, QStringLiteral("sandbench/base:1"));
        QCOMPARE(sandbox->stepCount, 2);
        QCOMPARE(sandbox->formatVersion, 1);
        auto loaded = sandbox->load();
        QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().message));
        QCOMPARE(*loaded, session);
        QCOMPARE(loaded->load(0, SandboxPayloadKind::Stdout).value_or(QByteArray()), QByteArray("hi\n"));
    }

    // #13: a field of the wrong type is refused at its name, never read as a default (a number
    // in argv would run "", a string timeout would run without one, a string image the default).
    void sandboxFieldsOfTheWrongTypeAreNamed_data()
    {
        QTest::addColumn<QString>("where"); // "" the manifest, "sandbox", or "step"
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("image number") << "sandbox" << "image" << QJsonValue(7) << "\"image\" is not a string";
        QTest::newRow("env names string") << "sandbox" << "envNames" << QJsonValue(QStringLiteral("HOME")) << "\"envNames\" is not a list of strings";
        QTest::newRow("values recorded string") << "sandbox" << "envValuesRecorded" << QJsonValue(QStringLiteral("yes")) << "\"envValuesRecorded\" is not true or false";
        QTest::newRow("steps object") << "" << "steps" << QJsonValue(QJsonObject{}) << "\"steps\" is not an array";
        QTest::newRow("sandbox string") << "" << "sandbox" << QJsonValue(QStringLiteral("{}")) << "\"sandbox\" is not an object";
        QTest::newRow("recorded at text") << "" << "recordedAtMs" << QJsonValue(QStringLiteral("now")) << "\"recordedAtMs\" is not a whole number";
        QTest::newRow("argv number") << "step" << "argv" << QJsonValue(QJsonArray{QStringLiteral("echo"), 5}) << "step 1: \"argv\" is not a list of strings";
        QTest::newRow("timeout text") << "step" << "timeoutMs" << QJsonValue(QStringLiteral("5000")) << "step 1: \"timeoutMs\" is not a whole number";
        QTest::newRow("timeout fraction") << "step" << "timeoutMs" << QJsonValue(0.5) << "step 1: \"timeoutMs\" is not a whole number";
        QTest::newRow("timeout huge") << "step" << "timeoutMs" << QJsonValue(1e300) << "step 1: \"timeoutMs\" is not a whole number";
        QTest::newRow("exit code text") << "step" << "exitCode" << QJsonValue(QStringLiteral("0")) << "step 1: \"exitCode\" is not a whole number or null";
        QTest::newRow("timed out number") << "step" << "timedOut" << QJsonValue(1) << "step 1: \"timedOut\" is not true or false";
        QTest::newRow("cwd array") << "step" << "cwd" << QJsonValue(QJsonArray{}) << "step 1: \"cwd\" is not a string";
    }

    void sandboxFieldsOfTheWrongTypeAreNamed()
    {
        QFETCH(QString, where);
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, expected);
        const QByteArray empty;
        QJsonObject step{{QStringLiteral("kind"), QStringLiteral("exec")}, {QStringLiteral("argv"), QJsonArray{QStringLiteral("true")}},
                         {QStringLiteral("stdout"), sha(empty)}, {QStringLiteral("stderr"), sha(empty)},
                         {QStringLiteral("exitCode"), 0}};
        QJsonObject manifest = sandboxManifest();
        QJsonObject sandbox = manifest.value(QStringLiteral("sandbox")).toObject();
        if (where == QLatin1String("step"))
            step.insert(key, value);
        else if (where == QLatin1String("sandbox"))
            sandbox.insert(key, value);
        manifest.insert(QStringLiteral("sandbox"), sandbox);
        manifest.insert(QStringLiteral("steps"), QJsonArray{step});
        if (where.isEmpty())
            manifest.insert(key, value);
        const QString file = archive(QStringLiteral("typed-%1-%2.sbsession").arg(where, key),
                                     {{QStringLiteral("manifest.json"), json(manifest), {}},
                                      {QStringLiteral("files/") + sha(empty), empty, {}}});
        QVERIFY(!file.isEmpty());
        auto read = SandboxSession::read(file);
        QVERIFY2(!read, "a field of the wrong type was read as a default");
        QCOMPARE(read.error().code, ErrorCode::Parse);
        QVERIFY2(read.error().message.contains(expected), qPrintable(read.error().message));
    }

    // The same manifest with every field of its type reads: the check refuses types, not files.
    void sandboxFieldsOfTheRightTypeRead()
    {
        const QByteArray empty;
        QJsonObject manifest = sandboxManifest();
        manifest.insert(QStringLiteral("steps"), QJsonArray{QJsonObject{
            {QStringLiteral("kind"), QStringLiteral("exec")}, {QStringLiteral("argv"), QJsonArray{QStringLiteral("true")}},
            {QStringLiteral("stdout"), sha(empty)}, {QStringLiteral("stderr"), sha(empty)}, {QStringLiteral("exitCode"), QJsonValue()},
            {QStringLiteral("timeoutMs"), 5000}, {QStringLiteral("timedOut"), true}}});
        const QString file = archive(QStringLiteral("typed-ok.sbsession"), {{QStringLiteral("manifest.json"), json(manifest), {}},
                                                                           {QStringLiteral("files/") + sha(empty), empty, {}}});
        auto read = SandboxSession::read(file);
        QVERIFY2(read, qPrintable(read ? QString() : read.error().message));
        QCOMPARE(read->steps.size(), 1);
        QCOMPARE(read->steps.at(0).as<SandboxExecStep>()->timeoutMs, 5000);
    }

    void readsTheManifestAlone()
    {
        // The member after the manifest does not match its name: open() never gets that far,
        // load() does and refuses it. 2 MiB that do not compress put the archive's tail far
        // past the manifest.
        QByteArray noise(2 << 20, Qt::Uninitialized);
        QRandomGenerator(7).fillRange(reinterpret_cast<quint32 *>(noise.data()), noise.size() / 4);
        const QString file = archive(QStringLiteral("damaged.sbsession"),
                                     {{QStringLiteral("manifest.json"), json(sandboxManifest()), {}},
                                      {QStringLiteral("files/") + sha("the right bytes"), noise, {}}});
        QVERIFY(!file.isEmpty());
        auto opened = SessionFile::open(file);
        QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
        auto loaded = std::get<SandboxSessionFile>(*opened).load();
        QVERIFY(!loaded);
        QVERIFY2(loaded.error().message.contains(QStringLiteral("does not match its digest")), qPrintable(loaded.error().message));
        // Nor does it read the tail of the archive: cut after the manifest, it still opens.
        QFile whole(file);
        QVERIFY(whole.open(QIODevice::ReadOnly));
        const QByteArray bytes = whole.readAll();
        whole.close();
        QFile cut(path(QStringLiteral("cut.sbsession")));
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write(bytes.left(bytes.size() * 2 / 3));
        cut.close();
        auto truncated = SessionFile::open(cut.fileName());
        QVERIFY2(truncated, qPrintable(truncated ? QString() : truncated.error().message));
        QVERIFY(!std::get<SandboxSessionFile>(*truncated).load());
    }

    void refusesWhatIsNoSession()
    {
        expectRefused(path(QStringLiteral("missing.sbsession")), ErrorCode::Io, QStringLiteral("cannot open"));
        QFile text(path(QStringLiteral("text.sbsession")));
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write("just some text\n");
        text.close();
        expectRefused(text.fileName(), ErrorCode::Parse, QStringLiteral("not a session bundle"));
        QFile empty(path(QStringLiteral("empty.sbsession")));
        QVERIFY(empty.open(QIODevice::WriteOnly));
        empty.close();
        expectRefused(empty.fileName(), ErrorCode::Parse, QStringLiteral("not a session bundle"));
        expectRefused(m_dir.path(), ErrorCode::Io, QStringLiteral("not a regular file"));
        // A FIFO would block a reader that opened it: refused without being opened.
        const QString fifo = path(QStringLiteral("fifo.sbsession"));
        QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        expectRefused(fifo, ErrorCode::Io, QStringLiteral("not a regular file"));
    }

    void refusesHostileManifests_data()
    {
        QTest::addColumn<QList<ArchiveMember>>("members");
        QTest::addColumn<QString>("reason");
        QJsonObject newerExec{{QStringLiteral("formatVersion"), 99}};
        QJsonObject wrongKind = sandboxManifest();
        wrongKind.insert(QStringLiteral("kind"), 5);
        QTest::newRow("another first member") << QList<ArchiveMember>{{QStringLiteral("files/x"), "x", {}}}
                                              << QStringLiteral("no manifest.json as first member");
        QTest::newRow("not json") << QList<ArchiveMember>{{QStringLiteral("manifest.json"), "{not json", {}}}
                                  << QStringLiteral("manifest.json: ");
        QTest::newRow("an array") << QList<ArchiveMember>{{QStringLiteral("manifest.json"), "[1, 2]", {}}}
                                  << QStringLiteral("manifest.json: ");
        QTest::newRow("unknown kind") << QList<ArchiveMember>{{QStringLiteral("manifest.json"), json({{QStringLiteral("kind"), QStringLiteral("teleport")}}), {}}}
                                      << QStringLiteral("unknown session kind \"teleport\"");
        QTest::newRow("kind not a string") << QList<ArchiveMember>{{QStringLiteral("manifest.json"), json(wrongKind), {}}}
                                           << QStringLiteral("unknown session kind \"\"");
        QTest::newRow("newer sandbox session") << QList<ArchiveMember>{{QStringLiteral("manifest.json"), json(sandboxManifest(2)), {}}}
                                               << QStringLiteral("formatVersion 2 is newer");
        QTest::newRow("newer exec session") << QList<ArchiveMember>{{QStringLiteral("manifest.json"), json(newerExec), {}}}
                                            << QStringLiteral("newer");
        QTest::newRow("control characters in the kind")
                << QList<ArchiveMember>{{QStringLiteral("manifest.json"), json({{QStringLiteral("kind"), QStringLiteral("\u001b[2Jsandbox")}}), {}}}
                << QStringLiteral("unknown session kind");
    }

    void refusesHostileManifests()
    {
        QFETCH(QList<ArchiveMember>, members);
        QFETCH(QString, reason);
        const QString file = archive(QStringLiteral("hostile.sbsession"), members);
        QVERIFY(!file.isEmpty());
        expectRefused(file, ErrorCode::Parse, reason);
    }

    void aManifestThatInflatesPastItsBoundIsRefusedWhileInflating()
    {
        // 17 MiB of whitespace around a valid manifest: ~17 KiB on disk.
        QByteArray padded = json(sandboxManifest());
        padded.append(QByteArray(17 << 20, ' '));
        const QString file = archive(QStringLiteral("bomb.sbsession"), {{QStringLiteral("manifest.json"), padded, {}}});
        QVERIFY(!file.isEmpty());
        QVERIFY(QFileInfo(file).size() < (1 << 20));
        QElapsedTimer timer;
        timer.start();
        expectRefused(file, ErrorCode::Parse, QStringLiteral("is larger than %1 bytes").arg(SessionFile::maxManifestBytes));
        QVERIFY(timer.elapsed() < 10'000);
    }
};

QTEST_GUILESS_MAIN(TestSessionFile)
#include "tst_sessionfile.moc"
