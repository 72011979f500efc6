#include "sandbox.h"

#include "sandbox/desktop.h"
#include "sandbox/sandboxpool.h"
#include "sandbox/sandboxprovider.h"
#include "sandbox/sandboxvalidation.h"

namespace Sandbench {

namespace {

// How long past its own timeout an exec may take before the pool stops waiting for the
// provider: the provider needs a moment to stop the command's processes.
constexpr qint64 execGraceMs = 15'000;

} // namespace

Sandbox::Sandbox(SandboxPool *pool, SandboxBackend *backend, const SandboxOptions &options,
                 const QDateTime &created, const QDateTime &expires)
    : QObject(pool)
    , m_pool(pool)
    , m_backend(backend)
    , m_id(backend->id())
    , m_options(options)
    , m_features(pool->provider()->features())
    , m_workdir(pool->provider()->workdir())
    , m_created(created)
    , m_expires(expires)
{
    backend->setParent(this);
    // The proxy holds the values now; what is kept here (and shown, saved) is names and hosts.
    for (SandboxSecret &secret : m_options.secrets)
        secret.value.clear();
    // The provider says whether it can have a desktop; the backend whether this one (its
    // image) does.
    m_features.desktop = m_features.desktop && backend->hasDesktop();
    m_expiry.setSingleShot(true);
    m_expiry.setTimerType(Qt::PreciseTimer);
    connect(&m_expiry, &QTimer::timeout, this, &Sandbox::onExpired);
    m_expiry.start(int(std::max<qint64>(0, QDateTime::currentDateTimeUtc().msecsTo(expires))));
}

Sandbox::~Sandbox()
{
    m_pending.clear();
}

const PoolOptions &Sandbox::limits() const
{
    return m_pool->options();
}

qint64 Sandbox::remainingMs() const
{
    if (m_state != State::Alive)
        return 0;
    return std::max<qint64>(0, QDateTime::currentDateTimeUtc().msecsTo(m_expires));
}

template<typename T>
Operation<T> *Sandbox::failed(ErrorCode code, const QString &message)
{
    auto *op = new Operation<T>(this);
    op->fail(code, message);
    return op;
}

template<typename T, typename Outer>
Outer *Sandbox::track(Operation<T> *inner, qint64 timeoutMs, std::function<void(Result<T> &)> check)
{
    auto *outer = new Outer(this);
    QPointer<Operation<T>> innerPtr(inner);
    auto *watchdog = new QTimer(outer);
    watchdog->setSingleShot(true);
    connect(watchdog, &QTimer::timeout, outer, [outer, innerPtr] {
        if (innerPtr)
            innerPtr->cancel();
        outer->fail(ErrorCode::TimedOut, QStringLiteral("the provider did not answer in time"));
    });
    watchdog->start(int(std::min<qint64>(timeoutMs, std::numeric_limits<int>::max())));
    chain(outer, inner, [this, watchdog, check](Result<T> r) {
        watchdog->stop();
        if (r && check)
            check(r);
        if (!r && r.error().code == ErrorCode::Gone)
            noteGone(r.error());
        return r;
    });
    m_pending.insert(outer, [p = QPointer<Outer>(outer)](const Error &e) {
        if (p)
            p->finish(std::unexpected(e));
    });
    // Finished outers are no longer pending; failing one again would do nothing anyway.
    connect(outer, &QObject::destroyed, this, [this, outer] { m_pending.remove(outer); });
    return outer;
}

Desktop *Sandbox::desktop()
{
    if (!m_features.desktop)
        return nullptr;
    if (!m_desktop)
        m_desktop = new Desktop(this);
    return m_desktop;
}

ExecJob *Sandbox::exec(const QStringList &argv, const ExecOptions &options, CancelToken *cancel)
{
    return execCapped(argv, options, cancel, 0);
}

ExecJob *Sandbox::execCapped(const QStringList &argv, const ExecOptions &options,
                             CancelToken *cancel, qint64 maxOutputBytes)
{
    if (const auto e = unusable()) {
        auto *job = new ExecJob(this);
        job->finish(std::unexpected(*e));
        return job;
    }
    auto request = SandboxValidation::execRequest(argv, options, m_pool->options(), m_features, m_workdir);
    if (!request) {
        auto *job = new ExecJob(this);
        job->finish(std::unexpected(request.error()));
        return job;
    }
    if (maxOutputBytes > 0)
        request->maxOutputBytes = maxOutputBytes;
    ExecJob *inner = m_backend->exec(*request);
    const qint64 cap = request->maxOutputBytes;
    // The provider's answer is checked before the caller sees it: caps hold whatever it sent.
    ExecJob *outer = track<SandboxExecResult, ExecJob>(
        inner, request->timeoutMs + execGraceMs, [cap](Result<SandboxExecResult> &r) {
            for (QByteArray *data : {&r->stdoutData, &r->stderrData}) {
                if (data->size() > cap) {
                    data->truncate(cap);
                    r->truncated = true;
                }
            }
            if (r->timedOut)
                r->exitCode.reset();
        });
    connect(inner, &ExecJob::output, outer, &ExecJob::output);
    if (request->interactive) {
        connect(outer, &ExecJob::inputWritten, inner, &ExecJob::writeInput);
        connect(outer, &ExecJob::inputClosed, inner, &ExecJob::closeInput);
    }
    if (cancel) {
        if (cancel->isCancelled())
            outer->cancel();
        else
            connect(cancel, &CancelToken::cancelled, outer, &SandboxOperation::cancel);
    }
    return outer;
}

BytesOperation *Sandbox::readFile(const QString &path)
{
    if (const auto e = unusable())
        return failed<std::optional<QByteArray>>(e->code, e->message);
    auto resolved = SandboxValidation::resolvePath(m_workdir, path);
    if (!resolved)
        return failed<std::optional<QByteArray>>(resolved.error().code, resolved.error().message);
    return track(m_backend->readFile(*resolved, m_pool->options().maxFileBytes),
                 m_pool->options().callTimeoutMs);
}

VoidOperation *Sandbox::writeFile(const QString &path, const QByteArray &data)
{
    if (const auto e = unusable())
        return failed<void>(e->code, e->message);
    auto resolved = SandboxValidation::resolvePath(m_workdir, path);
    if (!resolved)
        return failed<void>(resolved.error().code, resolved.error().message);
    if (data.size() > m_pool->options().maxFileBytes)
        return failed<void>(ErrorCode::LimitExceeded, QStringLiteral("%1 bytes is over maxFileBytes (%2)")
                                                          .arg(data.size()).arg(m_pool->options().maxFileBytes));
    return track(m_backend->writeFile(*resolved, data), m_pool->options().callTimeoutMs);
}

ListOperation *Sandbox::listFiles(const QString &path)
{
    if (const auto e = unusable())
        return failed<std::optional<QList<FileEntry>>>(e->code, e->message);
    auto resolved = SandboxValidation::resolvePath(m_workdir, path);
    if (!resolved)
        return failed<std::optional<QList<FileEntry>>>(resolved.error().code, resolved.error().message);
    return track(m_backend->listFiles(*resolved), m_pool->options().callTimeoutMs);
}

VoidOperation *Sandbox::removeFile(const QString &path, bool recursive)
{
    if (const auto e = unusable())
        return failed<void>(e->code, e->message);
    auto resolved = SandboxValidation::resolvePath(m_workdir, path);
    if (!resolved)
        return failed<void>(resolved.error().code, resolved.error().message);
    if (*resolved == QLatin1String("/"))
        return failed<void>(ErrorCode::InvalidInput, QStringLiteral("refusing to remove /"));
    return track(m_backend->removeFile(*resolved, recursive), m_pool->options().callTimeoutMs);
}

Result<QUrl> Sandbox::url(int port) const
{
    if (m_state != State::Alive || !m_backend)
        return fail(ErrorCode::Gone, QStringLiteral("sandbox %1 is gone").arg(m_id));
    if (!m_options.ports.contains(port))
        return fail(ErrorCode::InvalidInput, QStringLiteral("port %1 was not among the sandbox's ports").arg(port));
    return m_backend->url(port);
}

VoidOperation *Sandbox::release()
{
    auto *op = new VoidOperation(this);
    if (m_state == State::Gone || !m_backend) {
        op->finish({});
        return op;
    }
    if (m_state == State::Released) {
        // A second release waits for the first so "released" means the same for both callers,
        // but never fails: releasing again does nothing.
        if (m_releasing)
            m_releaseWaiters << op;
        else
            op->finish({});
        return op;
    }
    setState(State::Released);
    m_releasing = true;
    m_releaseWaiters << op;
    track(m_backend->release(), m_pool->options().callTimeoutMs)->then(this, [this](const Result<void> &r) {
        m_releasing = false;
        const Result<void> outcome = r || r.error().code == ErrorCode::Gone ? Result<void>() : r;
        // The first caller gets the outcome; those who released again only learn it is over.
        const auto waiters = std::exchange(m_releaseWaiters, {});
        for (qsizetype i = 0; i < waiters.size(); ++i) {
            if (waiters[i])
                waiters[i]->finish(i == 0 ? outcome : Result<void>());
        }
    });
    return op;
}

void Sandbox::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    m_expiry.stop();
    // Everything still running now fails: the sandbox it ran in is no more.
    const Error gone{ErrorCode::Gone, state == State::Released
                                          ? QStringLiteral("sandbox %1 was released").arg(m_id)
                                          : QStringLiteral("sandbox %1 is gone").arg(m_id)};
    const auto pending = std::exchange(m_pending, {});
    for (const auto &failIt : pending)
        failIt(gone);
    emit stateChanged(state);
}

