#pragma once

#include <QString>
#include <QStringList>

namespace Sandbench::Cli {

// `sandbench-cli policy learn ...`: `args` are the arguments after "learn".
int runPolicyLearnCommand(const QStringList &args);
QString policyLearnHelp();

} // namespace Sandbench::Cli
