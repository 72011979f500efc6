#pragma once

#include <QString>
#include <QStringList>

namespace Sandbench::Cli {

// `sandbench-cli sandbox snapshot|fork|snapshots|rm-snapshot ...` (sub is the word after
// "sandbox", args what follows it). Returns the exit status.
bool isSnapshotCommand(const QString &sub);
int snapshotCommand(const QString &sub, const QStringList &args);
QString snapshotHelp();

} // namespace Sandbench::Cli
