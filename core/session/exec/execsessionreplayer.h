#pragma once

#include "common/result.h"
#include "exec/execrequest.h"
#include "session/exec/execsession.h"
#include "session/replayreport.h"
#include "session/replayvalues.h"
#include "session/sessionreplayer.h"

#include <memory>
#include <optional>

class QTemporaryDir;

namespace Sandbench {

class ExecEngine;

struct ExecReplayOptions
{
    // Replays under these permissions instead of the recorded ones. Run options the policy does
    // not set (seed, frozen time, workdir, packages, timeout, env...) keep their recorded values;
    // relative paths resolve against the recorded base folder.
    // It may narrow the replay freely; what it grants beyond the bundle's own files (host
    // paths, host variables, programs) is refused unless allowWiderPolicy (see replaypolicy.h).
    std::optional<Policy> policy;
    QString runtimePath; // empty: the engine's default
    bool allowWiderPolicy = false;
    // Values of variables the recording kept by name only (replayValueNames). A replay that
    // lacks a required one, or is given one the session never had, does not run.
    ReplayValues env = {};
    // An agent session's replay passes every code.run the values of all of them, and checks
    // the names against the whole session itself.
    bool ignoreUnknownValues = false;
};

// A replay's run: the request plus the scratch folder that holds its copy of the workdir.
struct ExecReplayPlan
{
    ExecRequest request;
    ExecEngineConfig config;
    QList<ReplayNote> notes;
    std::shared_ptr<QTemporaryDir> scratch;
};

// Runs a recorded session again under the same rules, from the bundle alone: the workdir is a
// fresh copy of the recorded one, every other input file is mounted at its original path, the
// packages come from the bundle's own cache folder, and the run has no network at all. Then
// compares it with the recording (see compareReplay).
class ExecSessionReplayer : public SessionReplayer
{
    Q_OBJECT
public:
    explicit ExecSessionReplayer(ExecSession bundle, ExecReplayOptions options = {}, QObject *parent = nullptr);
    ~ExecSessionReplayer() override;

    // Plans off the event loop, then runs; the bundle is kept alive until the end.
    void start() override;
    void cancel() override;
    bool isRunning() const override;

    // Blocking, without an event loop: plans and runs through ExecEngine::runSync.

    static Result<ReplayReport> runSync(const ExecSession &bundle, const ExecReplayOptions &options = {});
    static Result<ExecReplayPlan> plan(const ExecSession &bundle, const ExecReplayOptions &options);
    static ReplayReport compare(const ExecSession &bundle, const ExecResult &replayed, const ExecReplayPlan &plan);

signals:
    // The replay's console as it runs.
    void output(Sandbench::ExecStream stream, const QByteArray &data);

private:
    void run(const ExecReplayPlan &plan);
    void finishRun();

    std::optional<ExecSession> m_bundle;
    ExecReplayOptions m_options;
    std::unique_ptr<ExecEngine> m_engine;
    bool m_planning = false;
    bool m_stopRequested = false;
    bool m_started = false;
    std::optional<ExecReplayPlan> m_plan;
};

} // namespace Sandbench
