#include "sandboxpool.h"

#include "sandbox/sandboxprovider.h"
#include "sandbox/sandboxvalidation.h"

#include <QRandomGenerator>

#include <memory>

// The pool's calls on sandboxes by id (snapshots, forks, exec): names and commands are checked
// here, before any provider sees them.
namespace Sandbench {

Operation<SnapshotInfo> *SandboxPool::snapshot(const QString &sandboxId, const QString &name)
{
    auto *op = new Operation<SnapshotInfo>(this);
    if (m_closed)
        return op->fail(ErrorCode::Gone, QStringLiteral("the sandbox pool is closed")), op;
    if (auto valid = validateSnapshotName(name); !valid)
        return op->finish(std::unexpected(valid.error())), op;
    return chain(op, m_provider->snapshot(sandboxId, name), [](const Result<SnapshotInfo> &r) { return r; });
}

Operation<QList<SnapshotInfo>> *SandboxPool::listSnapshots()
{
    auto *op = new Operation<QList<SnapshotInfo>>(this);
    return chain(op, m_provider->listSnapshots(), [](const Result<QList<SnapshotInfo>> &r) { return r; });
}

VoidOperation *SandboxPool::removeSnapshot(const QString &name)
{
    auto *op = new VoidOperation(this);
    if (auto valid = validateSnapshotName(name); !valid)
        return op->finish(std::unexpected(valid.error())), op;
    return chain(op, m_provider->removeSnapshot(name), [](const Result<void> &r) { return r; });
}

Operation<QList<Sandbox *>> *SandboxPool::fork(const QString &sandboxId, int count, const SandboxOptions &options)
{
    auto *op = new Operation<QList<Sandbox *>>(this);
    if (m_closed)
        return op->fail(ErrorCode::Gone, QStringLiteral("the sandbox pool is closed")), op;
    if (count < 1)
        return op->fail(ErrorCode::InvalidInput, QStringLiteral("a fork makes at least one sandbox (count %1)").arg(count)), op;
    if (!options.image.isEmpty() || !options.snapshot.isEmpty())
        return op->fail(ErrorCode::InvalidInput, QStringLiteral("forks start from the sandbox's own snapshot: no image or snapshot of their own")), op;
    if (count > m_options.maxSandboxes - this->count())
        return op->fail(ErrorCode::LimitExceeded, QStringLiteral("%1 forks do not fit: %2 of the pool's %3 sandboxes are taken")
                                                      .arg(count).arg(this->count()).arg(m_options.maxSandboxes)), op;
    const QString name = QStringLiteral("fork-%1").arg(QRandomGenerator::system()->generate64(), 16, 16, QLatin1Char('0'));
    snapshot(sandboxId, name)->then(op, [this, op, count, options, name](const Result<SnapshotInfo> &snap) {
        if (!snap)
            return void(op->finish(std::unexpected(snap.error())));
        SandboxOptions each = options;
        each.snapshot = name;
        each.snapshotDigest = snap->digest;
        auto made = std::make_shared<QList<Sandbox *>>();
        auto error = std::make_shared<std::optional<Error>>();
        auto remaining = std::make_shared<int>(count);
        // The name goes once every create is done; a fork still running keeps the image.
        auto finishAll = [this, op, name, made, error] {
            m_provider->removeSnapshot(name)->then(op, [this, op, made, error](const Result<void> &removed) {
                if (!*error && !removed)
                    *error = removed.error();
                if (!*error)
                    return void(op->finish(*made));
                for (Sandbox *s : *made)
                    s->release()->then(this, [](const Result<void> &) {});
                op->finish(std::unexpected(**error));
            });
        };
        for (int i = 0; i < count; ++i) {
            create(each)->then(op, [made, error, remaining, finishAll](const Result<Sandbox *> &r) {
                if (r)
                    *made << *r;
                else if (!*error)
                    *error = r.error();
                if (--*remaining == 0)
                    finishAll();
            });
        }
    });
    return op;
}

ExecJob *SandboxPool::execSandbox(const QString &sandboxId, const QStringList &argv, const ExecOptions &options)
{
    auto request = SandboxValidation::execRequest(argv, options, m_options, m_provider->features(), m_provider->workdir());
    if (m_closed || !request) {
        auto *job = new ExecJob(this);
        job->finish(m_closed ? fail(ErrorCode::Gone, QStringLiteral("the sandbox pool is closed")) : std::unexpected(request.error()));
        return job;
    }
    return m_provider->execSandbox(sandboxId, *request);
}

} // namespace Sandbench
