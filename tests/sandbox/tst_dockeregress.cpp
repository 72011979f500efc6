// Network kind allow on the real engine: a web server of the test's own on a network of its own,
// known to the sandbox's proxy by two names; the sandbox reaches one through the proxy and
// nothing else, by no route around it, and every connection is on the record.
#include "dockertestsupport.h"

#include "net/egressproxy.h"
#include "sandbox/docker/dockerbackend.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QNetworkInterface>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

Result<SandboxExecResult> shell(Sandbox *s, const QString &script, const QMap<QString, QString> &env = {})
{
    ExecOptions o;
    o.timeoutMs = 60'000;
    o.env = env;
    return waitFor(s->exec({QStringLiteral("sh"), QStringLiteral("-c"), script}, o), 120'000);
}

// This process's egress proxies or networks: tests beside this one (tst_dockersecrets, another
// process's CLI) make and remove their own.
int countLabelled(const QString &what)
{
    const QByteArray out = docker({what, QStringLiteral("ls"), QStringLiteral("-q"), QStringLiteral("--filter"),
                                   QStringLiteral("label=%1=%2").arg(QLatin1String(EgressProxy::ownerLabel), DockerProvider::ownerIdentity())});
    return out.isEmpty() ? 0 : int(out.split('\n').size());
}

} // namespace

#define VERIFY_OK(r) QVERIFY2((r), qPrintable((r) ? QString() : why((r).error())))

class TestDockerEgress : public QObject
{
    Q_OBJECT
    DockerTestServer m_server;

    // A pool that allows network `allow`, and a sandbox of it allowed allowed.test:8080 (the
    // test's server, known to its proxy by that name), its proxy joined to the server's network.
    struct AllowedTestSandbox
    {
        std::unique_ptr<SandboxPool> pool;
        Sandbox *sandbox = nullptr;
        DockerBackend *backend = nullptr;
    };
    void openAllowedTestSandbox(AllowedTestSandbox &out)
    {
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 300'000;
        o.network = {NetworkKind::None, NetworkKind::Domains};
        DockerProviderOptions po;
        po.egressExtraHosts = {QStringLiteral("allowed.test:%1").arg(m_server.address())};
        auto pool = openDockerPool(o, po);
        VERIFY_OK(pool);
        out.pool = std::move(*pool);
        SandboxOptions so;
        so.lifetimeMs = 300'000;
        so.network.kind = NetworkKind::Domains;
        so.network.domains = {QStringLiteral("allowed.test:8080")};
        out.sandbox = createSandbox(out.pool.get(), so);
        QVERIFY(out.sandbox);
        out.backend = qobject_cast<DockerBackend *>(out.sandbox->backend());
        QVERIFY(out.backend && out.backend->egressProxy());
        bool joined = false;
        docker({QStringLiteral("network"), QStringLiteral("connect"), m_server.tag(), out.backend->egressProxy()->proxyContainerId()}, &joined);
        QVERIFY(joined);
    }

private slots:
    void initTestCase()
    {
        REQUIRE_DOCKER();
        // The server answers on TCP 8080 and UDP 5353 (a raw UDP probe that must never arrive).
        auto address = m_server.start(QStringLiteral("sbtest-egress"), QStringLiteral("sandbench/base:1"),
                                      {QStringLiteral("sh"), QStringLiteral("-c"),
                                       QStringLiteral("mkdir -p /tmp/www && echo egress-served > /tmp/www/index.html && "
                                                      "(nc -lu -p 5353 > /tmp/www/udp &) ; exec httpd -f -p 8080 -h /tmp/www")});
        QVERIFY2(address, qPrintable(address ? QString() : address.error().message));
    }

    void cleanupTestCase()
    {
        const QString tag = m_server.tag();
        QVERIFY2(m_server.remove(), qPrintable(tag));
    }

