// Recording desktop calls and replaying them, against a fake provider whose sandboxes have a
// desktop (no engine needed): the recorder keeps each call's arguments and the screenshot it
// took; the replay sends the same input and compares screenshots by pixels, within the
// tolerance, retaking a screenshot until the screen settles; env values are kept only when asked
// for and replayed when present; a sandbox without a desktop records and replays the failure.
// The replayer is driven through the SessionReplayer interface the GUI and the CLI use: progress,
// cancel, payloads loaded from the session file one at a time and only when needed.
#include "fakeprovider.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandboxpool.h"
#include "session/sandbox/sandboxsessionreplayer.h"
#include "session/sandbox/sandboxsessionrecorder.h"

#include <QBuffer>
#include <QImage>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

QByteArray png(const QImage &image)
{
    QByteArray out;
    QBuffer buffer(&out);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return out;
}

// A 32x20 screen (640 pixels) of one colour, with `marked` pixels of the first row changed.
QByteArray screen(QRgb colour, int marked = 0)
{
    QImage image(32, 20, QImage::Format_RGB32);
    image.fill(colour);
    for (int x = 0; x < marked; ++x)
        image.setPixel(x, 0, qRgb(255, 255, 255));
    return png(image);
}

class DesktopProvider;

// Desktop commands reach the backend as `sh -c GUARD sandbench xdotool ...` or `... import ...`:
// xdotool succeeds (the fake echoes), import answers with the provider's next screen.
class DesktopBackend : public FakeBackend
{
public:
    DesktopBackend(DesktopProvider *provider, const QString &id);
    bool hasDesktop() const override { return true; }
    ExecJob *exec(const BackendExecRequest &request) override;

    // The desktop calls it received, without the guard: "xdotool mousemove 1 2", "import ...".
    QStringList desktopCalls;

private:
    DesktopProvider *m_provider;
};

class DesktopProvider : public FakeProvider
{
public:
    DesktopProvider() { m_features.desktop = true; }

    Operation<SandboxBackend *> *create(const BackendCreateRequest &request) override
    {
        creates << request;
        auto *op = new Operation<SandboxBackend *>(this);
        auto *backend = new DesktopBackend(this, QStringLiteral("desktop-%1").arg(creates.size()));
        backends << backend;
        QTimer::singleShot(0, op, [op, backend] { op->finish(backend); });
        return op;
    }

    // Screenshots show these in turn; the last one stays.
    QList<QByteArray> screens{screen(qRgb(0, 0, 0))};
    int screenshots = 0;

    QByteArray nextScreen()
    {
        ++screenshots;
        return screens.size() > 1 ? screens.takeFirst() : screens.first();
    }
};

DesktopBackend::DesktopBackend(DesktopProvider *provider, const QString &id)
    : FakeBackend(id, nullptr)
    , m_provider(provider)
{
}

ExecJob *DesktopBackend::exec(const BackendExecRequest &request)
{
    const qsizetype tool = request.argv.indexOf(QStringLiteral("sandbench")) + 1;
    if (request.argv.value(0) != QLatin1String("sh") || tool <= 0)
        return FakeBackend::exec(request);
    execs << request;
    desktopCalls << request.argv.mid(tool).join(QLatin1Char(' '));
    SandboxExecResult r;
    r.exitCode = 0;
    if (request.argv.value(tool) == QLatin1String("import"))
        r.stdoutData = m_provider->nextScreen();
    auto *job = new ExecJob(this);
    job->finish(r);
    return job;
}

QString why(const Error &e)
{
    return errorCodeName(e.code) + QStringLiteral(": ") + e.message;
}

std::unique_ptr<SandboxPool> openPool(std::unique_ptr<FakeProvider> provider)
{
    PoolOptions po;
    po.maxSandboxes = 2;
    po.maxLifetimeMs = 600'000;
    auto pool = SandboxPool::open(std::move(provider), po);
    if (!pool)
        qWarning("pool: %s", qPrintable(why(pool.error())));
    return pool ? std::move(*pool) : nullptr;
}

