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

bool saveRecording(const SessionBundle &session, const RecordOptions &options)
{
    const VoidResult written = session.write(options.path);
    if (!written) {
        QTextStream(stderr) << "sandbench-cli: the session was not saved: " << terminalSafe(written.error().message) << '\n';
        return false;
    }
    return true;
}

} // namespace Sandbench::Cli