VoidOperation *Sandbox::extend(qint64 byMs)
{
    if (const auto e = unusable())
        return failed<void>(e->code, e->message);
    if (byMs <= 0)
        return failed<void>(ErrorCode::InvalidInput, QStringLiteral("extend by a positive number of milliseconds"));
    const QDateTime latest = m_created.addMSecs(limits().maxLifetimeMs);
    const QDateTime wanted = m_expires.addMSecs(byMs);
    if (wanted > latest) {
        return failed<void>(ErrorCode::LimitExceeded,
                            QStringLiteral("the pool lets a sandbox live %1 s at most; %2 can have %3 s more")
                                    .arg(limits().maxLifetimeMs / 1000).arg(m_id)
                                    .arg(std::max<qint64>(0, m_expires.msecsTo(latest)) / 1000));
    }
    return track<void>(m_backend->extend(wanted), m_pool->options().callTimeoutMs, [this, wanted](Result<void> &r) {
        if (!r || m_state != State::Alive)
            return;
        m_expires = wanted;
        m_expiry.start(int(std::max<qint64>(0, QDateTime::currentDateTimeUtc().msecsTo(m_expires))));
        emit lifetimeChanged(m_expires);
    });
}

std::optional<Error> Sandbox::unusable() const
{
    if (m_state != State::Alive || !m_backend)
        return Error{ErrorCode::Gone, QStringLiteral("sandbox %1 is gone").arg(m_id)};
    if (m_paused)
        return Error{ErrorCode::InvalidInput, QStringLiteral("sandbox %1 is paused; resume it first").arg(m_id)};
    return std::nullopt;
}

