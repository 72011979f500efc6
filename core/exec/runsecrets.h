#pragma once

#include "common/result.h"
#include "exec/execrequest.h"
#include "net/secretproxyconfig.h"

#include <QProcessEnvironment>

#include <memory>

namespace Sandbench {

class HostMitmProxy;

// A run's secrets (ExecRequest::secrets) as the run uses them, each with its placeholder, and
// the run's proxy (core/net/hostmitmproxy.h), which puts the values in their place and records
// or replays the run's traffic (ExecRequest::traffic). The proxy ends when the last copy of
// this goes, with the run.
struct RunSecrets
{
    QList<EgressSecret> secrets;
    TrafficCapture capture = TrafficCapture::Off;
    std::shared_ptr<HostMitmProxy> proxy;
    // Why traffic asked to be recorded is not (a machine without mitmproxy); empty otherwise.
    QString captureSkipped;
};

// Where a replayed run's proxy is inside its namespace (which has no network): the launcher
// listens there and relays each connection to the proxy's socket in the run's private folder.
constexpr quint16 replayProxyPort = 3128;

// A secret named like a variable the runtime reads itself (DENO_*) is refused, naming it: the
// engine checks it when a run starts, front ends as the list is typed.
VoidResult checkRuntimeSecretNames(const QList<SandboxSecret> &secrets);

// Checks the request's secrets (names, hosts, values; no clash with the policy's variables) and
// gives each its placeholder. An empty result for a run without secrets.
Result<RunSecrets> checkRunSecrets(const ExecRequest &request);

// Starts the run's proxy if it needs one: for its secrets, or to record its traffic (only when
// the policy allows some network: `network`), or to replay it (the run is offline; the proxy is
// reached through `relaySocketPath`).
VoidResult startRunProxy(RunSecrets &secrets, const ExecRequest &request, const ExecEngineConfig &config,
                         bool network, const QString &relaySocketPath);

// The placeholders as the code's variables, and what sends the runtime's HTTP(S) through the
// proxy and makes it trust the run's CA (written to `caPath`, which the runtime can read).
// Refuses a secret whose name the runtime's environment already uses (Sandbench's own).
VoidResult addSecretEnvironment(QProcessEnvironment &env, const RunSecrets &secrets, const QString &caPath);

} // namespace Sandbench
