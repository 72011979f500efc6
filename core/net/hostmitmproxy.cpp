#include "hostmitmproxy.h"

#include "common/privateroot.h"
#include "net/trafficproxyconfig.h"
#include "net/unixrelay.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>

#include <cerrno>
#include <cstring>
#include <csignal>
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace Sandbench {

namespace {

bool writePrivate(const QString &path, const QByteArray &data)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return file.write(data) == data.size() && file.flush();
}

// argv and envp as exec wants them, built before fork (nothing may allocate after it).
struct CStrings
{
    explicit CStrings(const QStringList &list)
    {
        for (const QString &s : list)
            bytes << s.toLocal8Bit();
        for (QByteArray &b : bytes)
            pointers.push_back(b.data());
        pointers.push_back(nullptr);
    }
    QList<QByteArray> bytes;
    std::vector<char *> pointers;
};

// A loopback port bound and never listened on: every connection to it is refused, and no other
// program can take it while the socket is open.
Result<std::pair<int, quint16>> deadPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (fd < 0 || ::bind(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0
        || ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) != 0) {
        if (fd >= 0)
            ::close(fd);
        return fail(ErrorCode::EnvironmentError, QStringLiteral("cannot bind a loopback port: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
    }
    return std::pair<int, quint16>(fd, ntohs(address.sin_port));
}

} // namespace

bool HostMitmProxy::installed()
{
    return !QStandardPaths::findExecutable(QStringLiteral("mitmdump")).isEmpty();
}

Result<std::unique_ptr<HostMitmProxy>> HostMitmProxy::start(const Options &options)
{
    const QList<EgressSecret> &secrets = options.secrets;
    const QString &upstreamCaFile = options.upstreamCaFile;
    const int timeoutMs = options.timeoutMs;
    const TrafficCapture capture = options.capture;
    auto fail = [](const QString &why) {
        return std::unexpected(Error::environment(QStringLiteral("cannot start the run's proxy: %1").arg(why)));
    };
    const QString program = QStandardPaths::findExecutable(QStringLiteral("mitmdump"));
    if (program.isEmpty())
        return fail(QStringLiteral("mitmdump is not installed (run scripts/setup, or apt-get install mitmproxy)"));
    auto folder = makePrivateFolder(QStringLiteral("sandbench-runproxy"));
    if (!folder)
        return std::unexpected(folder.error());
    std::unique_ptr<HostMitmProxy> proxy(new HostMitmProxy);
    proxy->m_folder = std::move(*folder);
    const QString dir = proxy->m_folder->path();
    const QString secretsFile = dir + QStringLiteral("/secrets.json");
    const QString trafficFile = dir + QStringLiteral("/traffic.json");
    if (!writePrivate(dir + QStringLiteral("/secretswap.py"), SecretProxyConfig::addonSource())
        || !writePrivate(secretsFile, SecretProxyConfig::secretsJson(secrets))
        || !writePrivate(dir + QStringLiteral("/traffic.py"), TrafficProxyConfig::addonSource())
        || !writePrivate(trafficFile, options.replayJson))
        return fail(QStringLiteral("cannot write its files in %1").arg(dir));

    // Recording or replaying, every connection is terminated (the pattern ignores no name); the
    // traffic addon comes first, so it sees requests as the runtime sent them: placeholders.
    QStringList args = {program, QStringLiteral("--listen-host"), QStringLiteral("127.0.0.1"),
                        QStringLiteral("--listen-port"), QStringLiteral("0"),
                        QStringLiteral("--set"), QStringLiteral("confdir=") + dir + QStringLiteral("/mitm"),
                        QStringLiteral("--set"), QStringLiteral("ignore_hosts=")
                                + (capture == TrafficCapture::Off ? SecretProxyConfig::ignoreHostsPattern(secrets) : QStringLiteral("^$")),
                        QStringLiteral("--set"), QStringLiteral("flow_detail=0")};
    if (capture != TrafficCapture::Off)
        args << QStringLiteral("-s") << dir + QStringLiteral("/traffic.py");
    args << QStringLiteral("-s") << dir + QStringLiteral("/secretswap.py");
    if (capture == TrafficCapture::Record)
        args << QStringLiteral("--set") << QStringLiteral("stream_large_bodies=%1").arg(TrafficProxyConfig::maxRecordedBodyBytes);
    // A replay opens no connection upstream (lazy) and asks no server for its certificate; and
    // should mitmproxy still want one (raw TCP after a CONNECT, an answer that switches
    // protocols), its only upstream is a port of ours that is bound but never listens, so the
    // connection is refused: a replay reaches nothing, whatever the code or the bundle does.
    if (capture == TrafficCapture::Replay) {
        auto dead = deadPort();
        if (!dead)
            return fail(dead.error().message);
        proxy->m_deadFd = dead->first;
        args << QStringLiteral("--mode") << QStringLiteral("upstream:http://127.0.0.1:%1").arg(dead->second)
             << QStringLiteral("--set") << QStringLiteral("connection_strategy=lazy")
             << QStringLiteral("--set") << QStringLiteral("upstream_cert=false");
    }
    if (!upstreamCaFile.isEmpty())
        args << QStringLiteral("--set") << QStringLiteral("ssl_verify_upstream_trusted_ca=") + upstreamCaFile;
    // Nothing of the caller's environment but what Python needs to run.
    QStringList environment = {QStringLiteral("HOME=") + dir, QStringLiteral("PYTHONDONTWRITEBYTECODE=1"), QStringLiteral("PYTHONUNBUFFERED=1"),
                               QStringLiteral("SB_SECRETS_PATH=") + secretsFile, QStringLiteral("SB_WATCH_STDIN=1"),
                               QStringLiteral("LANG=C.UTF-8"), QStringLiteral("PATH=/usr/local/bin:/usr/bin:/bin"),
                               QStringLiteral("SB_TRAFFIC_PATH=") + trafficFile};
    if (capture != TrafficCapture::Off)
        environment << QStringLiteral("SB_TRAFFIC_MODE=") + (capture == TrafficCapture::Record ? QStringLiteral("record") : QStringLiteral("replay"));
    proxy->m_keepLines = capture != TrafficCapture::Off;
    const CStrings argv(args);
    const CStrings envp(environment);
    const QByteArray path = program.toLocal8Bit();

    int input[2];
    int output[2];
    if (::pipe2(input, O_CLOEXEC) != 0)
        return fail(QString::fromLocal8Bit(std::strerror(errno)));
    if (::pipe2(output, O_CLOEXEC) != 0) {
        ::close(input[0]);
        ::close(input[1]);
        return fail(QString::fromLocal8Bit(std::strerror(errno)));
    }
    const pid_t pid = ::fork();
    if (pid == 0) {
        // Its own group, so stop() ends whatever mitmdump starts with it.
        ::setpgid(0, 0);
        ::dup2(input[0], 0);
        ::dup2(output[1], 1);
        ::dup2(output[1], 2);
        ::execve(path.constData(), argv.pointers.data(), envp.pointers.data());
        ::_exit(127);
    }
    ::close(input[0]);
    ::close(output[1]);
    if (pid < 0) {
        ::close(input[1]);
        ::close(output[0]);
        return fail(QString::fromLocal8Bit(std::strerror(errno)));
    }
    proxy->m_pid = pid;
    proxy->m_inputFd = input[1];

    // Until it says where it listens (it picks a free port itself: no window in which another
    // program could take one chosen for it), or ends, or the deadline passes.
    static const QRegularExpression listening(QStringLiteral("listening at 127\\.0\\.0\\.1:([0-9]{1,5})"));
    QByteArray said;
    const QDeadlineTimer deadline(timeoutMs);
    const int out = output[0];
    while (!proxy->m_port) {
        pollfd p{out, POLLIN, 0};
        const int ready = ::poll(&p, 1, int(qMax<qint64>(0, deadline.remainingTime())));
        if (ready <= 0)
            break;
        char buffer[4096];
        const ssize_t n = ::read(out, buffer, sizeof buffer);
        if (n <= 0)
            break;
        if (said.size() < 16384)
            said.append(buffer, n);
        if (const auto match = listening.match(QString::fromUtf8(said)); match.hasMatch())
            proxy->m_port = quint16(match.captured(1).toUInt());
    }
    // What came with the line that said it listens is output too (nothing of the traffic yet).
    proxy->m_drain = std::thread([raw = proxy.get(), out] { raw->drain(out); });
    QFile::remove(secretsFile); // read by the addons when they loaded, before mitmdump listened
    QFile::remove(trafficFile);
    if (!proxy->m_port) {
        const QString text = QString::fromUtf8(said).trimmed().right(600);
        return fail(text.isEmpty() ? QStringLiteral("mitmdump did not start listening in time") : text);
    }
    QFile ca(dir + QStringLiteral("/mitm/mitmproxy-ca-cert.pem"));
    if (!ca.open(QIODevice::ReadOnly) || (proxy->m_caPem = ca.readAll()).isEmpty())
        return fail(QStringLiteral("mitmdump made no CA certificate"));
    ca.close();
    // mitmdump holds its CA in memory from here on: the key leaves the disk, so not even a
    // Sandbench that is killed leaves it behind.
    QDir(dir + QStringLiteral("/mitm")).removeRecursively();
    if (!options.relaySocketPath.isEmpty()) {
        auto relay = UnixRelay::start(options.relaySocketPath, proxy->m_port);
        if (!relay)
            return std::unexpected(relay.error());
        proxy->m_relay = std::move(*relay);
    }
    return proxy;
}

HostMitmProxy::~HostMitmProxy()
{
    stop();
}

void HostMitmProxy::stop()
{
    if (m_inputFd >= 0) {
        ::close(m_inputFd);
        m_inputFd = -1;
    }
    if (m_pid > 0) {
        ::kill(-pid_t(m_pid), SIGTERM);
        const QDeadlineTimer deadline(3000);
        int status = 0;
        pid_t gone = 0;
        while ((gone = ::waitpid(pid_t(m_pid), &status, WNOHANG)) == 0 && !deadline.hasExpired())
            ::usleep(10000);
        if (gone == 0) {
            ::kill(-pid_t(m_pid), SIGKILL);
            ::waitpid(pid_t(m_pid), &status, 0);
        }
        m_pid = 0;
    }
    if (m_drain.joinable())
        m_drain.join();
    m_relay.reset();
    if (m_deadFd >= 0) {
        ::close(m_deadFd);
        m_deadFd = -1;
    }
}

void HostMitmProxy::drain(int fd)
{
    // Whole lines: the traffic addon's are kept (bounded), the rest (mitmdump's log) dropped.
    QByteArray pending;
    bool skipping = false;
    char buffer[65536];
    ssize_t n = 0;
    while ((n = ::read(fd, buffer, sizeof buffer)) > 0) {
        pending.append(buffer, n);
        qsizetype start = 0;
        for (qsizetype nl; (nl = pending.indexOf('\n', start)) >= 0; start = nl + 1) {
            if (!skipping)
                keepLine(pending.mid(start, nl - start));
            skipping = false;
        }
        pending.remove(0, start);
        if (pending.size() > TrafficProxyConfig::maxLineBytes) {
            if (!skipping && m_keepLines && pending.startsWith(TrafficProxyConfig::trafficLinePrefix)) {
                const QMutexLocker lock(&m_mutex);
                ++m_dropped;
            }
            pending.clear();
            skipping = true;
        }
    }
    ::close(fd);
}

void HostMitmProxy::keepLine(const QByteArray &line)
{
    if (!m_keepLines || !(line.startsWith(TrafficProxyConfig::trafficLinePrefix) || line.startsWith(TrafficProxyConfig::replayLinePrefix)))
        return;
    const QMutexLocker lock(&m_mutex);
    if (m_lines.size() >= TrafficProxyConfig::maxLines || m_lineBytes + line.size() > TrafficProxyConfig::maxLinesBytes) {
        ++m_dropped;
        return;
    }
    m_lineBytes += line.size();
    m_lines << line;
}

QList<QByteArray> HostMitmProxy::finishTraffic(qsizetype *dropped)
{
    stop();
    const QMutexLocker lock(&m_mutex);
    if (dropped)
        *dropped = m_dropped;
    return std::exchange(m_lines, {});
}

} // namespace Sandbench
