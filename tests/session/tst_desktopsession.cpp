// Desktop sessions against the real engine and the desktop image: open an xterm, click into it,
// type, take a screenshot; the replay in a fresh sandbox matches (within the
// tolerance); a session whose screenshot or typed text was changed afterwards diverges at the
// screenshot's step. Also the CLI: `sandbox run --screenshot`, refused without a desktop.
// Needs sandbench/desktop:2 (scripts/images desktop); fails, not skips, without it.
#include "dockertestsupport.h"
#include "session/pngimage.h"
#include "session/sandbox/sandboxsessionreplayer.h"
#include "session/sandbox/sandboxsessionrecorder.h"

#include <QBuffer>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

const QString desktopImage = QStringLiteral("sandbench/desktop:2");

// As tests/desktop's desktopProblem(): this folder is built without the GUI library.
QString desktopProblem()
{
    const QString problem = dockerProblem();
    if (!problem.isEmpty())
        return problem;
    auto image = dockerCall(dockerSocket(), "GET", "/images/sandbench%2Fdesktop:2/json", 5000);
    if (!image || image->status != 200)
        return QStringLiteral("image sandbench/desktop:2 is missing: build it with scripts/images desktop");
    return {};
}

// Opens a 60x8 xterm at (100, 100) and returns once its window is mapped, with no output: the
// same script replays the same way. DISPLAY is set inside, so the step needs no env values.
// An xterm can take seconds to map on a loaded machine: up to 30 s, then its log.
QStringList openXterm()
{
    return {QStringLiteral("sh"), QStringLiteral("-c"),
            QStringLiteral("export DISPLAY=:99\n"
                           "setsid xterm -title sbsession -geometry 60x8+100+100 >/tmp/xterm.log 2>&1 </dev/null &\n"
                           "i=0\n"
                           "until xdotool search --onlyvisible --name '^sbsession$' >/dev/null 2>&1; do\n"
                           "  i=$((i+1)); [ $i -gt 300 ] && { echo 'no xterm window:' >&2; cat /tmp/xterm.log >&2; exit 1; }\n"
                           "  sleep 0.1\n"
                           "done\n"
                           "sleep 0.5\n")};
}

QString cliPath()
{
    return qEnvironmentVariable("SANDBENCH_CLI");
}

} // namespace

// Evaluates its argument once: it is often the call under test.
#define VERIFY_OK(expr)                                                                             \
    do {                                                                                            \
        const auto &verifyOkResult = (expr);                                                        \
        QVERIFY2(bool(verifyOkResult), qPrintable(verifyOkResult ? QString() : why(verifyOkResult.error()))); \
    } while (false)

class TestDesktopSession : public QObject
{
    Q_OBJECT
    std::unique_ptr<SandboxPool> m_pool;
    QTemporaryDir m_dir;
    SandboxSession m_recorded; // from recordTypeAndScreenshot, for the tests after it

