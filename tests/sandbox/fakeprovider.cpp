#include "fakeprovider.h"

namespace Sandbench::Test {

ExecJob *FakeBackend::exec(const BackendExecRequest &request)
{
    execs << request;
    auto *job = new ExecJob(this);
    if (request.argv.value(0) == QLatin1String("sleep")) {
        auto *timer = new QTimer(job);
        timer->setSingleShot(true);
        connect(timer, &QTimer::timeout, job, [job] {
            SandboxExecResult r;
            r.timedOut = true;
            r.exitCode = 0; // wrong on purpose: the pool must drop it
            job->finish(r);
        });
        timer->start(int(request.timeoutMs));
        return job;
    }
    SandboxExecResult r;
    r.exitCode = 0;
    r.stdoutData = misbehaveBytes ? QByteArray(misbehaveBytes, 'x') : request.argv.join(QLatin1Char(' ')).toUtf8();
    emit job->output(SandboxStream::Stdout, r.stdoutData);
    job->finish(r);
    return job;
}

BytesOperation *FakeBackend::readFile(const QString &path, qint64 maxBytes)
{
    paths << path;
    auto *op = new BytesOperation(this);
    if (!files.contains(path))
        op->finish(std::optional<QByteArray>());
    else if (files.value(path).size() > maxBytes)
        op->fail(ErrorCode::LimitExceeded, QStringLiteral("too large"));
    else
        op->finish(std::optional<QByteArray>(files.value(path)));
    return op;
}

VoidOperation *FakeBackend::writeFile(const QString &path, const QByteArray &data)
{
    paths << path;
    files.insert(path, data);
    auto *op = new VoidOperation(this);
    op->finish({});
    return op;
}

VoidOperation *FakeBackend::release()
{
    ++releases;
    auto *op = new VoidOperation(this);
    if (releaseDelayMs == 0)
        op->finish({});
    else if (releaseDelayMs > 0)
        QTimer::singleShot(releaseDelayMs, op, [op] { op->finish({}); });
    return op;
}

Operation<SandboxBackend *> *FakeProvider::create(const BackendCreateRequest &request)
{
    creates << request;
    auto *op = new Operation<SandboxBackend *>(this);
    auto *backend = new FakeBackend(QStringLiteral("fake-%1").arg(creates.size()), nullptr);
    backends << backend;
    QTimer::singleShot(createDelayMs, op, [op, backend] { op->finish(backend); });
    return op;
}

CountOperation *FakeProvider::reapOrphans()
{
    ++reaps;
    auto *op = new CountOperation(this);
    QTimer::singleShot(reapDelayMs, op, [op] { op->finish(2); });
    return op;
}

} // namespace Sandbench::Test
