#include "sandboxpool.h"

#include "sandbox/poolreleaser.h"
#include "sandbox/sandboxprovider.h"
#include "sandbox/sandboxvalidation.h"
#include "sandbox/warmpool.h"

#include <QTimer>

namespace Sandbench {

Result<std::unique_ptr<SandboxPool>> SandboxPool::open(std::unique_ptr<SandboxProvider> provider,
                                                       const PoolOptions &options)
{
    if (!provider)
        return fail(ErrorCode::InvalidConfig, QStringLiteral("no provider"));
    if (auto r = SandboxValidation::checkPoolOptions(options, provider->features(),
                                                     provider->maxLifetimeMs());
        !r)
        return std::unexpected(r.error());
    if (options.warm < 0 || options.warm > options.maxSandboxes)
        return fail(ErrorCode::InvalidConfig, QStringLiteral("warm must be between 0 and maxSandboxes (%1)").arg(options.maxSandboxes));
    if (options.warm > 0 && !provider->supportsWarm())
        return fail(ErrorCode::InvalidConfig, QStringLiteral("the %1 provider cannot keep sandboxes warm").arg(provider->id()));
    return std::unique_ptr<SandboxPool>(new SandboxPool(std::move(provider), options));
}

SandboxPool::SandboxPool(std::unique_ptr<SandboxProvider> provider, const PoolOptions &options)
    : m_provider(std::move(provider))
    , m_options(options)
{
    m_provider->setParent(nullptr);
    if (m_options.warm > 0) {
        m_warm = new WarmPool(m_provider.get(), m_options, [this] { return room(); }, this);
        connect(m_warm, &WarmPool::changed, this, &SandboxPool::retryWaiting);
        const SandboxLimits limits = m_provider->limits();
        m_warm->want({m_options.warmImage.isEmpty() ? m_provider->defaultImage() : m_options.warmImage,
                      limits.maxCpus, limits.maxMemoryMiB});
    }
    reapOrphans()->then(this, [this](const Result<int> &) {
        m_reaped = true;
        const QList<WaitingCreate> waiting = std::exchange(m_waitingForReap, {});
        m_creating -= int(waiting.size()); // dispatch counts each again if it still goes ahead
        // Only now: the reap must not take our own warm sandboxes for another process's. And
        // before the creates that waited: those of a warm shape wait for these.
        if (m_warm)
            m_warm->refill();
        for (const WaitingCreate &w : waiting) {
            if (w.op && !w.op->isFinished())
                dispatch(w.op, w.options);
        }
    });
}

SandboxPool::~SandboxPool()
{
    // Whatever is still alive is released without waiting here (never a nested event loop: a
    // GUI thread may be destroying us): the backends and the provider they talk through go to
    // a releaser that deletes itself once the provider has answered. A process that ends first
    // leaves them to the provider's own lifetime limit and the next pool's reapOrphans.
    QList<SandboxBackend *> live;
    for (Sandbox *s : sandboxes()) {
        if (SandboxBackend *backend = s->backend()) {
            backend->setParent(nullptr); // out of the sandbox, which goes now
            // A persistent one is meant to outlive us: its keeper ends it at its deadline.
            if (s->options().persist)
                backend->deleteLater();
            else
                live << backend;
        }
    }
    qDeleteAll(m_all);
    m_all.clear();
    if (m_warm)
        live << m_warm->takeAll();
    if (!live.isEmpty())
        PoolReleaser::start(std::move(m_provider), live, m_options.callTimeoutMs);
}

int SandboxPool::count() const
{
    return int(sandboxes().size()) + m_creating + (m_warm ? m_warm->count() : 0);
}

int SandboxPool::warmReady() const
{
    return m_warm ? m_warm->readyCount() : 0;
}

int SandboxPool::room() const
{
    return m_options.maxSandboxes - count() - int(m_waitingForRoom.size());
}

QList<Sandbox *> SandboxPool::sandboxes() const
{
    QList<Sandbox *> alive;
    for (Sandbox *s : m_all) {
        if (s->isAlive())
            alive << s;
    }
    return alive;
}

Operation<Sandbox *> *SandboxPool::create(const SandboxOptions &options)
{
    auto *op = new Operation<Sandbox *>(this);
    if (m_closed) {
        op->fail(ErrorCode::Gone, QStringLiteral("the sandbox pool is closed"));
        return op;
    }
    if (auto r = SandboxValidation::checkSandboxOptions(options, m_options, m_provider->features(), m_provider->limits()); !r) {
        op->finish(std::unexpected(r.error()));
        return op;
    }
    // Pinned before anything is made: the sandbox (and a session recording it) then names
    // what it holds, and a snapshot replaced meanwhile fails the create instead.
    if (!options.snapshot.isEmpty() && options.snapshotDigest.isEmpty()) {
        m_provider->listSnapshots()->then(op, [this, op, options](const Result<QList<SnapshotInfo>> &list) {
            if (!list)
                return void(op->finish(std::unexpected(list.error())));
            for (const SnapshotInfo &info : *list) {
                if (info.name != options.snapshot)
                    continue;
                SandboxOptions pinned = options;
                pinned.snapshotDigest = info.digest;
                chain(op, create(pinned), [](const Result<Sandbox *> &r) { return r; });
                return;
            }
            op->fail(ErrorCode::InvalidInput, QStringLiteral("no snapshot called %1").arg(options.snapshot));
        });
        return op;
    }
    if (!m_reaped) {
        if (count() >= m_options.maxSandboxes) {
            op->fail(ErrorCode::LimitExceeded, QStringLiteral("%1 sandboxes are alive or being created; the pool allows %2")
                                                   .arg(count()).arg(m_options.maxSandboxes));
            return op;
        }
        // Creates wait for the orphans of earlier processes to go.
        ++m_creating;
        m_waitingForReap << WaitingCreate{QPointer(op), options};
        return op;
    }
    dispatch(op, options);
    return op;
}

void SandboxPool::dispatch(Operation<Sandbox *> *op, const SandboxOptions &options)
{
    // Ports are published when a container is made, and allow needs its own proxy and network.
    // A snapshot's files go in at create: a warm sandbox has the image's alone.
    const bool warmable = m_warm && options.ports.isEmpty() && options.network.kind != NetworkKind::Domains
                          && options.snapshot.isEmpty();
    if (warmable) {
        const SandboxLimits limits = m_provider->limits();
        const WarmShape shape{options.image.isEmpty() ? m_provider->defaultImage() : options.image,
                              options.cpus > 0 ? options.cpus : limits.maxCpus,
                              options.memoryMiB > 0 ? options.memoryMiB : limits.maxMemoryMiB};
        m_warm->want(shape);
        if (SandboxBackend *backend = m_warm->take(shape, QDateTime::currentDateTimeUtc().addMSecs(options.lifetimeMs))) {
            ++m_creating;
            m_warm->pauseAfterClaim();
            claimWarm(op, backend, options);
            return;
        }
        // One of its shape is on its way and ends sooner than a cold start would.
        if (m_warm->creating(shape) > int(m_waitingForRoom.size())) {
            m_waitingForRoom << WaitingCreate{QPointer(op), options};
            return;
        }
    }
    if (count() >= m_options.maxSandboxes) {
        // Warm sandboxes give their places up to creates: one goes, and this waits for it.
        if (m_warm && m_warm->count() > 0) {
            m_warm->evictOne();
            m_waitingForRoom << WaitingCreate{QPointer(op), options};
            return;
        }
        op->fail(ErrorCode::LimitExceeded,
                 QStringLiteral("%1 sandboxes are alive or being created; the pool allows %2")
                     .arg(count()).arg(m_options.maxSandboxes));
        return;
    }
    ++m_creating;
    startCreate(op, options);
    if (m_warm)
        m_warm->refill();
}

void SandboxPool::retryWaiting()
{
    for (const WaitingCreate &w : std::exchange(m_waitingForRoom, {})) {
        if (w.op && !w.op->isFinished() && !m_closed)
            dispatch(w.op, w.options);
        else if (w.op && !w.op->isFinished())
            w.op->fail(ErrorCode::Gone, QStringLiteral("the sandbox pool is closed"));
    }
    if (m_warm && m_waitingForRoom.isEmpty())
        m_warm->refill();
}

void SandboxPool::claimWarm(Operation<Sandbox *> *op, SandboxBackend *backend, const SandboxOptions &options)
{
    SandboxOptions claimed = options;
    if (claimed.image.isEmpty())
        claimed.image = m_provider->defaultImage();
    const QDateTime created = QDateTime::currentDateTimeUtc();
    const QDateTime expires = created.addMSecs(options.lifetimeMs);
    backend->setParent(this);
    VoidOperation *claim = backend->claim({claimed, expires});
    auto done = std::make_shared<bool>(false);
    auto settle = [this, done] {
        if (!*done) {
            *done = true;
            --m_creating;
        }
    };
    op->setCanceller([op, settle] {
        settle();
        op->fail(ErrorCode::Cancelled, QStringLiteral("cancelled"));
    });
    auto drop = [backend] {
        backend->release()->then(backend, [backend](const Result<void> &) { backend->deleteLater(); });
    };
    claim->then(this, [this, op = QPointer(op), backend, options, claimed, created, expires, settle, drop](const Result<void> &r) {
        settle();
        if (!op || op->isFinished() || m_closed) {
            drop();
            if (op && !op->isFinished())
                op->fail(ErrorCode::Gone, QStringLiteral("the sandbox pool is closed"));
            return;
        }
        if (!r) {
            // Never handed out half-claimed: this one goes, and the create starts cold.
            qWarning("sandbench: a warm sandbox could not be claimed (%s); starting one cold", qPrintable(r.error().message));
            drop();
            return dispatch(op, options);
        }
        adopt(op, backend, claimed, created, expires);
    });
}

void SandboxPool::startCreate(Operation<Sandbox *> *op, const SandboxOptions &options)
{
    BackendCreateRequest request;
    request.options = options;
    if (request.options.image.isEmpty())
        request.options.image = m_provider->defaultImage();
    const QDateTime created = QDateTime::currentDateTimeUtc();
    request.expires = created.addMSecs(options.lifetimeMs);
    request.latestEnd = created.addMSecs(m_options.maxLifetimeMs);
    request.labels = m_options.labels;
    request.labels.insert(options.labels);

    Operation<SandboxBackend *> *inner = m_provider->create(request);
    inner->setParent(op);
    QPointer<Operation<SandboxBackend *>> innerPtr(inner);
    auto *watchdog = new QTimer(op);
    watchdog->setSingleShot(true);
    auto done = std::make_shared<bool>(false);
    auto settle = [this, done] {
        if (!*done) {
            *done = true;
            --m_creating;
        }
    };
    connect(watchdog, &QTimer::timeout, op, [op, settle] {
        settle();
        op->fail(ErrorCode::TimedOut, QStringLiteral("the provider did not create the sandbox in time"));
    });
    watchdog->start(int(m_options.callTimeoutMs));
    op->setCanceller([op, settle] {
        settle();
        op->fail(ErrorCode::Cancelled, QStringLiteral("cancelled"));
    });
    // Connected to the pool, not op: a backend created after the caller gave up must still
    // be released.
    inner->then(this, [this, op = QPointer(op), request, created, settle](const Result<SandboxBackend *> &r) {
        settle();
        if (r && (!op || op->isFinished() || m_closed)) {
            SandboxBackend *backend = *r;
            backend->setParent(this);
            backend->release()->then(backend, [backend](const Result<void> &) { backend->deleteLater(); });
            if (op)
                op->fail(ErrorCode::Gone, QStringLiteral("the sandbox pool is closed"));
            return;
        }
        if (!op)
            return;
        if (!r) {
            op->finish(std::unexpected(r.error()));
            return;
        }
        adopt(op, *r, request.options, created, request.expires);
    });
    // inner must outlive op when the caller deletes op early: reparent it to the pool.
    connect(op, &QObject::destroyed, this, [this, innerPtr] {
        if (innerPtr && !innerPtr->isFinished())
            innerPtr->setParent(this);
    });
}

void SandboxPool::adopt(Operation<Sandbox *> *op, SandboxBackend *backend, const SandboxOptions &options,
                        const QDateTime &created, const QDateTime &expires)
{
    auto *sandbox = new Sandbox(this, backend, options, created, expires);
    m_all << sandbox;
    connect(sandbox, &Sandbox::stateChanged, this, [this, sandbox](Sandbox::State state) {
        if (state != Sandbox::State::Alive) {
            emit sandboxRemoved(sandbox);
            // Its place is free: for a create waiting on it, else for the warm ones.
            QTimer::singleShot(0, this, &SandboxPool::retryWaiting);
        }
    });
    emit sandboxAdded(sandbox);
    op->finish(sandbox);
}

CountOperation *SandboxPool::reapOrphans()
{
    return chain(new CountOperation(this), m_provider->reapOrphans(), [this](const Result<int> &r) {
        if (r)
            emit orphansReaped(*r);
        return r;
    });
}

VoidOperation *SandboxPool::close()
{
    m_closed = true;
    auto *op = new VoidOperation(this);
    QList<Sandbox *> alive;
    for (Sandbox *s : sandboxes()) {
        if (!s->options().persist)
            alive << s;
    }
    // The warm ones count as one more to wait for.
    auto remaining = std::make_shared<int>(int(alive.size()) + (m_warm ? 1 : 0));
    if (*remaining == 0) {
        op->finish({});
        return op;
    }
    if (m_warm) {
        m_warm->close([op, remaining] {
            if (--*remaining == 0)
                op->finish({});
        });
    }
    retryWaiting(); // fails what waits for room
    for (Sandbox *sandbox : alive) {
        sandbox->release()->then(op, [op, remaining](const Result<void> &) {
            if (--*remaining == 0)
                op->finish({});
        });
    }
    return op;
}

} // namespace Sandbench
