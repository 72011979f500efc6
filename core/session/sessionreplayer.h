#pragma once

#include "common/result.h"
#include "session/replayreport.h"

#include <QObject>

namespace Sandbench {

// A replay of one session, of either kind (ExecSessionReplayer, SandboxSessionReplayer): given
// its session and options when made, started once, reporting by signals. Nothing in it waits:
// the GUI drives it from its event loop; the CLI and tests wait with runReplayToEnd().
class SessionReplayer : public QObject
{
    Q_OBJECT
public:
    explicit SessionReplayer(QObject *parent = nullptr) : QObject(parent) {}

    // Emits finished() or failed() once, never before returning. failed() only when the replay
    // could not run (no runtime, no sandbox) or was cancelled; a replay that differs finishes.
    virtual void start() = 0;
    // Stops the replay; it fails with Cancelled once what it runs has stopped.
    virtual void cancel() = 0;
    virtual bool isRunning() const = 0;

signals:
    // `done` of `total` steps (a sandbox session) or stages (an exec session: plan, run).
    void progress(qint64 done, qint64 total);
    void finished(const Sandbench::ReplayReport &report);
    void failed(const Sandbench::Error &error);
};

// Starts `replayer` and waits for its end in a local event loop: for the CLI and tests only.
// Never from a thread whose event loop must keep running (the GUI's): the nested loop would
// run its events out of order.
Result<ReplayReport> runReplayToEnd(SessionReplayer &replayer);

} // namespace Sandbench
