#pragma once

#include "sandbox/sandboxtypes.h"

#include <QStringList>

namespace Sandbench {
struct SandboxOptions;
}

namespace Sandbench::Cli {

class OptionTable;

// The engine's longest lifetime (24 h): a longer one is refused as the option is read, naming
// it, not when the pool opens.
constexpr qint64 maxLifetimeSeconds = PoolOptions::longestLifetimeMs / 1000;

// What a sandbox is made with, the same for `sandbox run` and `sandbox create`: --image, --from,
// --network, --port, --lifetime, --memory, --cpus, --env, each checked as it is parsed.
void addSandboxOptions(OptionTable &table, SandboxOptions &so);
// A number of seconds from 1 to maxLifetimeSeconds, stored in *ms as milliseconds.
void addSecondsOption(OptionTable &table, const QString &name, const QString &help, qint64 *ms);

// `sandbench-cli sandbox run|ls|rm ...`; args start after "sandbox". Returns the exit status.
int sandboxCommand(const QStringList &args);
QString sandboxHelp();

} // namespace Sandbench::Cli
