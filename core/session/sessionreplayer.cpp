#include "sessionreplayer.h"

#include <QEventLoop>

namespace Sandbench {

Result<ReplayReport> runReplayToEnd(SessionReplayer &replayer)
{
    std::optional<Result<ReplayReport>> outcome;
    QEventLoop loop;
    QObject::connect(&replayer, &SessionReplayer::finished, &loop, [&](const ReplayReport &report) {
        outcome = report;
        loop.quit();
    });
    QObject::connect(&replayer, &SessionReplayer::failed, &loop, [&](const Error &error) {
        outcome = std::unexpected(error);
        loop.quit();
    });
    replayer.start();
    // start() never reports before it returns, and every replay bounds what it runs.
    if (!outcome)
        loop.exec();
    return *outcome;
}

} // namespace Sandbench
