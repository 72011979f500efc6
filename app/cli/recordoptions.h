#pragma once

#include "exec/execrequest.h"
#include "exec/execresult.h"
#include "session/exec/execsessionrecorder.h"

#include <QString>

#include <optional>

namespace Sandbench::Cli {

// `run --record FILE [--record-env-values]`: save the run as a session bundle.
struct RecordOptions
{
    QString path;
    bool envValues = false;
};

QString recordOptionsHelp();

// Snapshots the inputs before the run; prints why and returns nothing when it cannot (the run
// itself still goes ahead, unrecorded).
std::optional<SessionRecorder> startRecording(const RecordOptions &options, const ExecRequest &request);
// Writes the bundle; false (with a message on stderr) when it could not be written.
bool saveRecording(SessionRecorder &recorder, const ExecResult &result, const RecordOptions &options);

} // namespace Sandbench::Cli
