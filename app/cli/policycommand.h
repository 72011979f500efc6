#pragma once

#include <QStringList>

namespace Sandbench::Cli {

// `sandbench-cli policy SUB ...`: check, explain, diff, whatif, lint (learn is its own command
// file). Every subcommand takes --json (one JSON document on stdout). Exit status:
// 0 allowed / nothing found, 1 a finding (check: denied; explain: a decision denied; diff: a
// denial or an unused grant; whatif: a decision flips; lint: an error-severity finding),
// 2 bad options or bad input (a policy or log that does not parse), 3 a file that cannot be read.
int policyCommand(const QStringList &args);
QString policyHelp();

} // namespace Sandbench::Cli
