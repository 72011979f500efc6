#include "recordoptions.h"

#include "common/terminaltext.h"

#include <QTextStream>

namespace Sandbench::Cli {

QString recordOptionsHelp()
{
    return QStringLiteral(
            "  --record FILE             save the run as a session bundle (.sbsession) to replay\n"
            "  --record-env-values       also store environment values in it (names only by default)\n");
}

std::optional<SessionRecorder> startRecording(const RecordOptions &options, const ExecRequest &request)
{
    if (options.path.isEmpty())
        return std::nullopt;
    SessionRecordOptions recordOptions;
    recordOptions.recordEnvValues = options.envValues;
    auto recorder = SessionRecorder::begin(request, {}, recordOptions);
    if (!recorder) {
        QTextStream(stderr) << "sandbench-cli: not recording: " << terminalSafe(recorder.error().message) << '\n';
        return std::nullopt;
    }
    return std::move(*recorder);
}

bool saveRecording(SessionRecorder &recorder, const ExecResult &result, const RecordOptions &options)
{
    auto bundle = recorder.finish(result);
    VoidResult written = bundle ? bundle->write(options.path) : VoidResult(std::unexpected(bundle.error()));
    if (!written) {
        QTextStream(stderr) << "sandbench-cli: the session was not saved: " << terminalSafe(written.error().message) << '\n';
        return false;
    }
    return true;
}

} // namespace Sandbench::Cli