    // The host's addresses are listed when a sandbox is made; a bridge made afterwards (another
    // sandbox's network, another test's) gives the host a new one. Behind its proxy a sandbox
    // routes nothing through its gateway, so a host service on that new address is out of
    // reach too. (Seen reached, with tst_dockersecrets making networks beside this test.)
    void hostAddressesMadeLaterAreOutOfReach()
    {
        AllowedTestSandbox t;
        openAllowedTestSandbox(t);
        if (QTest::currentTestFailed())
            return;
        Sandbox *s = t.sandbox;
        const QString later = m_server.tag() + QStringLiteral("-later");
        bool made = false;
        docker({QStringLiteral("network"), QStringLiteral("create"), later}, &made);
        QVERIFY2(made, qPrintable(later));
        auto dropNetwork = qScopeGuard([later] { docker({QStringLiteral("network"), QStringLiteral("rm"), later}); });
        const QByteArray gateway = docker({QStringLiteral("network"), QStringLiteral("inspect"), QStringLiteral("-f"),
                                           QStringLiteral("{{range .IPAM.Config}}{{.Gateway}}{{end}}"), later});
        QVERIFY2(!gateway.isEmpty(), "the new network has no gateway");
        QTcpServer hostService;
        QVERIFY(hostService.listen(QHostAddress::AnyIPv4));
        int accepted = 0;
        connect(&hostService, &QTcpServer::newConnection, this, [&] {
            while (QTcpSocket *c = hostService.nextPendingConnection()) {
                ++accepted;
                c->deleteLater();
            }
        });
        // The host reaches its service there: the address is live.
        QTcpSocket probe;
        probe.connectToHost(QString::fromLatin1(gateway), hostService.serverPort());
        QVERIFY(probe.waitForConnected(2000));
        probe.abort();
        QTRY_COMPARE(accepted, 1);
        auto r = shell(s, QStringLiteral("echo x | nc -w 2 %1 %2 && echo host=reached; "
                                         "wget -q -O - http://allowed.test:8080/index.html >/dev/null 2>&1 && echo proxy=ok; echo end")
                              .arg(QString::fromLatin1(gateway)).arg(hostService.serverPort()));
        VERIFY_OK(r);
        QTest::qWait(200); // let a connection that did arrive be accepted before counting
        QVERIFY2(r->stdoutData.contains("end") && !r->stdoutData.contains("reached") && accepted == 1, (r->stdoutData + r->stderrData + " accepted=" + QByteArray::number(accepted)).constData());
        QVERIFY2(r->stdoutData.contains("proxy=ok"), r->stdoutData);
        QVERIFY(waitFor(t.pool->close(), 60'000));
    }

    void allowedNameOnlyAndNothingAround()
    {
        const int networksBefore = countLabelled(QStringLiteral("network"));
        const int proxiesBefore = countLabelled(QStringLiteral("container"));
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 300'000;
        o.network = {NetworkKind::None, NetworkKind::Domains};
        DockerProviderOptions po;
        // The proxy's resolver alone knows these names; metadata.test and host.test point where
        // an allowed name must never lead.
        po.egressExtraHosts = {QStringLiteral("allowed.test:%1").arg(m_server.address()), QStringLiteral("denied.test:%1").arg(m_server.address()),
                               QStringLiteral("meta.test:169.254.169.254"), QStringLiteral("loop.test:127.0.0.1")};
        auto pool = openDockerPool(o, po);
        VERIFY_OK(pool);
        SandboxOptions so;
        so.lifetimeMs = 300'000;
        so.network.kind = NetworkKind::Domains;
        so.network.domains = {QStringLiteral("allowed.test:8080"), QStringLiteral("meta.test"), QStringLiteral("loop.test:8080")};
        Sandbox *s = createSandbox(pool->get(), so);
        QVERIFY(s);
        auto *backend = qobject_cast<DockerBackend *>(s->backend());
        QVERIFY(backend && backend->egressProxy());
        QList<AuditEvent> events;
        connect(backend, &SandboxBackend::networkEvent, this, [&events](const AuditEvent &e) { events << e; });
        // The test's "internet": the proxy (and only the proxy) is joined to the server's network.
        bool ok = false;
        docker({QStringLiteral("network"), QStringLiteral("connect"), m_server.tag(), backend->egressProxy()->proxyContainerId()}, &ok);
        QVERIFY(ok);

        // A well-behaved client: wget through $http_proxy.
        auto r = shell(s, QStringLiteral("wget -q -O - http://allowed.test:8080/index.html; echo rc=$?"));
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.contains("egress-served"), r->stdoutData + r->stderrData);
        // CONNECT to the allowed name passes untouched.
        r = shell(s, QStringLiteral("(printf 'CONNECT allowed.test:8080 HTTP/1.1\\r\\nHost: allowed.test:8080\\r\\n\\r\\n"
                                    "GET /index.html HTTP/1.0\\r\\n\\r\\n'; sleep 2) | nc -w 5 ${http_proxy#http://} | tr -d '\\r'"));
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.contains("200 Connection established") && r->stdoutData.contains("egress-served"), r->stdoutData);
        // The other name of the same server, and the allowed name on another port: refused.
        r = shell(s, QStringLiteral("wget -q -O - http://denied.test:8080/index.html; echo rc=$?; "
                                    "(printf 'CONNECT allowed.test:8081 HTTP/1.1\\r\\n\\r\\n'; sleep 1) | nc -w 3 ${http_proxy#http://} | head -1"));
        VERIFY_OK(r);
        QVERIFY2(!r->stdoutData.contains("egress-served") && r->stdoutData.contains("rc=1") && r->stdoutData.contains(" 403 "), r->stdoutData);
        // Listed names that resolve to a metadata or loopback address: denied after resolution.
        r = shell(s, QStringLiteral("(printf 'CONNECT meta.test:80 HTTP/1.1\\r\\n\\r\\n'; sleep 1) | nc -w 3 ${http_proxy#http://} | head -1; "
                                    "(printf 'CONNECT loop.test:8080 HTTP/1.1\\r\\n\\r\\n'; sleep 1) | nc -w 3 ${http_proxy#http://} | head -1; "
                                    "(printf 'CONNECT loop.test:9999 HTTP/1.1\\r\\n\\r\\n'; sleep 1) | nc -w 3 ${http_proxy#http://} | head -1"));
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.count(" 403 ") == 3, r->stdoutData);
        // Around the proxy: the server's address by TCP, UDP, DNS, the proxy's other ports, and
        // a client with the proxy variables unset. Nothing answers.
        r = shell(s, QStringLiteral("unset http_proxy HTTP_PROXY https_proxy HTTPS_PROXY all_proxy ALL_PROXY; "
                                    "wget -q -T 3 -O - http://%1:8080/index.html && echo tcp=reached; "
                                    "echo probe | nc -u -w 2 %1 5353; "
                                    "nslookup allowed.test >/dev/null 2>&1 && echo dns=resolved; "
                                    "wget -q -T 3 -O - http://allowed.test:8080/index.html && echo name=reached; "
                                    "ping -c 1 -W 2 %1 >/dev/null 2>&1 && echo icmp=reached; echo end")
                          .arg(m_server.address()));
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.contains("end") && !r->stdoutData.contains("reached") && !r->stdoutData.contains("resolved"),
                 r->stdoutData);
        QCOMPARE(docker({QStringLiteral("exec"), m_server.tag(), QStringLiteral("cat"), QStringLiteral("/tmp/www/udp")}), QByteArray());
        // A host service on every interface: the sandbox's gateway and every host address are
        // routed away inside it (as for network all), so it is not a way around the proxy.
        QTcpServer hostService;
        QVERIFY(hostService.listen(QHostAddress::AnyIPv4));
        int accepted = 0;
        connect(&hostService, &QTcpServer::newConnection, this, [&] {
            while (QTcpSocket *c = hostService.nextPendingConnection()) {
                ++accepted;
                c->deleteLater();
            }
        });
        QStringList hostAddresses;
        for (const QHostAddress &a : QNetworkInterface::allAddresses()) {
            if (a.protocol() == QAbstractSocket::IPv4Protocol && !a.isLoopback())
                hostAddresses << a.toString();
        }
        r = shell(s, QStringLiteral("for a in $(ip route | awk '/default/ {print $3}') %1; do echo x | nc -w 2 $a %2 && echo host=reached; done; echo end")
                         .arg(hostAddresses.join(QLatin1Char(' '))).arg(hostService.serverPort()));
        VERIFY_OK(r);
        QTest::qWait(200); // let a connection that did arrive be accepted before counting
        QVERIFY2(r->stdoutData.contains("end") && !r->stdoutData.contains("reached") && accepted == 0, r->stdoutData);

        // Every connection on the record, allowed and denied, with its rule and reason.
        QDeadlineTimer deadline(30'000);
        auto has = [&events](const QString &resource, bool allowed) {
            for (const AuditEvent &e : events) {
                if (e.kind == QLatin1String("net") && e.action == QLatin1String("connect") && e.resource == resource && e.allowed == allowed)
                    return true;
            }
            return false;
        };
        while (!deadline.hasExpired() && !(has(QStringLiteral("allowed.test:8080"), true) && has(QStringLiteral("denied.test:8080"), false)
                                           && has(QStringLiteral("meta.test:80"), false) && has(QStringLiteral("loop.test:8080"), false)))
            QTest::qWait(100);
        QVERIFY(has(QStringLiteral("allowed.test:8080"), true));
        QVERIFY(has(QStringLiteral("denied.test:8080"), false));
        QVERIFY(has(QStringLiteral("allowed.test:8081"), false));
        QVERIFY(has(QStringLiteral("meta.test:80"), false));
        QVERIFY(has(QStringLiteral("loop.test:8080"), false));
        QVERIFY(has(QStringLiteral("loop.test:9999"), false));
        // The allowed one is told as decided, then at its end with the figures.
        for (QDeadlineTimer closed(10'000); !closed.hasExpired() && std::ranges::none_of(events, [](const AuditEvent &e) {
                 return e.resource == QLatin1String("allowed.test:8080") && e.action == QLatin1String("close"); });)
            QTest::qWait(100);
        bool allowedEnded = false;
        for (const AuditEvent &e : events) {
            if (e.resource == QLatin1String("allowed.test:8080") && e.allowed) {
                QCOMPARE(e.rule, QStringLiteral("network.allow[0] allowed.test:8080"));
                if (e.action == QLatin1String("close")) {
                    QVERIFY(e.bytesIn > 0 && e.durationMs >= 0);
                    allowedEnded = true;
                } else {
                    QCOMPARE(e.bytesIn, -1);
                }
            }
            // Unlisted (its port is not): refused before the proxy resolved it, or the reason
            // would be the address it resolves to.
            if (e.resource == QLatin1String("loop.test:9999"))
                QVERIFY2(e.reason.contains(QLatin1String("not in the sandbox's network allow list")), qPrintable(e.reason));
            if (e.resource == QLatin1String("meta.test:80"))
                QVERIFY2(e.reason.contains(QLatin1String("metadata")), qPrintable(e.reason));
        }
        QVERIFY(allowedEnded);

        // The proxy dies: the sandbox is offline, never open, and the record says so.
        const QString proxyId = backend->egressProxy()->proxyContainerId();
        QSignalSpy stopped(backend->egressProxy(), &EgressProxy::proxyStopped);
        docker({QStringLiteral("exec"), proxyId, QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("kill -9 -1")}, &ok);
        QVERIFY(ok);
        QVERIFY(stopped.wait(30'000));
        r = shell(s, QStringLiteral("wget -q -T 3 -O - http://allowed.test:8080/index.html && echo proxy=reached; "
                                    "unset http_proxy; wget -q -T 3 -O - http://%1:8080/index.html && echo direct=reached; echo end").arg(m_server.address()));
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.contains("end") && !r->stdoutData.contains("reached"), r->stdoutData);

        // Nothing left: the sandbox, its proxy and its network (the pool's start may also have
        // reaped what a crashed run left, so the counts may only go down).
        const QString network = backend->egressProxy()->networkName();
        const QString sandboxId = s->id();
        VERIFY_OK(waitFor(s->release(), 60'000));
        QVERIFY(waitFor((*pool)->close(), 60'000));
        docker({QStringLiteral("network"), QStringLiteral("inspect"), network}, &ok);
        QVERIFY2(!ok, qPrintable(network));
        QVERIFY(!containerExists(dockerSocket(), proxyId));
        QVERIFY(!containerExists(dockerSocket(), sandboxId));
        QVERIFY(countLabelled(QStringLiteral("container")) <= proxiesBefore);
        QVERIFY(countLabelled(QStringLiteral("network")) <= networksBefore);
    }

    // Squid writes its access log when a transaction ends: a tunnel held open for minutes would
    // be on no record until then. Its decision is told as it is made, its end with the figures
    // when it closes, and a proxy that dies under it ends it on the record.
    void heldConnectionIsOnTheRecordWhenDecided()
    {
        AllowedTestSandbox t;
        openAllowedTestSandbox(t);
        if (QTest::currentTestFailed())
            return;
        Sandbox *s = t.sandbox;
        DockerBackend *backend = t.backend;
        bool ok = false;
        QList<AuditEvent> events;
        connect(backend, &SandboxBackend::networkEvent, this, [&events](const AuditEvent &e) { events << e; });
        auto count = [&events](const QString &action) {
            return std::ranges::count_if(events, [&](const AuditEvent &e) {
                return e.resource == QLatin1String("allowed.test:8080") && e.allowed && e.action == action;
            });
        };
        // A tunnel held idle for %1 s, then a request through it (the server closes after it).
        const QString hold = QStringLiteral("(printf 'CONNECT allowed.test:8080 HTTP/1.1\r\n\r\n'; sleep %1; "
                                            "printf 'GET /index.html HTTP/1.0\r\n\r\n'; sleep 2) | nc -w 40 ${http_proxy#http://}");
        ExecOptions eo;
        eo.timeoutMs = 60'000;
        auto *held = s->exec({QStringLiteral("sh"), QStringLiteral("-c"), hold.arg(8)}, eo);
        QElapsedTimer clock;
        clock.start();
        for (QDeadlineTimer deadline(6'000); count(QStringLiteral("connect")) == 0 && !deadline.hasExpired();)
            QTest::qWait(50);
        QVERIFY2(count(QStringLiteral("connect")) == 1, "the held tunnel's decision was not told while it was open");
        QVERIFY2(clock.elapsed() < 6'000 && count(QStringLiteral("close")) == 0, "the tunnel ended before it was seen open");
        auto r = waitFor(held, 60'000);
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.contains("200 Connection established") && r->stdoutData.contains("egress-served"), r->stdoutData);
        for (QDeadlineTimer deadline(10'000); count(QStringLiteral("close")) == 0 && !deadline.hasExpired();)
            QTest::qWait(50);
        QCOMPARE(count(QStringLiteral("close")), 1);
        const auto ended = *std::ranges::find_if(events, [](const AuditEvent &e) { return e.action == QLatin1String("close"); });
        QCOMPARE(ended.rule, QStringLiteral("network.allow[0] allowed.test:8080"));
        QVERIFY2(ended.bytesIn > 0 && ended.bytesOut > 0 && ended.durationMs >= 7'000, qPrintable(QString::fromUtf8(ended.toJsonLine())));
        QVERIFY(ended.timeMs > events.first().timeMs);
        QCOMPARE(events.size(), 2);

        // Held again, and the proxy dies under it: the tunnel's end is on the record, then the
        // proxy's.
        held = s->exec({QStringLiteral("sh"), QStringLiteral("-c"), hold.arg(12)}, eo);
        for (QDeadlineTimer deadline(6'000); count(QStringLiteral("connect")) < 2 && !deadline.hasExpired();)
            QTest::qWait(50);
        QCOMPARE(count(QStringLiteral("connect")), 2);
        QSignalSpy stopped(backend->egressProxy(), &EgressProxy::proxyStopped);
        docker({QStringLiteral("exec"), backend->egressProxy()->proxyContainerId(), QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("kill -9 -1")}, &ok);
        QVERIFY(ok);
        QVERIFY(stopped.wait(30'000));
        QCOMPARE(count(QStringLiteral("close")), 2);
        QVERIFY(events.constLast().action == QLatin1String("proxy") && !events.constLast().allowed);
        const AuditEvent &cut = events.at(events.size() - 2);
        QCOMPARE(cut.action, QStringLiteral("close"));
        QVERIFY2(cut.reason.contains(QLatin1String("proxy stopped")) && cut.bytesIn == -1, qPrintable(QString::fromUtf8(cut.toJsonLine())));
        waitFor(held, 60'000);
        VERIFY_OK(waitFor(s->release(), 60'000));
        QVERIFY(waitFor(t.pool->close(), 60'000));
    }

    // 127.0.0.1:PORT named exactly is that port of this machine (a dev server), through the
    // proxy's relay; another port of this machine, the same port by another name, and the relay
    // itself to anyone but the proxy, are not.
    void hostServiceNamedExactlyAndNothingElseOfTheHost()
    {
        struct Service
        {
            QTcpServer server;
            int accepted = 0;
        };
        Service named, other;
        for (auto [service, text] : {std::pair{&named, QByteArray("host-service-named")}, std::pair{&other, QByteArray("host-service-other")}}) {
            QVERIFY(service->server.listen(QHostAddress::LocalHost));
            connect(&service->server, &QTcpServer::newConnection, this, [service, text] {
                while (QTcpSocket *c = service->server.nextPendingConnection()) {
                    ++service->accepted;
                    connect(c, &QTcpSocket::readyRead, c, [c, text] {
                        if (!c->readAll().contains("\r\n\r\n") || c->property("answered").toBool())
                            return;
                        c->setProperty("answered", true);
                        c->write("HTTP/1.0 200 OK\r\nContent-Length: " + QByteArray::number(text.size()) + "\r\n\r\n" + text);
                        c->disconnectFromHost();
                    });
                    connect(c, &QTcpSocket::disconnected, c, &QObject::deleteLater);
                }
            });
        }
        const int namedPort = named.server.serverPort();
        const int otherPort = other.server.serverPort();
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 300'000;
        o.network = {NetworkKind::Domains};
        auto pool = openDockerPool(o, {});
        VERIFY_OK(pool);
        SandboxOptions so;
        so.lifetimeMs = 300'000;
        so.network.kind = NetworkKind::Domains;
        so.network.domains = {QStringLiteral("127.0.0.1:%1").arg(namedPort)};
        Sandbox *s = createSandbox(pool->get(), so);
        QVERIFY(s);
        auto *backend = qobject_cast<DockerBackend *>(s->backend());
        QVERIFY(backend && backend->egressProxy());
        QList<AuditEvent> events;
        connect(backend, &SandboxBackend::networkEvent, this, [&events](const AuditEvent &e) { events << e; });

        // Named: reached by plain HTTP and by CONNECT.
        auto r = shell(s, QStringLiteral("wget -q -O - http://127.0.0.1:%1/; echo; echo rc=$?").arg(namedPort));
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.contains("host-service-named"), r->stdoutData + r->stderrData);
        r = shell(s, QStringLiteral("(printf 'CONNECT 127.0.0.1:%1 HTTP/1.1\\r\\n\\r\\nGET / HTTP/1.0\\r\\n\\r\\n'; sleep 2) "
                                    "| nc -w 5 ${http_proxy#http://} | tr -d '\\r'").arg(namedPort));
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.contains("200 Connection established") && r->stdoutData.contains("host-service-named"), r->stdoutData);
        const int namedAccepted = named.accepted;
        QVERIFY(namedAccepted >= 2);
        // Not named: another port of this machine, the same port as localhost, and with the
        // proxy variables unset.
        r = shell(s, QStringLiteral("wget -q -O - http://127.0.0.1:%1/ && echo other=reached; "
                                    "wget -q -O - http://localhost:%2/ && echo byname=reached; "
                                    "(printf 'CONNECT 127.0.0.1:%1 HTTP/1.1\\r\\n\\r\\n'; sleep 1) | nc -w 3 ${http_proxy#http://} | head -1; "
                                    "unset http_proxy HTTP_PROXY; wget -q -T 3 -O - http://127.0.0.1:%2/ && echo direct=reached; echo end")
                         .arg(otherPort).arg(namedPort));
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.contains("end") && !r->stdoutData.contains("reached") && r->stdoutData.contains(" 403 "), r->stdoutData);
        QCOMPARE(other.accepted, 0);
        // The relay takes the proxy alone: this machine itself (from the gateway address) is
        // cut off before the service sees anything.
        const auto relays = backend->egressProxy()->hostRelayPorts();
        QCOMPARE(relays.size(), 1);
        QTcpSocket stranger;
        QSignalSpy strangerGone(&stranger, &QTcpSocket::disconnected);
        QByteArray strangerGot;
        connect(&stranger, &QTcpSocket::readyRead, this, [&] { strangerGot += stranger.readAll(); });
        connect(&stranger, &QTcpSocket::connected, this, [&] { stranger.write("GET / HTTP/1.0\r\n\r\n"); });
        stranger.connectToHost(QHostAddress(backend->egressProxy()->relayGateway()), relays.first());
        // The relay runs on this thread: wait with the event loop going.
        QVERIFY(strangerGone.wait(10'000));
        QVERIFY2(strangerGot.isEmpty(), strangerGot.constData());
        QCOMPARE(named.accepted, namedAccepted);

        // On the record: the named one allowed by its entry, the others denied.
        auto has = [&events](const QString &resource, bool allowed) {
            for (const AuditEvent &e : events) {
                if (e.action == QLatin1String("connect") && e.resource == resource && e.allowed == allowed)
                    return true;
            }
            return false;
        };
        const QString namedResource = QStringLiteral("127.0.0.1:%1").arg(namedPort);
        for (QDeadlineTimer deadline(30'000); !deadline.hasExpired() && !(has(namedResource, true) && has(QStringLiteral("localhost:%1").arg(namedPort), false)
                                                                          && has(QStringLiteral("127.0.0.1:%1").arg(otherPort), false));)
            QTest::qWait(100);
        QVERIFY(has(namedResource, true));
        QVERIFY(has(QStringLiteral("127.0.0.1:%1").arg(otherPort), false));
        QVERIFY(has(QStringLiteral("localhost:%1").arg(namedPort), false));
        for (const AuditEvent &e : std::as_const(events)) {
            if (e.resource == namedResource && e.allowed)
                QCOMPARE(e.rule, QStringLiteral("network.allow[0] %1").arg(namedResource));
        }
        VERIFY_OK(waitFor(s->release(), 60'000));
        QVERIFY(waitFor((*pool)->close(), 60'000));
    }

    void cliWritesEveryConnectionToTheAuditLog()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString log = dir.filePath(QStringLiteral("net.jsonl"));
        QProcess cli;
        cli.setStandardInputFile(QProcess::nullDevice()); // CMD's stdin: nothing
        cli.start(qEnvironmentVariable("SANDBENCH_CLI"),
                  {QStringLiteral("sandbox"), QStringLiteral("run"), QStringLiteral("--network"), QStringLiteral("allow:listed.invalid:443"),
                   QStringLiteral("--audit-log"), log, QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                   QStringLiteral("for h in listed.invalid:443 other.invalid:443; do "
                                  "(printf 'CONNECT %s HTTP/1.1\r\n\r\n' $h; sleep 1) | nc -w 3 ${http_proxy#http://} | head -1; done")});
        QVERIFY(cli.waitForFinished(120'000));
        const QByteArray out = cli.readAllStandardOutput();
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        // listed.invalid does not resolve: allowed by its entry, then unreachable; the other is refused.
        QVERIFY2(out.contains(" 403 ") && !out.contains("200 Connection established"), out.constData());
        QFile f(log);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QList<AuditEvent> events;
        for (const QByteArray &line : f.readAll().split('\n')) {
            AuditEvent e;
            if (!line.isEmpty()) {
                QVERIFY2(AuditEvent::fromJsonLine(line, &e), line.constData());
                events << e;
            }
        }
        // The listed one as it was decided and when it ended (unreachable: the proxy says so),
        // then the refused one, in one line.
        QCOMPARE(events.size(), 3);
        QCOMPARE(events[0].resource, QStringLiteral("listed.invalid:443"));
        QCOMPARE(events[0].action, QStringLiteral("connect"));
        QVERIFY(events[0].allowed);
        QCOMPARE(events[0].rule, QStringLiteral("network.allow[0] listed.invalid:443"));
        QCOMPARE(events[0].bytesOut, -1);
        QCOMPARE(events[1].resource, QStringLiteral("listed.invalid:443"));
        QCOMPARE(events[1].action, QStringLiteral("close"));
        QCOMPARE(events[1].rule, events[0].rule);
        QVERIFY2(events[1].reason.contains(QLatin1String("could not reach")), qPrintable(events[1].reason));
        QVERIFY(events[1].bytesOut >= 0 && events[1].durationMs >= 0);
        QCOMPARE(events[2].resource, QStringLiteral("other.invalid:443"));
        QVERIFY(!events[2].allowed);
        QVERIFY(events[2].reason.contains(QLatin1String("not in the sandbox's network allow list")));
        QVERIFY(events[0].seq == 1 && events[1].seq == 2 && events[2].seq == 3 && events[2].bytesOut > 0 && events[2].durationMs >= 0);
    }

    void killedOwnersProxyAndNetworkAreReaped()
    {
        QProcess cli;
        cli.setStandardInputFile(QProcess::nullDevice());
        cli.start(qEnvironmentVariable("SANDBENCH_CLI"),
                  {QStringLiteral("sandbox"), QStringLiteral("run"), QStringLiteral("--network"), QStringLiteral("allow:x.invalid"),
                   QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo up; sleep 120")});
        QVERIFY(cli.waitForStarted());
        // Up once the command runs: the proxy and its network exist by then.
        QDeadlineTimer deadline(90'000);
        while (!cli.readAllStandardOutput().contains("up") && !deadline.hasExpired())
            cli.waitForReadyRead(500);
        const QString owner = QStringLiteral("/%1/").arg(cli.processId());
        auto ours = [&owner](const QString &what) {
            const QByteArray out = docker({what, QStringLiteral("ls"), QStringLiteral("--filter"),
                                           QStringLiteral("label=%1").arg(QLatin1String(EgressProxy::ownerLabel)),
                                           QStringLiteral("--format"), QStringLiteral("{{.ID}} {{.Labels}}")});
            int n = 0;
            for (const QByteArray &line : out.split('\n'))
                n += line.contains(owner.toLatin1()) ? 1 : 0;
            return n;
        };
        QCOMPARE(ours(QStringLiteral("container")), 1);
        QCOMPARE(ours(QStringLiteral("network")), 1);
        cli.kill();
        QVERIFY(cli.waitForFinished(10'000));
        // The next pool's start reaps what the dead owner left.
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 60'000;
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        for (QDeadlineTimer reaped(60'000); (ours(QStringLiteral("container")) || ours(QStringLiteral("network"))) && !reaped.hasExpired();)
            QTest::qWait(200);
        QCOMPARE(ours(QStringLiteral("container")), 0);
        QCOMPARE(ours(QStringLiteral("network")), 0);
        QVERIFY(waitFor((*pool)->close(), 60'000));
        // The sandbox's own container ends by its lifetime keeper or the same reaping.
    }

    void malformedEntryRefusedAtCreate()
    {
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 60'000;
        o.network = {NetworkKind::None, NetworkKind::Domains};
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        SandboxOptions so;
        so.lifetimeMs = 60'000;
        so.network.kind = NetworkKind::Domains;
        so.network.domains = {QStringLiteral("ok.example"), QStringLiteral("bad..example")};
        auto created = waitFor((*pool)->create(so), 60'000);
        QVERIFY(!created);
        QVERIFY2(created.error().message.contains(QLatin1String("bad..example")), qPrintable(created.error().message));
        QVERIFY(waitFor((*pool)->close(), 60'000));
    }
};

QTEST_GUILESS_MAIN(TestDockerEgress)
#include "tst_dockeregress.moc"
