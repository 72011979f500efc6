#pragma once

#include <QString>
#include <QStringList>

namespace Sandbench::Cli {

QString approvalsHelp();
// sandbench-cli approvals [--json] [--follow]
int approvalsCommand(const QStringList &args);
// sandbench-cli approve ID [--arguments JSON]
int approveCommand(const QStringList &args);
// sandbench-cli refuse ID --reason TEXT [--end-session]
int refuseCommand(const QStringList &args);

} // namespace Sandbench::Cli
