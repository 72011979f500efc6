#include "runsecrets.h"

#include "common/runfile.h"
#include "net/hostsecretproxy.h"
#include "sandbox/sandboxsecret.h"

namespace Sandbench {

Result<RunSecrets> startRunSecrets(const ExecRequest &request, const ExecEngineConfig &config)
{
    RunSecrets out;
    if (request.secrets.isEmpty())
        return out;
    if (auto checked = SandboxSecrets::checkAll(request.secrets, request.policy.env, SandboxSecrets::HostScope::ThisMachine); !checked)
        return std::unexpected(checked.error());
    for (const SandboxSecret &s : request.secrets) {
        // DENO_DIR, the broker's socket...: a secret must not replace what Sandbench sets.
        if (s.name.startsWith(QLatin1String("DENO_"), Qt::CaseInsensitive))
            return std::unexpected(Error::config(QStringLiteral("--secret %1: the runtime reads DENO_* variables itself; name the secret otherwise").arg(s.name)));
    }
    if (request.offline)
        return std::unexpected(Error::config(QStringLiteral("a replay has no network: --secret does not apply to it")));
    out.secrets = SecretProxyConfig::withPlaceholders(request.secrets);
    auto proxy = HostSecretProxy::start(out.secrets, config.secretUpstreamCaFile);
    if (!proxy)
        return std::unexpected(proxy.error());
    out.proxy = std::shared_ptr<HostSecretProxy>(std::move(*proxy));
    return out;
}

VoidResult addSecretEnvironment(QProcessEnvironment &env, const RunSecrets &secrets, const QString &caPath)
{
    if (secrets.secrets.isEmpty())
        return {};
    for (const EgressSecret &s : secrets.secrets) {
        // TZ, NO_COLOR, PATH...: a secret must not replace what Sandbench sets.
        if (env.contains(s.name))
            return std::unexpected(Error::config(QStringLiteral("--secret %1: Sandbench sets this variable for the runtime; name the secret otherwise").arg(s.name)));
    }
    if (!writeRunFile(caPath, secrets.proxy->caCertificate()))
        return std::unexpected(Error::environment(QStringLiteral("cannot write the secret proxy's CA to %1").arg(caPath)));
    for (const EgressSecret &s : secrets.secrets)
        env.insert(s.name, s.placeholder);
    // Deno sends fetch's HTTPS through the proxy (CONNECT); it still asks the broker about the
    // host the code named first. DENO_CERT adds the run's CA to the runtime's roots.
    const QString proxy = QStringLiteral("http://127.0.0.1:%1").arg(secrets.proxy->port());
    env.insert(QStringLiteral("HTTPS_PROXY"), proxy);
    env.insert(QStringLiteral("https_proxy"), proxy);
    env.insert(QStringLiteral("DENO_CERT"), caPath);
    return {};
}

} // namespace Sandbench
