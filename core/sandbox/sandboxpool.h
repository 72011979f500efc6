#pragma once

#include "sandbox/sandbox.h"
#include "sandbox/sandboxoperation.h"
#include "sandbox/sandboxsnapshot.h"
#include "sandbox/sandboxtypes.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <memory>

namespace Sandbench {

class SandboxProvider;
class WarmPool;

// Holds every sandbox of one provider to the same limits (reference: sandboxes.md, "Limits").
// Usable from a GUI thread: create() and every Sandbox call return operations at once; the
// pool's signals let a model follow the sandboxes as they come and go.
//
//   auto pool = SandboxPool::open(std::make_unique<DockerProvider>(), {.maxSandboxes = 4,
//                                 .maxLifetimeMs = 600'000});
//   auto *op = (*pool)->create({.lifetimeMs = 60'000});
//   op->then(this, [](const Result<Sandbox *> &sandbox) { ... });
class SandboxPool : public QObject
{
    Q_OBJECT
public:
    // Checks the options against the provider (InvalidConfig) and starts removing orphans of
    // earlier processes; creates wait for that to end.
    static Result<std::unique_ptr<SandboxPool>> open(std::unique_ptr<SandboxProvider> provider,
                                                     const PoolOptions &options);
    // Returns at once, never running an event loop: sandboxes still alive are released by a
    // PoolReleaser that keeps their backends and the provider until the engine has answered.
    // close() first to learn when they are gone.
    ~SandboxPool() override;

    // The sandbox is owned by the pool. With PoolOptions::warm, a create of a shape kept warm
    // claims a ready sandbox (SandboxBackend::claim) when there is one, else cold-starts;
    // ports, network kind allow and a lifetime shorter than a warm sandbox's keeper window
    // always cold-start. A create that finds the pool full while warm sandboxes hold places
    // waits for one of them to go. Fails with LimitExceeded when maxSandboxes are alive or
    // being created, PermissionDenied for a network kind the pool does not allow, InvalidInput
    // for what the provider cannot do, Gone once the pool is closed.
    Operation<Sandbox *> *create(const SandboxOptions &options);

    // Sandboxes alive now.
    QList<Sandbox *> sandboxes() const;
    // Alive, being created or claimed, and warm (ready, being made or being removed): what
    // maxSandboxes counts.
    int count() const;
    // Warm sandboxes ready for a claim now.
    int warmReady() const;

    const PoolOptions &options() const { return m_options; }
    SandboxProvider *provider() const { return m_provider.get(); }
    bool isClosed() const { return m_closed; }

    // Removes what earlier (dead or expired) processes left behind; the value is how many.
    CountOperation *reapOrphans();

    // Releases every sandbox still alive but persistent ones (SandboxOptions::persist, left to
    // their lifetime) and refuses new ones.
    VoidOperation *close();

    // Snapshots (sandboxsnapshot.h, sandboxpoolsnapshot.cpp). sandboxId: a live sandbox of
    // ours, this process's or another's. A create whose options name a snapshot starts from it.
    Operation<SnapshotInfo> *snapshot(const QString &sandboxId, const QString &name);
    Operation<QList<SnapshotInfo>> *listSnapshots();
    VoidOperation *removeSnapshot(const QString &name);
    // A snapshot of the sandbox (under a name of its own, removed again once the forks are
    // made: their images stay until the last of them is gone) and count creates from it with
    // options (image and snapshot empty). Refused with LimitExceeded when count sandboxes do
    // not fit in maxSandboxes now; if any create fails, the forks made are released.
    Operation<QList<Sandbox *>> *fork(const QString &sandboxId, int count, const SandboxOptions &options);
    // Runs argv in a live sandbox of ours by id (this process's or another's, such as one of
    // `sandbox create`), checked as Sandbox::exec checks it, under this pool's limits.
    ExecJob *execSandbox(const QString &sandboxId, const QStringList &argv, const ExecOptions &options);

signals:
    void sandboxAdded(Sandbench::Sandbox *sandbox);
    void sandboxRemoved(Sandbench::Sandbox *sandbox);
    void orphansReaped(int count);

private:
    SandboxPool(std::unique_ptr<SandboxProvider> provider, const PoolOptions &options);
    void startCreate(Operation<Sandbox *> *op, const SandboxOptions &options);
    // Past validation and the reap: claims a warm sandbox, cold-starts, waits for room or fails.
    void dispatch(Operation<Sandbox *> *op, const SandboxOptions &options);
    void claimWarm(Operation<Sandbox *> *op, SandboxBackend *backend, const SandboxOptions &options);
    void adopt(Operation<Sandbox *> *op, SandboxBackend *backend, const SandboxOptions &options,
               const QDateTime &created, const QDateTime &expires);
    void retryWaiting();
    int room() const;

    std::unique_ptr<SandboxProvider> m_provider;
    PoolOptions m_options;
    QList<Sandbox *> m_all;
    int m_creating = 0;
    bool m_closed = false;
    struct WaitingCreate
    {
        QPointer<Operation<Sandbox *>> op;
        SandboxOptions options;
    };
    bool m_reaped = false;
    QList<WaitingCreate> m_waitingForReap;
    // Creates that found the pool full while warm sandboxes held places.
    QList<WaitingCreate> m_waitingForRoom;
    WarmPool *m_warm = nullptr;
};

} // namespace Sandbench
