#include "sandboxsecret.h"

#include "net/egressallowlist.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandbench::SandboxSecrets {

namespace {

bool validName(const QString &name)
{
    static const QRegularExpression re(QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z_][A-Za-z0-9_]{0,127}")));
    return re.match(name).hasMatch();
}

// For a message: a name or host as given, at most 100 characters, control characters as '?'.
QString shown(const QString &s)
{
    QString out = s.left(100);
    for (QChar &c : out) {
        if (c.unicode() < 0x20 || (c.unicode() >= 0x7f && c.unicode() < 0xa0))
            c = QLatin1Char('?');
    }
    return out;
}

Result<QString> canonicalHost(const QString &name, const QString &host, HostScope scope)
{
    // For an exec run "localhost" is a name like any other (its proxy resolves it on this
    // machine); for a sandbox it means the host's loopback relay, which carries no secret.
    if (scope == HostScope::ThisMachine && host == QLatin1String("localhost"))
        return host;
    auto entry = EgressAllowList::parseEntry(host);
    if (!entry || entry->kind != EgressRule::Kind::Host || entry->port)
        return fail(ErrorCode::InvalidInput, QStringLiteral("secret %1: '%2' is not a host name (a secret names exact hosts: "
                                                            "no port, wildcard or address)")
                                                 .arg(name, shown(host)));
    return entry->host;
}

} // namespace

bool reservedName(const QString &name)
{
    static const QSet<QString> reserved{
        QStringLiteral("HTTP_PROXY"), QStringLiteral("HTTPS_PROXY"), QStringLiteral("ALL_PROXY"), QStringLiteral("NO_PROXY"),
        QStringLiteral("SSL_CERT_FILE"), QStringLiteral("SSL_CERT_DIR"), QStringLiteral("CURL_CA_BUNDLE"),
        QStringLiteral("REQUESTS_CA_BUNDLE"), QStringLiteral("NODE_EXTRA_CA_CERTS"), QStringLiteral("DENO_CERT"),
        QStringLiteral("GIT_SSL_CAINFO"), QStringLiteral("PIP_CERT"), QStringLiteral("HOME"), QStringLiteral("PATH")};
    return reserved.contains(name.toUpper());
}

Result<SandboxSecret> parseSpec(const QString &spec, const EnvironmentLookup &env, const FileReader &readFile, HostScope scope)
{
    const qsizetype at = spec.indexOf(QLatin1Char('@'));
    if (at < 0)
        return fail(ErrorCode::InvalidInput, QStringLiteral("secret '%1': expected NAME@HOST[,HOST...] or NAME@HOST[,HOST...]=file:PATH")
                                                 .arg(shown(spec)));
    SandboxSecret secret;
    secret.name = spec.left(at);
    if (!validName(secret.name))
        return fail(ErrorCode::InvalidInput, QStringLiteral("secret '%1': not a variable name (letters, digits and _, "
                                                            "not starting with a digit)").arg(shown(secret.name)));
    QString hosts = spec.mid(at + 1);
    std::optional<QString> path;
    if (const qsizetype eq = hosts.indexOf(QLatin1Char('=')); eq >= 0) {
        const QString source = hosts.mid(eq + 1);
        hosts.truncate(eq);
        if (!source.startsWith(QLatin1String("file:")) || source.size() == 5)
            return fail(ErrorCode::InvalidInput, QStringLiteral("secret %1: after '=' comes file:PATH (the value itself never goes "
                                                                "on a command line)").arg(secret.name));
        path = source.mid(5);
    }
    for (const QString &host : hosts.split(QLatin1Char(','))) {
        auto canonical = canonicalHost(secret.name, host, scope);
        if (!canonical)
            return std::unexpected(canonical.error());
        if (!secret.hosts.contains(*canonical))
            secret.hosts << *canonical;
    }
    if (path) {
        auto content = readFile(*path);
        if (!content)
            return fail(ErrorCode::InvalidInput, QStringLiteral("secret %1: %2").arg(secret.name, content.error().message));
        QByteArray value = *content;
        if (value.endsWith('\n'))
            value.chop(value.endsWith("\r\n") ? 2 : 1);
        secret.value = value;
    } else {
        const auto value = env(secret.name);
        if (!value)
            return fail(ErrorCode::InvalidInput, QStringLiteral("secret %1: the environment variable %1 is not set (the value comes "
                                                                "from it, or from NAME@HOST=file:PATH)").arg(secret.name));
        secret.value = *value;
    }
    if (auto ok = check(secret, scope); !ok)
        return std::unexpected(ok.error());
    return secret;
}

