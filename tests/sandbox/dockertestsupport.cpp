#include "dockertestsupport.h"

#include <QEventLoop>

namespace Sandbench::Test {

QString why(const Error &e)
{
    return errorCodeName(e.code) + QStringLiteral(": ") + e.message;
}

Sandbox *createSandbox(SandboxPool *pool, const SandboxOptions &options)
{
    auto r = waitFor(pool->create(options), 60'000);
    if (!r)
        qWarning("create: %s", qPrintable(why(r.error())));
    return r ? *r : nullptr;
}

QString dockerSocket()
{
    auto socket = DockerEngine::socketFromEnvironment();
    return socket ? *socket : QString();
}

Result<HttpResponse> dockerCall(const QString &socket, const QByteArray &method, const QByteArray &path,
                                int timeoutMs)
{
    DockerEngine engine(socket, timeoutMs);
    QObject context;
    QEventLoop loop;
    std::optional<Result<HttpResponse>> out;
    engine.call(&context, method, path, [&](const Result<HttpResponse> &r) {
        out = r;
        loop.quit();
    });
    if (!out)
        loop.exec();
    return *out;
}

QString dockerProblem()
{
    const QString host = qEnvironmentVariable("DOCKER_HOST");
    if (host.isEmpty())
        return QStringLiteral("DOCKER_HOST is not set: integration tests need a Docker engine "
                              "(scripts/test starts one: source scripts/lib/docker.sh; sandbench_docker_start)");
    auto socket = DockerEngine::socketFromHost(host);
    if (!socket)
        return socket.error().message;
    auto ping = dockerCall(*socket, "GET", "/_ping", 5000);
    if (!ping || ping->status != 200)
        return QStringLiteral("the Docker engine at %1 does not answer: %2")
            .arg(*socket, ping ? QString::number(ping->status) : ping.error().message);
    auto image = dockerCall(*socket, "GET", "/images/sandbench%2Fbase:1/json", 5000);
    if (!image || image->status != 200)
        return QStringLiteral("image sandbench/base:1 is missing on %1: build it with scripts/images").arg(*socket);
    return {};
}

Result<std::unique_ptr<SandboxPool>> openDockerPool(PoolOptions options, DockerProviderOptions providerOptions)
{
    auto provider = DockerProvider::create(providerOptions);
    if (!provider)
        return std::unexpected(provider.error());
    return SandboxPool::open(std::move(*provider), options);
}

bool containerExists(const QString &socket, const QString &id)
{
    auto r = dockerCall(socket, "GET", "/containers/" + id.toLatin1() + "/json");
    return r && r->status == 200;
}

} // namespace Sandbench::Test
