#include "sandboxreplayer.h"

#include "common/terminaltext.h"

#include <QEventLoop>
#include <QTextStream>

namespace Sandbench {

Result<ReplayReport> SandboxReplayer::runSync(const SandboxSession &session, SandboxPool *pool,
                                              const SandboxReplayOptions &options)
{
    SandboxReplay replay(pool, options);
    std::optional<Result<ReplayReport>> outcome;
    QEventLoop loop;
    QObject::connect(&replay, &SandboxReplay::finished, &loop, [&](const ReplayReport &report) {
        outcome = report;
        loop.quit();
    });
    QObject::connect(&replay, &SandboxReplay::failed, &loop, [&](const Error &error) {
        outcome = std::unexpected(error);
        loop.quit();
    });
    replay.start(session);
    // start() never reports before it returns, and every call it makes is bounded.
    loop.exec();
    return *outcome;
}

QString SandboxReplayer::summary(const ReplayReport &report)
{
    QString text;
    QTextStream out(&text);
    if (report.identical) {
        out << "identical\n";
    } else {
        const Divergence &d = report.divergences.first();
        out << "diverged: " << replayStreamName(d.stream) << " at step " << d.index
            << "\n  recorded: " << terminalSafe(d.recorded) << "\n  replayed: " << terminalSafe(d.replayed) << '\n';
        for (qsizetype i = 1; i < report.divergences.size(); ++i) {
            const Divergence &other = report.divergences.at(i);
            out << "also differs: " << replayStreamName(other.stream) << " at step " << other.index << '\n';
        }
    }
    for (const QString &note : report.notes)
        out << "note: " << terminalSafe(note) << '\n';
    return text;
}

} // namespace Sandbench
