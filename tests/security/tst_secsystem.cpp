// System information, the network, and the broker's socket. System calls that describe the host
// are denied by the broker; the files that describe it are not in the namespace (and denied by
// name); the network reaches no host the policy does not name (a counting server proves no
// connection was made); the broker talks to one runtime only and gives up on garbage.
#include "testsupport.h"
#include "securityfixture.h"

#include "exec/permissionbroker.h"

#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

int connectUnix(const QString &path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un address {};
    address.sun_family = AF_UNIX;
    const QByteArray p = QFile::encodeName(path);
    std::memcpy(address.sun_path, p.constData(), size_t(p.size()));
    if (::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

QByteArray exchange(int fd, const QByteArray &line)
{
    if (::send(fd, line.constData(), size_t(line.size()), MSG_NOSIGNAL) != line.size())
        return {};
    char buffer[4096];
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    return n > 0 ? QByteArray(buffer, int(n)) : QByteArray();
}

} // namespace

class TestSecSystem : public QObject
{
    Q_OBJECT
private slots:
    void systemInformationIsDenied_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("kind");
        QTest::newRow("hostname") << "Deno.hostname()" << "sys";
        QTest::newRow("os release") << "Deno.osRelease()" << "sys";
        QTest::newRow("uptime") << "Deno.osUptime()" << "sys";
        QTest::newRow("loadavg") << "Deno.loadavg()" << "sys";
        QTest::newRow("memory info") << "Deno.systemMemoryInfo()" << "sys";
        QTest::newRow("interfaces") << "Deno.networkInterfaces()" << "sys";
        QTest::newRow("gid") << "Deno.gid()" << "sys";
        QTest::newRow("node hostname") << "(await import('node:os')).hostname()" << "sys";
        QTest::newRow("node userInfo") << "(await import('node:os')).userInfo()" << "sys";
        QTest::newRow("node totalmem") << "(await import('node:os')).totalmem()" << "sys";
        QTest::newRow("node interfaces") << "(await import('node:os')).networkInterfaces()" << "sys";
        QTest::newRow("proc cpuinfo") << "Deno.readTextFileSync('/proc/cpuinfo')" << "read";
        QTest::newRow("proc meminfo") << "Deno.readTextFileSync('/proc/meminfo')" << "read";
        QTest::newRow("proc self maps") << "Deno.readTextFileSync('/proc/self/maps')" << "read";
        QTest::newRow("proc self environ") << "Deno.readTextFileSync('/proc/self/environ')" << "read";
        QTest::newRow("proc self mountinfo") << "Deno.readTextFileSync('/proc/self/mountinfo')" << "read";
        QTest::newRow("proc self exe") << "Deno.readLinkSync('/proc/self/exe')" << "read";
        QTest::newRow("proc listing") << "[...Deno.readDirSync('/proc')].map((e) => e.name)" << "read";
        QTest::newRow("sys class net") << "[...Deno.readDirSync('/sys/class/net')].map((e) => e.name)" << "read";
        QTest::newRow("etc os-release") << "Deno.readTextFileSync('/etc/os-release')" << "read";
        QTest::newRow("etc hostname") << "Deno.readTextFileSync('/etc/hostname')" << "read";
        QTest::newRow("dev stdin") << "Deno.readTextFileSync('/dev/stdin')" << "read";
        QTest::newRow("dev urandom file") << "Deno.readFileSync('/dev/urandom').length" << "read";
    }

    void systemInformationIsDenied()
    {
        QFETCH(QString, code);
        QFETCH(QString, kind);
        ExecFixture f;
        const Attempt a = attempt(f, tryBody(code), f.sandboxPolicy());
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QVERIFY2(a.result->stdoutData.contains("DENIED") && !Test::printedLine(a.result->stdoutData, "GOT"), qPrintable(a.diagnostics()));
        QVERIFY2(a.deniedInAudit(kind, QString()), qPrintable(a.diagnostics()));
    }

    void networkSeesNoConnection_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("fetch") << "await fetch(URL_A)";
        QTest::newRow("fetch ipv6 mapped") << "await fetch(URL_A.replace('127.0.0.1', '[::ffff:127.0.0.1]'))";
        QTest::newRow("fetch octal") << "await fetch(URL_A.replace('127.0.0.1', '0177.0.0.1'))";
        QTest::newRow("fetch short") << "await fetch(URL_A.replace('127.0.0.1', '127.1'))";
        QTest::newRow("fetch userinfo") << "await fetch(URL_A.replace('127.0.0.1', 'allowed.example@127.0.0.1'))";
        QTest::newRow("connect") << "await Deno.connect({ hostname: '127.0.0.1', port: PORT_A })";
        QTest::newRow("connect tls") << "await Deno.connectTls({ hostname: '127.0.0.1', port: PORT_A })";
        QTest::newRow("connect localhost") << "await Deno.connect({ hostname: 'localhost', port: PORT_A })";
        QTest::newRow("dns server") << "await Deno.resolveDns('example.com', 'A', { nameServer: { ipAddr: '127.0.0.1', port: PORT_A } })";
        QTest::newRow("event source") << "await new Promise((ok, bad) => { const e = new EventSource(URL_A); e.onopen = ok; e.onerror = bad; })";
        QTest::newRow("listen any") << "Deno.listen({ hostname: '0.0.0.0', port: 0 })";
        QTest::newRow("metadata") << "await fetch('http://169.254.169.254/', { signal: AbortSignal.timeout(500) })";
    }

    void networkSeesNoConnection()
    {
        QFETCH(QString, code);
        ExecFixture f;
        CountingServer forbidden;
        const Attempt a = attempt(f, QStringLiteral("const PORT_A = %1; const URL_A = 'http://127.0.0.1:%1/';\n").arg(forbidden.port()) + tryBody(code),
                                  f.sandboxPolicy());
        QVERIFY2(a.result.has_value(), qPrintable(a.diagnostics()));
        QCOMPARE(forbidden.connections(), 0);
        QVERIFY2(!Test::printedLine(a.result->stdoutData, "GOT") && !a.output().contains("REACHED"), qPrintable(a.diagnostics()));
        QVERIFY2(a.deniedInAudit(QStringLiteral("net"), QString()), qPrintable(a.diagnostics()));
    }

    // One runtime, one conversation: a second client is never served, and a client that
    // sends garbage or a line over 1 MiB is hung up on (the runtime then exits with 87).
    void brokerTalksToOneRuntimeOnly()
    {
        QTemporaryDir dir;
        Policy policy;
        policy.sandbox = true;
        const PolicyMatcher matcher({policy, dir.path(), dir.path(), {}, {}, {}});
        PermissionBroker broker(matcher, {});
        const QString socket = dir.path() + QStringLiteral("/b.sock");
        QVERIFY(broker.start(socket).has_value());
        const int first = connectUnix(socket);
        QVERIFY(first >= 0);
        QVERIFY(exchange(first, "{\"v\":1,\"pid\":1,\"id\":1,\"permission\":\"read\",\"value\":\"/etc/passwd\"}\n").contains("\"deny\""));
        QCOMPARE(connectUnix(socket), -1); // the listening socket is closed after the first accept
        QVERIFY(exchange(first, "{\"v\":1,\"pid\":1,\"id\":2,\"permission\":\"read\",\"value\":\"/etc/shadow\"}\n").contains("\"id\":2"));
        QCOMPARE(broker.decisions(), quint64(2));
        ::close(first);
    }

    void brokerHangsUpOnGarbage_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("not json") << QByteArray("hello\n");
        QTest::newRow("no id") << QByteArray("{\"v\":1,\"permission\":\"read\",\"value\":\"/x\"}\n");
        QTest::newRow("array") << QByteArray("[1,2,3]\n");
        QTest::newRow("nested value") << QByteArray("{\"id\":1,\"permission\":\"read\",\"value\":{\"a\":1}}\n");
        QTest::newRow("over 1 MiB") << QByteArray(1100 * 1024, 'x');
    }

    void brokerHangsUpOnGarbage()
    {
        QFETCH(QByteArray, line);
        QTemporaryDir dir;
        Policy policy;
        policy.sandbox = true;
        PermissionBroker broker(PolicyMatcher({policy, dir.path(), dir.path(), {}, {}, {}}), {});
        const QString socket = dir.path() + QStringLiteral("/b.sock");
        QVERIFY(broker.start(socket).has_value());
        const int fd = connectUnix(socket);
        QVERIFY(fd >= 0);
        ::send(fd, line.constData(), size_t(line.size()), MSG_NOSIGNAL);
        char byte;
        QCOMPARE(::recv(fd, &byte, 1, 0), ssize_t(0)); // hung up, no answer
        QVERIFY(!broker.failure().isEmpty());
        QCOMPARE(broker.decisions(), quint64(0));
        ::close(fd);
    }
};

QTEST_GUILESS_MAIN(TestSecSystem)
#include "tst_secsystem.moc"
