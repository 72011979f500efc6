#pragma once

#include "common/result.h"
#include "doctor/layercheck.h"

#include <QObject>

#include <memory>

namespace Sandbench {

class SandboxBackend;
class SandboxProvider;

// The sandbox provider's lock-down, tried on a probe sandbox made the way the pool makes one
// (offline, the provider's default image): a command as the sandbox's user reports its identity
// and capabilities and those of the container's first process and which network interfaces it
// sees; one as the image's root (which owns /) tries to write to the root file system. Never
// blocks: finished() follows start(), and the sandbox is released before it.
class SandboxProbe : public QObject
{
    Q_OBJECT
public:
    SandboxProbe(Result<SandboxProvider *> provider, int timeoutMs, QObject *parent = nullptr);
    ~SandboxProbe() override;
    void start();

    // The four checks from what the two commands printed (exposed for tests of the judgement).
    static QList<LayerCheck> judge(const QByteArray &asUser, const QByteArray &asRoot);

signals:
    void finished(const QList<Sandbench::LayerCheck> &checks);

private:
    void created(SandboxBackend *backend);
    void finish(const QList<LayerCheck> &checks);
    void allMissing(const QString &why);

    Result<SandboxProvider *> m_provider;
    int m_timeoutMs;
    std::unique_ptr<SandboxBackend> m_backend;
    QByteArray m_userOutput;
    bool m_done = false;
};

} // namespace Sandbench
