#pragma once

#include "common/error.h"
#include "session/replayreport.h"
#include "session/sandboxsession.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <optional>

namespace Sandbench {

class Sandbox;
class SandboxOperation;
class SandboxPool;

struct SandboxReplayOptions
{
    // The share of a screenshot's pixels that may differ before the replay calls it diverged.
    // A desktop is never still: icewm's taskbar clock and load meters changed 340 to 430 of the
    // 1280x800 pixels between a recording and its replay, so 0.1% (~1000 pixels) lets those pass
    // and catches a window that opens, moves or closes, a new page or a few lines of text (150
    // characters in an xterm: ~3700 pixels), but not a few typed characters. 0 compares every
    // pixel.
    double screenshotTolerance = 0.001;
    // How long a replayed screenshot that differs is taken again: an application draws a moment
    // after the input that changed it, and the replay sends its input faster than a person.
    int screenshotSettleMs = 3000;
};

// How a replayed screenshot compares with the recorded one of step `step` (1-based): no value
// when the share of pixels that differ is at most `tolerance`; else a Screenshot divergence
// whose texts give each picture's size, bytes and digest, and the share of pixels that differ
// and the box around them. A PNG that cannot be decoded is compared by its bytes.
std::optional<Divergence> compareScreenshots(qint64 step, const QByteArray &recorded, const QByteArray &replayed,
                                             double tolerance);

// How one replayed step differs from its recording, at most one divergence per stream (stdout,
// stderr, exit for the step's outcome, screenshot), each with `step` (1-based) as its index.
QList<Divergence> compareStep(qint64 step, const SandboxSessionStep &recorded, const SandboxSessionStep &replayed,
                              double screenshotTolerance);

// Replays a sandbox session without waiting on anything: creates a fresh sandbox of the recorded
// image (network none unless the session had all and the pool allows it; recorded env values,
// when present), runs the steps one after another as each operation finishes (desktop input
// included), compares each with its recording and releases the sandbox. The report has the
// first divergence of stdout, stderr, exit and screenshot, each with its 1-based step in
// `index`. The GUI uses it directly; SandboxReplayer::runSync waits on one.
class SandboxReplay : public QObject
{
    Q_OBJECT
public:
    explicit SandboxReplay(SandboxPool *pool, const SandboxReplayOptions &options = {}, QObject *parent = nullptr);
    ~SandboxReplay() override;

    // Emits finished() or failed(), never before returning. failed() only when the replay could
    // not run (no sandbox) or was stopped.
    void start(const SandboxSession &session);
    // Cancels the running step; the replay fails with Cancelled once the sandbox is released.
    void stop();
    bool isRunning() const { return m_running; }

    // The steps replayed so far, with their outcomes (index as in the session).
    const QList<SandboxSessionStep> &replayedSteps() const { return m_replayed; }

signals:
    // `same`: the step gave what was recorded (see compareStep).
    void stepReplayed(int index, const Sandbench::SandboxSessionStep &step, bool same);
    void finished(const Sandbench::ReplayReport &report);
    void failed(const Sandbench::Error &error);

private:
    template<typename Op, typename Handler>
    void track(Op *op, int waitMs, Handler handler);
    void runStep();
    void takeScreenshot(SandboxSessionStep replayed, qint64 startedMs);
    void stepDone(const SandboxSessionStep &replayed, bool pictureDiffers = false);
    void release(const std::optional<Error> &error);

    QPointer<SandboxPool> m_pool;
    SandboxReplayOptions m_options;
    QPointer<Sandbox> m_sandbox;
    QPointer<SandboxOperation> m_current;
    SandboxSession m_session;
    QList<SandboxSessionStep> m_replayed;
    QList<std::optional<Divergence>> m_first; // per stream, in ReplayStream order
    QStringList m_notes;
    QStringList m_missingEnv;
    int m_callWaitMs = 0;
    bool m_running = false;
    bool m_stopped = false;
};

} // namespace Sandbench
