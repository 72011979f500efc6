#include "sandboxprovider.h"

#include "sandbox/sandboxscripts.h"

namespace Sandbench {

namespace {

// A script's job as an outer operation: map turns the finished result into the outer value; a
// job that ran out of time fails; cancelling the outer cancels the job.
template<typename T, typename Map>
Operation<T> *chainScript(QObject *parent, ExecJob *job, Map map)
{
    return chain(new Operation<T>(parent), job, [map](const SandboxExecResult &r) -> Result<T> {
        if (r.timedOut)
            return fail(ErrorCode::TimedOut, QStringLiteral("the sandbox did not answer in time"));
        return map(r);
    });
}

Error scriptFailure(const SandboxExecResult &r, const QString &path)
{
    switch (r.exitCode.value_or(-1)) {
    case SandboxScripts::IsDirectory:
        return {ErrorCode::InvalidInput, QStringLiteral("%1 is a directory").arg(path)};
    case SandboxScripts::NotDirectory:
        return {ErrorCode::InvalidInput, QStringLiteral("%1 is not a directory").arg(path)};
    case SandboxScripts::Unreadable:
        return {ErrorCode::PermissionDenied, QStringLiteral("%1 cannot be read").arg(path)};
    case SandboxScripts::Unwritable:
        return {ErrorCode::PermissionDenied,
                QStringLiteral("%1 cannot be written (read-only or not permitted)").arg(path)};
    case SandboxScripts::NotEmpty:
        return {ErrorCode::InvalidInput,
                QStringLiteral("%1 is a directory that is not empty: remove it recursively").arg(path)};
    default:
        return {ErrorCode::Internal, QStringLiteral("file operation on %1 failed (status %2): %3")
                                         .arg(path)
                                         .arg(r.exitCode.value_or(-1))
                                         .arg(QString::fromUtf8(r.stderrData.left(200)))};
    }
}

} // namespace

ExecJob *SandboxBackend::runScript(const QString &script, const QStringList &args,
                                   const std::optional<QByteArray> &stdinData,
                                   qint64 maxOutputBytes, qint64 timeoutMs)
{
    BackendExecRequest request;
    request.argv = QStringList{QStringLiteral("sh"), QStringLiteral("-c"), script,
                               QStringLiteral("sandbench")}
                   + args;
    request.cwd = QStringLiteral("/");
    request.stdinData = stdinData;
    request.timeoutMs = timeoutMs;
    request.maxOutputBytes = maxOutputBytes;
    return exec(request);
}

VoidOperation *SandboxBackend::extend(const QDateTime &)
{
    auto *op = new VoidOperation(this);
    op->fail(ErrorCode::InvalidInput, QStringLiteral("this provider cannot extend a sandbox's lifetime"));
    return op;
}

VoidOperation *SandboxBackend::claim(const BackendClaimRequest &)
{
    auto *op = new VoidOperation(this);
    op->fail(ErrorCode::InvalidInput, QStringLiteral("this provider cannot keep sandboxes warm"));
    return op;
}

VoidOperation *SandboxBackend::pause()
{
    auto *op = new VoidOperation(this);
    op->fail(ErrorCode::InvalidInput, QStringLiteral("this provider cannot pause a sandbox"));
    return op;
}

VoidOperation *SandboxBackend::resume()
{
    auto *op = new VoidOperation(this);
    op->fail(ErrorCode::InvalidInput, QStringLiteral("this provider cannot pause a sandbox"));
    return op;
}

VoidOperation *SandboxBackend::writeDeadline(const QString &file, const QDateTime &expires)
{
    BackendExecRequest request;
    request.argv = {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("printf '%s\\n' \"$1\" > \"$2\""),
                    QStringLiteral("sandbench"), QString::number((expires.toMSecsSinceEpoch() + 999) / 1000), file};
    request.cwd = QStringLiteral("/");
    request.timeoutMs = 30'000;
    request.maxOutputBytes = 4096;
    request.asRoot = true;
    return chainScript<void>(this, exec(request), [file](const SandboxExecResult &r) -> Result<void> {
        if (r.exitCode != 0)
            return std::unexpected(scriptFailure(r, file));
        return {};
    });
}

BytesOperation *SandboxBackend::readFile(const QString &path, qint64 maxBytes)
{
    ExecJob *job = runScript(SandboxScripts::readFile(), {path, QString::number(maxBytes)},
                             std::nullopt, maxBytes + 1);
    return chainScript<std::optional<QByteArray>>(this, job, [path, maxBytes](const SandboxExecResult &r)
                                                           -> Result<std::optional<QByteArray>> {
        if (r.exitCode == SandboxScripts::Absent)
            return std::optional<QByteArray>();
        if (r.exitCode == SandboxScripts::TooLarge || (r.exitCode == 0 && r.stdoutData.size() > maxBytes))
            return fail(ErrorCode::LimitExceeded,
                        QStringLiteral("%1 is larger than %2 bytes").arg(path).arg(maxBytes));
        if (r.exitCode != 0)
            return std::unexpected(scriptFailure(r, path));
        return std::optional<QByteArray>(r.stdoutData);
    });
}

VoidOperation *SandboxBackend::writeFile(const QString &path, const QByteArray &data)
{
    ExecJob *job = runScript(SandboxScripts::writeFile(), {path}, data, 4096);
    return chainScript<void>(this, job, [path](const SandboxExecResult &r) -> Result<void> {
        if (r.exitCode != 0)
            return std::unexpected(scriptFailure(r, path));
        return {};
    });
}

ListOperation *SandboxBackend::listFiles(const QString &path)
{
    ExecJob *job = runScript(SandboxScripts::listFiles(), {path}, std::nullopt, 16 << 20);
    return chainScript<std::optional<QList<FileEntry>>>(this, job, [path](const SandboxExecResult &r)
                                                                 -> Result<std::optional<QList<FileEntry>>> {
        if (r.exitCode == SandboxScripts::Absent)
            return std::optional<QList<FileEntry>>();
        if (r.exitCode != 0)
            return std::unexpected(scriptFailure(r, path));
        auto entries = SandboxScripts::parseListing(r.stdoutData);
        if (!entries)
            return std::unexpected(entries.error());
        return std::optional<QList<FileEntry>>(*entries);
    });
}

VoidOperation *SandboxBackend::removeFile(const QString &path, bool recursive)
{
    ExecJob *job = runScript(SandboxScripts::removeFile(),
                             {path, recursive ? QStringLiteral("1") : QStringLiteral("0")},
                             std::nullopt, 4096);
    return chainScript<void>(this, job, [path](const SandboxExecResult &r) -> Result<void> {
        if (r.exitCode != 0)
            return std::unexpected(scriptFailure(r, path));
        return {};
    });
}

namespace {

template<typename T>
Operation<T> *unsupported(QObject *parent, const QString &what)
{
    auto *op = new Operation<T>(parent);
    op->fail(ErrorCode::InvalidInput, QStringLiteral("this provider cannot %1").arg(what));
    return op;
}

} // namespace

SnapshotOperation *SandboxProvider::snapshot(const QString &, const QString &)
{
    auto *op = new SnapshotOperation(this);
    op->fail(ErrorCode::InvalidInput, QStringLiteral("the %1 provider cannot take snapshots").arg(id()));
    return op;
}

SnapshotListOperation *SandboxProvider::listSnapshots()
{
    auto *op = new SnapshotListOperation(this);
    op->finish(QList<SnapshotInfo>());
    return op;
}

VoidOperation *SandboxProvider::removeSnapshot(const QString &)
{
    auto *op = new VoidOperation(this);
    op->fail(ErrorCode::InvalidInput, QStringLiteral("the %1 provider cannot take snapshots").arg(id()));
    return op;
}

CountOperation *SandboxProvider::reapOrphans()
{
    auto *op = new CountOperation(this);
    op->finish(0);
    return op;
}

InfoListOperation *SandboxProvider::listSandboxes()
{
    return unsupported<QList<SandboxInfo>>(this, QStringLiteral("list its sandboxes"));
}

VoidOperation *SandboxProvider::removeSandbox(const QString &)
{
    return unsupported<void>(this, QStringLiteral("remove sandboxes by id"));
}

VoidOperation *SandboxProvider::pauseSandbox(const QString &)
{
    return unsupported<void>(this, QStringLiteral("pause sandboxes by id"));
}

VoidOperation *SandboxProvider::resumeSandbox(const QString &)
{
    return unsupported<void>(this, QStringLiteral("resume sandboxes by id"));
}

ExecJob *SandboxProvider::execSandbox(const QString &, const BackendExecRequest &)
{
    auto *job = new ExecJob(this);
    job->fail(ErrorCode::InvalidInput, QStringLiteral("this provider cannot run commands in sandboxes by id"));
    return job;
}

} // namespace Sandbench
