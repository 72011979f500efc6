#pragma once

#include "common/result.h"
#include "exec/execrequest.h"
#include "recordoptions.h"

#include <QStringList>

namespace Sandbench::Cli {

struct RunOptions
{
    ExecRequest request;
    bool json = false;
    bool rawOutput = false; // pass the code's output to a terminal byte for byte
    bool showVersion = false;
    bool showHelp = false;
    RecordOptions record; // --record FILE
};

// Parses `run` arguments. Flags add to the policy file given with --permission-policy / --policy.
// Errors name the option and the value: `--timeout: "x" is not a number of milliseconds from 1
// to 604800000 (7 days)`.
Result<RunOptions> parseRunOptions(const QStringList &args);

QString runOptionsHelp();

} // namespace Sandbench::Cli
