#include "sandboxpool.h"

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
    m_reaping = reapOrphans();
}

SandboxPool::~SandboxPool()
{
    // Whatever is still alive is released, waiting a little for the provider: requests still
    // in flight die with their sandboxes. Call close() first to not block here at all; the
    // provider's lifetime limit (and the next pool's reapOrphans) ends what is left anyway.
    if (!sandboxes().isEmpty()) {
        VoidOperation *op = close();
        op->waitForFinished(5000);
        delete op;
    }
    qDeleteAll(m_all);
    m_all.clear();
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
    if (m_reaping && !m_reaping->isFinished()) {
        connect(m_reaping, &SandboxOperation::finished, op, [this, op, options] { startCreate(op, options); });
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
    connect(inner, &SandboxOperation::finished, this, [this, inner, op = QPointer(op), request,
                                                       created, settle] {
        settle();
        Result<SandboxBackend *> r = inner->takeResult();
        inner->deleteLater();
        if (r && (!op || op->isFinished() || m_closed)) {
            SandboxBackend *backend = *r;
            backend->setParent(this);
            VoidOperation *rel = backend->release();
            connect(rel, &SandboxOperation::finished, backend, &QObject::deleteLater);
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
    CountOperation *inner = m_provider->reapOrphans();
    auto *op = new CountOperation(this);
    inner->setParent(op);
    connect(inner, &SandboxOperation::finished, op, [this, inner, op] {
        Result<int> r = inner->takeResult();
        if (r)
            emit orphansReaped(*r);
        op->finish(std::move(r));
    });
    return op;
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
        VoidOperation *rel = sandbox->release();
        connect(rel, &SandboxOperation::finished, op, [op, rel, remaining] {
            rel->deleteLater();
            if (--*remaining == 0)
                op->finish({});
        });
    }
    return op;
}

} // namespace Sandbench