VoidOperation *Sandbox::pause()
{
    return setPaused(true);
}

VoidOperation *Sandbox::resume()
{
    return setPaused(false);
}

VoidOperation *Sandbox::setPaused(bool paused)
{
    if (m_state != State::Alive || !m_backend)
        return failed<void>(ErrorCode::Gone, QStringLiteral("sandbox %1 is gone").arg(m_id));
    if (!m_pool->provider()->supportsPause())
        return failed<void>(ErrorCode::InvalidInput, QStringLiteral("the %1 provider cannot pause a sandbox").arg(m_pool->provider()->id()));
    if (m_pauseBusy)
        return failed<void>(ErrorCode::InvalidInput, QStringLiteral("sandbox %1 is already being %2").arg(m_id, m_paused ? QStringLiteral("resumed") : QStringLiteral("paused")));
    auto *op = new VoidOperation(this);
    if (m_paused == paused) {
        op->finish({});
        return op;
    }
    m_pauseBusy = true;
    VoidOperation *inner = paused ? m_backend->pause() : m_backend->resume();
    track<void>(inner, m_pool->options().callTimeoutMs, [this, paused](Result<void> &r) {
        if (!r || m_state != State::Alive)
            return;
        m_paused = paused;
        emit pausedChanged(paused);
    })->then(this, [this, op = QPointer(op)](const Result<void> &r) {
        m_pauseBusy = false;
        if (op)
            op->finish(r);
    });
    return op;
}

void Sandbox::onExpired()
{
    if (m_state != State::Alive)
        return;
    setState(State::Gone);
    // The provider ends the sandbox on its own at the same instant; asking again costs little
    // and covers a provider whose clock runs behind.
    if (m_backend)
        m_backend->release()->then(this, [](const Result<void> &) {});
}

void Sandbox::noteGone(const std::optional<Error> &)
{
    if (m_state == State::Alive)
        setState(State::Gone);
}

} // namespace Sandbench
