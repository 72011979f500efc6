#include "dockertestsupport.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QFile>
#include <QRandomGenerator>
#include <QTest>

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

QByteArray docker(const QStringList &args, bool *ok)
{
    QProcess p;
    p.start(QStringLiteral("docker"), args);
    const bool done = p.waitForFinished(60'000);
    if (!done)
        p.kill();
    if (ok)
        *ok = done && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    return p.readAllStandardOutput().trimmed();
}

Result<QString> DockerTestServer::start(const QString &prefix, const QString &image, const QStringList &command)
{
    remove();
    m_tag = QStringLiteral("%1-%2").arg(prefix).arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    bool ok = false;
    docker({QStringLiteral("network"), QStringLiteral("create"), m_tag}, &ok);
    if (!ok)
        return fail(ErrorCode::EnvironmentError, QStringLiteral("docker network create %1 failed").arg(m_tag));
    m_network = true;
    docker(QStringList{QStringLiteral("run"), QStringLiteral("-d"), QStringLiteral("--rm"), QStringLiteral("--name"), m_tag,
                       QStringLiteral("--network"), m_tag, image} + command, &ok);
    if (!ok)
        return fail(ErrorCode::EnvironmentError, QStringLiteral("docker run %1 failed").arg(image));
    m_address = QString::fromLatin1(docker({QStringLiteral("inspect"), QStringLiteral("-f"),
                                            QStringLiteral("{{(index .NetworkSettings.Networks \"%1\").IPAddress}}").arg(m_tag), m_tag}));
    if (m_address.isEmpty())
        return fail(ErrorCode::EnvironmentError, QStringLiteral("the server %1 has no address").arg(m_tag));
    return m_address;
}

bool DockerTestServer::stop()
{
    if (m_tag.isEmpty())
        return true;
    docker({QStringLiteral("rm"), QStringLiteral("-f"), m_tag});
    return !containerExists(dockerSocket(), m_tag);
}

bool DockerTestServer::remove()
{
    if (m_tag.isEmpty())
        return true;
    stop();
    // The engine may still be detaching the removed server (it ran with --rm).
    bool removed = !m_network;
    for (QDeadlineTimer deadline(30'000); !removed && !deadline.hasExpired(); QTest::qWait(removed ? 0 : 200))
        docker({QStringLiteral("network"), QStringLiteral("rm"), m_tag}, &removed);
    if (removed)
        m_tag.clear();
    m_network = !removed;
    return removed;
}

Result<int> HostTestServer::start()
{
    stop();
    const QString server = trafficTestFile(QStringLiteral("webserver.py"));
    if (server.isEmpty())
        return fail(ErrorCode::EnvironmentError, QStringLiteral("tests/sandbox/traffic/webserver.py not found"));
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process->start(QStringLiteral("python3"), {QStringLiteral("-c"), server, QStringLiteral("127.0.0.1"), QStringLiteral("0")});
    if (!m_process->waitForStarted(30'000))
        return fail(ErrorCode::EnvironmentError, QStringLiteral("python3 did not start: %1").arg(m_process->errorString()));
    // The server's first line says where it listens.
    for (QDeadlineTimer deadline(30'000); !m_process->canReadLine() && !deadline.hasExpired();) {
        if (m_process->state() != QProcess::Running)
            break;
        m_process->waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime())));
    }
    const QByteArray line = m_process->readLine().trimmed();
    bool ok = false;
    const int port = line.startsWith("listening ") ? line.mid(10).toInt(&ok) : 0;
    if (!ok || port <= 0)
        return fail(ErrorCode::EnvironmentError, QStringLiteral("the web server did not say where it listens: %1").arg(QString::fromUtf8(line)));
    return port;
}

void HostTestServer::stop()
{
    if (!m_process)
        return;
    m_process->kill();
    m_process->waitForFinished(30'000);
    m_process.reset();
}

QString trafficTestFile(const QString &name)
{
    QFile f(qEnvironmentVariable("SANDBENCH_SOURCE_DIR") + QStringLiteral("/tests/sandbox/traffic/") + name);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

SandboxCliRun runSandboxCli(const QStringList &args, const QByteArray &input, int timeoutMs)
{
    QProcess p;
    p.start(qEnvironmentVariable("SANDBENCH_CLI"), args);
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
    SandboxCliRun run;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return run;
    }
    run.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    run.out = p.readAllStandardOutput();
    run.err = p.readAllStandardError();
    return run;
}

QString describe(const SandboxCliRun &run)
{
    return QStringLiteral("status %1\nstdout: %2\nstderr: %3").arg(run.status).arg(QString::fromUtf8(run.out), QString::fromUtf8(run.err));
}

} // namespace Sandbench::Test
