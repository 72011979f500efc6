#pragma once

#include "common/error.h"
#include "session/replayreport.h"
#include "session/replayvalues.h"
#include "session/sandbox/sandboxsession.h"
#include "session/sandbox/sandboxstep.h"

#include <QWidget>

#include <memory>
#include <optional>

class QLabel;
class QPlainTextEdit;
class QStackedWidget;
class QTreeWidget;

namespace Sandbench {

class FittedPicture;
class SandboxPool;
class SandboxSessionReplayer;

// The steps of a sandbox session: what was run, written, typed or clicked, how it ended, and,
// for the chosen step, its output (or its screenshot) next to the replay's. Replay runs the steps in a fresh sandbox of the same
// image; each replayed step is marked as it comes back, a differing one in red.
class SandboxSessionView : public QWidget
{
    Q_OBJECT
public:
    explicit SandboxSessionView(QWidget *parent = nullptr);
    ~SandboxSessionView() override;

    void setSandboxPool(SandboxPool *pool);
    void setSession(std::shared_ptr<const SandboxSession> session);

    // `values`: those the session kept by name only (SandboxReplayOptions::env).
    void replay(const ReplayValues &values = {});
    void stopReplay();
    bool isReplaying() const;

    QTreeWidget *stepsView() const { return m_steps; }
    QPlainTextEdit *recordedView() const { return m_recorded; }
    QPlainTextEdit *replayedView() const { return m_replayed; }
    // A screenshot step's pictures, recorded and replayed.
    FittedPicture *recordedPicture() const { return m_recordedPicture; }
    FittedPicture *replayedPicture() const { return m_replayedPicture; }
    QLabel *summaryLabel() const { return m_summary; }
    // The 1-based step of the first divergence after a replay, 0 when none.
    int divergentStep() const { return m_divergentStep; }
    // Whether the chosen step's payloads are still being loaded (off the GUI thread).
    bool isLoadingStep() const { return m_loadingStep; }

signals:
    // The chosen step's recorded and replayed payloads are shown.
    void stepShown(int index);
    void replayFinished(const Sandbench::ReplayReport &report);
    void replayFailed(const Sandbench::Error &error);

private:
    struct Shown;
    void showStep();
    void showLoaded(int row, const Shown &shown);
    void onStepReplayed(int index, const SandboxStep &step, bool same);
    void showPicture(FittedPicture *view, const QByteArray &png);
    void onFinished(const ReplayReport &report);
    static QString stepText(const SandboxStep &step);

    std::shared_ptr<const SandboxSession> m_session;
    // The replay's steps, shown next to the recorded ones; their payloads are in m_replayedSession.
    QList<std::optional<SandboxStep>> m_replayedSteps;
    SandboxSession m_replayedSession;
    quint64 m_showGeneration = 0;
    bool m_loadingStep = false;
    SandboxPool *m_pool = nullptr;
    SandboxSessionReplayer *m_replay = nullptr;
    int m_divergentStep = 0;
    QTreeWidget *m_steps;
    QLabel *m_summary;
    QPlainTextEdit *m_recorded;
    QPlainTextEdit *m_replayed;
    QStackedWidget *m_detail;
    FittedPicture *m_recordedPicture;
    FittedPicture *m_replayedPicture;
};

} // namespace Sandbench
