#include "runsecrets.h"

#include "common/runfile.h"
#include "net/hostmitmproxy.h"
#include "sandbox/sandboxsecret.h"

namespace Sandbench {

VoidResult checkRuntimeSecretNames(const QList<SandboxSecret> &secrets)
{
    for (const SandboxSecret &s : secrets) {
        // DENO_DIR, the broker's socket...: a secret must not replace what Sandbench sets.
        if (s.name.startsWith(QLatin1String("DENO_"), Qt::CaseInsensitive))
            return std::unexpected(Error::config(QStringLiteral("--secret %1: the runtime reads DENO_* variables itself; name the secret otherwise").arg(s.name)));
    }
    return {};
}

Result<RunSecrets> checkRunSecrets(const ExecRequest &request)
{
    RunSecrets out;
    if (request.secrets.isEmpty())
        return out;
    if (auto checked = SandboxSecrets::checkAll(request.secrets, request.policy.env, SandboxSecrets::HostScope::ThisMachine); !checked)
        return std::unexpected(checked.error());
    if (auto names = checkRuntimeSecretNames(request.secrets); !names)
        return std::unexpected(names.error());
    if (request.offline)
        return std::unexpected(Error::config(QStringLiteral("a replay has no network: --secret does not apply to it")));
    out.secrets = SecretProxyConfig::withPlaceholders(request.secrets);
    return out;
}

VoidResult startRunProxy(RunSecrets &secrets, const ExecRequest &request, const ExecEngineConfig &config,
                         bool network, const QString &relaySocketPath)
{
    HostMitmProxy::Options options;
    options.secrets = secrets.secrets;
    options.upstreamCaFile = config.secretUpstreamCaFile;
    switch (request.traffic) {
    case TrafficCapture::Off:
        break;
    case TrafficCapture::Record:
        // Nothing to record where nothing may connect; a replay has no network to record.
        if (network && !request.offline)
            options.capture = TrafficCapture::Record;
        break;
    case TrafficCapture::Replay:
        if (!request.offline)
            return std::unexpected(Error::config(QStringLiteral("recorded traffic is only served to a replay, which has no network")));
        options.capture = TrafficCapture::Replay;
        options.replayJson = request.replayTraffic;
        options.relaySocketPath = relaySocketPath;
        break;
    }
    if (options.secrets.isEmpty() && options.capture == TrafficCapture::Off)
        return {};
    // Every recorded run asks for its traffic (the workbench records them all): where mitmproxy,
    // which the package only recommends, is missing, the run goes ahead as before and its session
    // says its traffic is not in it. Secrets and a replay still need the proxy and fail below.
    if (options.secrets.isEmpty() && options.capture == TrafficCapture::Record && !HostMitmProxy::installed()) {
        secrets.captureSkipped = QStringLiteral("mitmdump is not installed (apt-get install mitmproxy)");
        return {};
    }
    auto proxy = HostMitmProxy::start(options);
    if (!proxy)
        return std::unexpected(proxy.error());
    secrets.capture = options.capture;
    secrets.proxy = std::shared_ptr<HostMitmProxy>(std::move(*proxy));
    return {};
}

VoidResult addSecretEnvironment(QProcessEnvironment &env, const RunSecrets &secrets, const QString &caPath)
{
    if (!secrets.proxy)
        return {};
    for (const EgressSecret &s : secrets.secrets) {
        // TZ, NO_COLOR, PATH...: a secret must not replace what Sandbench sets.
        if (env.contains(s.name))
            return std::unexpected(Error::config(QStringLiteral("--secret %1: Sandbench sets this variable for the runtime; name the secret otherwise").arg(s.name)));
    }
    if (!writeRunFile(caPath, secrets.proxy->caCertificate()))
        return std::unexpected(Error::environment(QStringLiteral("cannot write the run proxy's CA to %1").arg(caPath)));
    for (const EgressSecret &s : secrets.secrets)
        env.insert(s.name, s.placeholder);
    // Deno sends fetch's HTTPS through the proxy (CONNECT); it still asks the broker about the
    // host the code named first. DENO_CERT adds the run's CA to the runtime's roots.
    const quint16 port = secrets.capture == TrafficCapture::Replay ? replayProxyPort : secrets.proxy->port();
    const QString proxy = QStringLiteral("http://127.0.0.1:%1").arg(port);
    env.insert(QStringLiteral("HTTPS_PROXY"), proxy);
    env.insert(QStringLiteral("https_proxy"), proxy);
    if (secrets.capture != TrafficCapture::Off) {
        // Plain HTTP too, and no way around the proxy that a variable of the policy could open.
        env.insert(QStringLiteral("HTTP_PROXY"), proxy);
        env.insert(QStringLiteral("http_proxy"), proxy);
        for (const char *name : {"NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy"})
            env.remove(QLatin1String(name));
    }
    env.insert(QStringLiteral("DENO_CERT"), caPath);
    return {};
}

} // namespace Sandbench
