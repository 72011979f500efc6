#include "dockerbackend.h"

#include "net/egressproxy.h"

#include "sandbox/docker/dockerprovider.h"

#include "sandbox/desktop.h"
#include "sandbox/docker/dockerengine.h"
#include "sandbox/docker/dockerexec.h"
#include "sandbox/sandboxscripts.h"

namespace Sandbench {

DockerBackend::DockerBackend(const DockerEngine *engine, const QString &containerId,
                             const QString &name, QHash<int, int> hostPorts, QObject *parent)
    : SandboxBackend(parent)
    , m_engine(engine)
    , m_id(containerId)
    , m_name(name)
    , m_hostPorts(std::move(hostPorts))
{
}

QString DockerBackend::insideProgramPath()
{
    // Beside the env file, in root's tmpfs: the sandbox's user can run it but not replace it.
    return QStringLiteral("/run/sandbench/inside");
}

QString DockerBackend::envFilePath()
{
    // In root's own tmpfs (mode 0755, see DockerProvider): the sandbox's user reads it with every
    // command but can neither change, replace nor remove it.
    return QStringLiteral("/run/sandbench/env");
}

ExecJob *DockerBackend::exec(const BackendExecRequest &request)
{
    // The root steps from outside (the deadline) need no capability.
    return execInternal(request, true, QStringLiteral("none"));
}

DockerBackend *DockerBackend::attach(const DockerEngine *engine, const QString &containerId, const QString &name, QObject *parent,
                                     bool withEnv)
{
    auto *backend = new DockerBackend(engine, containerId, name, {}, parent);
    backend->m_hasInsideProgram = true;
    // The wrapper reads the file only when it is there: a sandbox made without env has none.
    backend->m_hasEnvFile = withEnv;
    return backend;
}

ExecJob *DockerBackend::execInternal(const BackendExecRequest &request, bool killable, const QString &rootCapabilities)
{
    auto *job = new ExecJob(this);
    if (m_released) {
        job->fail(ErrorCode::Gone, QStringLiteral("the sandbox was released"));
        return job;
    }
    // Fail closed: without the switch, a command would run as root, and a root step with every
    // capability the container holds. Only sandbench-inside's own installation runs before it.
    const bool install = request.asRoot && rootCapabilities.isEmpty();
    if (install == m_hasInsideProgram) {
        job->fail(ErrorCode::Internal, m_hasInsideProgram ? QStringLiteral("sandbench-inside is installed already")
                                                          : QStringLiteral("Sandbench's program inside the sandbox (sandbench-inside) is not installed"));
        return job;
    }
    // Root's execs (Sandbench's bookkeeping) never source what the caller's env holds.
    const QString envFile = m_hasEnvFile && !request.asRoot ? envFilePath() : QString();
    const QString tag = SandboxScripts::newExecTag();
    const QStringList argv = SandboxScripts::wrapCommand(request.argv, request.cwd, envFile, tag,
                                                         install ? QString() : insideProgramPath(),
                                                         request.asRoot ? rootCapabilities : QString());
    // The env values travel on stdin, ahead of the command's own: never in the exec's argv or
    // Env, which the engine shows to anyone who can inspect it.
    BackendExecRequest sent = request;
    // A warm sandbox's claim env comes first (as the env file would), the exec's own over it;
    // root's steps never see it.
    QMap<QString, QString> env = request.asRoot ? QMap<QString, QString>() : m_claimEnv;
    env.insert(request.env);
    sent.stdinData = SandboxScripts::envHeader(env) + request.stdinData.value_or(QByteArray());
    sent.env.clear();
    // Root's execs are Sandbench's own, short and bounded: they run to their timeout.
    auto *runner = new DockerExecRunner(this, m_engine, m_id, argv, sent, tag, job, killable && !request.asRoot);
    runner->start();
    return job;
}

VoidOperation *DockerBackend::installInsideProgram(const QByteArray &program)
{
    return writeRootFile(insideProgramPath(), "0755", program, QStringLiteral("sandbench-inside"),
                         &DockerBackend::m_hasInsideProgram, QString());
}

VoidOperation *DockerBackend::awaitKeeper()
{
    return rootStep({QStringLiteral("sh"), QStringLiteral("-c"), SandboxScripts::awaitKeeper(), QStringLiteral("sandbench"),
                     QString::number(SandboxScripts::keeperUid)},
                    {}, {ErrorCode::EnvironmentError, QStringLiteral("the sandbox's lifetime keeper did not start")},
                    nullptr, QStringLiteral("none"));
}

VoidOperation *DockerBackend::cutOffHost(const HostCutOff &cut)
{
    QStringList argv = {insideProgramPath(), QStringLiteral("no-host"), QStringLiteral("--gateway"), cut.gateway,
                        QStringLiteral("--ephemeral"), QStringLiteral("%1-%2").arg(cut.ephemeralFirst).arg(cut.ephemeralLast)};
    for (int port : cut.replyPorts)
        argv << QStringLiteral("--reply-port") << QString::number(port);
    if (cut.onLinkOnly)
        argv << QStringLiteral("--on-link-only");
    argv << cut.hostAddresses;
    // CAP_NET_ADMIN for this step alone: no other process of the sandbox holds it.
    return rootStep(argv, {}, {ErrorCode::EnvironmentError, QStringLiteral("the sandbox could not be kept off the host's addresses")},
                    nullptr, QStringLiteral("NET_ADMIN"));
}

VoidOperation *DockerBackend::writeEnvFile(const QMap<QString, QString> &env)
{
    return writeRootFile(envFilePath(), "0644", SandboxScripts::envFileContent(env),
                         QStringLiteral("the sandbox's environment"), &DockerBackend::m_hasEnvFile);
}

VoidOperation *DockerBackend::installSecretCa(const QByteArray &caPem)
{
    return rootStep({QStringLiteral("sh"), QStringLiteral("-c"), SecretProxyConfig::installCaScript()}, caPem,
                    {ErrorCode::Internal, QStringLiteral("the egress proxy's CA could not be installed")}, nullptr,
                    QStringLiteral("none"));
}

VoidOperation *DockerBackend::writeRootFile(const QString &path, const char *mode, const QByteArray &content,
                                            const QString &what, bool DockerBackend::*written,
                                            const QString &rootCapabilities)
{
    // Root owns the folder: writing there takes no capability.
    return rootStep({QStringLiteral("sh"), QStringLiteral("-c"), SandboxScripts::writeRootFile(),
                     QStringLiteral("sandbench"), path, QLatin1String(mode)},
                    content, {ErrorCode::Internal, QStringLiteral("%1 could not be written").arg(what)}, written,
                    rootCapabilities);
}

VoidOperation *DockerBackend::rootStep(const QStringList &argv, const QByteArray &stdinData, const Error &onFailure,
                                       bool DockerBackend::*done, const QString &rootCapabilities)
{
    BackendExecRequest request;
    request.argv = argv;
    request.asRoot = true;
    request.cwd = QStringLiteral("/");
    request.stdinData = stdinData;
    request.timeoutMs = m_engine->callTimeoutMs();
    request.maxOutputBytes = 4096;
    return chain(new VoidOperation(this), execInternal(request, true, rootCapabilities),
                 [this, onFailure, done](const SandboxExecResult &r) -> Result<void> {
        if (r.exitCode != 0 || r.timedOut)
            return fail(onFailure.code, onFailure.message + QStringLiteral(": ")
                                            + QString::fromUtf8(r.stderrData.left(300)).trimmed());
        if (done)
            this->*done = true;
        return {};
    });
}

ExecJob *DockerBackend::killTagged(const QString &tag)
{
    BackendExecRequest request;
    request.argv = {QStringLiteral("sh"), QStringLiteral("-c"), SandboxScripts::killTagged(),
                    QStringLiteral("sandbench"), tag};
    request.cwd = QStringLiteral("/");
    request.timeoutMs = 10'000;
    request.maxOutputBytes = 4096;
    // Root's, with CAP_KILL alone: the sandbox's user can neither stop nor trace it. Not
    // killable itself: a kill that times out just ends.
    request.asRoot = true;
    return execInternal(request, false, QStringLiteral("KILL"));
}

VoidOperation *DockerBackend::startDesktop(const QString &geometry)
{
    BackendExecRequest request;
    request.argv = {QStringLiteral("sh"), QStringLiteral("-c"), Desktop::startScript(),
                    QStringLiteral("sandbench"), QString::number(Desktop::displayNumber), geometry};
    request.cwd = QStringLiteral("/");
    request.timeoutMs = 45'000; // the display's own wait is bounded at 10 s + 20 s
    request.maxOutputBytes = 4096;
    return chain(new VoidOperation(this), execInternal(request, true, QString()),
                 [this](const SandboxExecResult &r) -> Result<void> {
        if (r.exitCode != 0)
            return fail(ErrorCode::Internal, QStringLiteral("the sandbox's display did not start: %1")
                                                 .arg(QString::fromUtf8(r.stderrData.trimmed().left(300))));
        m_desktop = true;
        return {};
    });
}

Result<QUrl> DockerBackend::url(int port) const
{
    const auto it = m_hostPorts.constFind(port);
    if (it == m_hostPorts.cend())
        return fail(ErrorCode::InvalidInput, QStringLiteral("port %1 is not published").arg(port));
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(*it));
}

