#pragma once

#include <QString>
#include <QStringList>

namespace Sandbench::Cli {

// `sandbench-cli mcp`: the agent server, on stdio or (--http) on loopback.
int mcpCommand(const QStringList &args);
QString mcpHelp();

} // namespace Sandbench::Cli
