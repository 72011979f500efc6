#include "runcommand.h"

#include <QTextStream>

namespace Sandbench::Cli {

QString runHelp()
{
    return QStringLiteral("  run [options] FILE [-- ARGS]   run JavaScript/TypeScript under a policy\n");
}

int runCommand(const QStringList &)
{
    QTextStream(stderr) << "sandbench-cli: run is being built\n";
    return 2;
}

} // namespace Sandbench::Cli
