#pragma once

#include "common/result.h"
#include "exec/execrequest.h"
#include "net/secretproxyconfig.h"

#include <QProcessEnvironment>

#include <memory>

namespace Sandbench {

class HostSecretProxy;

// A run's secrets (ExecRequest::secrets) as the run uses them: each with its placeholder, and
// the proxy that puts the values in their place (core/net/hostsecretproxy.h). The proxy ends
// when the last copy of this goes, with the run.
struct RunSecrets
{
    QList<EgressSecret> secrets;
    std::shared_ptr<HostSecretProxy> proxy;
};

// Checks the request's secrets (names, hosts, values; no clash with the policy's variables)
// and starts their proxy. An empty result for a run without secrets.
Result<RunSecrets> startRunSecrets(const ExecRequest &request, const ExecEngineConfig &config);

// The placeholders as the code's variables, and what sends the runtime's HTTPS through the
// proxy and makes it trust the run's CA (written to `caPath`, which the runtime can read).
// Refuses a secret whose name the runtime's environment already uses (Sandbench's own).
VoidResult addSecretEnvironment(QProcessEnvironment &env, const RunSecrets &secrets, const QString &caPath);

} // namespace Sandbench
