#pragma once

#include <QStringList>

namespace Sandbench::Cli {

// `sandbench-cli replay FILE [--policy POLICYFILE] [--json]`: 0 identical, 1 diverged,
// 2 a bad bundle or bad options, 3 an environment error (runtime missing...).
int replayCommand(const QStringList &args);
QString replayHelp();

} // namespace Sandbench::Cli
