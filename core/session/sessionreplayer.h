#pragma once

#include "common/result.h"
#include "exec/execrequest.h"
#include "session/replayreport.h"
#include "session/sessionbundle.h"

#include <QObject>

#include <memory>
#include <optional>

class QTemporaryDir;

namespace Sandbench {

class ExecEngine;

struct ReplayOptions
{
    // Replays under these permissions instead of the recorded ones. Run options the policy does
    // not set (seed, frozen time, workdir, packages, timeout, env...) keep their recorded values;
    // relative paths resolve against the recorded base folder.
    // It may narrow the replay freely; what it grants beyond the bundle's own files (host
    // paths, host variables, programs) is refused unless allowWiderPolicy (see replaypolicy.h).
    std::optional<Policy> policy;
    QString runtimePath; // empty: the engine's default
    bool allowWiderPolicy = false;
};

// A replay's run: the request plus the scratch folder that holds its copy of the workdir.
struct ReplayPlan
{
    ExecRequest request;
    ExecEngineConfig config;
    QStringList notes;
    std::shared_ptr<QTemporaryDir> scratch;
};

// Runs a recorded session again under the same rules, from the bundle alone: the workdir is a
// fresh copy of the recorded one, every other input file is mounted at its original path, the
// packages come from the bundle's own cache folder, and the run has no network at all. Then
// compares it with the recording (see compareReplay).
class SessionReplayer : public QObject
{
    Q_OBJECT
public:
    explicit SessionReplayer(QObject *parent = nullptr);
    ~SessionReplayer() override;

    // Emits finished() or failed() (never before returning); the bundle is kept alive until then.
    void start(const SessionBundle &bundle, const ReplayOptions &options = {});
    void stop();
    bool isRunning() const;

    static Result<ReplayReport> runSync(const SessionBundle &bundle, const ReplayOptions &options = {});
    static Result<ReplayPlan> plan(const SessionBundle &bundle, const ReplayOptions &options);
    static ReplayReport compare(const SessionBundle &bundle, const ExecResult &replayed, const ReplayPlan &plan);

signals:
    // The replay's console as it runs.
    void output(Sandbench::ExecStream stream, const QByteArray &data);
    void finished(const Sandbench::ReplayReport &report);
    void failed(const Sandbench::Error &error);

private:
    void run(const SessionBundle &bundle, const ReplayPlan &plan);
    void finishRun();

    std::unique_ptr<ExecEngine> m_engine;
    bool m_planning = false;
    bool m_stopRequested = false;
    std::optional<SessionBundle> m_bundle;
    std::optional<ReplayPlan> m_plan;
};

} // namespace Sandbench
