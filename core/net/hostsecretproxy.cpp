#include "hostsecretproxy.h"

#include "common/privateroot.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>

#include <cerrno>
#include <cstring>
#include <csignal>
#include <fcntl.h>
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

} // namespace

Result<std::unique_ptr<HostSecretProxy>> HostSecretProxy::start(const QList<EgressSecret> &secrets,
                                                                const QString &upstreamCaFile, int timeoutMs)
{
    auto fail = [](const QString &why) {
        return std::unexpected(Error::environment(QStringLiteral("cannot start the secret proxy: %1").arg(why)));
    };
    const QString program = QStandardPaths::findExecutable(QStringLiteral("mitmdump"));
    if (program.isEmpty())
        return fail(QStringLiteral("mitmdump is not installed (run scripts/setup, or apt-get install mitmproxy)"));
    auto folder = makePrivateFolder(QStringLiteral("sandbench-secretproxy"));
    if (!folder)
        return std::unexpected(folder.error());
    std::unique_ptr<HostSecretProxy> proxy(new HostSecretProxy);
    proxy->m_folder = std::move(*folder);
    const QString dir = proxy->m_folder->path();
    const QString secretsFile = dir + QStringLiteral("/secrets.json");
    if (!writePrivate(dir + QStringLiteral("/secretswap.py"), SecretProxyConfig::addonSource())
        || !writePrivate(secretsFile, SecretProxyConfig::secretsJson(secrets)))
        return fail(QStringLiteral("cannot write its files in %1").arg(dir));

    QStringList args = {program, QStringLiteral("--listen-host"), QStringLiteral("127.0.0.1"),
                        QStringLiteral("--listen-port"), QStringLiteral("0"),
                        QStringLiteral("--set"), QStringLiteral("confdir=") + dir + QStringLiteral("/mitm"),
                        QStringLiteral("--set"), QStringLiteral("ignore_hosts=") + SecretProxyConfig::ignoreHostsPattern(secrets),
                        QStringLiteral("--set"), QStringLiteral("flow_detail=0"),
                        QStringLiteral("-s"), dir + QStringLiteral("/secretswap.py")};
    if (!upstreamCaFile.isEmpty())
        args << QStringLiteral("--set") << QStringLiteral("ssl_verify_upstream_trusted_ca=") + upstreamCaFile;
    // Nothing of the caller's environment but what Python needs to run.
    QStringList environment = {QStringLiteral("HOME=") + dir, QStringLiteral("PYTHONDONTWRITEBYTECODE=1"), QStringLiteral("PYTHONUNBUFFERED=1"),
                               QStringLiteral("SB_SECRETS_PATH=") + secretsFile, QStringLiteral("SB_WATCH_STDIN=1"),
                               QStringLiteral("LANG=C.UTF-8"), QStringLiteral("PATH=/usr/local/bin:/usr/bin:/bin")};
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
    proxy->m_drain = std::thread([out] {
        char buffer[4096];
        while (::read(out, buffer, sizeof buffer) > 0) {
        }
        ::close(out);
    });
    QFile::remove(secretsFile); // read by the addon when it loaded, before mitmdump listened
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
    return proxy;
}

HostSecretProxy::~HostSecretProxy()
{
    stop();
}

void HostSecretProxy::stop()
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
}

} // namespace Sandbench
