#pragma once

#include "common/error.h"
#include "session/replayreport.h"
#include "session/replayvalues.h"
#include "session/sandbox/sandboxsession.h"
#include "session/sessionreplayer.h"
#include "session/traffic/trafficmatcher.h"

#include <QList>
#include <QPointer>

#include <memory>
#include <optional>

namespace Sandbench {

class Sandbox;
class SandboxOperation;
class SandboxPool;

struct SandboxReplayOptions
{
    // The share of a screenshot's pixels that may differ before the replay calls it diverged.
    // The desktop shows no clock or load meter since they were switched off (Desktop's start
    // script), but sessions recorded before still have them: they changed 340 to 430 of the
    // 1280x800 pixels between a recording and its replay, so 0.1% (~1000 pixels) lets those pass
    // and catches a window that opens, moves or closes, a new page or a few lines of text (150
    // characters in an xterm: ~3700 pixels), but not a few typed characters. 0 compares every
    // pixel.
    double screenshotTolerance = 0.001;
    // How long a replayed screenshot that differs is taken again: an application draws a moment
    // after the input that changed it, and the replay sends its input faster than a person.
    int screenshotSettleMs = 3000;
    // Values of the variables the session kept by name only (replayValueNames), given to the
    // sandbox and to each command that had them. Without a required one the replay fails
    // before a sandbox is made.
    ReplayValues env = {};
};

// Replays a sandbox session without waiting on anything: creates a fresh sandbox of the recorded
// image (network none unless the session had all and the pool allows it; recorded env values,
// when present), runs the steps one after another as each operation finishes (desktop input
// included), compares each with its recording and releases the sandbox. The report has the
// first divergence of stdout, stderr, exit and screenshot, each with its 1-based step in
// `index`. A step's recorded payloads (written data, stdin, and the recorded output when the
// replayed one differs) are loaded from the session file off the caller's thread, one at a time.
// A session with recorded traffic (network allow) replays with network allow and
// TrafficCapture::Replay when the pool allows allow: the egress proxy answers every request from
// the recording and has no route out; the first request the recording lacks or has otherwise
// (or, at the end, one it has that the replay never made) is the network divergence, named.
class SandboxSessionReplayer : public SessionReplayer
{
    Q_OBJECT
public:
    SandboxSessionReplayer(SandboxSession session, SandboxPool *pool, const SandboxReplayOptions &options = {},
                           QObject *parent = nullptr);
    ~SandboxSessionReplayer() override;

    void start() override;
    // Cancels the running step; the replay fails with Cancelled once the sandbox is released.
    void cancel() override;
    bool isRunning() const override { return m_running; }

    // The steps replayed so far, with their outcomes (index as in the session); their payloads
    // (what the replay's commands printed, its screenshots) are in replayed().payloads.
    const SandboxSession &replayed() const { return m_replayed; }
    const SandboxSession &session() const { return m_session; }

    // For the CLI and tests: runs a replay to its end (see runReplayToEnd; not the GUI thread).
    static Result<ReplayReport> runToEnd(const SandboxSession &session, SandboxPool *pool,
                                         const SandboxReplayOptions &options = {});
    // Like ReplayReport::summary(), but names steps rather than lines.
    static QString summary(const ReplayReport &report);

signals:
    // `same`: the step gave what was recorded (see compareStep).
    void stepReplayed(int index, const Sandbench::SandboxStep &step, bool same);

private:
    template<typename Op, typename Handler>
    void track(Op *op, int waitMs, Handler handler);
    void create(const SandboxOptions &options);
    void onReplayRequest(const QByteArray &line);
    void runStep();
    void runCall(const SandboxStep &rec, const QByteArray &payload);
    void takeScreenshot(SandboxStep replayed, qint64 startedMs);
    void stepDone(const SandboxStep &replayed, bool pictureDiffers = false);
    void release(const std::optional<Error> &error);

    QPointer<SandboxPool> m_pool;
    SandboxReplayOptions m_options;
    QPointer<Sandbox> m_sandbox;
    QPointer<SandboxOperation> m_current;
    SandboxSession m_session;
    SandboxSession m_replayed;
    QList<std::optional<Divergence>> m_first; // per stream, in ReplayStream order
    QList<ReplayNote> m_notes;
    QStringList m_missingEnv;
    std::unique_ptr<TrafficMatcher> m_traffic;
    int m_callWaitMs = 0;
    bool m_running = false;
    bool m_started = false;
    bool m_stopped = false;
};

} // namespace Sandbench
