#include "poolreleaser.h"

#include "sandbox/sandboxprovider.h"

#include <algorithm>
#include <limits>

namespace Sandbench {

PoolReleaser::PoolReleaser(std::unique_ptr<SandboxProvider> provider)
    : m_provider(std::move(provider))
{
}

PoolReleaser::~PoolReleaser()
{
    // Backends before the provider: what they still run (a command's kill) goes through it.
    qDeleteAll(m_backends);
    m_backends.clear();
    m_provider.reset();
}

void PoolReleaser::start(std::unique_ptr<SandboxProvider> provider, const QList<SandboxBackend *> &backends,
                         qint64 timeoutMs)
{
    auto *releaser = new PoolReleaser(std::move(provider));
    releaser->m_remaining = int(backends.size());
    releaser->m_backends = backends;
    for (SandboxBackend *backend : backends) {
        backend->setParent(nullptr); // owned through m_backends, deleted in order
        backend->release()->then(releaser, [releaser](const Result<void> &) {
            if (--releaser->m_remaining == 0)
                releaser->deleteLater();
        });
    }
    // An engine that never answers does not keep the provider forever.
    releaser->m_deadline.setSingleShot(true);
    connect(&releaser->m_deadline, &QTimer::timeout, releaser, &QObject::deleteLater);
    releaser->m_deadline.start(int(std::clamp<qint64>(timeoutMs, 1, std::numeric_limits<int>::max())));
}

} // namespace Sandbench