Result<SandboxSecret> parseSpec(const QString &spec, HostScope scope)
{
    return parseSpec(
        spec,
        [](const QString &name) -> std::optional<QByteArray> {
            const QByteArray key = name.toLatin1();
            if (!qEnvironmentVariableIsSet(key.constData()))
                return std::nullopt;
            return qgetenv(key.constData());
        },
        [](const QString &path) -> Result<QByteArray> {
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly))
                return fail(ErrorCode::InvalidInput, QStringLiteral("the file %1 cannot be read: %2").arg(shown(path), f.errorString()));
            QByteArray content = f.read(maxValueBytes + 3);
            if (f.error() != QFileDevice::NoError)
                return fail(ErrorCode::InvalidInput, QStringLiteral("the file %1 cannot be read: %2").arg(shown(path), f.errorString()));
            return content;
        },
        scope);
}

Result<QByteArray> readRegularValueFile(const QString &path)
{
    if (!QDir::isAbsolutePath(path))
        return fail(ErrorCode::InvalidInput, QStringLiteral("the file %1 is not an absolute path").arg(shown(path)));
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return fail(ErrorCode::InvalidInput, QStringLiteral("the file %1 cannot be read: %2").arg(shown(path), QString::fromLocal8Bit(std::strerror(errno))));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return fail(ErrorCode::InvalidInput, QStringLiteral("the file %1 is not a regular file").arg(shown(path)));
    }
    QByteArray content(maxValueBytes + 3, Qt::Uninitialized);
    qsizetype got = 0;
    while (got < content.size()) {
        const ssize_t n = ::read(fd, content.data() + got, size_t(content.size() - got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            const int error = errno;
            ::close(fd);
            return fail(ErrorCode::InvalidInput, QStringLiteral("the file %1 cannot be read: %2").arg(shown(path), QString::fromLocal8Bit(std::strerror(error))));
        }
        if (n == 0)
            break;
        got += n;
    }
    ::close(fd);
    content.truncate(got);
    return content;
}

VoidResult check(const SandboxSecret &secret, HostScope scope)
{
    if (!validName(secret.name))
        return fail(ErrorCode::InvalidInput, QStringLiteral("secret '%1': not a variable name").arg(shown(secret.name)));
    if (reservedName(secret.name))
        return fail(ErrorCode::InvalidInput, QStringLiteral("secret %1: Sandbench sets that variable itself").arg(secret.name));
    if (secret.hosts.isEmpty())
        return fail(ErrorCode::InvalidInput, QStringLiteral("secret %1 names no host").arg(secret.name));
    if (secret.hosts.size() > maxHosts)
        return fail(ErrorCode::LimitExceeded, QStringLiteral("secret %1 names more than %2 hosts").arg(secret.name).arg(maxHosts));
    for (const QString &host : secret.hosts) {
        auto canonical = canonicalHost(secret.name, host, scope);
        if (!canonical)
            return std::unexpected(canonical.error());
        if (*canonical != host)
            return fail(ErrorCode::InvalidInput, QStringLiteral("secret %1: host '%2' is not in canonical form (%3)")
                                                     .arg(secret.name, shown(host), *canonical));
    }
    if (secret.value.isEmpty())
        return fail(ErrorCode::InvalidInput, QStringLiteral("secret %1 is empty").arg(secret.name));
    if (secret.value.size() > maxValueBytes)
        return fail(ErrorCode::LimitExceeded, QStringLiteral("secret %1 is longer than %2 bytes").arg(secret.name).arg(maxValueBytes));
    // It goes into a header line: a CR or LF would start a header or a request of the sandbox's
    // choosing, so only what a header value may hold.
    for (const char c : secret.value) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u > 0x7e)
            return fail(ErrorCode::InvalidInput, QStringLiteral("secret %1 holds a control or non-ASCII byte; a header value "
                                                                "takes visible ASCII and spaces only").arg(secret.name));
    }
    return {};
}

VoidResult checkAll(const QList<SandboxSecret> &secrets, const QMap<QString, QString> &env, HostScope scope)
{
    if (secrets.size() > maxSecrets)
        return fail(ErrorCode::LimitExceeded, QStringLiteral("a sandbox takes at most %1 secrets").arg(maxSecrets));
    QSet<QString> names;
    for (const SandboxSecret &s : secrets) {
        if (auto ok = check(s, scope); !ok)
            return ok;
        if (names.contains(s.name))
            return fail(ErrorCode::InvalidInput, QStringLiteral("secret %1 is given twice").arg(s.name));
        names.insert(s.name);
        // A run's variables come from its policy's `env`; a sandbox's from its own.
        if (env.contains(s.name))
            return fail(ErrorCode::InvalidInput, scope == HostScope::ThisMachine
                                                     ? QStringLiteral("secret %1 is also a variable the policy's env gives the code, "
                                                                      "which would see that value instead: take it out of one").arg(s.name)
                                                     : QStringLiteral("secret %1 is also given as a variable; the sandbox would "
                                                                      "see the value").arg(s.name));
    }
    return {};
}

} // namespace Sandbench::SandboxSecrets
