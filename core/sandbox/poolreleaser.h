#pragma once

#include <QList>
#include <QObject>
#include <QTimer>

#include <memory>

namespace Sandbench {

class SandboxBackend;
class SandboxProvider;

// What a pool destroyed with live sandboxes leaves behind: their backends and the provider they
// talk through, kept until every release has been answered (or timeoutMs has passed), then
// deleted. It lets ~SandboxPool return at once, with no nested event loop, while the sandboxes
// still go; if the process ends first, the provider's lifetime limit and the next pool's
// reapOrphans end them instead.
class PoolReleaser : public QObject
{
    Q_OBJECT
public:
    static void start(std::unique_ptr<SandboxProvider> provider, const QList<SandboxBackend *> &backends,
                      qint64 timeoutMs);
    ~PoolReleaser() override;

private:
    explicit PoolReleaser(std::unique_ptr<SandboxProvider> provider);

    std::unique_ptr<SandboxProvider> m_provider;
    QList<SandboxBackend *> m_backends;
    int m_remaining = 0;
    QTimer m_deadline;
};

} // namespace Sandbench
