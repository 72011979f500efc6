#pragma once

#include "session/exec/execsession.h"

#include <QString>

namespace Sandbench::Cli {

// `run --record FILE [--record-env-values]`: save the run as a session bundle.
struct RecordOptions
{
    QString path;
    bool envValues = false;
};

// Writes the recorded session to options.path; false (with a message on stderr) when it could
// not be written.
bool saveRecording(const ExecSession &session, const RecordOptions &options);

} // namespace Sandbench::Cli
