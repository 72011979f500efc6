// What a sandbox holds and reaches beyond its own processes: lifetimes that end with Sandbench
// gone, image VOLUMEs kept in bounded memory, no neighbours on the network, the provider's
// maxima; and faults (a container killed from outside, a lifetime ending mid-exec) and a load
// of create/release cycles that must leave nothing behind.
#include "dockertestsupport.h"
#include "net/egressproxy.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QNetworkInterface>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <functional>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

Result<SandboxExecResult> shell(Sandbox *s, const QString &script, qint64 timeoutMs = 30'000)
{
    ExecOptions o;
    o.timeoutMs = timeoutMs;
    return waitFor(s->exec({QStringLiteral("sh"), QStringLiteral("-c"), script}, o), 120'000);
}

int bash(const QString &script, QByteArray *output = nullptr)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("bash"), {QStringLiteral("-c"), script});
    if (!p.waitForFinished(120'000)) {
        p.kill();
        p.waitForFinished();
        return -1;
    }
    if (output)
        *output = p.readAll();
    return p.exitCode();
}

// A throw-away image FROM the base one with the given Dockerfile lines, built over the API.
bool buildImage(const QString &tag, const QString &lines, QByteArray *log,
                const QString &from = QStringLiteral("sandbench/base:1"))
{
    QTemporaryDir dir;
    QFile f(dir.path() + QStringLiteral("/Dockerfile"));
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write("FROM " + from.toUtf8() + "\nLABEL io.sandbench.test=1\n" + lines.toUtf8() + "\n");
    f.close();
    const int rc = bash(QStringLiteral("tar -C '%1' -cf - Dockerfile | curl -sS --unix-socket '%2' -X POST "
                                       "-H 'Content-Type: application/x-tar' --data-binary @- "
                                       "'http://localhost/v1.41/build?t=%3&rm=1&forcerm=1'")
                            .arg(dir.path(), dockerSocket(), QString::fromLatin1(QUrl::toPercentEncoding(tag))),
                        log);
    return rc == 0 && !log->contains("\"error\"")
        && dockerCall(dockerSocket(), "GET", "/images/" + QUrl::toPercentEncoding(tag) + "/json")->status == 200;
}

// /index.html from a published port on the host's loopback, with bounded retries while httpd
// starts; what came back (it holds "served" when it worked).
QByteArray fetchServed(int port)
{
    QByteArray reply;
    for (int i = 0; i < 50 && !reply.contains("served"); ++i) {
        QTcpSocket sock;
        sock.connectToHost(QStringLiteral("127.0.0.1"), quint16(port));
        if (sock.waitForConnected(1000)) {
            sock.write("GET /index.html HTTP/1.0\r\n\r\n");
            while (sock.waitForReadyRead(1000))
                reply += sock.readAll();
        }
        if (!reply.contains("served"))
            QTest::qWait(100);
    }
    return reply;
}

// This process's resident memory (VmRSS), in KiB; 0 when unreadable.
qint64 residentKiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return 0;
}

int countEntries(const QString &dir)
{
    return int(QDir(dir).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).size());
}

// Our containers (any owner label of this process).
int ourContainers()
{
    auto r = dockerCall(dockerSocket(), "GET", "/containers/json?all=true");
    int n = 0;
    for (const QJsonValue &v : QJsonDocument::fromJson(r ? r->body : QByteArray()).array()) {
        if (v.toObject().value(QLatin1String("Labels")).toObject().value(QLatin1String(DockerProvider::ownerLabel))
                .toString() == DockerProvider::ownerIdentity())
            ++n;
    }
    return n;
}

