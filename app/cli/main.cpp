#include "replaycommand.h"

#include "common/startuptrace.h"

#include "common/terminaltext.h"
#include "runcommand.h"
#include "doctorcommand.h"
#include "sandboxcommand.h"
#include "mcpcommand.h"
#include "approvalscommand.h"
#include "policycommand.h"
#include "policylearncommand.h"

#include <QCoreApplication>
#include <QTextStream>

using namespace Sandbench;

namespace {

QString usage()
{
    return QStringLiteral("Usage: sandbench-cli COMMAND [options]\n\n"
                          "Commands:\n")
            + Cli::runHelp() + Cli::replayHelp() + Cli::sandboxHelp() + Cli::mcpHelp() + Cli::approvalsHelp() + Cli::policyHelp() + Cli::doctorHelp()
            + QStringLiteral("\n  --help       this text\n  --version    application and runtime versions\n");
}

} // namespace

int main(int argc, char *argv[])
{
    traceStartUp("main");
    QCoreApplication app(argc, argv);
    traceStartUp("qcoreapplication");
    QCoreApplication::setApplicationName(QStringLiteral("sandbench-cli"));
    QCoreApplication::setOrganizationName(QStringLiteral("Sandbench"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SANDBENCH_VERSION));

    QStringList args = QCoreApplication::arguments().mid(1);
    if (args.isEmpty() || args.first() == QLatin1String("--help") || args.first() == QLatin1String("-h")) {
        QTextStream(stdout) << usage();
        return args.isEmpty() ? 2 : 0;
    }
    const QString command = args.takeFirst();
    if (command == QLatin1String("--version"))
        return Cli::runCommand({QStringLiteral("--version")});
    if (command == QLatin1String("policy") && args.value(0) == QLatin1String("learn"))
        return Cli::runPolicyLearnCommand(args.mid(1));
    if (command == QLatin1String("run"))
        return Cli::runCommand(args);
    if (command == QLatin1String("replay"))
        return Cli::replayCommand(args);
    if (command == QLatin1String("sandbox"))
        return Cli::sandboxCommand(args);
    if (command == QLatin1String("mcp"))
        return Cli::mcpCommand(args);
    if (command == QLatin1String("approvals"))
        return Cli::approvalsCommand(args);
    if (command == QLatin1String("approve"))
        return Cli::approveCommand(args);
    if (command == QLatin1String("refuse"))
        return Cli::refuseCommand(args);
    if (command == QLatin1String("policy"))
        return Cli::policyCommand(args);
    if (command == QLatin1String("doctor"))
        return Cli::doctorCommand(args);
    QTextStream(stderr) << "sandbench-cli: unknown command '" << Sandbench::terminalSafe(command) << "'\n\n" << usage();
    return 2;
}
