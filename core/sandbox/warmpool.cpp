#include "warmpool.h"

#include "sandbox/sandboxprovider.h"

#include <memory>

namespace Sandbench {

namespace {

// After a failed create (a missing image, an engine that refuses), before trying again: never
// a loop of creates that fail at once.
constexpr int retryMs = 5'000;
// What a warm sandbox's keeper must still give it for a claim to take it.
constexpr qint64 minLeftMs = 10'000;

} // namespace

WarmPool::WarmPool(SandboxProvider *provider, const PoolOptions &options, std::function<int()> room, QObject *parent)
    : QObject(parent)
    , m_provider(provider)
    , m_options(options)
    , m_room(std::move(room))
{
    m_renewal.setInterval(int(keepWindowMs / 3));
    connect(&m_renewal, &QTimer::timeout, this, &WarmPool::renew);
    m_retry.setSingleShot(true);
    m_retry.setInterval(retryMs);
    connect(&m_retry, &QTimer::timeout, this, &WarmPool::refill);
    m_pause.setSingleShot(true);
    m_pause.setInterval(claimPauseMs);
    connect(&m_pause, &QTimer::timeout, this, &WarmPool::refill);
}

void WarmPool::pauseAfterClaim()
{
    m_pause.start();
}

WarmPool::~WarmPool()
{
    qDeleteAll(m_entries);
}

int WarmPool::readyCount() const
{
    return int(std::count_if(m_entries.cbegin(), m_entries.cend(), [](const Entry *e) { return e->backend; }));
}

int WarmPool::creating(const WarmShape &shape) const
{
    return int(std::count_if(m_entries.cbegin(), m_entries.cend(), [&](const Entry *e) { return !e->backend && e->shape == shape; }));
}

void WarmPool::want(const WarmShape &shape)
{
    m_shapes.removeAll(shape);
    m_shapes.prepend(shape);
    while (m_shapes.size() > maxShapes) {
        const WarmShape dropped = m_shapes.takeLast();
        for (Entry *e : QList<Entry *>(m_entries)) {
            if (e->shape == dropped && e->backend)
                drop(e->backend);
        }
    }
}

SandboxBackend *WarmPool::take(const WarmShape &shape, const QDateTime &expires)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (Entry *e : std::as_const(m_entries)) {
        // Renewing: the keeper's deadline is about to move, possibly past this claim's end.
        // Nor one whose keeper is about to end it (a renewal that came too late, a suspended
        // machine): it would be gone under the claim.
        if (!e->backend || e->shape != shape || e->deadline.isNull() || e->deadline > expires
            || e->created.msecsTo(now) > maxIdleMs || now.msecsTo(e->deadline) < minLeftMs)
            continue;
        SandboxBackend *backend = e->backend;
        m_entries.removeOne(e);
        delete e;
        backend->setParent(nullptr);
        disconnect(backend, nullptr, this, nullptr);
        return backend;
    }
    return nullptr;
}

bool WarmPool::evictOne()
{
    for (auto shape = m_shapes.crbegin(); shape != m_shapes.crend(); ++shape) {
        for (Entry *e : std::as_const(m_entries)) {
            if (e->backend && e->shape == *shape) {
                drop(e->backend);
                return true;
            }
        }
    }
    return false;
}

void WarmPool::refill()
{
    if (m_closed || m_options.warm <= 0 || m_retry.isActive() || m_pause.isActive())
        return;
    for (const WarmShape &shape : std::as_const(m_shapes)) {
        int have = int(std::count_if(m_entries.cbegin(), m_entries.cend(), [&](const Entry *e) { return e->shape == shape; }));
        while (have < m_options.warm && m_room() > 0) {
            startCreate(shape);
            ++have;
        }
    }
}