    Result<ReplayReport> replay(const SandboxSession &session)
    {
        const QString path = m_dir.filePath(QStringLiteral("replayed.sbsession"));
        // Through the file, as a session from elsewhere would come.
        if (auto written = session.write(path); !written)
            return std::unexpected(written.error());
        auto read = SandboxSession::read(path);
        if (!read)
            return std::unexpected(read.error());
        return SandboxSessionReplayer::runToEnd(*read, m_pool.get());
    }

private slots:
    void initTestCase()
    {
        const QString problem = desktopProblem();
        if (!problem.isEmpty())
            QFAIL(qPrintable(problem));
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

    void recordTypeAndScreenshot()
    {
        SandboxOptions so;
        so.image = desktopImage;
        so.lifetimeMs = 120'000;
        auto created = waitFor(m_pool->create(so), 120'000);
        VERIFY_OK(created);
        Sandbox *s = *created;
        SandboxSessionRecorder recorder(s);
        auto opened = waitFor(recorder.exec(openXterm()), 90'000);
        VERIFY_OK(opened);
        QVERIFY2(opened->exitCode == 0, opened->stderrData.constData());
        VERIFY_OK(waitFor(recorder.click(250, 180), 60'000));
        VERIFY_OK(waitFor(recorder.type(QStringLiteral("echo typed-in-the-session")), 60'000));
        // xdotool returns once the keys are sent; xterm draws them a moment later.
        QTest::qWait(700);
        auto shot = waitFor(recorder.screenshot(), 60'000);
        VERIFY_OK(shot);
        VERIFY_OK(waitFor(s->release(), 60'000));

        m_recorded = recorder.session();
        QCOMPARE(m_recorded.steps.size(), 4);
        QVERIFY(m_recorded.steps.at(3).is<SandboxScreenshotStep>());
        QCOMPARE(m_recorded.load(3, SandboxPayloadKind::Png).value_or(QByteArray("<not loaded>")), QByteArray(*shot));
        auto image = PngImage::decode(*shot);
        VERIFY_OK(image);
        QCOMPARE(image->width, 1280);
        QCOMPARE(image->height, 800);
    }

    void replayIsIdentical()
    {
        QVERIFY(!m_recorded.steps.isEmpty());
        auto report = replay(m_recorded);
        VERIFY_OK(report);
        QVERIFY2(report->identical, qPrintable(SandboxSessionReplayer::summary(*report)));
        QVERIFY(m_pool->sandboxes().isEmpty());
    }

    void alteredScreenshotDivergesAtItsStep()
    {
        QVERIFY(!m_recorded.steps.isEmpty());
        // A 200x100 magenta block on the black desktop, well away from the xterm and the taskbar.
        QImage picture;
        QVERIFY(picture.loadFromData(*m_recorded.load(3, SandboxPayloadKind::Png), "PNG"));
        for (int y = 300; y < 400; ++y) {
            for (int x = 700; x < 900; ++x)
                picture.setPixel(x, y, qRgb(255, 0, 255));
        }
        QByteArray altered;
        QBuffer buffer(&altered);
        buffer.open(QIODevice::WriteOnly);
        QVERIFY(picture.save(&buffer, "PNG"));
        SandboxSession session = m_recorded;
        session.steps[3].as<SandboxScreenshotStep>()->png = session.addPayload(altered);

        auto report = replay(session);
        VERIFY_OK(report);
        QVERIFY(!report->identical);
        QCOMPARE(report->divergences.size(), 1);
        const Divergence &d = report->divergences.first();
        QCOMPARE(d.stream, ReplayStream::Screenshot);
        QCOMPARE(d.index, 4);
        QVERIFY2(d.recorded.startsWith(QLatin1String("1280x800 PNG, ")), qPrintable(d.recorded));
        QVERIFY2(d.replayed.contains(QLatin1String("of the pixels differ")), qPrintable(d.replayed));
        QVERIFY(SandboxSessionReplayer::summary(*report).startsWith(QStringLiteral("diverged: screenshot at step 4\n")));
        qInfo().noquote() << SandboxSessionReplayer::summary(*report);
    }

    void alteredTypedTextDivergesAtTheScreenshot()
    {
        QVERIFY(!m_recorded.steps.isEmpty());
        // Three lines of W: many more pixels than the clock changes.
        SandboxSession session = m_recorded;
        session.steps[2].as<SandboxInputStep>()->text = QString(150, QLatin1Char('W'));
        auto report = replay(session);
        VERIFY_OK(report);
        QVERIFY(!report->identical);
        QCOMPARE(report->divergences.size(), 1);
        QCOMPARE(report->divergences.first().stream, ReplayStream::Screenshot);
        QCOMPARE(report->divergences.first().index, 4);
        qInfo().noquote() << SandboxSessionReplayer::summary(*report);
    }

    void cliRecordsAScreenshotAndReplaysIt()
    {
        QVERIFY2(QFile::exists(cliPath()), "SANDBENCH_CLI does not name sandbench-cli");
        const QString path = m_dir.filePath(QStringLiteral("cli-desktop.sbsession"));
        QProcess cli;
        cli.start(cliPath(), {QStringLiteral("sandbox"), QStringLiteral("run"), QStringLiteral("--image"), desktopImage,
                              QStringLiteral("--lifetime"), QStringLiteral("120"), QStringLiteral("--record"), path,
                              QStringLiteral("--screenshot"), QStringLiteral("--"), QStringLiteral("sleep"), QStringLiteral("2")});
        cli.closeWriteChannel();
        QVERIFY(cli.waitForFinished(180'000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        auto session = SandboxSession::read(path);
        VERIFY_OK(session);
        QCOMPARE(session->steps.size(), 2);
        QVERIFY(session->steps.at(1).is<SandboxScreenshotStep>());
        QVERIFY(session->load(1, SandboxPayloadKind::Png)->startsWith("\x89PNG"));

        cli.start(cliPath(), {QStringLiteral("replay"), path});
        QVERIFY(cli.waitForFinished(180'000));
        const QByteArray out = cli.readAllStandardOutput();
        QVERIFY2(cli.exitCode() == 0, qPrintable(QString::fromUtf8(out + cli.readAllStandardError())));
        QCOMPARE(out, QByteArray("identical\n"));

        // Without a desktop, --screenshot is refused before the command runs.
        const QString plain = m_dir.filePath(QStringLiteral("cli-plain.sbsession"));
        cli.start(cliPath(), {QStringLiteral("sandbox"), QStringLiteral("run"), QStringLiteral("--record"), plain,
                              QStringLiteral("--screenshot"), QStringLiteral("--"), QStringLiteral("echo"), QStringLiteral("ran")});
        cli.closeWriteChannel();
        QVERIFY(cli.waitForFinished(180'000));
        QCOMPARE(cli.exitCode(), 2);
        QVERIFY(cli.readAllStandardOutput().isEmpty());
        const QByteArray err = cli.readAllStandardError();
        QVERIFY2(err.contains("--screenshot needs an image with a desktop"), err.constData());
        QVERIFY(!QFile::exists(plain));
    }
};

QTEST_GUILESS_MAIN(TestDesktopSession)
#include "tst_desktopsession.moc"
