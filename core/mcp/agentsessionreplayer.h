#pragma once

#include "mcp/toolcatalogue.h"
#include "session/agent/agentsession.h"
#include "session/exec/execsessionreplayer.h"
#include "session/replayreport.h"
#include "session/sessionreplayer.h"

#include <QHash>
#include <QPointer>
#include <QTemporaryDir>

#include <memory>

namespace Sandbench {

class Sandbox;
class Workbench;

struct AgentReplayOptions
{
    ExecReplayOptions exec;
    ToolLimits limits;
    // The share of a screenshot's pixels that may differ (see SandboxReplayOptions).
    double screenshotTolerance = 0.001;
    // How long the replay may retake a screenshot that differs (the desktop draws a moment
    // after the input that changed it).
    int screenshotSettleMs = 3000;
    // The replay's sandboxes live at most this long, whatever the session's lifetime was.
    qint64 maxLifetimeMs = 3600'000;
};

// Replays an agent session offline, call by call in the order they were made: each code.run
// from its recorded exec session (ExecSessionReplayer, seeded and time-frozen), each sandbox
// call made again through the same tool code, in a fresh sandbox per tool set of the recorded
// image with the network off. Compares what each call answers with what was recorded (times
// and host ports aside) and reports the first call that differs. Calls refused when recorded
// are not made again; a code.run whose exec session was not recorded cannot be checked, and
// the replay then says so and is not identical.
class AgentSessionReplayer : public SessionReplayer
{
    Q_OBJECT
public:
    AgentSessionReplayer(AgentSession session, Workbench *workbench, AgentReplayOptions options, QObject *parent = nullptr);
    ~AgentSessionReplayer() override;

    // First reads which values the code.run calls' exec sessions kept by name only, and fails
    // (ConfigError) naming every one options.exec.env lacks or does not know.
    void start() override;
    void cancel() override;
    bool isRunning() const override { return m_running; }

    // The names of all code.run calls' exec sessions (file work: not on the GUI thread).
    static Result<ReplayValueNames> valueNames(const AgentSession &session);

private:
    void next();
    void replayCode(qsizetype index);
    void replaySandboxCall(qsizetype index, const QString &set, SandboxVerb verb);
    void compare(qsizetype index, const QJsonObject &replayed);
    void compareScreenshot(qsizetype index, const QJsonObject &replayed, int attempt);
    void diverged(qsizetype index, const QString &recorded, const QString &replayed);
    void finish();
    void fail(const Error &error);
    void releaseAll(std::function<void()> then);

    AgentSession m_session;
    QPointer<Workbench> m_workbench;
    AgentReplayOptions m_options;
    QList<qsizetype> m_order; // indexes of m_session.calls by seq
    qsizetype m_position = 0;
    bool m_running = false;
    bool m_cancelled = false;
    ReplayReport m_report;
    QHash<QString, QPointer<Sandbox>> m_sandboxes;
    QPointer<SessionReplayer> m_inner;
    QPointer<QObject> m_pending; // the sandbox operation under way
    std::unique_ptr<QTemporaryDir> m_scratch;
};

} // namespace Sandbench
