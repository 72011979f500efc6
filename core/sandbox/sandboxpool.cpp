#include "sandboxpool.h"

#include "sandbox/poolreleaser.h"
#include "sandbox/sandboxprovider.h"
#include "sandbox/sandboxvalidation.h"

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
    return std::unique_ptr<SandboxPool>(new SandboxPool(std::move(provider), options));
}

SandboxPool::SandboxPool(std::unique_ptr<SandboxProvider> provider, const PoolOptions &options)
    : m_provider(std::move(provider))
    , m_options(options)
{
    m_provider->setParent(nullptr);
    reapOrphans()->then(this, [this](const Result<int> &) {
        m_reaped = true;
        for (const WaitingCreate &w : std::exchange(m_waitingForReap, {})) {
            if (w.op && !w.op->isFinished()) {
                startCreate(w.op, w.options);
            } else {
                --m_creating; // given up (cancelled or deleted) while waiting
            }
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
            live << backend;
        }
    }
    qDeleteAll(m_all);
    m_all.clear();
    if (!live.isEmpty())
        PoolReleaser::start(std::move(m_provider), live, m_options.callTimeoutMs);
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
    if (count() >= m_options.maxSandboxes) {
        op->fail(ErrorCode::LimitExceeded,
                 QStringLiteral("%1 sandboxes are alive or being created; the pool allows %2")
                     .arg(count()).arg(m_options.maxSandboxes));
        return op;
    }
    ++m_creating;
    if (!m_reaped) {
        // Creates wait for the orphans of earlier processes to go.
        m_waitingForReap << WaitingCreate{QPointer(op), options};
    } else {
        startCreate(op, options);
    }
    return op;
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
        auto *sandbox = new Sandbox(this, *r, request.options, created, request.expires);
        m_all << sandbox;
        connect(sandbox, &Sandbox::stateChanged, this, [this, sandbox](Sandbox::State state) {
            if (state != Sandbox::State::Alive)
                emit sandboxRemoved(sandbox);
        });
        emit sandboxAdded(sandbox);
        op->finish(sandbox);
    });
    // inner must outlive op when the caller deletes op early: reparent it to the pool.
    connect(op, &QObject::destroyed, this, [this, innerPtr] {
        if (innerPtr && !innerPtr->isFinished())
            innerPtr->setParent(this);
    });
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
    const QList<Sandbox *> alive = sandboxes();
    auto remaining = std::make_shared<int>(int(alive.size()));
    if (alive.isEmpty()) {
        op->finish({});
        return op;
    }
    for (Sandbox *sandbox : alive) {
        sandbox->release()->then(op, [op, remaining](const Result<void> &) {
            if (--*remaining == 0)
                op->finish({});
        });
    }
    return op;
}

} // namespace Sandbench
