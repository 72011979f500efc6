#include "sandboxprobe.h"

#include "sandbox/sandboxprovider.h"

#include <QDateTime>

namespace Sandbench {

namespace {

using namespace DoctorLayer;

// sh builtins only: the image need not have grep or sed.
constexpr char userScript[] =
        "while read -r k v rest; do case \"$k\" in Uid:|CapEff:|NoNewPrivs:) echo \"$k $v\";; esac; done < /proc/self/status; "
        "while read -r k v; do [ \"$k\" = CapBnd: ] && echo \"Pid1CapBnd: $v\"; done < /proc/1/status; "
        "while read -r line; do case \"$line\" in *:*) echo \"Netif: ${line%%:*}\";; esac; done < /proc/net/dev; "
        "echo End:";
constexpr char rootScript[] =
        "if (echo x > /.sandbench-doctor) 2>/dev/null; then echo 'Root: written'; rm -f /.sandbench-doctor; "
        "else (echo x > /.sandbench-doctor) 2>&1; fi; echo End:";
// What the container's first process may hold offline: the kill at its deadline and
// sandbench-inside's change to the sandbox's user (DockerProvider::containerConfig).
constexpr quint64 firstProcessCaps = (1ull << 5) | (1ull << 6) | (1ull << 7); // KILL, SETGID, SETUID

QString value(const QByteArray &output, const char *key)
{
    for (const QByteArray &line : output.split('\n')) {
        if (line.startsWith(QByteArray(key) + ": "))
            return QString::fromUtf8(line.mid(qstrlen(key) + 2)).trimmed();
    }
    return {};
}

} // namespace

SandboxProbe::SandboxProbe(Result<SandboxProvider *> provider, int timeoutMs, QObject *parent)
    : QObject(parent)
    , m_provider(std::move(provider))
    , m_timeoutMs(timeoutMs)
{
}

SandboxProbe::~SandboxProbe()
{
    // Released already unless the probe was dropped half-way; then the provider's own lifetime
    // (two minutes) ends the sandbox even if this release is cut short.
    if (m_backend) {
        m_backend->release();
        m_backend.release()->deleteLater();
    }
}

QList<LayerCheck> SandboxProbe::judge(const QByteArray &asUser, const QByteArray &asRoot)
{
    QList<LayerCheck> out;
    bool ok = false;
    const quint64 effective = value(asUser, "CapEff").toULongLong(&ok, 16);
    bool ok1 = false;
    const quint64 bounding = value(asUser, "Pid1CapBnd").toULongLong(&ok1, 16);
    if (!ok || !ok1)
        out.append({QLatin1String(dockerCapabilities), LayerState::Missing, QStringLiteral("the sandbox did not report its capabilities")});
    else if (effective != 0)
        out.append({QLatin1String(dockerCapabilities), LayerState::Missing, QStringLiteral("a sandbox command holds capabilities %1").arg(effective, 0, 16)});
    else if (bounding & ~firstProcessCaps)
        out.append({QLatin1String(dockerCapabilities), LayerState::Missing, QStringLiteral("the container may hold capabilities %1").arg(bounding, 0, 16)});
    else
        out.append({QLatin1String(dockerCapabilities), LayerState::Held,
                    QStringLiteral("commands hold no capability; the keeper (the first process) at most KILL, SETUID and SETGID (bounding set %1): the SETPCAP (and, online, NET_ADMIN) the container starts with are dropped before any command runs").arg(bounding, 0, 16)});

    const QString uid = value(asUser, "Uid").section(QLatin1Char(' '), 0, 0);
    const QString nnp = value(asUser, "NoNewPrivs");
    if (uid.isEmpty() || uid == QLatin1String("0"))
        out.append({QLatin1String(dockerUser), LayerState::Missing, QStringLiteral("a sandbox command runs as uid %1").arg(uid.isEmpty() ? QStringLiteral("?") : uid)});
    else if (nnp != QLatin1String("1"))
        out.append({QLatin1String(dockerUser), LayerState::Missing, QStringLiteral("a sandbox command runs without no-new-privileges")});
    else
        out.append({QLatin1String(dockerUser), LayerState::Held, QStringLiteral("commands run as uid %1 with no-new-privileges").arg(uid)});

    if (!asRoot.contains("End:"))
        out.append({QLatin1String(dockerReadOnlyRoot), LayerState::Missing, QStringLiteral("the sandbox did not report a write to /")});
    else if (asRoot.contains("Root: written"))
        out.append({QLatin1String(dockerReadOnlyRoot), LayerState::Missing, QStringLiteral("the image's root wrote a file to /")});
    else if (!asRoot.contains("Read-only file system"))
        out.append({QLatin1String(dockerReadOnlyRoot), LayerState::Missing,
                    QStringLiteral("a write to / failed, but not for a read-only file system: %1").arg(QString::fromUtf8(asRoot.trimmed().left(200)))});
    else
        out.append({QLatin1String(dockerReadOnlyRoot), LayerState::Held, QStringLiteral("the image's own root cannot write to / (read-only file system)")});

    QStringList interfaces;
    for (const QByteArray &line : asUser.split('\n'))
        if (line.startsWith("Netif: "))
            interfaces << QString::fromUtf8(line.mid(7)).trimmed();
    if (!asUser.contains("End:"))
        out.append({QLatin1String(dockerNoNetwork), LayerState::Missing, QStringLiteral("the sandbox did not report its network")});
    else if (interfaces != QStringList{QStringLiteral("lo")})
        out.append({QLatin1String(dockerNoNetwork), LayerState::Missing, QStringLiteral("an offline sandbox sees the interfaces %1").arg(interfaces.join(QLatin1Char(',')))});
    else
        out.append({QLatin1String(dockerNoNetwork), LayerState::Held, QStringLiteral("an offline sandbox sees only lo")});
    return out;
}

void SandboxProbe::start()
{
    if (!m_provider) {
        const QString why = m_provider.error().message;
        QMetaObject::invokeMethod(this, [this, why] { allMissing(QStringLiteral("no sandbox provider: %1").arg(why)); }, Qt::QueuedConnection);
        return;
    }
    SandboxProvider *provider = *m_provider;
    BackendCreateRequest request;
    request.options.lifetimeMs = 120'000;
    request.options.image = provider->defaultImage();
    request.expires = QDateTime::currentDateTimeUtc().addMSecs(request.options.lifetimeMs);
    request.latestEnd = request.expires;
    request.labels.insert(QStringLiteral("io.sandbench.doctor"), QStringLiteral("1"));
    provider->create(request)->then(this, [this](const Result<SandboxBackend *> &made) {
        if (!made)
            return allMissing(QStringLiteral("cannot create a probe sandbox: %1").arg(made.error().message));
        created(*made);
    });
}

void SandboxProbe::created(SandboxBackend *backend)
{
    m_backend.reset(backend);
    BackendExecRequest asUser;
    asUser.argv = {QStringLiteral("/bin/sh"), QStringLiteral("-c"), QLatin1String(userScript)};
    asUser.cwd = QStringLiteral("/workspace");
    asUser.timeoutMs = m_timeoutMs;
    asUser.maxOutputBytes = 64 * 1024;
    m_backend->exec(asUser)->then(this, [this, asUser](const Result<SandboxExecResult> &user) mutable {
        if (!user)
            return allMissing(QStringLiteral("a command in the probe sandbox failed: %1").arg(user.error().message));
        m_userOutput = user->stdoutData;
        BackendExecRequest asRoot = asUser;
        asRoot.argv = {QStringLiteral("/bin/sh"), QStringLiteral("-c"), QLatin1String(rootScript)};
        asRoot.asRoot = true;
        m_backend->exec(asRoot)->then(this, [this](const Result<SandboxExecResult> &root) {
            if (!root)
                return allMissing(QStringLiteral("a command in the probe sandbox failed: %1").arg(root.error().message));
            finish(judge(m_userOutput, root->stdoutData + root->stderrData));
        });
    });
}

void SandboxProbe::allMissing(const QString &why)
{
    QList<LayerCheck> out;
    for (const char *layer : {dockerCapabilities, dockerUser, dockerReadOnlyRoot, dockerNoNetwork})
        out.append({QLatin1String(layer), LayerState::Missing, why});
    finish(out);
}

void SandboxProbe::finish(const QList<LayerCheck> &checks)
{
    if (m_done)
        return;
    m_done = true;
    if (!m_backend) {
        emit finished(checks);
        return;
    }
    m_backend->release()->then(this, [this, checks](const Result<void> &) {
        // Not deleted here: the release operation whose result this is belongs to it.
        m_backend.release()->deleteLater();
        emit finished(checks);
    });
}

} // namespace Sandbench
