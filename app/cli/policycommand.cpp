#include "policycommand.h"

#include "common/terminaltext.h"

#include <QTextStream>

namespace Sandbench::Cli {

QString policyHelp()
{
    return QStringLiteral("  policy SUB                     check, explain, diff, whatif, lint, learn (policy --help)\n");
}

int policyCommand(const QStringList &args)
{
    QTextStream(stderr) << "sandbench-cli: policy: unknown subcommand '" << terminalSafe(args.value(0)) << "'\n";
    return 2;
}

} // namespace Sandbench::Cli