void WarmPool::startCreate(const WarmShape &shape)
{
    auto *entry = new Entry{shape, nullptr, QDateTime::currentDateTimeUtc(), {}};
    m_entries << entry;
    BackendCreateRequest request;
    request.warm = true;
    request.options.image = shape.image;
    request.options.cpus = shape.cpus;
    request.options.memoryMiB = shape.memoryMiB;
    request.options.lifetimeMs = keepWindowMs;
    // Able to go online only where the pool lets a claim ask for it.
    request.options.network.kind = m_options.network.contains(NetworkKind::All) ? NetworkKind::All : NetworkKind::None;
    request.expires = entry->created.addMSecs(keepWindowMs);
    // The keeper's hard limit: a claim comes at most maxIdleMs after the create, and lives at
    // most the pool's maxLifetimeMs from its claim.
    request.latestEnd = entry->created.addMSecs(maxIdleMs + keepWindowMs + m_options.maxLifetimeMs);
    request.labels = m_options.labels;
    // Not restarted by each create: creates more often than its interval would starve it.
    if (!m_renewal.isActive())
        m_renewal.start();

    Operation<SandboxBackend *> *op = m_provider->create(request);
    auto settled = std::make_shared<bool>(false);
    auto *watchdog = new QTimer(op);
    watchdog->setSingleShot(true);
    // A create the provider never answers must not hold a place for good; what it brings
    // later is released below.
    connect(watchdog, &QTimer::timeout, this, [this, entry, settled] {
        if (*settled)
            return;
        *settled = true;
        if (m_entries.removeOne(entry)) {
            delete entry;
            if (!m_closed)
                m_retry.start();
            emit changed();
            checkClosed();
        }
    });
    watchdog->start(int(m_options.callTimeoutMs));
    op->then(this, [this, watchdog, entry, settled, expires = request.expires](const Result<SandboxBackend *> &r) {
        const bool mine = !*settled && m_entries.contains(entry);
        *settled = true;
        watchdog->stop();
        if (r && (!mine || m_closed))
            release(*r);
        if (!mine)
            return;
        if (!r || m_closed) {
            m_entries.removeOne(entry);
            delete entry;
            if (!r) {
                qWarning("sandbench: a warm sandbox could not be made: %s", qPrintable(r.error().message));
                if (!m_closed)
                    m_retry.start();
            }
            emit changed();
            checkClosed();
            return;
        }
        entry->backend = *r;
        entry->backend->setParent(this);
        entry->deadline = expires;
        emit changed();
    });
}

void WarmPool::renew()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (Entry *e : QList<Entry *>(m_entries)) {
        if (!e->backend || e->deadline.isNull())
            continue;
        if (e->created.msecsTo(now) > maxIdleMs) {
            drop(e->backend);
            continue;
        }
        const QDateTime deadline = now.addMSecs(keepWindowMs);
        SandboxBackend *backend = e->backend;
        e->deadline = {}; // not claimable until the keeper's new deadline is known
        backend->extend(deadline)->then(this, [this, e, backend, deadline](const Result<void> &r) {
            if (!m_entries.contains(e) || e->backend != backend)
                return;
            if (!r)
                return drop(backend);
            e->deadline = deadline;
        });
    }
    if (m_entries.isEmpty())
        m_renewal.stop();
    refill();
}

void WarmPool::release(SandboxBackend *backend)
{
    ++m_releasing;
    backend->setParent(this);
    backend->release()->then(this, [this, backend](const Result<void> &) {
        backend->deleteLater();
        --m_releasing;
        emit changed();
        checkClosed();
    });
}

void WarmPool::drop(SandboxBackend *backend)
{
    for (Entry *e : std::as_const(m_entries)) {
        if (e->backend == backend) {
            m_entries.removeOne(e);
            delete e;
            break;
        }
    }
    release(backend);
}

void WarmPool::close(std::function<void()> done)
{
    m_closed = true;
    m_renewal.stop();
    m_retry.stop();
    m_closeDone = std::move(done);
    for (Entry *e : QList<Entry *>(m_entries)) {
        if (e->backend)
            drop(e->backend);
    }
    // Creates still under way release what they bring (startCreate); done waits for them.
    checkClosed();
}

void WarmPool::checkClosed()
{
    if (m_closed && m_closeDone && m_entries.isEmpty() && m_releasing == 0)
        std::exchange(m_closeDone, {})();
}

QList<SandboxBackend *> WarmPool::takeAll()
{
    m_closed = true;
    QList<SandboxBackend *> out;
    for (Entry *e : std::as_const(m_entries)) {
        if (e->backend) {
            e->backend->setParent(nullptr);
            out << e->backend;
        }
    }
    qDeleteAll(m_entries);
    m_entries.clear();
    return out;
}

} // namespace Sandbench
