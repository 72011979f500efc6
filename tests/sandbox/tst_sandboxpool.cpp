// The pool's limits and checks, against a fake provider: every refusal must happen before the
// provider sees the call.
#include "fakeprovider.h"

#include "sandbox/sandboxpool.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QSignalSpy>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestSandboxPool : public QObject
{
    Q_OBJECT

private:
    FakeProvider *m_provider = nullptr;

    std::unique_ptr<SandboxPool> openPool(PoolOptions options = {})
    {
        if (options.maxSandboxes == 0)
            options.maxSandboxes = 4;
        if (options.maxLifetimeMs == 0)
            options.maxLifetimeMs = 600'000;
        auto provider = std::make_unique<FakeProvider>();
        m_provider = provider.get();
        auto pool = SandboxPool::open(std::move(provider), options);
        if (!pool)
            qFatal("pool: %s", qPrintable(pool.error().message));
        return std::move(*pool);
    }

    static Sandbox *make(SandboxPool *pool, SandboxOptions options = {})
    {
        if (options.lifetimeMs == 0)
            options.lifetimeMs = std::min<qint64>(60'000, pool->options().maxLifetimeMs);
        auto r = waitFor(pool->create(options), 5000);
        return r ? *r : nullptr;
    }

    static ErrorCode codeOf(const std::optional<Error> &e) { return e ? e->code : ErrorCode::Internal; }

private slots:
    void openChecksOptions_data()
    {
        QTest::addColumn<int>("maxSandboxes");
        QTest::addColumn<qint64>("maxLifetimeMs");
        QTest::addColumn<bool>("domains");
        QTest::addColumn<qint64>("execTimeoutMs");
        QTest::newRow("no maxSandboxes") << 0 << qint64(1000) << false << qint64(1000);
        QTest::newRow("no maxLifetimeMs") << 1 << qint64(0) << false << qint64(1000);
        QTest::newRow("lifetime over the provider's") << 1 << qint64(7'200'000) << false << qint64(1000);
        QTest::newRow("network the provider lacks") << 1 << qint64(1000) << true << qint64(1000);
        QTest::newRow("exec timeout over the maximum") << 1 << qint64(1000) << false << qint64(31 * 60'000);
    }
    void openChecksOptions()
    {
        QFETCH(int, maxSandboxes);
        QFETCH(qint64, maxLifetimeMs);
        QFETCH(bool, domains);
        QFETCH(qint64, execTimeoutMs);
        PoolOptions o;
        o.maxSandboxes = maxSandboxes;
        o.maxLifetimeMs = maxLifetimeMs;
        o.execTimeoutMs = execTimeoutMs;
        if (domains)
            o.network << NetworkKind::Domains;
        auto pool = SandboxPool::open(std::make_unique<FakeProvider>(), o);
        QVERIFY(!pool);
        QCOMPARE(pool.error().code, ErrorCode::InvalidConfig);
    }

    void warmNeedsRoomAndAProviderThatCan()
    {
        PoolOptions o;
        o.maxSandboxes = 2;
        o.maxLifetimeMs = 1000;
        // The fake provider cannot keep sandboxes warm: refused, not silently cold.
        o.warm = 1;
        auto cannot = SandboxPool::open(std::make_unique<FakeProvider>(), o);
        QVERIFY(!cannot);
        QCOMPARE(cannot.error().code, ErrorCode::InvalidConfig);
        for (int bad : {-1, 3}) {
            o.warm = bad;
            auto pool = SandboxPool::open(std::make_unique<FakeProvider>(), o);
            QVERIFY(!pool);
            QCOMPARE(pool.error().code, ErrorCode::InvalidConfig);
        }
        o.warm = 0;
        QVERIFY(SandboxPool::open(std::make_unique<FakeProvider>(), o));
    }

    void createChecksLifetimeAndNetwork()
    {
        auto pool = openPool();
        SandboxOptions o;
        auto r = waitFor(pool->create(o), 1000);
        QCOMPARE(r.error().code, ErrorCode::InvalidInput); // lifetime required
        o.lifetimeMs = 600'001;
        r = waitFor(pool->create(o), 1000);
        QCOMPARE(r.error().code, ErrorCode::LimitExceeded);
        o.lifetimeMs = 1000;
        o.network.kind = NetworkKind::All;
        r = waitFor(pool->create(o), 1000);
        QCOMPARE(r.error().code, ErrorCode::PermissionDenied); // the pool allows only none
        o.network.kind = NetworkKind::Domains;
        o.network.domains = {QStringLiteral("example.org")};
        r = waitFor(pool->create(o), 1000);
        QCOMPARE(r.error().code, ErrorCode::InvalidInput); // the provider cannot
        o.network.kind = NetworkKind::None;
        o.ports = {8080};
        r = waitFor(pool->create(o), 1000);
        QCOMPARE(r.error().code, ErrorCode::InvalidInput); // ports need 'all'
        o.ports.clear();
        o.labels.insert(QStringLiteral("io.sandbench.owner"), QStringLiteral("me"));
        r = waitFor(pool->create(o), 1000);
        QCOMPARE(r.error().code, ErrorCode::InvalidInput); // reserved label
        o.labels.clear();
        o.env.insert(QStringLiteral("1BAD"), QStringLiteral("x"));
        r = waitFor(pool->create(o), 1000);
        QCOMPARE(r.error().code, ErrorCode::InvalidInput);
        QCOMPARE(m_provider->creates.size(), 0);
    }

    void networkAllowedByPool()
    {
        PoolOptions po;
        po.network = {NetworkKind::None, NetworkKind::All};
        po.labels.insert(QStringLiteral("team"), QStringLiteral("a"));
        auto pool = openPool(po);
        SandboxOptions o;
        o.network.kind = NetworkKind::All;
        o.ports = {3000};
        o.labels.insert(QStringLiteral("job"), QStringLiteral("b"));
        Sandbox *s = make(pool.get(), o);
        QVERIFY(s);
        QCOMPARE(m_provider->creates.size(), 1);
        const auto &req = m_provider->creates.first();
        QCOMPARE(req.labels.value(QStringLiteral("team")), QStringLiteral("a"));
        QCOMPARE(req.labels.value(QStringLiteral("job")), QStringLiteral("b"));
        QCOMPARE(req.options.image, QStringLiteral("fake:1"));
        QCOMPARE(s->url(3000)->toString(), QStringLiteral("http://127.0.0.1:13000"));
        QCOMPARE(s->url(3001).error().code, ErrorCode::InvalidInput);
    }

    void maxSandboxesCountsThoseBeingCreated()
    {
        PoolOptions po;
        po.maxSandboxes = 2;
        auto pool = openPool(po);
        m_provider->createDelayMs = 200;
        SandboxOptions o;
        o.lifetimeMs = 10'000;
        auto *a = pool->create(o);
        auto *b = pool->create(o);
        auto third = waitFor(pool->create(o), 100);
        QVERIFY(!third);
        QCOMPARE(third.error().code, ErrorCode::LimitExceeded);
        auto ra = waitFor(a, 5000);
        auto rb = waitFor(b, 5000);
        QVERIFY(ra && rb);
        QCOMPARE(pool->count(), 2);
        QVERIFY(waitFor((*ra)->release(), 1000));
        QCOMPARE(pool->count(), 1);
        QVERIFY(make(pool.get(), o));
    }

    void createWaitsForOrphanReaping()
    {
        auto provider = std::make_unique<FakeProvider>();
        provider->reapDelayMs = 300;
        m_provider = provider.get();
        PoolOptions po;
        po.maxSandboxes = 1;
        po.maxLifetimeMs = 10'000;
        auto pool = std::move(*SandboxPool::open(std::move(provider), po));
        QSignalSpy reaped(pool.get(), &SandboxPool::orphansReaped);
        QElapsedTimer clock;
        clock.start();
        QVERIFY(make(pool.get()));
        QVERIFY(clock.elapsed() >= 250);
        QCOMPARE(reaped.size(), 1);
        QCOMPARE(reaped.first().first().toInt(), 2);
        QCOMPARE(m_provider->reaps, 1);
    }

    void pathsAreResolvedAndChecked()
    {
        auto pool = openPool();
        Sandbox *s = make(pool.get());
        QVERIFY(s);
        auto *backend = m_provider->backends.first();
        QVERIFY(waitFor(s->writeFile(QStringLiteral("a/../b.txt"), "x"), 1000));
        QVERIFY(waitFor(s->writeFile(QStringLiteral("/abs//c/./d"), "x"), 1000));
        QVERIFY(waitFor(s->readFile(QStringLiteral("../../etc/passwd")), 1000));
        QCOMPARE(backend->paths, (QStringList{QStringLiteral("/work/b.txt"), QStringLiteral("/abs/c/d"),
                                              QStringLiteral("/etc/passwd")}));
        QCOMPARE(waitFor(s->readFile(QString()), 1000).error().code, ErrorCode::InvalidInput);
        QCOMPARE(waitFor(s->readFile(QStringLiteral("a") + QChar(0) + QStringLiteral("b")), 1000).error().code,
                 ErrorCode::InvalidInput);
        QCOMPARE(waitFor(s->removeFile(QStringLiteral("/"), true), 1000).error().code, ErrorCode::InvalidInput);
        QCOMPARE(backend->paths.size(), 3);
    }

    void pauseNeedsAProviderThatCan()
    {
        // A provider without a freezer: refused by name, and the sandbox stays as it was.
        auto pool = openPool();
        Sandbox *s = make(pool.get());
        QVERIFY(s);
        QVERIFY(!m_provider->supportsPause());
        for (VoidOperation *op : {s->pause(), s->resume()}) {
            auto r = waitFor(op, 1000);
            QVERIFY(!r);
            QCOMPARE(r.error().code, ErrorCode::InvalidInput);
            QVERIFY2(r.error().message.contains(QLatin1String("cannot pause")), qPrintable(r.error().message));
        }
        QVERIFY(!s->isPaused());
        QVERIFY(s->isAlive());
        QVERIFY(waitFor(s->writeFile(QStringLiteral("x"), "y"), 1000));
        QVERIFY(waitFor(s->release(), 1000));
        QCOMPARE(waitFor(s->pause(), 1000).error().code, ErrorCode::Gone);
    }

    void sizesAreCapped()
    {
        PoolOptions po;
        po.maxFileBytes = 100;
        po.maxOutputBytes = 10;
        auto pool = openPool(po);
        Sandbox *s = make(pool.get());
        QVERIFY(s);
        auto *backend = m_provider->backends.first();
        QCOMPARE(waitFor(s->writeFile(QStringLiteral("big"), QByteArray(101, 'x')), 1000).error().code,
                 ErrorCode::LimitExceeded);
        QVERIFY(waitFor(s->writeFile(QStringLiteral("ok"), QByteArray(100, 'x')), 1000));
        ExecOptions eo;
        eo.stdinData = QByteArray(101, 'x');
        QCOMPARE(waitFor(s->exec({QStringLiteral("cat")}, eo), 1000).error().code, ErrorCode::LimitExceeded);
        QCOMPARE(backend->execs.size(), 0);
        // A provider that ignores the cap is held to it anyway.
        backend->misbehaveBytes = 50;
        auto r = waitFor(s->exec({QStringLiteral("yes")}), 1000);
        QVERIFY(r);
        QCOMPARE(r->stdoutData.size(), 10);
        QVERIFY(r->truncated);
        QCOMPARE(backend->execs.last().maxOutputBytes, qint64(10));
    }

    void execOptionsAreChecked()
    {
        PoolOptions po;
        po.execTimeoutMs = 1234;
        po.maxExecTimeoutMs = 5000;
        auto pool = openPool(po);
        Sandbox *s = make(pool.get());
        QVERIFY(s);
        auto *backend = m_provider->backends.first();
        QCOMPARE(waitFor(s->exec({}), 1000).error().code, ErrorCode::InvalidInput);
        ExecOptions eo;
        eo.timeoutMs = 5001;
        QCOMPARE(waitFor(s->exec({QStringLiteral("true")}, eo), 1000).error().code, ErrorCode::LimitExceeded);
        eo.timeoutMs = 0;
        eo.env.insert(QStringLiteral("SANDBENCH_EXEC"), QStringLiteral("x"));
        QCOMPARE(waitFor(s->exec({QStringLiteral("true")}, eo), 1000).error().code, ErrorCode::InvalidInput);
        QCOMPARE(backend->execs.size(), 0);
        eo.env.clear();
        eo.cwd = QStringLiteral("sub/dir");
        QVERIFY(waitFor(s->exec({QStringLiteral("true")}, eo), 1000));
        QCOMPARE(backend->execs.last().timeoutMs, qint64(1234));
        QCOMPARE(backend->execs.last().cwd, QStringLiteral("/work/sub/dir"));
    }

    // `$` in a pattern matches before a final newline: every name, path and value that reaches a
    // shell, a file or the engine is checked whole, and control characters are refused.
    void namesAndValuesAreAnchoredAndClean_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("bad");
        const QString nl = QStringLiteral("\n");
        QTest::newRow("env name, final newline") << "env-name" << QStringLiteral("OK") + nl;
        QTest::newRow("env name, newline and command") << "env-name" << QStringLiteral("OK") + nl + QStringLiteral("touch /tmp/x");
        QTest::newRow("env name, carriage return") << "env-name" << QStringLiteral("OK\r");
        QTest::newRow("env value, escape") << "env-value" << QStringLiteral("a\x1b]0;owned\x07");
        QTest::newRow("env value, carriage return") << "env-value" << QStringLiteral("a\rb");
        QTest::newRow("env value, DEL") << "env-value" << QStringLiteral("a\x7f");
        QTest::newRow("exec env name, final newline") << "exec-env-name" << QStringLiteral("OK") + nl;
        QTest::newRow("exec env value, escape") << "exec-env-value" << QStringLiteral("\x1b[2J");
        QTest::newRow("label key, final newline") << "label-key" << QStringLiteral("team") + nl;
        QTest::newRow("label value, newline") << "label-value" << QStringLiteral("a") + nl + QStringLiteral("b");
        QTest::newRow("image, final newline") << "image" << QStringLiteral("alpine:3") + nl;
        QTest::newRow("cwd, escape") << "cwd" << QStringLiteral("dir\x1b");
        QTest::newRow("cwd, final newline") << "cwd" << QStringLiteral("dir") + nl;
        QTest::newRow("path, tab") << "path" << QStringLiteral("a\tb");
        QTest::newRow("path, C1 control") << "path" << QStringLiteral("a") + QChar(0x9b) + QStringLiteral("b");
    }

    void namesAndValuesAreAnchoredAndClean()
    {
        QFETCH(QString, what);
        QFETCH(QString, bad);
        auto pool = openPool();
        SandboxOptions so;
        so.lifetimeMs = 60'000;
        if (what == QLatin1String("env-name"))
            so.env.insert(bad, QStringLiteral("v"));
        else if (what == QLatin1String("env-value"))
            so.env.insert(QStringLiteral("OK"), bad);
        else if (what == QLatin1String("label-key"))
            so.labels.insert(bad, QStringLiteral("v"));
        else if (what == QLatin1String("label-value"))
            so.labels.insert(QStringLiteral("team"), bad);
        else if (what == QLatin1String("image"))
            so.image = bad;
        if (what.startsWith(QLatin1String("env")) || what.startsWith(QLatin1String("label")) || what == QLatin1String("image")) {
            auto r = waitFor(pool->create(so), 1000);
            QVERIFY(!r);
            QCOMPARE(r.error().code, ErrorCode::InvalidInput);
            QCOMPARE(m_provider->creates.size(), 0);
            return;
        }
        Sandbox *s = make(pool.get());
        QVERIFY(s);
        auto *backend = m_provider->backends.first();
        ExecOptions eo;
        if (what == QLatin1String("exec-env-name"))
            eo.env.insert(bad, QStringLiteral("v"));
        else if (what == QLatin1String("exec-env-value"))
            eo.env.insert(QStringLiteral("OK"), bad);
        else if (what == QLatin1String("cwd"))
            eo.cwd = bad;
        if (what == QLatin1String("path")) {
            QCOMPARE(waitFor(s->writeFile(bad, "x"), 1000).error().code, ErrorCode::InvalidInput);
            QCOMPARE(backend->paths.size(), 0);
            return;
        }
        QCOMPARE(waitFor(s->exec({QStringLiteral("true")}, eo), 1000).error().code, ErrorCode::InvalidInput);
        QCOMPARE(backend->execs.size(), 0);
    }

    // What stays allowed: env values with tabs and newlines (keys, certificates), any argv.
    void multilineValuesStayAllowed()
    {
        auto pool = openPool();
        SandboxOptions so;
        so.lifetimeMs = 60'000;
        so.env.insert(QStringLiteral("KEY"), QStringLiteral("-----BEGIN-----\n\tabc\n-----END-----\n"));
        Sandbox *s = make(pool.get(), so);
        QVERIFY(s);
        QVERIFY(waitFor(s->exec({QStringLiteral("printf"), QStringLiteral("a\nb\x1b")}), 1000));
    }

    void providerMaximaAreEnforced()
    {
        auto pool = openPool();
        SandboxOptions so;
        so.lifetimeMs = 60'000;
        so.memoryMiB = 1025;
        auto r = waitFor(pool->create(so), 1000);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::LimitExceeded);
        so.memoryMiB = 0;
        so.cpus = 2.5;
        r = waitFor(pool->create(so), 1000);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::LimitExceeded);
        so.cpus = std::numeric_limits<double>::quiet_NaN();
        r = waitFor(pool->create(so), 1000);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::InvalidInput);
        QCOMPARE(m_provider->creates.size(), 0);
        so.cpus = 2;
        so.memoryMiB = 1024;
        QVERIFY(make(pool.get(), so));
        // Every command's shell reads the whole env: it is bounded together, not only per value.
        SandboxOptions many;
        many.lifetimeMs = 60'000;
        for (int i = 0; i < 10; ++i)
            many.env.insert(QStringLiteral("V%1").arg(i), QString(120 * 1024, QLatin1Char('x')));
        auto tooMuch = waitFor(pool->create(many), 1000);
        QVERIFY(!tooMuch);
        QCOMPARE(tooMuch.error().code, ErrorCode::LimitExceeded);
        // The pool's own sizes are bounded too.
        PoolOptions big;
        big.maxSandboxes = 1;
        big.maxLifetimeMs = 1000;
        big.maxFileBytes = 4LL << 30;
        QVERIFY(!SandboxPool::open(std::make_unique<FakeProvider>(), big));
    }

    void stdinNeedsTheFeature()
    {
        auto provider = std::make_unique<FakeProvider>();
        provider->m_features.stdinSupported = false;
        PoolOptions po;
        po.maxSandboxes = 1;
        po.maxLifetimeMs = 10'000;
        auto pool = std::move(*SandboxPool::open(std::move(provider), po));
        Sandbox *s = make(pool.get());
        QVERIFY(s);
        ExecOptions eo;
        eo.stdinData = QByteArray("x");
        QCOMPARE(waitFor(s->exec({QStringLiteral("cat")}, eo), 1000).error().code, ErrorCode::InvalidInput);
    }

    void timedOutHasNoExitCode()
    {
        auto pool = openPool();
        Sandbox *s = make(pool.get());
        ExecOptions eo;
        eo.timeoutMs = 50;
        auto r = waitFor(s->exec({QStringLiteral("sleep")}, eo), 5000);
        QVERIFY(r);
        QVERIFY(r->timedOut);
        QVERIFY(!r->exitCode);
    }

    void cancelTokenCancels()
    {
        auto pool = openPool();
        Sandbox *s = make(pool.get());
        CancelToken token;
        ExecOptions eo;
        eo.timeoutMs = 10'000;
        ExecJob *job = s->exec({QStringLiteral("sleep")}, eo, &token);
        QTimer::singleShot(50, &token, &CancelToken::cancel);
        QVERIFY(job->waitForFinished(5000));
        QCOMPARE(codeOf(job->error()), ErrorCode::Cancelled);
        delete job;
    }

    void lifetimeEndsInGone()
    {
        auto pool = openPool();
        SandboxOptions o;
        o.lifetimeMs = 300;
        Sandbox *s = make(pool.get(), o);
        QVERIFY(s);
        QVERIFY(s->remainingMs() > 0 && s->remainingMs() <= 300);
        QSignalSpy removed(pool.get(), &SandboxPool::sandboxRemoved);
        ExecOptions eo;
        eo.timeoutMs = 10'000;
        QElapsedTimer clock;
        clock.start();
        auto r = waitFor(s->exec({QStringLiteral("sleep")}, eo), 5000);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::Gone);
        // Gone at the lifetime's end, not after the exec's own 10 s timeout.
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(s->state(), Sandbox::State::Gone);
        QCOMPARE(s->remainingMs(), qint64(0));
        QCOMPARE(removed.size(), 1);
        QCOMPARE(waitFor(s->readFile(QStringLiteral("x")), 1000).error().code, ErrorCode::Gone);
        QCOMPARE(s->url(1).error().code, ErrorCode::Gone);
        QCOMPARE(pool->count(), 0);
        QVERIFY(waitFor(s->release(), 1000)); // releasing a gone sandbox does nothing
    }

    void extendStaysWithinThePoolMaximum()
    {
        PoolOptions po;
        po.maxLifetimeMs = 2000;
        auto pool = openPool(po);
        SandboxOptions o;
        o.lifetimeMs = 400;
        Sandbox *s = make(pool.get(), o);
        QVERIFY(s);
        auto *backend = static_cast<FakeBackend *>(s->backend());
        const qsizetype execsBefore = backend->execs.size();
        // Past the pool's maximum: refused before the provider hears of it.
        auto tooLong = waitFor(s->extend(1700), 1000);
        QVERIFY(!tooLong);
        QCOMPARE(tooLong.error().code, ErrorCode::LimitExceeded);
        QCOMPARE(backend->execs.size(), execsBefore);
        QCOMPARE(waitFor(s->extend(0), 1000).error().code, ErrorCode::InvalidInput);
        // Within it: the deadline is written as root, and the sandbox outlives its first lifetime.
        QSignalSpy changed(s, &Sandbox::lifetimeChanged);
        const QDateTime before = s->expiresAt();
        QVERIFY(waitFor(s->extend(1000), 1000));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(s->expiresAt(), before.addMSecs(1000));
        QVERIFY(backend->execs.last().asRoot);
        QTest::qWait(600);
        QCOMPARE(s->state(), Sandbox::State::Alive);
        QTRY_COMPARE_WITH_TIMEOUT(s->state(), Sandbox::State::Gone, 3000);
        QCOMPARE(waitFor(s->extend(10), 1000).error().code, ErrorCode::Gone);
    }

    void releaseIsIdempotent()
    {
        auto pool = openPool();
        Sandbox *s = make(pool.get());
        auto *backend = m_provider->backends.first();
        auto *first = s->release();
        auto *second = s->release();
        QVERIFY(waitFor(first, 1000));
        QVERIFY(waitFor(second, 1000));
        QVERIFY(waitFor(s->release(), 1000));
        QCOMPARE(backend->releases, 1);
        QCOMPARE(s->state(), Sandbox::State::Released);
        QCOMPARE(waitFor(s->exec({QStringLiteral("true")}), 1000).error().code, ErrorCode::Gone);
    }

    void closeReleasesEverythingAndRefusesNew()
    {
        auto pool = openPool();
        QVERIFY(make(pool.get()));
        QVERIFY(make(pool.get()));
        QVERIFY(waitFor(pool->close(), 2000));
        QCOMPARE(m_provider->backends.at(0)->releases, 1);
        QCOMPARE(m_provider->backends.at(1)->releases, 1);
        QCOMPARE(pool->sandboxes().size(), 0);
        SandboxOptions o;
        o.lifetimeMs = 1000;
        QCOMPARE(waitFor(pool->create(o), 1000).error().code, ErrorCode::Gone);
    }

    // ~SandboxPool with a live sandbox: it asks for the release and returns without running an
    // event loop (a zero timer set before it must not fire inside it); the backend and the
    // provider stay until the release is answered, then go.
    void destroyingThePoolReleasesWithoutANestedLoop()
    {
        auto pool = openPool();
        QVERIFY(make(pool.get()));
        QPointer<FakeBackend> backend = m_provider->backends.first();
        QPointer<FakeProvider> provider = m_provider;
        backend->releaseDelayMs = 50;
        bool loopRan = false;
        QTimer::singleShot(0, this, [&] { loopRan = true; });
        pool.reset();
        QVERIFY2(!loopRan, "~SandboxPool ran an event loop");
        QCOMPARE(backend->releases, 1);
        QVERIFY2(backend && provider, "the provider went before the release was answered");
        QTRY_VERIFY_WITH_TIMEOUT(backend.isNull() && provider.isNull(), 5000);
    }

    void destroyingThePoolDoesNotWaitForAnEngineThatNeverAnswers()
    {
        PoolOptions o;
        o.callTimeoutMs = 200;
        auto pool = openPool(o);
        QVERIFY(make(pool.get()));
        QPointer<FakeBackend> backend = m_provider->backends.first();
        QPointer<FakeProvider> provider = m_provider;
        backend->releaseDelayMs = -1;
        pool.reset();
        QCOMPARE(backend->releases, 1);
        // The releaser gives up after the call timeout: nothing is kept for ever.
        QTRY_VERIFY_WITH_TIMEOUT(backend.isNull() && provider.isNull(), 5000);
    }

    void finishedIsNeverEmittedInsideTheCall()
    {
        auto pool = openPool();
        SandboxOptions o; // no lifetime: fails at once
        auto *op = pool->create(o);
        QVERIFY(op->isFinished());
        QSignalSpy spy(op, &SandboxOperation::finished);
        QCOMPARE(spy.size(), 0);
        QVERIFY(spy.wait(1000));
        delete op;
    }
};

QTEST_GUILESS_MAIN(TestSandboxPool)
#include "tst_sandboxpool.moc"