Sandbox *make(SandboxPool *pool, const QMap<QString, QString> &env = {})
{
    SandboxOptions so;
    so.lifetimeMs = 60'000;
    so.image = QStringLiteral("sandbench/desktop:2");
    so.env = env;
    auto r = waitFor(pool->create(so), 10'000);
    if (!r)
        qWarning("create: %s", qPrintable(why(r.error())));
    return r ? *r : nullptr;
}

SandboxReplayOptions quick(double tolerance = 0.001)
{
    SandboxReplayOptions o;
    o.screenshotTolerance = tolerance;
    o.screenshotSettleMs = 0; // one screenshot per step, unless a test is about settling
    return o;
}

} // namespace

#define VERIFY_OK(r) QVERIFY2((r), qPrintable((r) ? QString() : why((r).error())))

class TestSandboxReplayer : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

    // Records: click, move, scroll, type, key, screenshot (steps 1 to 6) on a screen of `shown`.
    SandboxSession recordDesktop(const QByteArray &shown)
    {
        auto provider = std::make_unique<DesktopProvider>();
        provider->screens = {shown};
        auto pool = openPool(std::move(provider));
        Sandbox *s = pool ? make(pool.get()) : nullptr;
        if (!s)
            return {};
        SandboxSessionRecorder recorder(s);
        const bool ok = waitFor(recorder.click(10, 20, MouseButton::Right, 2), 10'000)
                && waitFor(recorder.move(3, 4), 10'000)
                && waitFor(recorder.scroll(5, 6, -1, 2), 10'000)
                && waitFor(recorder.type(QStringLiteral("hello world")), 10'000)
                && waitFor(recorder.key(QStringLiteral("ctrl+s")), 10'000)
                && waitFor(recorder.screenshot(), 10'000);
        if (!ok)
            qWarning("a desktop call failed");
        return ok ? recorder.session() : SandboxSession();
    }

    Result<ReplayReport> replay(const SandboxSession &session, const QList<QByteArray> &screens,
                                const SandboxReplayOptions &options, DesktopProvider **seen = nullptr)
    {
        auto provider = std::make_unique<DesktopProvider>();
        provider->screens = screens;
        DesktopProvider *p = provider.get();
        auto pool = openPool(std::move(provider));
        if (!pool)
            return fail(ErrorCode::Internal, QStringLiteral("no pool"));
        auto report = SandboxSessionReplayer::runToEnd(session, pool.get(), options);
        if (seen) {
            // Kept for the caller: the pool (and its provider) must outlive the test's checks.
            m_keep.push_back(std::move(pool));
            *seen = p;
        }
        return report;
    }

    std::vector<std::unique_ptr<SandboxPool>> m_keep;

private slots:
    void cleanupTestCase() { m_keep.clear(); }

    void recordsDesktopCallsAndReplaysThemIdentically()
    {
        const QByteArray shown = screen(qRgb(0, 0, 128));
        const SandboxSession session = recordDesktop(shown);
        QCOMPARE(session.steps.size(), 6);
        const SandboxInputStep *click = session.steps.at(0).as<SandboxInputStep>();
        QVERIFY(click);
        QCOMPARE(click->action, SandboxInputStep::Action::Click);
        QCOMPARE(click->x, 10);
        QCOMPARE(click->y, 20);
        QCOMPARE(click->button, MouseButton::Right);
        QCOMPARE(click->count, 2);
        QCOMPARE(session.steps.at(2).as<SandboxInputStep>()->dx, -1);
        QCOMPARE(session.steps.at(2).as<SandboxInputStep>()->dy, 2);
        QCOMPARE(session.steps.at(3).as<SandboxInputStep>()->text, QStringLiteral("hello world"));
        QCOMPARE(session.steps.at(4).as<SandboxInputStep>()->text, QStringLiteral("ctrl+s"));
        QVERIFY(session.steps.at(5).is<SandboxScreenshotStep>());
        QCOMPARE(*session.load(5, SandboxPayloadKind::Png), shown);
        for (const SandboxStep &step : session.steps)
            QVERIFY(!step.outcome.error);

        const QString path = m_dir.filePath(QStringLiteral("desktop.sbsession"));
        QVERIFY(session.write(path));
        auto read = SandboxSession::read(path);
        VERIFY_OK(read);
        QCOMPARE(*read, session);

        DesktopProvider *replayed = nullptr;
        auto report = replay(*read, {shown}, quick(), &replayed);
        VERIFY_OK(report);
        QVERIFY2(report->identical, qPrintable(SandboxSessionReplayer::summary(*report)));
        // The replay sent exactly the recorded input, in order, then took one screenshot.
        auto *backend = static_cast<DesktopBackend *>(replayed->backends.first());
        QCOMPARE(backend->desktopCalls.mid(0, 5),
                 (QStringList{QStringLiteral("xdotool mousemove 10 20 click --repeat 2 3"),
                              QStringLiteral("xdotool mousemove 3 4"),
                              QStringLiteral("xdotool mousemove 5 6 click --repeat 2 5 click --repeat 1 6"),
                              QStringLiteral("xdotool type --delay 8 -- hello world"),
                              QStringLiteral("xdotool key -- ctrl+s")}));
        QCOMPARE(replayed->screenshots, 1);
    }

    void anotherScreenDivergesAtItsStep()
    {
        const SandboxSession session = recordDesktop(screen(qRgb(0, 0, 128)));
        QCOMPARE(session.steps.size(), 6);
        auto report = replay(session, {screen(qRgb(200, 0, 0))}, quick());
        VERIFY_OK(report);
        QVERIFY(!report->identical);
        QCOMPARE(report->divergences.size(), 1);
        const Divergence &d = report->divergences.first();
        QCOMPARE(d.stream, ReplayStream::Screenshot);
        QCOMPARE(d.index, 6);
        QVERIFY2(d.recorded.startsWith(QLatin1String("32x20 PNG, ")), qPrintable(d.recorded));
        QVERIFY2(d.replayed.contains(QLatin1String("100.00% of the pixels differ (640 of 640), within 32x20 at (0, 0)")),
                 qPrintable(d.replayed));
        QVERIFY(SandboxSessionReplayer::summary(*report).startsWith(QStringLiteral("diverged: screenshot at step 6\n")));
    }

    void toleranceLetsAFewPixelsPass()
    {
        const QByteArray base = screen(qRgb(0, 0, 128));
        const SandboxSession session = recordDesktop(base);
        // 3 of 640 pixels (0.47%) differ.
        const QByteArray touched = screen(qRgb(0, 0, 128), 3);
        auto loose = replay(session, {touched}, quick(0.01));
        VERIFY_OK(loose);
        QVERIFY2(loose->identical, qPrintable(SandboxSessionReplayer::summary(*loose)));
        auto strict = replay(session, {touched}, quick(0.0));
        VERIFY_OK(strict);
        QVERIFY(!strict->identical);
        QVERIFY2(strict->divergences.first().replayed.contains(QLatin1String("(3 of 640), within 3x1 at (0, 0)")),
                 qPrintable(strict->divergences.first().replayed));
    }

    void aSettlingScreenIsTakenAgain()
    {
        const QByteArray done = screen(qRgb(0, 0, 128));
        const QByteArray drawing = screen(qRgb(9, 9, 9));
        const SandboxSession session = recordDesktop(done);
        SandboxReplayOptions patient = quick();
        patient.screenshotSettleMs = 10'000;
        DesktopProvider *seen = nullptr;
        auto report = replay(session, {drawing, drawing, done}, patient, &seen);
        VERIFY_OK(report);
        QVERIFY2(report->identical, qPrintable(SandboxSessionReplayer::summary(*report)));
        QCOMPARE(seen->screenshots, 3);
        // Without the wait, the first (still drawing) screen is what is compared.
        auto hasty = replay(session, {drawing, done}, quick());
        VERIFY_OK(hasty);
        QVERIFY(!hasty->identical);
        QCOMPARE(hasty->divergences.first().stream, ReplayStream::Screenshot);
    }

    void otherSizesAndUnreadablePicturesDiverge()
    {
        SandboxSession session = recordDesktop(screen(qRgb(0, 0, 128)));
        QImage small(16, 10, QImage::Format_RGB32);
        small.fill(qRgb(0, 0, 128));
        auto sized = replay(session, {png(small)}, quick());
        VERIFY_OK(sized);
        QVERIFY(!sized->identical);
        QVERIFY2(sized->divergences.first().replayed.startsWith(QLatin1String("16x10 PNG")), qPrintable(sized->divergences.first().replayed));
        QVERIFY(sized->divergences.first().replayed.endsWith(QLatin1String(": another size")));

        // A recorded picture that cannot be decoded is compared by bytes.
        session.steps[5].as<SandboxScreenshotStep>()->png = session.addPayload(QByteArray("\x89PNG\r\n\x1a\n", 8) + QByteArray("garbage"));
        auto unreadable = replay(session, {screen(qRgb(0, 0, 128))}, quick());
        VERIFY_OK(unreadable);
        QVERIFY(!unreadable->identical);
        const Divergence &d = unreadable->divergences.first();
        QCOMPARE(d.index, 6);
        QVERIFY2(d.recorded.startsWith(QLatin1String("15 bytes, sha256 ")) && d.recorded.contains(QLatin1String("not a readable PNG")),
                 qPrintable(d.recorded));
    }

    void withoutADesktopCallsFailAndAreRecordedSo()
    {
        auto pool = openPool(std::make_unique<FakeProvider>());
        QVERIFY(pool);
        Sandbox *s = make(pool.get());
        QVERIFY(s);
        QVERIFY(!s->desktop());
        SandboxSessionRecorder recorder(s);
        auto clicked = waitFor(recorder.click(1, 1), 10'000);
        QVERIFY(!clicked);
        QCOMPARE(clicked.error().code, ErrorCode::InvalidInput);
        auto shot = waitFor(recorder.screenshot(), 10'000);
        QVERIFY(!shot);
        QVERIFY2(shot.error().message.contains(QLatin1String("has no desktop")), qPrintable(shot.error().message));
        QCOMPARE(recorder.session().steps.size(), 2);
        QCOMPARE(recorder.session().steps.at(0).outcome.errorCode, QStringLiteral("invalid_input"));
        QCOMPARE(recorder.session().steps.at(1).outcome.errorCode, QStringLiteral("invalid_input"));
        QVERIFY(!recorder.session().steps.at(1).as<SandboxScreenshotStep>()->png);
        // Written and read back, and replayed where there is no desktop either: the same failures.
        const QString path = m_dir.filePath(QStringLiteral("nodesktop.sbsession"));
        QVERIFY(recorder.session().write(path));
        auto read = SandboxSession::read(path);
        VERIFY_OK(read);
        auto report = SandboxSessionReplayer::runToEnd(*read, pool.get(), quick());
        VERIFY_OK(report);
        QVERIFY2(report->identical, qPrintable(SandboxSessionReplayer::summary(*report)));
        // Where there is a desktop, the step's outcome differs.
        auto elsewhere = replay(*read, {screen(qRgb(0, 0, 0))}, quick());
        VERIFY_OK(elsewhere);
        QVERIFY(!elsewhere->identical);
        QCOMPARE(elsewhere->divergences.first(),
                 (Divergence{ReplayStream::Exit, 1, QStringLiteral("failed (invalid_input)"), QStringLiteral("sent")}));
    }

    void envValuesOnlyWhenAskedAndReplayedWhenPresent()
    {
        const QString secret = QStringLiteral("s3cr3t");
        auto pool = openPool(std::make_unique<FakeProvider>());
        QVERIFY(pool);
        Sandbox *s = make(pool.get(), {{QStringLiteral("TOKEN"), secret}});
        QVERIFY(s);
        ExecOptions withEnv;
        withEnv.env.insert(QStringLiteral("MODE"), QStringLiteral("fast"));

        SandboxSessionRecorder recorder(s);
        QVERIFY(!recorder.recordsEnvValues());
        QVERIFY(waitFor(recorder.exec({QStringLiteral("echo"), QStringLiteral("one")}, withEnv), 10'000));
        QCOMPARE(recorder.session().envNames, QStringList{QStringLiteral("TOKEN")});
        QVERIFY(recorder.session().envValues.isEmpty());
        QCOMPARE(recorder.session().steps.at(0).as<SandboxExecStep>()->envNames, QStringList{QStringLiteral("MODE")});
        QVERIFY(recorder.session().steps.at(0).as<SandboxExecStep>()->envValues.isEmpty());

        // Without values, the replay names each it lacks and makes no sandbox.
        auto counted = std::make_unique<FakeProvider>();
        FakeProvider *countedProvider = counted.get();
        auto countedPool = openPool(std::move(counted));
        QVERIFY(countedPool);
        auto nameless = SandboxSessionReplayer::runToEnd(recorder.session(), countedPool.get(), quick());
        QVERIFY(!nameless);
        QCOMPARE(nameless.error().code, ErrorCode::ConfigError);
        QVERIFY2(nameless.error().message.endsWith(QStringLiteral("their values: TOKEN, MODE")), qPrintable(nameless.error().message));
        SandboxReplayOptions half = quick();
        half.env.insert(QStringLiteral("MODE"), QStringLiteral("fast"));
        auto halfReport = SandboxSessionReplayer::runToEnd(recorder.session(), countedPool.get(), half);
        QVERIFY(!halfReport && halfReport.error().message.endsWith(QStringLiteral("its value: TOKEN")));
        // A name the session never had is refused, even next to the right ones.
        SandboxReplayOptions extra = quick();
        extra.env = {{QStringLiteral("TOKEN"), secret}, {QStringLiteral("MODE"), QStringLiteral("fast")}, {QStringLiteral("OTHER"), {}}};
        auto extraReport = SandboxSessionReplayer::runToEnd(recorder.session(), countedPool.get(), extra);
        QVERIFY(!extraReport);
        QCOMPARE(extraReport.error().message, QStringLiteral("the session has no variable OTHER"));
        QVERIFY(countedProvider->creates.isEmpty());
        // Given, the sandbox and the command get them; the replayed steps do not keep them.
        SandboxReplayOptions given = quick();
        given.env = {{QStringLiteral("TOKEN"), secret}, {QStringLiteral("MODE"), QStringLiteral("fast")}};
        SandboxSessionReplayer givenReplay(recorder.session(), countedPool.get(), given);
        auto givenReport = runReplayToEnd(givenReplay);
        VERIFY_OK(givenReport);
        QVERIFY2(givenReport->identical, qPrintable(SandboxSessionReplayer::summary(*givenReport)));
        QCOMPARE(countedProvider->creates.first().options.env.value(QStringLiteral("TOKEN")), secret);
        QCOMPARE(countedProvider->backends.first()->execs.first().env.value(QStringLiteral("MODE")), QStringLiteral("fast"));
        QVERIFY(!englishNotes(givenReport->notes).join(QLatin1Char(' ')).contains(secret));
        QVERIFY(givenReplay.replayed().envValues.isEmpty());
        for (const SandboxStep &step : givenReplay.replayed().steps)
            QVERIFY(step.as<SandboxExecStep>()->envValues.isEmpty());

        recorder.setRecordEnvValues(true);
        QVERIFY(recorder.recordsEnvValues());
        QVERIFY(waitFor(recorder.exec({QStringLiteral("echo"), QStringLiteral("two")}, withEnv), 10'000));
        SandboxSession valued = recorder.session();
        QCOMPARE(valued.envValues.value(QStringLiteral("TOKEN")), secret);
        QVERIFY(valued.steps.at(0).as<SandboxExecStep>()->envValues.isEmpty()); // called before values were kept
        QCOMPARE(valued.steps.at(1).as<SandboxExecStep>()->envValues.value(QStringLiteral("MODE")), QStringLiteral("fast"));

        // With values, the replay's sandbox and command get them.
        auto provider = std::make_unique<FakeProvider>();
        FakeProvider *p = provider.get();
        auto replayPool = openPool(std::move(provider));
        QVERIFY(replayPool);
        valued.steps.removeFirst();
        auto report = SandboxSessionReplayer::runToEnd(valued, replayPool.get(), quick());
        VERIFY_OK(report);
        QVERIFY2(report->identical, qPrintable(SandboxSessionReplayer::summary(*report)));
        QVERIFY2(report->notes.isEmpty(), qPrintable(englishNotes(report->notes).join(QLatin1Char('\n'))));
        QCOMPARE(p->creates.first().options.env.value(QStringLiteral("TOKEN")), secret);
        QCOMPARE(p->backends.first()->execs.first().env.value(QStringLiteral("MODE")), QStringLiteral("fast"));

        // Turned off again, every value goes, the steps' too.
        recorder.setRecordEnvValues(false);
        QVERIFY(recorder.session().envValues.isEmpty());
        for (const SandboxStep &step : recorder.session().steps)
            QVERIFY(step.as<SandboxExecStep>()->envValues.isEmpty());
    }
    void drivenThroughTheInterfaceWithPayloadsFromTheFile()
    {
        auto pool = openPool(std::make_unique<FakeProvider>());
        QVERIFY(pool);
        Sandbox *s = make(pool.get());
        QVERIFY(s);
        SandboxSessionRecorder recorder(s);
        QVERIFY(waitFor(recorder.writeFile(QStringLiteral("notes.txt"), "written bytes\n"), 10'000));
        ExecOptions withStdin;
        withStdin.stdinData = QByteArray("stdin bytes\n");
        QVERIFY(waitFor(recorder.exec({QStringLiteral("echo"), QStringLiteral("one")}, withStdin), 10'000));
        QVERIFY(waitFor(recorder.exec({QStringLiteral("echo"), QStringLiteral("two")}), 10'000));
        const QString path = m_dir.filePath(QStringLiteral("interface.sbsession"));
        QVERIFY(recorder.session().write(path));
        auto read = SandboxSession::read(path);
        VERIFY_OK(read);
        // Nothing is held in memory but what the reader keeps of small payloads.
        read->payloads = std::make_shared<SandboxPayloads>();
        read->payloads->setArchive(path, {});

        auto provider = std::make_unique<FakeProvider>();
        FakeProvider *p = provider.get();
        auto replayPool = openPool(std::move(provider));
        QVERIFY(replayPool);
        SandboxSessionReplayer sandboxReplayer(*read, replayPool.get(), quick());
        SessionReplayer &replayer = sandboxReplayer;
        QSignalSpy progress(&replayer, &SessionReplayer::progress);
        QSignalSpy finished(&replayer, &SessionReplayer::finished);
        QSignalSpy failed(&replayer, &SessionReplayer::failed);
        QSignalSpy steps(&sandboxReplayer, &SandboxSessionReplayer::stepReplayed);
        replayer.start();
        QVERIFY(replayer.isRunning());
        QCOMPARE(finished.count(), 0); // never before start() returns
        QVERIFY(finished.wait(30'000));
        QCOMPARE(failed.count(), 0);
        QVERIFY(!replayer.isRunning());
        const auto report = finished.first().first().value<ReplayReport>();
        QVERIFY2(report.identical, qPrintable(SandboxSessionReplayer::summary(report)));
        QCOMPARE(steps.count(), 3);
        QCOMPARE(progress.count(), 4);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(progress.at(i), (QVariantList{qint64(i), qint64(3)}));
        // The write and the stdin were loaded from the file and sent as recorded.
        FakeBackend *backend = p->backends.first();
        QCOMPARE(backend->files.value(backend->paths.first()), QByteArray("written bytes\n"));
        QCOMPARE(backend->execs.first().stdinData, std::optional<QByteArray>("stdin bytes\n"));
        QCOMPARE(backend->releases, 1);
        // The replayed outputs are the replay's own, with their payloads.
        QCOMPARE(sandboxReplayer.replayed().steps.size(), 3);
        QCOMPARE(sandboxReplayer.replayed().load(2, SandboxPayloadKind::Stdout).value_or(QByteArray()), QByteArray("echo two"));
    }

    void aDifferingOutputIsLoadedToNameItsLine()
    {
        auto pool = openPool(std::make_unique<FakeProvider>());
        QVERIFY(pool);
        Sandbox *s = make(pool.get());
        QVERIFY(s);
        SandboxSessionRecorder recorder(s);
        QVERIFY(waitFor(recorder.exec({QStringLiteral("echo"), QStringLiteral("same")}), 10'000));
        QVERIFY(waitFor(recorder.exec({QStringLiteral("echo"), QStringLiteral("real")}), 10'000));
        SandboxSession edited = recorder.session();
        edited.steps[1].as<SandboxExecStep>()->stdoutData = edited.addPayload("echo recorded");
        const QString path = m_dir.filePath(QStringLiteral("differs.sbsession"));
        QVERIFY(edited.write(path));
        auto read = SandboxSession::read(path);
        VERIFY_OK(read);
        read->payloads = std::make_shared<SandboxPayloads>(); // from the file alone
        read->payloads->setArchive(path, {});
        auto report = SandboxSessionReplayer::runToEnd(*read, pool.get(), quick());
        VERIFY_OK(report);
        QVERIFY(!report->identical);
        QCOMPARE(report->divergences.first(),
                 (Divergence{ReplayStream::Stdout, 2, QStringLiteral("echo recorded"), QStringLiteral("echo real")}));
    }

    void aPayloadOverTheCapIsRefusedNamingStepAndMember()
    {
        SandboxSession session;
        SandboxExecStep exec;
        exec.argv = {QStringLiteral("cat")};
        exec.stdoutData = session.addPayload(QByteArray(100, 'x'));
        session.steps << SandboxStep{exec, {}};
        const QString path = m_dir.filePath(QStringLiteral("capped.sbsession"));
        QVERIFY(session.write(path));
        auto read = SandboxSession::read(path);
        VERIFY_OK(read);
        auto capped = read->load(0, SandboxPayloadKind::Stdout, 99);
        QVERIFY(!capped);
        QCOMPARE(capped.error().code, ErrorCode::LimitExceeded);
        const QString member = QStringLiteral("files/") + exec.stdoutData.sha256;
        QVERIFY2(capped.error().message.contains(QStringLiteral("step 1: its stdout (%1, 100 bytes)").arg(member)),
                 qPrintable(capped.error().message));
        QCOMPARE(read->load(0, SandboxPayloadKind::Stdout, 100).value_or(QByteArray()), QByteArray(100, 'x'));
        auto none = read->load(0, SandboxPayloadKind::Png);
        QVERIFY(!none);
        QVERIFY2(none.error().message.contains(QStringLiteral("step 1: its png")), qPrintable(none.error().message));
    }

    void aFileChangedAfterOpeningIsCaughtOnLoad()
    {
        // Big enough that the reader does not keep it: it is loaded from the file, and checked.
        const QByteArray big(SandboxPayloads::maxKeptPayloadBytes + 1, 'a');
        SandboxSession session;
        session.steps << SandboxStep{SandboxWriteStep{QStringLiteral("big"), session.addPayload(big)}, {}};
        const QString path = m_dir.filePath(QStringLiteral("changed.sbsession"));
        QVERIFY(session.write(path));
        auto read = SandboxSession::read(path);
        VERIFY_OK(read);
        QCOMPARE(read->payloads->bytesInMemory(), 0);
        QCOMPARE(read->load(0, SandboxPayloadKind::Data).value_or(QByteArray()), big);
        // Replaced by a file whose member has the same name but other bytes.
        QList<ArchiveMember> forged{{QStringLiteral("manifest.json"), "{}", {}},
                                    {QStringLiteral("files/") + payloadRefOf(big).sha256, QByteArray(big.size(), 'b'), {}}};
        QVERIFY(writeArchive(path, forged, QStringLiteral("SHA256SUMS")));
        auto changed = read->load(0, SandboxPayloadKind::Data);
        QVERIFY(!changed);
        QVERIFY2(changed.error().message.contains(QStringLiteral("does not match its digest")), qPrintable(changed.error().message));
        QVERIFY2(changed.error().message.contains(QStringLiteral("step 1: its data")), qPrintable(changed.error().message));
    }

    void cancelStopsTheReplayAndReleasesItsSandbox()
    {
        SandboxSession session;
        SandboxExecStep sleeper;
        sleeper.argv = {QStringLiteral("sleep"), QStringLiteral("600")};
        sleeper.timeoutMs = 600'000;
        session.steps << SandboxStep{sleeper, {}} << SandboxStep{sleeper, {}};
        auto provider = std::make_unique<FakeProvider>();
        FakeProvider *p = provider.get();
        auto pool = openPool(std::move(provider));
        QVERIFY(pool);
        SandboxSessionReplayer replayer(session, pool.get(), quick());
        QSignalSpy failed(&replayer, &SessionReplayer::failed);
        QSignalSpy finished(&replayer, &SessionReplayer::finished);
        replayer.start();
        QTRY_VERIFY_WITH_TIMEOUT(!p->backends.isEmpty() && !p->backends.first()->execs.isEmpty(), 10'000);
        replayer.cancel();
        QVERIFY(failed.wait(10'000));
        QCOMPARE(failed.first().first().value<Error>().code, ErrorCode::Cancelled);
        QCOMPARE(finished.count(), 0);
        QVERIFY(!replayer.isRunning());
        QCOMPARE(p->backends.first()->execs.size(), 1); // the second step never ran
        QCOMPARE(p->backends.first()->releases, 1);
    }
};

QTEST_GUILESS_MAIN(TestSandboxReplayer)
#include "tst_sandboxreplayer.moc"
