#include "sandboxvalidation.h"

#include "sandbox/sandboxsnapshot.h"

#include "net/egressallowlist.h"
#include "sandbox/sandboxsecret.h"

#include <QDir>
#include <algorithm>
#include <QRegularExpression>

namespace Sandbench::SandboxValidation {

namespace {

constexpr int maxPathLength = 4096;
constexpr int maxArgBytes = 128 * 1024;
constexpr qint64 maxEnvBytes = 1024 * 1024;

bool hasNul(const QString &s)
{
    return s.contains(QChar(0));
}

// C0 controls and DEL (and the C1 range): nothing that reaches a shell, a file or the engine
// may hold one, where a newline ends a line early or an escape rewrites a terminal. Env values
// alone may hold a tab or a newline (certificates, keys): they always travel quoted.
bool hasControl(const QString &s, bool allowTabNewline = false)
{
    for (QChar c : s) {
        const char16_t u = c.unicode();
        if (allowTabNewline && (u == '\t' || u == '\n'))
            continue;
        if (u < 0x20 || (u >= 0x7f && u < 0xa0))
            return true;
    }
    return false;
}

// A name for a message: control characters shown as '?', so the message cannot carry them.
QString printable(const QString &s)
{
    QString out = s.left(100);
    for (QChar &c : out) {
        if (c.unicode() < 0x20 || (c.unicode() >= 0x7f && c.unicode() < 0xa0))
            c = QLatin1Char('?');
    }
    return out;
}

// Whole-string patterns: `^...$` lets `$` match before a final newline.
QRegularExpression whole(const char *pattern)
{
    return QRegularExpression(QRegularExpression::anchoredPattern(QLatin1String(pattern)));
}

// Each secret's hosts must be reachable at all: a host the allow list does not name (exactly
// or under a *.domain entry) would be refused by the proxy anyway, which is the user's mistake.
VoidResult checkSecrets(const SandboxOptions &o, const EgressAllowList &list)
{
    if (auto ok = SandboxSecrets::checkAll(o.secrets, o.env); !ok)
        return ok;
    for (const SandboxSecret &secret : o.secrets) {
        for (const QString &host : secret.hosts) {
            const bool listed = std::ranges::any_of(list.rules(), [&host](const EgressRule &r) {
                return (r.kind == EgressRule::Kind::Host && r.host == host)
                       || (r.kind == EgressRule::Kind::Subdomains && host.endsWith(QLatin1Char('.') + r.host));
            });
            if (!listed)
                return fail(ErrorCode::InvalidInput, QStringLiteral("secret %1: host %2 is not in the network allow list")
                                                         .arg(secret.name, host));
        }
    }
    return {};
}

} // namespace

VoidResult checkPoolOptions(const PoolOptions &o, const SandboxFeatures &features,
                            qint64 providerMaxLifetimeMs)
{
    if (o.maxSandboxes <= 0)
        return fail(ErrorCode::InvalidConfig, QStringLiteral("maxSandboxes is required and must be positive"));
    if (o.maxLifetimeMs <= 0)
        return fail(ErrorCode::InvalidConfig, QStringLiteral("maxLifetimeMs is required and must be positive"));
    if (o.maxLifetimeMs > providerMaxLifetimeMs)
        return fail(ErrorCode::InvalidConfig,
                    QStringLiteral("maxLifetimeMs %1 is over the provider's %2")
                        .arg(o.maxLifetimeMs).arg(providerMaxLifetimeMs));
    if (o.network.isEmpty())
        return fail(ErrorCode::InvalidConfig, QStringLiteral("network must list at least one kind"));
    for (NetworkKind kind : o.network) {
        if (!features.network.contains(kind))
            return fail(ErrorCode::InvalidConfig,
                        QStringLiteral("the provider cannot enforce network '%1'").arg(networkKindName(kind)));
    }
    if (o.execTimeoutMs <= 0 || o.maxExecTimeoutMs <= 0 || o.execTimeoutMs > o.maxExecTimeoutMs)
        return fail(ErrorCode::InvalidConfig,
                    QStringLiteral("execTimeoutMs must be positive and at most maxExecTimeoutMs"));
    if (o.maxOutputBytes <= 0 || o.maxFileBytes <= 0 || o.callTimeoutMs <= 0)
        return fail(ErrorCode::InvalidConfig,
                    QStringLiteral("maxOutputBytes, maxFileBytes and callTimeoutMs must be positive"));
    // Both are held in this process's memory, per call.
    if (o.maxOutputBytes > (256LL << 20) || o.maxFileBytes > (1LL << 30))
        return fail(ErrorCode::InvalidConfig, QStringLiteral("maxOutputBytes is at most 256 MiB and maxFileBytes 1 GiB"));
    if (o.maxSandboxes > 1024)
        return fail(ErrorCode::InvalidConfig, QStringLiteral("maxSandboxes is at most 1024"));
    if (auto r = checkLabels(o.labels); !r)
        return fail(ErrorCode::InvalidConfig, r.error().message);
    return {};
}

VoidResult checkSandboxOptions(const SandboxOptions &o, const PoolOptions &pool,
                               const SandboxFeatures &features, const SandboxLimits &limits)
{
    if (o.lifetimeMs <= 0)
        return fail(ErrorCode::InvalidInput, QStringLiteral("lifetimeMs is required and must be positive"));
    if (!o.snapshot.isEmpty()) {
        if (auto name = validateSnapshotName(o.snapshot); !name)
            return name;
        if (!o.image.isEmpty())
            return fail(ErrorCode::InvalidInput, QStringLiteral("a sandbox starts from an image or a snapshot, not both"));
    } else if (!o.snapshotDigest.isEmpty()) {
        return fail(ErrorCode::InvalidInput, QStringLiteral("snapshotDigest without a snapshot"));
    }
    if (o.lifetimeMs > pool.maxLifetimeMs)
        return fail(ErrorCode::LimitExceeded, QStringLiteral("lifetimeMs %1 is over the pool's maxLifetimeMs %2")
                                                  .arg(o.lifetimeMs).arg(pool.maxLifetimeMs));
    // Provider support first: asking for what cannot be enforced is the caller's mistake
    // whatever the pool allows.
    if (!features.network.contains(o.network.kind))
        return fail(ErrorCode::InvalidInput, QStringLiteral("the provider cannot give network '%1'")
                                                 .arg(networkKindName(o.network.kind)));
    if (!pool.network.contains(o.network.kind))
        return fail(ErrorCode::PermissionDenied, QStringLiteral("network '%1' is not allowed by the pool")
                                                     .arg(networkKindName(o.network.kind)));
    if (o.network.kind == NetworkKind::Domains) {
        // Refused here, before anything is made, naming the entry.
        auto list = EgressAllowList::parse(o.network.domains);
        if (!list)
            return std::unexpected(list.error());
        if (auto secrets = checkSecrets(o, *list); !secrets)
            return secrets;
    } else if (!o.network.domains.isEmpty()) {
        return fail(ErrorCode::InvalidInput, QStringLiteral("an allow list needs network 'allow'"));
    } else if (!o.secrets.isEmpty()) {
        // Only the egress proxy can swap a placeholder for the value.
        return fail(ErrorCode::InvalidInput, QStringLiteral("secret %1 needs network 'allow' (allow:HOST,...)")
                                                 .arg(o.secrets.constFirst().name));
    }
    // Only the egress proxy sees a sandbox's requests: `none` has none, `all` goes around it.
    if (o.traffic != TrafficCapture::Off && o.network.kind != NetworkKind::Domains)
        return fail(ErrorCode::InvalidInput, QStringLiteral("recorded traffic needs network 'allow' (allow:HOST,...)"));
    if (o.traffic != TrafficCapture::Replay && !o.replayTraffic.isEmpty())
        return fail(ErrorCode::InvalidInput, QStringLiteral("traffic to replay was given to a sandbox that does not replay"));
    if (!o.ports.isEmpty()) {
        if (!features.ports)
            return fail(ErrorCode::InvalidInput, QStringLiteral("the provider cannot serve ports"));
        if (o.network.kind != NetworkKind::All)
            return fail(ErrorCode::InvalidInput, QStringLiteral("ports need network 'all'"));
    }
    for (int port : o.ports) {
        if (port < 1 || port > 65535)
            return fail(ErrorCode::InvalidInput, QStringLiteral("port %1 is out of range").arg(port));
    }
    if (!(o.cpus >= 0) || o.cpus > 1024) // also NaN
        return fail(ErrorCode::InvalidInput, QStringLiteral("cpus must be between 0 and 1024"));
    if (o.cpus > 0 && o.cpus < 0.01)
        return fail(ErrorCode::InvalidInput, QStringLiteral("cpus must be at least 0.01"));
    if (limits.maxCpus > 0 && o.cpus > limits.maxCpus)
        return fail(ErrorCode::LimitExceeded, QStringLiteral("cpus %1 is over the provider's %2").arg(o.cpus).arg(limits.maxCpus));
    if (o.memoryMiB != 0 && (o.memoryMiB < 16 || o.memoryMiB > 1024 * 1024))
        return fail(ErrorCode::InvalidInput, QStringLiteral("memoryMiB must be at least 16"));
    if (limits.maxMemoryMiB > 0 && o.memoryMiB > limits.maxMemoryMiB)
        return fail(ErrorCode::LimitExceeded, QStringLiteral("memoryMiB %1 is over the provider's %2")
                                                  .arg(o.memoryMiB).arg(limits.maxMemoryMiB));
    if (o.ports.size() > 64)
        return fail(ErrorCode::LimitExceeded, QStringLiteral("a sandbox serves at most 64 ports"));
    if (o.env.size() > 1024)
        return fail(ErrorCode::LimitExceeded, QStringLiteral("a sandbox takes at most 1024 variables"));
    static const QRegularExpression imageName = whole("[A-Za-z0-9][A-Za-z0-9._/:@-]{0,254}");
    if (!o.image.isEmpty() && !imageName.match(o.image).hasMatch())
        return fail(ErrorCode::InvalidInput, QStringLiteral("'%1' is not an image name").arg(printable(o.image)));
    if (auto r = checkEnv(o.env); !r)
        return r;
    return checkLabels(o.labels);
}

Result<QString> resolvePath(const QString &workdir, const QString &path)
{
    if (path.isEmpty())
        return fail(ErrorCode::InvalidInput, QStringLiteral("the path is empty"));
    if (path.size() > maxPathLength || hasControl(path))
        return fail(ErrorCode::InvalidInput, QStringLiteral("the path is too long or holds a control character"));
    const QString full = path.startsWith(QLatin1Char('/')) ? path : workdir + QLatin1Char('/') + path;
    QString clean = QDir::cleanPath(full);
    // cleanPath keeps leading ".." of a relative path; an absolute one cannot go above "/".
    while (clean.startsWith(QLatin1String("/..")))
        clean = clean.mid(3).isEmpty() ? QStringLiteral("/") : clean.mid(3);
    return clean;
}

VoidResult checkSecretsFor(const QList<SandboxSecret> &secrets, const QMap<QString, QString> &env,
                           const QStringList &allowEntries)
{
    auto list = EgressAllowList::parse(allowEntries);
    if (!list)
        return std::unexpected(list.error());
    SandboxOptions o;
    o.secrets = secrets;
    o.env = env;
    return checkSecrets(o, *list);
}

Result<QStringList> checkAllowList(const QStringList &entries)
{
    auto list = EgressAllowList::parse(entries);
    if (!list)
        return std::unexpected(list.error());
    return list->canonicalEntries();
}

bool isEnvName(const QString &name)
{
    static const QRegularExpression pattern = whole("[A-Za-z_][A-Za-z0-9_]{0,255}");
    return pattern.match(name).hasMatch();
}

VoidResult checkEnv(const QMap<QString, QString> &env)
{
    qint64 total = 0;
    for (auto it = env.cbegin(); it != env.cend(); ++it) {
        if (!isEnvName(it.key()))
            return fail(ErrorCode::InvalidInput, QStringLiteral("'%1' is not a variable name").arg(printable(it.key())));
        if (it.key() == QLatin1String("SANDBENCH_EXEC"))
            return fail(ErrorCode::InvalidInput, QStringLiteral("SANDBENCH_EXEC is reserved"));
        if (hasControl(it.value(), true) || it.value().size() > maxArgBytes)
            return fail(ErrorCode::InvalidInput,
                        QStringLiteral("the value of %1 holds a control character or is too long").arg(it.key()));
        total += it.key().size() + it.value().size();
    }
    // The whole env is read by the sandbox's shell with every command (and written to its file).
    if (total > maxEnvBytes)
        return fail(ErrorCode::LimitExceeded, QStringLiteral("the variables are over 1 MiB together"));
    return {};
}

VoidResult checkLabels(const QMap<QString, QString> &labels)
{
    static const QRegularExpression key = whole("[A-Za-z0-9][A-Za-z0-9._/-]{0,127}");
    for (auto it = labels.cbegin(); it != labels.cend(); ++it) {
        if (!key.match(it.key()).hasMatch() || it.key().startsWith(QLatin1String("io.sandbench.")))
            return fail(ErrorCode::InvalidInput, QStringLiteral("'%1' cannot be a label").arg(printable(it.key())));
        if (hasControl(it.value()) || it.value().size() > 1024)
            return fail(ErrorCode::InvalidInput, QStringLiteral("label %1 is too long or holds a control character").arg(it.key()));
    }
    return {};
}

Result<BackendExecRequest> execRequest(const QStringList &argv, const ExecOptions &options,
                                       const PoolOptions &pool, const SandboxFeatures &features,
                                       const QString &workdir)
{
    if (argv.isEmpty() || argv.first().isEmpty())
        return fail(ErrorCode::InvalidInput, QStringLiteral("the command is empty"));
    qint64 total = 0;
    for (const QString &arg : argv) {
        if (hasNul(arg))
            return fail(ErrorCode::InvalidInput, QStringLiteral("an argument holds NUL"));
        total += arg.size();
    }
    if (total > 1024 * 1024)
        return fail(ErrorCode::LimitExceeded, QStringLiteral("the command line is over 1 MiB"));
    BackendExecRequest r;
    r.argv = argv;
    if (options.cwd.isEmpty()) {
        r.cwd = workdir;
    } else {
        auto cwd = resolvePath(workdir, options.cwd);
        if (!cwd)
            return std::unexpected(cwd.error());
        r.cwd = *cwd;
    }
    if (auto e = checkEnv(options.env); !e)
        return std::unexpected(e.error());
    r.env = options.env;
    if (options.stdinData) {
        if (!features.stdinSupported)
            return fail(ErrorCode::InvalidInput, QStringLiteral("the provider takes no standard input"));
        if (options.stdinData->size() > pool.maxFileBytes)
            return fail(ErrorCode::LimitExceeded, QStringLiteral("standard input is over maxFileBytes (%1)")
                                                      .arg(pool.maxFileBytes));
    }
    r.stdinData = options.stdinData;
    if (options.interactive && !features.stdinSupported)
        return fail(ErrorCode::InvalidInput, QStringLiteral("the provider takes no standard input"));
    r.interactive = options.interactive;
    if (options.timeoutMs < 0)
        return fail(ErrorCode::InvalidInput, QStringLiteral("timeoutMs is negative"));
    r.timeoutMs = options.timeoutMs == 0 ? pool.execTimeoutMs : options.timeoutMs;
    if (r.timeoutMs > pool.maxExecTimeoutMs)
        return fail(ErrorCode::LimitExceeded, QStringLiteral("timeoutMs %1 is over maxExecTimeoutMs %2")
                                                  .arg(r.timeoutMs).arg(pool.maxExecTimeoutMs));
    r.maxOutputBytes = pool.maxOutputBytes;
    return r;
}

} // namespace Sandbench::SandboxValidation
