#pragma once

#include "common/result.h"
#include "sandbox/sandboxtypes.h"

namespace Sandbench::SandboxValidation {

// Everything the pool checks before a provider sees a call. Failures carry the reason the
// reference gives: InvalidConfig for the pool's own options, InvalidInput for a bad argument,
// PermissionDenied for a network kind the pool does not allow, LimitExceeded for a size or
// duration over the pool's limit.

VoidResult checkPoolOptions(const PoolOptions &options, const SandboxFeatures &features,
                            qint64 providerMaxLifetimeMs);

VoidResult checkSandboxOptions(const SandboxOptions &options, const PoolOptions &pool,
                               const SandboxFeatures &features, const SandboxLimits &limits = {});

// A path as the sandbox sees it: absolute, or relative to workdir; normalised ("..", ".", "//").
Result<QString> resolvePath(const QString &workdir, const QString &path);

// A network `allow` list as the pool will read it: its entries in canonical spelling, or the
// first bad entry named (what front ends check as the user types, without core/net).
Result<QStringList> checkAllowList(const QStringList &entries);

// A sandbox's secrets as the pool will take them with network `allow` and these entries: each
// checked, none shadowing a variable of env, every host in the list. Errors name the secret
// and the host, never a value.
VoidResult checkSecretsFor(const QList<SandboxSecret> &secrets, const QMap<QString, QString> &env,
                           const QStringList &allowEntries);

// A variable's name as a sandbox's shell can hold it: [A-Za-z_][A-Za-z0-9_]{0,255}.
bool isEnvName(const QString &name);
VoidResult checkEnv(const QMap<QString, QString> &env);
VoidResult checkLabels(const QMap<QString, QString> &labels);

Result<BackendExecRequest> execRequest(const QStringList &argv, const ExecOptions &options,
                                       const PoolOptions &pool, const SandboxFeatures &features,
                                       const QString &workdir);

} // namespace Sandbench::SandboxValidation
