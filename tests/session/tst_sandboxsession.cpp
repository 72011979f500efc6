// Sandbox sessions against the real engine: record execs and writes, save, read back, replay in a
// fresh sandbox; a damaged or newer file is refused; the CLI's `sandbox run --record` + `replay`,
// with env values only under --record-env-values.
#include "dockertestsupport.h"
#include "session/sandbox/sandboxsessionreplayer.h"
#include "session/sandbox/sandboxsessionrecorder.h"
#include "session/sessionfile.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

QStringList shell(const QString &script)
{
    return {QStringLiteral("sh"), QStringLiteral("-c"), script};
}

QString cliPath()
{
    return qEnvironmentVariable("SANDBENCH_CLI");
}

} // namespace

// Evaluates r more than once: give it a variable, never a call.
#define VERIFY_OK(r) QVERIFY2((r), qPrintable((r) ? QString() : why((r).error())))

class TestSandboxSession : public QObject
{
    Q_OBJECT

    std::unique_ptr<SandboxPool> m_pool;
    QTemporaryDir m_dir;

    Sandbox *make()
    {
        SandboxOptions so;
        so.lifetimeMs = 120'000;
        auto r = waitFor(m_pool->create(so), 120'000);
        if (!r)
            qWarning("create: %s", qPrintable(why(r.error())));
        return r ? *r : nullptr;
    }

    // Records a session of `steps` shell scripts (run one after the other) and saves it.
    QString recordScripts(const QString &name, const QStringList &scripts)
    {
        Sandbox *s = make();
        if (!s)
            return {};
        SandboxSessionRecorder recorder(s);
        for (const QString &script : scripts) {
            if (!waitFor(recorder.exec(shell(script)), 60'000))
                return {};
        }
        waitFor(s->release(), 60'000);
        const QString path = m_dir.filePath(name);
        return recorder.session().write(path) ? path : QString();
    }

private slots:
    void initTestCase()
    {
        REQUIRE_DOCKER();
        QVERIFY(m_dir.isValid());
        PoolOptions o;
        o.maxSandboxes = 2;
        o.maxLifetimeMs = 300'000;
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        m_pool = std::move(*pool);
    }

    void cleanupTestCase()
    {
        if (m_pool)
            waitFor(m_pool->close(), 60'000);
    }

    void recordSaveReadReplayIdentical()
    {
        Sandbox *s = make();
        QVERIFY(s);
        SandboxSessionRecorder recorder(s);
        const QByteArray notes("first line\nsecond line\n");
        auto written = waitFor(recorder.writeFile(s->workdir() + QStringLiteral("/notes.txt"), notes), 60'000);
        VERIFY_OK(written);
        auto cat = waitFor(recorder.exec({QStringLiteral("cat"), QStringLiteral("notes.txt")}), 60'000);
        VERIFY_OK(cat);
        QCOMPARE(cat->stdoutData, notes);
        ExecOptions withStdin;
        withStdin.stdinData = QByteArray("from stdin\n");
        auto echo = waitFor(recorder.exec(shell(QStringLiteral("read line; echo \"got: $line\"; echo warn >&2")), withStdin), 60'000);
        VERIFY_OK(echo);
        QCOMPARE(echo->stdoutData, QByteArray("got: from stdin\n"));
        auto binary = waitFor(recorder.exec(shell(QStringLiteral("printf '\\000\\001\\377\\376\\n\\200'"))), 60'000);
        VERIFY_OK(binary);
        const QByteArray bytes("\x00\x01\xff\xfe\n\x80", 6);
        QCOMPARE(binary->stdoutData, bytes);
        auto released = waitFor(s->release(), 60'000);
        VERIFY_OK(released);

        const SandboxSession recorded = recorder.session();
        QCOMPARE(recorded.steps.size(), 4);
        QVERIFY(recorded.steps.at(0).is<SandboxWriteStep>());
        QCOMPARE(recorded.load(2, SandboxPayloadKind::Stdin).value_or(QByteArray("<not loaded>")), QByteArray("from stdin\n"));
        QCOMPARE(recorded.load(2, SandboxPayloadKind::Stderr).value_or(QByteArray("<not loaded>")), QByteArray("warn\n"));
        QCOMPARE(recorded.image, s->image());

        const QString path = m_dir.filePath(QStringLiteral("identical.sbsession"));
        auto saved = recorded.write(path);
        VERIFY_OK(saved);
        auto opened = SessionFile::open(path);
        VERIFY_OK(opened);
        QVERIFY(std::holds_alternative<SandboxSessionFile>(*opened));
        auto read = SandboxSession::read(path);
        VERIFY_OK(read);
        QCOMPARE(*read, recorded);
        QCOMPARE(read->load(3, SandboxPayloadKind::Stdout).value_or(QByteArray("<not loaded>")), QByteArray(bytes));

        auto report = SandboxSessionReplayer::runToEnd(*read, m_pool.get());
        VERIFY_OK(report);
        QVERIFY2(report->identical, qPrintable(SandboxSessionReplayer::summary(*report)));
        QCOMPARE(SandboxSessionReplayer::summary(*report), QStringLiteral("identical\n"));
        // The replay's sandbox is released at the end.
        QVERIFY(m_pool->sandboxes().isEmpty());
    }

    void nondeterministicOutputDivergesAtItsStep()
    {
        // 16 bytes from the kernel's random source differ between recording and replay for
        // certain (2^-128 odds of a match); the clock does not: busybox's date has no %N, and
        // both runs can fall within the same second.
        const QString path = recordScripts(QStringLiteral("random.sbsession"),
                                           {QStringLiteral("echo before"),
                                            QStringLiteral("od -An -N16 -tx1 /dev/urandom | tr -d ' '"),
                                            QStringLiteral("echo after")});
        QVERIFY(!path.isEmpty());
        auto session = SandboxSession::read(path);
        VERIFY_OK(session);
        auto report = SandboxSessionReplayer::runToEnd(*session, m_pool.get());
        VERIFY_OK(report);
        QVERIFY(!report->identical);
        QCOMPARE(report->divergences.size(), 1);
        const Divergence &d = report->divergences.first();
        QCOMPARE(d.stream, ReplayStream::Stdout);
        QCOMPARE(d.index, 2);
        QCOMPARE(d.recorded, QString::fromUtf8(session->load(1, SandboxPayloadKind::Stdout)->trimmed()));
        QVERIFY(d.replayed != d.recorded);
        QVERIFY(SandboxSessionReplayer::summary(*report).startsWith(QStringLiteral("diverged: stdout at step 2\n")));
    }

    void exitDifferenceIsReported()
    {
        // A file the recording wrote is absent in the replay when the write is not replayed: here
        // the session is edited to drop it, which must show as an exit and output divergence.
        Sandbox *s = make();
        QVERIFY(s);
        SandboxSessionRecorder recorder(s);
        auto written = waitFor(recorder.writeFile(s->workdir() + QStringLiteral("/x"), "x"), 60'000);
        VERIFY_OK(written);
        auto cat = waitFor(recorder.exec({QStringLiteral("cat"), QStringLiteral("x")}), 60'000);
        VERIFY_OK(cat);
        auto released = waitFor(s->release(), 60'000);
        VERIFY_OK(released);
        SandboxSession edited = recorder.session();
        edited.steps.removeFirst();
        auto report = SandboxSessionReplayer::runToEnd(edited, m_pool.get());
        VERIFY_OK(report);
        QVERIFY(!report->identical);
        const Divergence exit = report->divergences.last();
        QCOMPARE(exit.stream, ReplayStream::Exit);
        QCOMPARE(exit.index, 1);
        QCOMPARE(exit.recorded, QStringLiteral("exit 0"));
        QVERIFY(exit.replayed != exit.recorded);
    }

    void damagedOrNewerFileIsRefused()
    {
        const QString good = recordScripts(QStringLiteral("good.sbsession"), {QStringLiteral("echo fine")});
        QVERIFY(!good.isEmpty());
        QFile file(good);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        file.close();

        // One flipped byte in the middle, and a cut-off file.
        QByteArray flipped = bytes;
        flipped[flipped.size() / 2] = char(flipped.at(flipped.size() / 2) ^ 0x5a);
        const QString damaged = m_dir.filePath(QStringLiteral("damaged.sbsession"));
        const QString truncated = m_dir.filePath(QStringLiteral("truncated.sbsession"));
        for (const auto &[path, data] : {std::pair{damaged, flipped}, std::pair{truncated, bytes.left(bytes.size() / 2)}}) {
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(data);
            out.close();
            auto read = SandboxSession::read(path);
            QVERIFY2(!read, qPrintable(path));
            QVERIFY(!read.error().message.isEmpty());
            QVERIFY2(read.error().message.contains(path), qPrintable(read.error().message));
        }

        const QString newer = m_dir.filePath(QStringLiteral("newer.sbsession"));
        const QJsonObject manifest{{QStringLiteral("kind"), QStringLiteral("sandbox")},
                                   {QStringLiteral("formatVersion"), SandboxSession::currentFormatVersion + 1}};
        auto archived = writeArchive(newer, {{QStringLiteral("manifest.json"), QJsonDocument(manifest).toJson(), {}}},
                                     QStringLiteral("SHA256SUMS"));
        VERIFY_OK(archived);
        auto read = SandboxSession::read(newer);
        QVERIFY(!read);
        QCOMPARE(read.error().code, ErrorCode::Parse);
        QVERIFY2(read.error().message.contains(QLatin1String("newer than this Sandbench reads")), qPrintable(read.error().message));

        // The CLI calls both a bad bundle (2).
        QProcess cli;
        cli.start(cliPath(), {QStringLiteral("replay"), newer});
        QVERIFY(cli.waitForFinished(60'000));
        QCOMPARE(cli.exitCode(), 2);
        QVERIFY(cli.readAllStandardError().contains("newer than this Sandbench reads"));
        cli.start(cliPath(), {QStringLiteral("replay"), damaged});
        QVERIFY(cli.waitForFinished(60'000));
        QCOMPARE(cli.exitCode(), 2);
    }

    void cliRecordThenReplay()
    {
        QVERIFY2(QFile::exists(cliPath()), "SANDBENCH_CLI does not name sandbench-cli");
        const QString path = m_dir.filePath(QStringLiteral("cli.sbsession"));
        QProcess cli;
        cli.start(cliPath(), {QStringLiteral("sandbox"), QStringLiteral("run"), QStringLiteral("--record"), path,
                              QStringLiteral("--lifetime"), QStringLiteral("120"), QStringLiteral("--"),
                              QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo out; echo err >&2; exit 3")});
        cli.closeWriteChannel();
        QVERIFY(cli.waitForFinished(180'000));
        QCOMPARE(cli.exitCode(), 3);
        QCOMPARE(cli.readAllStandardOutput(), QByteArray("out\n"));
        QVERIFY(QFile::exists(path));
        auto session = SandboxSession::read(path);
        VERIFY_OK(session);
        QCOMPARE(session->steps.size(), 1);
        QCOMPARE(session->steps.first().as<SandboxExecStep>()->exitCode, std::optional<int>(3));

        cli.start(cliPath(), {QStringLiteral("replay"), path});
        QVERIFY(cli.waitForFinished(180'000));
        const QByteArray out = cli.readAllStandardOutput();
        QVERIFY2(cli.exitCode() == 0, qPrintable(QString::fromUtf8(out + cli.readAllStandardError())));
        QCOMPARE(out, QByteArray("identical\n"));
    }

    void cliRecordsEnvValuesOnlyWhenAsked()
    {
        QVERIFY2(QFile::exists(cliPath()), "SANDBENCH_CLI does not name sandbench-cli");
        // The command says whether it saw the variable, never its value (outputs are stored).
        const QStringList command{QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                                  QStringLiteral("[ \"$SECRET\" = xyz ] && echo set || echo unset")};
        auto record = [&](const QString &path, const QStringList &extra) {
            QProcess cli;
            cli.start(cliPath(), QStringList{QStringLiteral("sandbox"), QStringLiteral("run"), QStringLiteral("--lifetime"),
                                             QStringLiteral("120"), QStringLiteral("--env"), QStringLiteral("SECRET=xyz"),
                                             QStringLiteral("--record"), path} + extra + command);
            cli.closeWriteChannel();
            return cli.waitForFinished(180'000) && cli.exitCode() == 0 && cli.readAllStandardOutput() == "set\n";
        };
        QByteArray err;
        auto replay = [&](const QString &path, QByteArray *out, const QStringList &extra = {}) {
            QProcess cli;
            cli.start(cliPath(), QStringList{QStringLiteral("replay"), path} + extra);
            if (!cli.waitForFinished(180'000))
                return -1;
            *out = cli.readAllStandardOutput();
            err = cli.readAllStandardError();
            return cli.exitCode();
        };

        const QString namesOnly = m_dir.filePath(QStringLiteral("names.sbsession"));
        QVERIFY(record(namesOnly, {}));
        auto session = SandboxSession::read(namesOnly);
        VERIFY_OK(session);
        QCOMPARE(session->envNames, QStringList{QStringLiteral("SECRET")});
        QVERIFY(!session->envValuesRecorded);
        QVERIFY(session->envValues.isEmpty());
        // The value kept by name only: the replay names it rather than run without it, and
        // runs as recorded once it is given; a name the session never had is refused.
        QByteArray out;
        QCOMPARE(replay(namesOnly, &out), 2);
        QVERIFY2(err.contains("needs its value: SECRET\n"), err.constData());
        QVERIFY(out.isEmpty());
        QCOMPARE(replay(namesOnly, &out, {QStringLiteral("--env"), QStringLiteral("SECRET=xyz"),
                                          QStringLiteral("--env"), QStringLiteral("NEVER=1")}), 2);
        QVERIFY2(err.contains("the session has no variable NEVER"), err.constData());
        QCOMPARE(replay(namesOnly, &out, {QStringLiteral("--env"), QStringLiteral("SECRET=xyz")}), 0);
        QVERIFY2(out.startsWith("identical\n"), out.constData());
        QVERIFY2(out.contains("note: values given for the replay (not recorded): SECRET\n"), out.constData());
        QCOMPARE(replay(namesOnly, &out, {QStringLiteral("--env"), QStringLiteral("SECRET=abc")}), 1);
        QVERIFY2(out.startsWith("diverged: stdout at step 1\n  recorded: set\n  replayed: unset\n"), out.constData());

        const QString withValues = m_dir.filePath(QStringLiteral("values.sbsession"));
        QVERIFY(record(withValues, {QStringLiteral("--record-env-values")}));
        session = SandboxSession::read(withValues);
        VERIFY_OK(session);
        QVERIFY(session->envValuesRecorded);
        QCOMPARE(session->envValues.value(QStringLiteral("SECRET")), QStringLiteral("xyz"));
        QCOMPARE(replay(withValues, &out), 0);
        QCOMPARE(out, QByteArray("identical\n"));

        // Without a session to keep them in, the flag is a mistake worth saying.
        QProcess cli;
        cli.start(cliPath(), {QStringLiteral("sandbox"), QStringLiteral("run"), QStringLiteral("--record-env-values"),
                              QStringLiteral("--"), QStringLiteral("true")});
        QVERIFY(cli.waitForFinished(60'000));
        QCOMPARE(cli.exitCode(), 2);
        QVERIFY(cli.readAllStandardError().contains("--record-env-values needs --record FILE"));
    }
};

QTEST_GUILESS_MAIN(TestSandboxSession)
#include "tst_sandboxsession.moc"
