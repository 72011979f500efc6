#include "recordoptions.h"

#include "common/terminaltext.h"

#include <QTextStream>

namespace Sandbench::Cli {

bool saveRecording(const ExecSession &session, const RecordOptions &options)
{
    const VoidResult written = session.write(options.path);
    if (!written) {
        QTextStream(stderr) << "sandbench-cli: the session was not saved: " << terminalSafe(written.error().message) << '\n';
        return false;
    }
    return true;
}

} // namespace Sandbench::Cli
