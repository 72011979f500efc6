#include "sandboxcommand.h"

#include <QTextStream>

namespace Sandbench::Cli {

QString sandboxHelp()
{
    return QStringLiteral("  sandbox run|ls|rm   (not built yet)\n");
}

int sandboxCommand(const QStringList &)
{
    QTextStream(stderr) << "sandbench-cli: the sandbox command is not built yet\n";
    return 2;
}

} // namespace Sandbench::Cli