// The networks this process could have left: the one online sandboxes share, and the egress
// networks its allow-list sandboxes own. Tests that run beside this one make and remove
// networks of their own (test servers' networks, other processes' egress networks): those
// are not counted.
int networkCount()
{
    auto r = dockerCall(dockerSocket(), "GET", "/networks");
    if (!r || r->status != 200)
        return -1;
    int n = 0;
    for (const QJsonValue &v : QJsonDocument::fromJson(r->body).array()) {
        const QJsonObject net = v.toObject();
        const QString owner = net.value(QLatin1String("Labels")).toObject().value(QLatin1String(EgressProxy::ownerLabel)).toString();
        if (owner == DockerProvider::ownerIdentity() || net.value(QLatin1String("Name")).toString() == QLatin1String(DockerProvider::networkName))
            ++n;
    }
    return n;
}

bool waitGone(const QString &id, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < timeoutMs) {
        if (!containerExists(dockerSocket(), id))
            return true;
        QTest::qWait(200);
    }
    return false;
}

} // namespace

#define VERIFY_OK(r) QVERIFY2((r), qPrintable((r) ? QString() : why((r).error())))

class TestDockerIsolation : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { REQUIRE_DOCKER(); }

    // No pool, no timer of ours: only the container's own machinery can end it. The sandbox's
    // user tries to stop it first.
    void lifetimeHoldsWithoutSandbench()
    {
        auto provider = DockerProvider::create();
        VERIFY_OK(provider);
        BackendCreateRequest request;
        request.options.lifetimeMs = 4'000;
        request.options.image = QStringLiteral("sandbench/base:1");
        request.expires = QDateTime::currentDateTimeUtc().addMSecs(4'000);
        request.latestEnd = QDateTime::currentDateTimeUtc().addSecs(120);
        auto backend = waitFor((*provider)->create(request), 60'000);
        VERIFY_OK(backend);
        const QString id = (*backend)->id();
        auto cleanup = qScopeGuard([id] { dockerCall(dockerSocket(), "DELETE", "/containers/" + id.toLatin1() + "?force=true"); });
        BackendExecRequest attack;
        attack.argv = {QStringLiteral("sh"), QStringLiteral("-c"),
                       QStringLiteral(
                           "for p in /proc/[0-9]*; do IFS= read -r s < \"$p/stat\" 2>/dev/null && echo \"${p#/proc/} ${s##*\") \"}\"; done |"
                           " awk '{ pp[$1] = $3 } END { t[1] = 1; do { c = 0; for (p in pp) if (!(p in t) && (pp[p] in t)) { t[p] = 1; c = 1 } } while (c);"
                           " for (p in t) print p }' > /tmp/m\n"
                           "for p in $(cat /tmp/m); do kill -STOP $p 2>/dev/null && echo stopped $p; done; echo TRIED")};
        attack.cwd = QStringLiteral("/");
        attack.timeoutMs = 10'000;
        attack.maxOutputBytes = 4096;
        ExecJob *job = (*backend)->exec(attack);
        auto r = waitFor(job, 30'000);
        VERIFY_OK(r);
        QVERIFY(r->stdoutData.contains("TRIED"));
        delete *backend; // forgotten: nothing of this process will remove the container
        QVERIFY2(waitGone(id, 12'000), "the container outlived its lifetime");
    }

    void volumesAreBoundedMemory()
    {
        const QString tag = QStringLiteral("sandbench-test/volume:%1").arg(QCoreApplication::applicationPid());
        const QString bad = QStringLiteral("sandbench-test/badvolume:%1").arg(QCoreApplication::applicationPid());
        auto cleanup = qScopeGuard([tag, bad] {
            for (const QString &t : {tag, bad})
                dockerCall(dockerSocket(), "DELETE", "/images/" + QUrl::toPercentEncoding(t) + "?force=true");
        });
        QByteArray log;
        QVERIFY2(buildImage(tag, QStringLiteral("VOLUME /data /var/lib/db"), &log), log.constData());
        QVERIFY2(buildImage(bad, QStringLiteral("VOLUME /run/sandbench"), &log), log.constData());
        // Over what root runs: the programs (by PATH), libraries and configuration.
        const QString badSystem = QStringLiteral("sandbench-test/badsystemvolume:%1").arg(QCoreApplication::applicationPid());
        auto cleanupSystem = qScopeGuard([badSystem] {
            dockerCall(dockerSocket(), "DELETE", "/images/" + QUrl::toPercentEncoding(badSystem) + "?force=true");
        });
        QVERIFY2(buildImage(badSystem, QStringLiteral("VOLUME /usr/local/bin"), &log), log.constData());
        auto volumesBefore = dockerCall(dockerSocket(), "GET", "/volumes");
        QVERIFY(volumesBefore && volumesBefore->status == 200);

        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 120'000;
        DockerProviderOptions po;
        po.tmpMiB = 8;
        auto pool = openDockerPool(o, po);
        VERIFY_OK(pool);
        SandboxOptions so;
        so.lifetimeMs = 120'000;
        so.image = bad;
        auto refused = waitFor((*pool)->create(so), 60'000);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ErrorCode::InvalidConfig);
        QVERIFY2(refused.error().message.contains(QLatin1String("VOLUME")), qPrintable(refused.error().message));

        so.image = badSystem;
        refused = waitFor((*pool)->create(so), 60'000);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ErrorCode::InvalidConfig);
        QVERIFY2(refused.error().message.contains(QLatin1String("/usr/local/bin")), qPrintable(refused.error().message));

        so.image = tag;
        Sandbox *s = createSandbox(pool->get(), so);
        QVERIFY(s);
        // From inside: each volume is a tmpfs, and filling it stops at its bound.
        auto r = shell(s, QStringLiteral(
            "for v in /data /var/lib/db; do grep -q \" $v tmpfs \" /proc/mounts || echo BREACH:not-tmpfs-$v; "
            "dd if=/dev/zero of=$v/fill bs=1M count=32 2>/dev/null && echo BREACH:unbounded-$v; done; echo TRIED"));
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.contains("TRIED") && !r->stdoutData.contains("BREACH"), r->stdoutData.constData());
        auto inspect = dockerCall(dockerSocket(), "GET", "/containers/" + s->id().toLatin1() + "/json");
        QVERIFY(inspect && inspect->status == 200);
        const QJsonArray mounts = QJsonDocument::fromJson(inspect->body).object().value(QLatin1String("Mounts")).toArray();
        QVERIFY2(mounts.isEmpty(), QJsonDocument(mounts).toJson().constData());
        auto volumesAfter = dockerCall(dockerSocket(), "GET", "/volumes");
        QVERIFY(volumesAfter && volumesAfter->status == 200);
        QCOMPARE(QJsonDocument::fromJson(volumesAfter->body).object().value(QLatin1String("Volumes")).toArray().size(),
                 QJsonDocument::fromJson(volumesBefore->body).object().value(QLatin1String("Volumes")).toArray().size());
        QVERIFY(waitFor((*pool)->close(), 60'000));
    }

    void noNeighbours()
    {
        PoolOptions o;
        o.maxSandboxes = 2;
        o.maxLifetimeMs = 120'000;
        o.network = {NetworkKind::None, NetworkKind::All};
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        SandboxOptions so;
        so.lifetimeMs = 120'000;
        so.network.kind = NetworkKind::All;
        so.ports = {8080};
        Sandbox *server = createSandbox(pool->get(), so);
        QVERIFY(server);
        so.ports.clear();
        Sandbox *neighbour = createSandbox(pool->get(), so);
        QVERIFY(neighbour);
        VERIFY_OK(waitFor(server->writeFile(QStringLiteral("www/index.html"), "served\n"), 30'000));
        VERIFY_OK(shell(server, QStringLiteral("setsid httpd -p 8080 -h /workspace/www </dev/null >/dev/null 2>&1 &")));
        auto url = server->url(8080);
        VERIFY_OK(url);
        // The published port still works from the host, on loopback (bounded retries while
        // httpd starts).
        const QByteArray reply = fetchServed(url->port());
        QVERIFY2(reply.contains("served"), reply.constData());

        auto inspect = dockerCall(dockerSocket(), "GET", "/containers/" + server->id().toLatin1() + "/json");
        QVERIFY(inspect && inspect->status == 200);
        const QJsonObject networks = QJsonDocument::fromJson(inspect->body).object().value(QLatin1String("NetworkSettings"))
                                         .toObject().value(QLatin1String("Networks")).toObject();
        QVERIFY(!networks.isEmpty());
        const QJsonObject net = networks.begin()->toObject();
        const QString ip = net.value(QLatin1String("IPAddress")).toString();
        const QString gateway = net.value(QLatin1String("Gateway")).toString();
        QVERIFY(!ip.isEmpty() && !gateway.isEmpty());
        // From the neighbour: the server directly, and its published port through the host side
        // (busybox wget crashes here: nc speaks HTTP by hand).
        auto r = shell(neighbour, QStringLiteral(
            "get() { printf 'GET /index.html HTTP/1.0\\r\\n\\r\\n' | nc -w 2 \"$1\" \"$2\" 2>/dev/null | grep -q served; }\n"
            "get %1 8080 && echo BREACH:direct\n"
            "get %2 %3 && echo BREACH:via-gateway\n"
            "echo TRIED").arg(ip, gateway).arg(url->port()), 30'000);
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.contains("TRIED") && !r->stdoutData.contains("BREACH"), r->stdoutData.constData());
        QCOMPARE(networks.keys(), QStringList{QLatin1String(DockerProvider::networkName)});
        QVERIFY(waitFor((*pool)->close(), 60'000));
    }

    // A host service listening on every interface, below the ephemeral range as most services
    // are: an online sandbox reaches it through none of the host's addresses (its gateway
    // included), not even from its published port, while that port still works from the host
    // and the internet is still routed through the gateway. Without the routing rules
    // (sandbench-inside no-host), every one of these connections answers.
    void noHostServices()
    {
        QTcpServer service;
        for (quint16 port = 18000; port < 18200 && !service.isListening(); ++port)
            service.listen(QHostAddress::AnyIPv4, port);
        QVERIFY2(service.isListening(), "no port below the ephemeral range to listen on");
        connect(&service, &QTcpServer::newConnection, this, [&service] {
            while (QTcpSocket *c = service.nextPendingConnection()) {
                c->setParent(&service);
                c->write("host-service\n");
                c->flush();
            }
        });
        QStringList hostAddresses;
        for (const QHostAddress &a : QNetworkInterface::allAddresses())
            if (a.protocol() == QAbstractSocket::IPv4Protocol && !a.isLoopback())
                hostAddresses << a.toString();
        QVERIFY(!hostAddresses.isEmpty());
        // The host reaches its own service on each address: the listener is on all of them.
        for (const QString &a : std::as_const(hostAddresses)) {
            QTcpSocket probe;
            probe.connectToHost(a, service.serverPort());
            QVERIFY2(probe.waitForConnected(2000), qPrintable(a));
        }

        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 120'000;
        o.network = {NetworkKind::None, NetworkKind::All};
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        SandboxOptions so;
        so.lifetimeMs = 120'000;
        so.network.kind = NetworkKind::All;
        so.ports = {8080};
        Sandbox *box = createSandbox(pool->get(), so);
        QVERIFY(box);
        auto inspect = dockerCall(dockerSocket(), "GET", "/containers/" + box->id().toLatin1() + "/json");
        QVERIFY(inspect && inspect->status == 200);
        const QString gateway = QJsonDocument::fromJson(inspect->body).object().value(QLatin1String("NetworkSettings"))
                                    .toObject().value(QLatin1String("Networks")).toObject()
                                    .value(QLatin1String(DockerProvider::networkName)).toObject()
                                    .value(QLatin1String("Gateway")).toString();
        QVERIFY(hostAddresses.contains(gateway));

        // The published port, from the host on loopback: replies to the engine's proxy pass.
        VERIFY_OK(waitFor(box->writeFile(QStringLiteral("www/index.html"), "served\n"), 30'000));
        VERIFY_OK(shell(box, QStringLiteral("setsid httpd -p 8080 -h /workspace/www </dev/null >/dev/null 2>&1 &")));
        auto url = box->url(8080);
        VERIFY_OK(url);
        const QByteArray reply = fetchServed(url->port());
        QVERIFY2(reply.contains("served"), reply.constData());

        QString attempts = QStringLiteral("try() { nc -w 2 \"$@\" </dev/null 2>/dev/null | grep -q host-service; }\n");
        for (const QString &a : std::as_const(hostAddresses))
            attempts += QStringLiteral("try %1 %2 && echo BREACH:%1\n").arg(a).arg(service.serverPort());
        attempts += QStringLiteral("try -p 8080 %1 %2 && echo BREACH:from-published-port\n").arg(gateway).arg(service.serverPort());
        attempts += QStringLiteral("ip route get 1.1.1.1\necho TRIED\n");
        auto r = shell(box, attempts, 60'000);
        VERIFY_OK(r);
        const QByteArray out = r->stdoutData;
        QVERIFY2(out.contains("TRIED") && !out.contains("BREACH"), out.constData());
        QVERIFY2(out.contains("via " + gateway.toLatin1()), out.constData());
        QVERIFY(waitFor((*pool)->close(), 60'000));
    }

    // An image whose PATH starts with folders the sandbox's user can write (its workdir, /tmp),
    // as some do for tools installed later: the user plants every program root's steps use
    // (the shell, cat, mv, chmod, tr, grep, awk, date, sleep), each of which notes when root ran
    // it. Then root works: an extension (a root-written file), a timeout (root's kill) and the
    // deadline loop's ticks. Root must never run a planted one, while the user's own commands do.
    void rootNeverRunsWhatTheUserCanWrite()
    {
        const QString tag = QStringLiteral("sandbench-test/userpath:%1").arg(QCoreApplication::applicationPid());
        auto cleanup = qScopeGuard([tag] {
            dockerCall(dockerSocket(), "DELETE", "/images/" + QUrl::toPercentEncoding(tag) + "?force=true");
        });
        QByteArray log;
        // Debian's: its shell looks programs up in PATH (busybox's runs its own applets).
        QVERIFY2(buildImage(tag, QStringLiteral("ENV PATH=/workspace/bin:/tmp:/usr/sbin:/usr/bin:/sbin:/bin"), &log,
                            QStringLiteral("sandbench/debian:12")), log.constData());
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 120'000;
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        SandboxOptions so;
        so.lifetimeMs = 60'000;
        so.image = tag;
        so.env.insert(QStringLiteral("SOME"), QStringLiteral("value")); // root writes the env file
        Sandbox *s = createSandbox(pool->get(), so);
        QVERIFY(s);
        auto planted = shell(s, QStringLiteral(
            // Root holds no CAP_DAC_OVERRIDE: the log must be writable by anyone, outside /tmp
            // (sticky, where protected_regular would refuse root's append).
            "mkdir -p /workspace/bin /workspace/seen && chmod 0777 /workspace/seen && : > /workspace/seen/ran && chmod 0666 /workspace/seen/ran\n"
            "for t in sh cat mv chmod tr grep awk date sleep env; do\n"
            "  real=$(command -v $t) || continue\n"
            "  printf '#!/bin/sh\\nif [ \"$(/usr/bin/id -u)\" = 0 ]; then echo ROOT-RAN-%s >> /workspace/seen/ran; else echo user-ran-%s >> /workspace/seen/ran; fi\\nexec %s \"$@\"\\n' $t $t $real > /workspace/bin/$t\n"
            "  chmod 0755 /workspace/bin/$t\n"
            "done\n"
            "echo planted\n"));
        VERIFY_OK(planted);
        QVERIFY2(planted->stdoutData.contains("planted"), (planted->stdoutData + planted->stderrData).constData());
        // The user's own commands find the planted programs: the trap is set.
        auto own = shell(s, QStringLiteral("cat /dev/null; cat /workspace/seen/ran"));
        VERIFY_OK(own);
        QVERIFY2(own->stdoutData.contains("user-ran-cat"), (own->stdoutData + own->stderrData).constData());

        VERIFY_OK(waitFor(s->extend(5'000), 30'000));
        auto timedOut = shell(s, QStringLiteral("/usr/bin/sleep 100"), 1'000);
        VERIFY_OK(timedOut);
        QVERIFY(timedOut->timedOut);
        // The keeper (pid 1) runs no program at all: nothing to wait for.
        auto ran = waitFor(s->readFile(QStringLiteral("/workspace/seen/ran")), 30'000);
        VERIFY_OK(ran);
        QVERIFY(ran->has_value());
        QVERIFY2(!(*ran)->contains("ROOT-RAN"), (*ran)->constData());
        QVERIFY(waitFor((*pool)->close(), 60'000));
    }

    void providerMaxima()
    {
        // The provider's own options are bounded.
        for (auto bad : std::initializer_list<std::function<void(DockerProviderOptions &)>>{
                 [](DockerProviderOptions &p) { p.defaultMemoryMiB = 8; },
                 [](DockerProviderOptions &p) { p.defaultMemoryMiB = 1 << 20; },
                 [](DockerProviderOptions &p) { p.defaultCpus = 4096; },
                 [](DockerProviderOptions &p) { p.pidsLimit = 1 << 24; },
                 [](DockerProviderOptions &p) { p.tmpMiB = 1 << 20; },
                 [](DockerProviderOptions &p) { p.workspaceMiB = 0; }}) {
            DockerProviderOptions po;
            bad(po);
            auto p = DockerProvider::create(po);
            QVERIFY(!p);
            QCOMPARE(p.error().code, ErrorCode::InvalidConfig);
        }
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 120'000;
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        SandboxOptions so;
        so.lifetimeMs = 120'000;
        so.memoryMiB = 16384;
        auto r = waitFor((*pool)->create(so), 30'000);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::LimitExceeded);
        so.memoryMiB = 0;
        so.cpus = 2;
        r = waitFor((*pool)->create(so), 30'000);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::LimitExceeded);
        so.cpus = 0;
        Sandbox *s = createSandbox(pool->get(), so);
        QVERIFY(s);
        // The reference's defaults, as the kernel holds them (cgroup v1 here, v2 elsewhere).
        auto out = shell(s, QStringLiteral(
            "cat /sys/fs/cgroup/memory/memory.limit_in_bytes /sys/fs/cgroup/memory.max 2>/dev/null | head -1\n"
            "cat /sys/fs/cgroup/pids/pids.max /sys/fs/cgroup/pids.max 2>/dev/null | head -1\n"
            "cat /sys/fs/cgroup/cpu/cpu.cfs_quota_us 2>/dev/null || cut -d' ' -f1 /sys/fs/cgroup/cpu.max\n"));
        VERIFY_OK(out);
        QCOMPARE(out->stdoutData, QByteArray("1073741824\n256\n100000\n"));
        QVERIFY(waitFor((*pool)->close(), 60'000));
    }

    void containerKilledFromOutsideMidExec()
    {
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 120'000;
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        SandboxOptions so;
        so.lifetimeMs = 120'000;
        Sandbox *s = createSandbox(pool->get(), so);
        QVERIFY(s);
        ExecOptions eo;
        eo.timeoutMs = 60'000;
        ExecJob *job = s->exec({QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo up; sleep 60")}, eo);
        bool up = false;
        connect(job, &ExecJob::output, this, [&](SandboxStream, const QByteArray &d) { up = up || d.contains("up"); });
        QElapsedTimer clock;
        clock.start();
        while (!up && clock.elapsed() < 30'000)
            QTest::qWait(20);
        QVERIFY(up);
        auto killed = dockerCall(dockerSocket(), "DELETE", "/containers/" + s->id().toLatin1() + "?force=true");
        QVERIFY(killed && killed->status == 204);
        clock.restart();
        QVERIFY2(job->waitForFinished(20'000), "the exec hung after its container was removed");
        QVERIFY(clock.elapsed() < 20'000);
        QVERIFY(job->error().has_value() || job->result()->exitCode != 0);
        auto after = shell(s, QStringLiteral("true"));
        QVERIFY(!after);
        QCOMPARE(after.error().code, ErrorCode::Gone);
        QVERIFY(waitFor((*pool)->close(), 60'000));
    }

    void lifetimeEndsMidExec()
    {
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 120'000;
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        SandboxOptions so;
        so.lifetimeMs = 3'000;
        Sandbox *s = createSandbox(pool->get(), so);
        QVERIFY(s);
        const QString id = s->id();
        QElapsedTimer clock;
        clock.start();
        auto r = shell(s, QStringLiteral("sleep 60"), 60'000);
        QVERIFY(clock.elapsed() < 15'000);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::Gone);
        QVERIFY(waitGone(id, 10'000));
        QVERIFY(waitFor((*pool)->close(), 60'000));
    }

    // Cycles and a burst at once: no fd, thread, container or network more than before.
    void loadLeavesNothing()
    {
        PoolOptions o;
        o.maxSandboxes = 8;
        o.maxLifetimeMs = 120'000;
        o.network = {NetworkKind::None, NetworkKind::All};
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        SandboxOptions so;
        so.lifetimeMs = 120'000;
        auto cycle = [&](int n, NetworkKind kind) {
            so.network.kind = kind;
            QList<Operation<Sandbox *> *> ops;
            for (int i = 0; i < n; ++i)
                ops << (*pool)->create(so);
            QList<VoidOperation *> releases;
            bool ok = true;
            for (auto *op : ops) {
                auto s = waitFor(op, 60'000);
                ok = ok && s;
                if (s) {
                    auto e = shell(*s, QStringLiteral("echo hi"));
                    ok = ok && e && e->stdoutData == "hi\n";
                    releases << (*s)->release();
                }
            }
            for (auto *rel : releases)
                ok = waitFor(rel, 60'000) && ok;
            return ok;
        };
        QVERIFY(cycle(1, NetworkKind::All)); // warm up: the shared network, Qt's lazy state
        QVERIFY(cycle(8, NetworkKind::None));
        const int fds = countEntries(QStringLiteral("/proc/self/fd"));
        const int threads = countEntries(QStringLiteral("/proc/self/task"));
        const int networks = networkCount();
        const qint64 rssBefore = residentKiB();
        for (int i = 0; i < 100; ++i)
            QVERIFY2(cycle(1, i % 2 ? NetworkKind::All : NetworkKind::None), qPrintable(QStringLiteral("cycle %1").arg(i)));
        QVERIFY(cycle(8, NetworkKind::None));
        QVERIFY(cycle(8, NetworkKind::All));
        QCOMPARE(ourContainers(), 0);
        QCOMPARE(networkCount(), networks);
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
        // Sanitizers keep freed memory (quarantine, shadow): there the number measures them.
        const qint64 rssAfter = residentKiB();
        qInfo("resident: %lld KiB before 116 cycles, %lld KiB after", rssBefore, rssAfter);
        QVERIFY2(rssAfter <= rssBefore + 8 * 1024,
                 qPrintable(QStringLiteral("%1 KiB resident, %2 KiB before").arg(rssAfter).arg(rssBefore)));
#else
        Q_UNUSED(rssBefore);
#endif
        QVERIFY2(countEntries(QStringLiteral("/proc/self/fd")) <= fds + 2,
                 qPrintable(QStringLiteral("%1 fds, %2 before").arg(countEntries(QStringLiteral("/proc/self/fd"))).arg(fds)));
        QVERIFY2(countEntries(QStringLiteral("/proc/self/task")) <= threads + 1,
                 qPrintable(QStringLiteral("%1 threads, %2 before").arg(countEntries(QStringLiteral("/proc/self/task"))).arg(threads)));
        QVERIFY(waitFor((*pool)->close(), 60'000));
    }
};

QTEST_GUILESS_MAIN(TestDockerIsolation)
#include "tst_dockerisolation.moc"
