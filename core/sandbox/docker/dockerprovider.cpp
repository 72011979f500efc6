#include "dockerprovider.h"

#include "common/boundedfile.h"
#include "common/helperprogram.h"
#include "net/egressproxy.h"
#include "sandbox/docker/dockerhostcutoff.h"
#include "sandbox/docker/dockerbackend.h"
#include "sandbox/docker/dockerlockdown.h"
#include "sandbox/sandboxscripts.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QThread>
#include <QUrl>

#include <cmath>

namespace Sandbench {

namespace {

// sandbench-inside is a small static program; anything larger is not it.
constexpr qint64 maxInsideProgramBytes = qint64(4) << 20;

QString imageMissing(const QString &image)
{
    return QStringLiteral("image %1 is not on the Docker engine (images are never pulled: "
                          "build it with scripts/images)").arg(image);
}

QString shortHex(int bytes)
{
    QByteArray raw(bytes, Qt::Uninitialized);
    for (char &c : raw)
        c = char(QRandomGenerator::system()->bounded(256));
    return QString::fromLatin1(raw.toHex());
}

} // namespace

Result<std::unique_ptr<DockerProvider>> DockerProvider::create(const DockerProviderOptions &options)
{
    QString socket = options.socketPath;
    if (socket.isEmpty()) {
        auto fromEnv = DockerEngine::socketFromEnvironment();
        if (!fromEnv)
            return std::unexpected(fromEnv.error());
        socket = *fromEnv;
    }
    // Bounded on both sides: a provider is set up once, and a typo there would otherwise hand
    // every sandbox the machine.
    const int hostCpus = std::max(1, QThread::idealThreadCount());
    if (options.defaultImage.isEmpty() || options.maxLifetimeMs <= 0
        || options.maxLifetimeMs > 7LL * 24 * 3600 * 1000)
        return fail(ErrorCode::InvalidConfig, QStringLiteral("the Docker provider needs an image and a lifetime of at most 7 days"));
    if (options.defaultMemoryMiB < 16 || options.defaultMemoryMiB > 256 * 1024)
        return fail(ErrorCode::InvalidConfig, QStringLiteral("memoryMiB must be between 16 and 262144"));
    if (!(options.defaultCpus >= 0.01) || options.defaultCpus > hostCpus)
        return fail(ErrorCode::InvalidConfig, QStringLiteral("cpus must be between 0.01 and this machine's %1").arg(hostCpus));
    if (options.pidsLimit < 16 || options.pidsLimit > 65536)
        return fail(ErrorCode::InvalidConfig, QStringLiteral("pids must be between 16 and 65536"));
    if (options.workspaceMiB < 1 || options.workspaceMiB > 64 * 1024 || options.tmpMiB < 1 || options.tmpMiB > 64 * 1024)
        return fail(ErrorCode::InvalidConfig, QStringLiteral("workspaceMiB and tmpMiB must be between 1 and 65536"));
    if (options.callTimeoutMs <= 0)
        return fail(ErrorCode::InvalidConfig, QStringLiteral("callTimeoutMs must be positive"));
    auto insideProgramPath = locateHelperProgram(QStringLiteral("sandbench-inside"), "SANDBENCH_INSIDE",
                                              QStringLiteral(SANDBENCH_INSIDE_INSTALL_PATH),
                                              QStringLiteral(SANDBENCH_INSIDE_BUILD_PATH));
    if (!insideProgramPath)
        return std::unexpected(insideProgramPath.error());
    auto insideProgram = readRegularFile(*insideProgramPath, maxInsideProgramBytes, QStringLiteral("sandbench-inside"));
    if (!insideProgram)
        return std::unexpected(insideProgram.error());
    return std::unique_ptr<DockerProvider>(new DockerProvider(options, socket, *insideProgram));
}

DockerProvider::DockerProvider(const DockerProviderOptions &options, const QString &socketPath,
                               const QByteArray &insideProgram)
    : m_options(options)
    , m_engine(socketPath, options.callTimeoutMs)
    , m_insideProgram(insideProgram)
{
}

SandboxFeatures DockerProvider::features() const
{
    SandboxFeatures f;
    f.stdinSupported = true;
    f.ports = true;
    // For images labelled with desktopLabel; each sandbox's features say whether it has one.
    f.desktop = true;
    f.network = {NetworkKind::None, NetworkKind::All, NetworkKind::Domains};
    return f;
}

SandboxLimits DockerProvider::limits() const
{
    return {m_options.defaultCpus, m_options.defaultMemoryMiB};
}

Result<QJsonObject> DockerProvider::volumeTmpfs(const QJsonObject &imageVolumes) const
{
    // A VOLUME would be a writable folder on the host's disk, outside every memory bound: each
    // gets a bounded tmpfs instead (empty: the image's files there are not copied in).
    static const QRegularExpression safe(QRegularExpression::anchoredPattern(QStringLiteral("/[A-Za-z0-9._@+/-]{1,255}")));
    QJsonObject out;
    for (auto it = imageVolumes.begin(); it != imageVolumes.end(); ++it) {
        const QString path = it.key();
        const QString clean = QDir::cleanPath(path);
        if (!safe.match(path).hasMatch() || clean != path || clean == QLatin1String("/") || path.contains(QLatin1String("/..")))
            return fail(ErrorCode::InvalidConfig,
                        QStringLiteral("the image declares a VOLUME at a path Sandbench cannot lay a tmpfs over safely: %1")
                            .arg(path.left(100).replace(QRegularExpression(QStringLiteral("[\\x00-\\x1f\\x7f]")), QStringLiteral("?"))));
        if (path == QLatin1String("/workspace") || path == QLatin1String("/tmp"))
            continue; // already a tmpfs of its own
        if (path == QLatin1String("/run/sandbench") || path.startsWith(QLatin1String("/run/sandbench/")))
            return fail(ErrorCode::InvalidConfig, QStringLiteral("the image declares a VOLUME over Sandbench's own %1").arg(path));
        // A volume is the sandbox's user's to write: over the programs, libraries or
        // configuration root runs with, it would let the user choose what root runs.
        for (const char *system : {"/bin", "/sbin", "/usr", "/lib", "/lib32", "/lib64", "/libx32", "/etc"}) {
            const QString root = QLatin1String(system);
            if (path == root || path.startsWith(root + QLatin1Char('/')))
                return fail(ErrorCode::InvalidConfig,
                            QStringLiteral("the image declares a VOLUME at %1, among the system's programs, libraries or configuration; "
                                           "the sandbox's user could change what Sandbench runs as root there").arg(path));
        }
        out.insert(path, QStringLiteral("rw,nosuid,nodev,uid=1000,gid=1000,mode=0755,size=%1m").arg(m_options.tmpMiB));
    }
    return out;
}

QJsonObject DockerProvider::containerConfig(const BackendCreateRequest &request, const QJsonObject &volumes,
                                            const QString &egressNetwork) const
{
    const SandboxOptions &o = request.options;
    // The container ends itself at its deadline: its pid 1 is the keeper (sandbench-inside keep),
    // which exits then, and an extension moves the deadline by writing it to a root-owned file the
    // sandbox's user cannot touch; nothing moves it past latestEnd. The container starts as root
    // (with the capabilities root's steps use, see CapAdd) only so that the keeper can empty every
    // capability set, the bounding set too, before it becomes keeperUid: the sandbox's user (uid
    // 1000, no capability) can neither signal nor trace it, and it holds nothing itself. The
    // image has no sandbench-inside: the main process waits for Sandbench to copy it in (the
    // first exec, DockerBackend::installInsideProgram), at most bootstrapWaitS and never past
    // the deadline, then becomes the keeper; create finishes only once it has (awaitKeeper).
    const qint64 nowS = QDateTime::currentSecsSinceEpoch();
    const qint64 expiresS = (request.expires.toMSecsSinceEpoch() + 999) / 1000;
    const qint64 latestS = request.latestEnd.isValid() ? std::max(expiresS, (request.latestEnd.toMSecsSinceEpoch() + 999) / 1000)
                                                       : expiresS;
    constexpr qint64 bootstrapWaitS = 120;
    // Root's: its PATH is system folders only and it takes no loader variables from the image
    // (SandboxScripts::rootPath); no command of the sandbox's user runs before it is the keeper.
    const QString inside = DockerBackend::insideProgramPath();
    const QString mainProcess = QStringLiteral(
            "PATH=%1; export PATH; unset LD_PRELOAD LD_LIBRARY_PATH LD_AUDIT; "
            "until [ -x %2 ]; do [ \"$(date +%s)\" -ge %3 ] && exit 1; sleep 0.05 2>/dev/null || sleep 1; done; "
            "exec %2 keep %4 %5 %6 %7 %8")
            .arg(QLatin1String(SandboxScripts::rootPath), inside)
            .arg(std::min(nowS + bootstrapWaitS, expiresS))
            .arg(SandboxScripts::keeperUid).arg(SandboxScripts::keeperGid)
            .arg(QLatin1String(deadlineFile)).arg(expiresS).arg(latestS);
    QJsonObject labels;
    for (auto it = request.labels.cbegin(); it != request.labels.cend(); ++it)
        labels.insert(it.key(), it.value());
    labels.insert(QLatin1String(ownerLabel), ownerIdentity());
    // Always set: a snapshot's image carries its source's labels, which must not decide this.
    labels.insert(QLatin1String(persistLabel), o.persist ? QStringLiteral("1") : QStringLiteral("0"));
    // The label is what other processes reap by, so it names the latest possible end.
    labels.insert(QLatin1String(expiresLabel), QString::number(
            (request.latestEnd.isValid() ? request.latestEnd : request.expires).toMSecsSinceEpoch()));

    // The pool refused more than limits(); the provider never gives more whatever it is handed.
    const int memoryMiB = o.memoryMiB > 0 ? std::min(o.memoryMiB, m_options.defaultMemoryMiB) : m_options.defaultMemoryMiB;
    const double cpus = o.cpus > 0 ? std::min(o.cpus, m_options.defaultCpus) : m_options.defaultCpus;
    const qint64 memory = qint64(memoryMiB) * 1024 * 1024;
    // Allow is online too, on its own internal network: the host's addresses are cut off the same way.
    const bool online = o.network.kind == NetworkKind::All || o.network.kind == NetworkKind::Domains;

    QJsonObject tmpfs = volumes;
    tmpfs.insert(QStringLiteral("/workspace"),
                 QStringLiteral("rw,exec,nosuid,nodev,uid=1000,gid=1000,mode=0755,size=%1m").arg(m_options.workspaceMiB));
    tmpfs.insert(QStringLiteral("/tmp"), QStringLiteral("rw,nosuid,nodev,mode=1777,size=%1m").arg(m_options.tmpMiB));
    // Root's, mode 0755: the sandbox's user can read its deadline and env but not change them.
    // exec: it holds sandbench-inside, which every command runs through.
    tmpfs.insert(QStringLiteral("/run/sandbench"), QStringLiteral("rw,exec,nosuid,nodev,mode=0755,size=%1k")
                                                       .arg((maxInsideProgramBytes >> 10) + 1024));
    QJsonObject host{
        {QStringLiteral("NetworkMode"), o.network.kind == NetworkKind::All       ? QString::fromLatin1(networkName)
                                        : o.network.kind == NetworkKind::Domains ? egressNetwork
                                                                                 : QStringLiteral("none")},
        {QStringLiteral("CapDrop"), QJsonArray{QStringLiteral("ALL")}},
        // What a process starts with (the engine has no per-exec capabilities), never what one
        // keeps: each narrows them through sandbench-inside before anything else. SETPCAP lets it
        // empty its bounding set too; SETUID and SETGID make the keeper, each exec's subreaper and
        // each command give up root (none of them then holds any capability); KILL is kept by the
        // kill alone (SandboxScripts::killTagged); online, NET_ADMIN by the step that routes the
        // host's addresses away alone (DockerBackend::cutOffHost).
        {QStringLiteral("CapAdd"), online ? QJsonArray{QStringLiteral("SETPCAP"), QStringLiteral("SETUID"), QStringLiteral("SETGID"), QStringLiteral("KILL"), QStringLiteral("NET_ADMIN")}
                                          : QJsonArray{QStringLiteral("SETPCAP"), QStringLiteral("SETUID"), QStringLiteral("SETGID"), QStringLiteral("KILL")}},
        {QStringLiteral("SecurityOpt"), QJsonArray{QStringLiteral("no-new-privileges")}},
        {QStringLiteral("ReadonlyRootfs"), true},
        {QStringLiteral("Privileged"), false},
        {QStringLiteral("Tmpfs"), tmpfs},
        {QStringLiteral("NanoCpus"), qint64(std::llround(cpus * 1e9))},
        {QStringLiteral("Memory"), memory},
        {QStringLiteral("MemorySwap"), memory}, // equal: no swap on top
        {QStringLiteral("PidsLimit"), m_options.pidsLimit},
        // No docker-init: the keeper is pid 1 (it reaps orphans), and each exec's subreaper is
        // sandbench-inside's; docker-init would be a root process holding every capability above.
        {QStringLiteral("Init"), false},
        {QStringLiteral("AutoRemove"), true},
        // Nothing from the host, ever: in particular the engine's socket.
        {QStringLiteral("Binds"), QJsonArray()},
        {QStringLiteral("Mounts"), QJsonArray()},
    };
    QJsonObject exposed;
    if (o.network.kind == NetworkKind::All && !o.ports.isEmpty()) {
        QJsonObject bindings;
        for (int port : o.ports) {
            const QString key = QStringLiteral("%1/tcp").arg(port);
            exposed.insert(key, QJsonObject());
            bindings.insert(key, QJsonArray{QJsonObject{{QStringLiteral("HostIp"), QStringLiteral("127.0.0.1")},
                                                        {QStringLiteral("HostPort"), QString()}}});
        }
        host.insert(QStringLiteral("PortBindings"), bindings);
    }
    return QJsonObject{
        {QStringLiteral("Image"), o.image},
        {QStringLiteral("Cmd"), QJsonArray{QStringLiteral("/bin/sh"), QStringLiteral("-c"), mainProcess}},
        {QStringLiteral("Entrypoint"), QJsonArray()},
        // Root only until the keeper gives it up; every command becomes the sandbox's user
        // through sandbench-inside.
        {QStringLiteral("User"), QStringLiteral("0:0")},
        {QStringLiteral("WorkingDir"), QStringLiteral("/workspace")},
        // The same name in every sandbox rather than Docker's (the container id): a replay in a
        // fresh sandbox prints what the recording printed, and the id stays the host's business.
        {QStringLiteral("Hostname"), QStringLiteral("sandbox")},
        // Only HOME: the sandbox's variables go to a file inside it, not into the container's
        // configuration where `docker inspect` would show them.
        {QStringLiteral("Env"), QJsonArray{QStringLiteral("HOME=/workspace")}},
        {QStringLiteral("Labels"), labels},
        {QStringLiteral("ExposedPorts"), exposed},
        {QStringLiteral("Tty"), false},
        {QStringLiteral("OpenStdin"), false},
        {QStringLiteral("HostConfig"), host},
    };
}

Operation<SandboxBackend *> *DockerProvider::create(const BackendCreateRequest &request)
{
    auto *op = new Operation<SandboxBackend *>(this);
    const SandboxLimits max = limits();
    if (request.options.memoryMiB > max.maxMemoryMiB || request.options.cpus > max.maxCpus) {
        op->fail(ErrorCode::LimitExceeded, QStringLiteral("the sandbox asks for more than the provider gives"));
        return op;
    }
    if (!request.options.snapshot.isEmpty()) {
        createFromSnapshot(op, request);
        return op;
    }
    const QString image = request.options.image;
    // The image first: what it declares (VOLUMEs) decides the mounts, and a missing one is
    // refused before anything is made.
    m_engine.call(op, "GET", "/images/" + QUrl::toPercentEncoding(image) + "/json",
                  [this, op, image, request](const Result<HttpResponse> &r) {
        if (!r)
            return void(op->finish(std::unexpected(r.error())));
        if (r->status == 404)
            return void(op->fail(ErrorCode::InvalidConfig, imageMissing(image)));
        if (r->status != 200)
            return void(op->finish(std::unexpected(DockerEngine::failure(QStringLiteral("image inspect"), *r))));
        const QJsonObject config = QJsonDocument::fromJson(r->body).object().value(QLatin1String("Config")).toObject();
        auto volumes = volumeTmpfs(config.value(QLatin1String("Volumes")).toObject());
        if (!volumes)
            return void(op->finish(std::unexpected(volumes.error())));
        if (request.options.network.kind == NetworkKind::None)
            return createContainer(op, request, *volumes);
        ensureNetwork(op, [this, op, request, volumes = *volumes](Result<void> n) {
            if (!n)
                return void(op->finish(std::unexpected(n.error())));
            if (request.options.network.kind == NetworkKind::Domains)
                return createWithEgress(op, request, volumes);
            createContainer(op, request, volumes);
        });
    });
    return op;
}

void DockerProvider::createContainer(Operation<SandboxBackend *> *op, const BackendCreateRequest &request,
                                     const QJsonObject &volumes, EgressProxy *egress)
{
    const QString name = QStringLiteral("sandbench-") + shortHex(6);
    const QString image = request.options.image;
    // A proxy not yet handed to a backend goes with a failed create, after the container.
    QPointer<EgressProxy> proxy = egress;
    auto dropProxy = [this, proxy] {
        if (!proxy)
            return;
        proxy->setParent(this);
        proxy->stop([p = proxy.data()](Result<void>) { p->deleteLater(); });
    };
    auto removeAndFail = [this, op, dropProxy](const QString &id, const Error &error) {
        m_engine.call(this, "DELETE", "/containers/" + id.toLatin1() + "?force=true&v=true", [dropProxy](const auto &) { dropProxy(); });
        op->finish(std::unexpected(error));
    };
    // sandbench-inside comes first: no command of the sandbox's user runs without it, and the main
    // process becomes the keeper with it (nothing else runs until it has). The display
    // (for a desktop image) starts before create finishes, so that the first desktop call finds
    // it running; the env file comes after it, so the display never sees it.
    auto finishWith = [op, request, insideProgram = m_insideProgram](DockerBackend *backend, const QString &desktopGeometry,
                                                                     const std::optional<HostCutOff> &cutOff,
                                                                     const QByteArray &secretCa) {
        auto done = [op, backend] {
            backend->setParent(nullptr);
            op->finish(backend);
        };
        auto failWith = [op, backend](const Error &error) {
            backend->release()->then(backend, [backend](const Result<void> &) { backend->deleteLater(); });
            backend->setParent(nullptr);
            op->finish(std::unexpected(error));
        };
        auto writeEnv = [op, request, backend, done, failWith] {
            if (request.options.env.isEmpty())
                return done();
            VoidOperation *env = backend->writeEnvFile(request.options.env);
            env->then(op, [done, failWith](const Result<void> &r) {
                if (!r)
                    return failWith(r.error());
                done();
            });
        };
        // The CA before the variables that point at it.
        auto installCa = [op, backend, secretCa, writeEnv, failWith] {
            if (secretCa.isEmpty())
                return writeEnv();
            VoidOperation *ca = backend->installSecretCa(secretCa);
            ca->then(op, [writeEnv, failWith](const Result<void> &r) {
                if (!r)
                    return failWith(r.error());
                writeEnv();
            });
        };
        auto startDisplay = [op, backend, desktopGeometry, installCa, failWith] {
            if (desktopGeometry.isEmpty())
                return installCa();
            VoidOperation *display = backend->startDesktop(desktopGeometry);
            display->then(op, [installCa, failWith](const Result<void> &r) {
                if (!r)
                    return failWith(r.error());
                installCa();
            });
        };
        auto isolate = [op, request, backend, cutOff, startDisplay, failWith] {
            if (request.warm && request.options.network.kind == NetworkKind::All) {
                VoidOperation *leave = backend->leaveNetwork(QLatin1String(networkName));
                leave->then(op, [startDisplay, failWith](const Result<void> &r) {
                    if (!r)
                        return failWith(r.error());
                    startDisplay();
                });
                return;
            }
            if (!cutOff)
                return startDisplay();
            VoidOperation *cut = backend->cutOffHost(*cutOff);
            cut->then(op, [startDisplay, failWith](const Result<void> &r) {
                if (!r)
                    return failWith(r.error());
                startDisplay();
            });
        };
        auto awaitKeeper = [op, backend, isolate, failWith] {
            VoidOperation *keeper = backend->awaitKeeper();
            keeper->then(op, [isolate, failWith](const Result<void> &r) {
                if (!r)
                    return failWith(r.error());
                isolate();
            });
        };
        VoidOperation *install = backend->installInsideProgram(insideProgram);
        install->then(op, [awaitKeeper, failWith](const Result<void> &r) {
            if (!r)
                return failWith(r.error());
            awaitKeeper();
        });
    };
    const QJsonObject config = containerConfig(request, volumes, egress ? egress->networkName() : QString());
    const QJsonObject askedHost = config.value(QLatin1String("HostConfig")).toObject();
    m_engine.call(op, "POST", "/containers/create?name=" + name.toLatin1(), config,
                  [this, op, image, name, request, askedHost, removeAndFail, finishWith, dropProxy, proxy](const Result<HttpResponse> &r) {
        if (!r || r->status != 201)
            dropProxy();
        if (!r)
            return void(op->finish(std::unexpected(r.error())));
        if (r->status == 404)
            return void(op->fail(ErrorCode::InvalidConfig, imageMissing(image)));
        if (r->status != 201)
            return void(op->finish(std::unexpected(DockerEngine::failure(QStringLiteral("create"), *r))));
        const QString id = QJsonDocument::fromJson(r->body).object().value(QLatin1String("Id")).toString();
        m_engine.call(op, "POST", "/containers/" + id.toLatin1() + "/start",
                      [this, op, id, name, request, askedHost, removeAndFail, finishWith, proxy](const Result<HttpResponse> &s) {
            if (!s)
                return removeAndFail(id, s.error());
            if (s->status != 204 && s->status != 304)
                return removeAndFail(id, DockerEngine::failure(QStringLiteral("start"), *s));
            // Inspected even without ports: the image's labels say whether it has a desktop.
            m_engine.call(op, "GET", "/containers/" + id.toLatin1() + "/json",
                          [this, op, id, name, request, askedHost, removeAndFail, finishWith, proxy](const Result<HttpResponse> &i) {
                if (!i)
                    return removeAndFail(id, i.error());
                if (i->status != 200)
                    return removeAndFail(id, DockerEngine::failure(QStringLiteral("inspect"), *i));
                const QJsonObject container = QJsonDocument::fromJson(i->body).object();
                // Fail closed: a limit the engine dropped (a kernel without the cgroup) or changed.
                if (auto held = verifyDockerLockDown(askedHost, container.value(QLatin1String("HostConfig")).toObject()); !held)
                    return removeAndFail(id, held.error());
                // Fail closed: whatever asked for it, no storage from the host's disk.
                for (const QJsonValue &m : container.value(QLatin1String("Mounts")).toArray()) {
                    const QString type = m.toObject().value(QLatin1String("Type")).toString();
                    if (type != QLatin1String("tmpfs"))
                        return removeAndFail(id, {ErrorCode::InvalidConfig,
                                                  QStringLiteral("the container got a %1 mount at %2; refused")
                                                      .arg(type, m.toObject().value(QLatin1String("Destination")).toString())});
                }
                const QJsonObject imageLabels = container.value(QLatin1String("Config")).toObject()
                                                    .value(QLatin1String("Labels")).toObject();
                QString desktopGeometry;
                if (imageLabels.value(QLatin1String(desktopLabel)).toString() == QLatin1String("1")) {
                    static const QRegularExpression sizeRe(QRegularExpression::anchoredPattern(QStringLiteral("[1-9][0-9]{2,3}x[1-9][0-9]{2,3}")));
                    const QString size = imageLabels.value(QLatin1String(desktopSizeLabel)).toString();
                    desktopGeometry = sizeRe.match(size).hasMatch() ? size : QStringLiteral("1280x800");
                }
                const QJsonObject ports = container
                                              .value(QLatin1String("NetworkSettings")).toObject()
                                              .value(QLatin1String("Ports")).toObject();
                QHash<int, int> hostPorts;
                for (int port : request.options.ports) {
                    const QJsonArray bound = ports.value(QStringLiteral("%1/tcp").arg(port)).toArray();
                    const int hostPort = bound.first().toObject().value(QLatin1String("HostPort")).toString().toInt();
                    if (hostPort <= 0)
                        return removeAndFail(id, {ErrorCode::Internal, QStringLiteral("port %1 was not published").arg(port)});
                    hostPorts.insert(port, hostPort);
                }
                std::optional<HostCutOff> cutOff;
                // A warm one goes off the network before create finishes; its claim cuts off.
                if (request.options.network.kind != NetworkKind::None && !request.warm) {
                    const QString onNetwork = proxy ? proxy->networkName() : QString::fromLatin1(networkName);
                    auto planned = planHostCutOff(container, request.options.ports, onNetwork);
                    if (!planned)
                        return removeAndFail(id, planned.error());
                    cutOff = *planned;
                    // Behind an egress proxy on its own network, nothing is reached through the
                    // gateway: without a default route, a host address made later is no way out.
                    cutOff->onLinkOnly = request.options.network.kind == NetworkKind::Domains;
                }
                if (request.options.network.kind == NetworkKind::Domains && !proxy)
                    return removeAndFail(id, {ErrorCode::Internal, QStringLiteral("network 'allow' without its egress proxy; refused")});
                auto *backend = new DockerBackend(&m_engine, id, name, hostPorts, op);
                if (proxy)
                    backend->setEgressProxy(proxy);
                finishWith(backend, desktopGeometry, cutOff, proxy ? proxy->caCertificate() : QByteArray());
            });
        });
    });
}

} // namespace Sandbench