VoidOperation *DockerBackend::release()
{
    auto *op = new VoidOperation(this);
    if (m_released) {
        op->finish({});
        return op;
    }
    m_released = true;
    // The proxy and its network go after the container: the engine keeps a network with members.
    auto finish = [this, op](Result<void> result) {
        if (!m_egressProxy)
            return void(op->finish(std::move(result)));
        m_egressProxy->stop([op, result](Result<void> stopped) {
            op->finish(result ? stopped : result);
        });
    };
    m_engine->call(op, "DELETE", "/containers/" + m_id.toLatin1() + "?force=true&v=true",
                   [finish](const Result<HttpResponse> &r) {
                       if (!r)
                           finish(std::unexpected(r.error()));
                       // 404: already gone (lifetime over); 409: removal already under way.
                       else if (r->status == 204 || r->status == 404 || r->status == 409)
                           finish({});
                       else
                           finish(std::unexpected(DockerEngine::failure(QStringLiteral("remove"), *r)));
                   });
    return op;
}

void DockerBackend::setEgressProxy(EgressProxy *proxy)
{
    m_egressProxy = proxy;
    proxy->setParent(this);
    connect(proxy, &EgressProxy::connection, this, &SandboxBackend::networkEvent);
    connect(proxy, &EgressProxy::trafficRecorded, this, &SandboxBackend::trafficRecorded);
    connect(proxy, &EgressProxy::replayRequested, this, &SandboxBackend::replayRequested);
}

VoidOperation *DockerBackend::extend(const QDateTime &expires)
{
    return writeDeadline(QLatin1String(DockerProvider::deadlineFile), expires);
}

QList<SandboxProxySecret> DockerBackend::proxySecrets() const
{
    QList<SandboxProxySecret> out;
    if (m_egressProxy) {
        for (const EgressSecret &secret : m_egressProxy->secrets())
            out << SandboxProxySecret{secret.name, secret.value, secret.placeholder.toLatin1()};
    }
    return out;
}

} // namespace Sandbench
