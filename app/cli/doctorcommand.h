#pragma once

#include <QStringList>

namespace Sandbench::Cli {

// `sandbench-cli doctor [--json] [--no-sandboxes]`: proves each layer on this machine. Exit 0
// when every layer held (or does not apply), 1 when one is missing, 2 for bad options.
int doctorCommand(const QStringList &args);
QString doctorHelp();

} // namespace Sandbench::Cli
