#pragma once

#include "audit/auditevent.h"
#include "common/result.h"
#include "doctor/doctoroptions.h"
#include "exec/execrequest.h"
#include "exec/execresult.h"
#include "sandbox/sandboxoperation.h"
#include "sandbox/sandboxtypes.h"
#include "session/exec/execsessionrecorder.h"
#include "session/exec/execsessionreplayer.h"
#include "session/sandbox/sandboxsessionreplayer.h"
#include "workbench/sandboxproviders.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>

#include <memory>
#include <optional>

namespace Sandbench {

class ApprovalBroker;
class ApprovalWatcher;
class Doctor;
class ExecEngine;
class RunHistory;
class Sandbox;
class SandboxPool;
class SandboxProvider;

struct WorkbenchOptions
{
    ExecEngineConfig engine;
    // Record every run as a session (kept in the history, ready to save).
    bool recordSessions = false;
    ExecSessionRecordOptions record;
    // Where a run whose request names no audit log gets one of its own; empty: no log.
    QString auditFolder;
    // Where sandboxes come from; empty: sandboxes are unavailable.
    SandboxProviderFactory sandboxProviders;
    PoolOptions pool;
};

// What every front end (the GUI, the CLI, the agent server) stands on: one exec engine and its
// configuration, the run history with each run's session, and the sandbox pool. Front ends
// start and stop runs and read results here; none of them builds an engine, a recorder, a
// provider or a pool itself, so a run is recorded the same way whoever started it.
// Nothing here waits on the runtime or the disk: the workdir snapshot before a recorded run and
// the session's assembly after it happen on the thread pool; sandbox calls are operations.
class Workbench : public QObject
{
    Q_OBJECT
public:
    explicit Workbench(WorkbenchOptions options = {}, QObject *parent = nullptr);
    ~Workbench() override;

    // Where sessions are kept unless a front end is told otherwise: the agent server records
    // there, and the Sessions panel lists it (~/.local/share/sandbench/sessions, or
    // $SANDBENCH_SESSIONS_DIR when set).
    static QString defaultSessionsFolder();
    // A network `allow` list (host, host:port, *.domain, IP, CIDR) as the pool reads it: its
    // entries in canonical spelling, or an error naming the first bad one. For front ends,
    // which check a list as it is typed and never include the proxy's layer.
    static Result<QStringList> checkAllowList(const QStringList &entries);
    // The window's secrets field: "NAME@HOST[,HOST...]" entries separated by ';' or new lines,
    // each value taken from this process's environment variable NAME or from a file
    // (NAME@HOST=file:PATH, an absolute path to a regular file): Deferred, for checking as one
    // types, does not read it; Read does, and is for a background thread (secretsReadFiles()
    // says whether the text needs one). For a sandbox they are checked as the pool will check
    // them for network allow `allowEntries` and variables `env`. Errors name the entry's NAME,
    // HOST or file, never a value.
    enum class SecretFiles { Deferred, Read };
    static Result<QList<SandboxSecret>> parseSecrets(const QString &text, const QStringList &allowEntries,
                                                     const QMap<QString, QString> &env, SecretFiles files = SecretFiles::Deferred);
    // The same field for the window's own runs (ExecRequest::secrets): hosts as this machine
    // names them; a name the runtime reads itself (DENO_*), or one the policy's env gives the
    // code (`policyVariables`, the policy in the editor now), is refused. Each run's own policy
    // is checked again when it starts.
    static Result<QList<SandboxSecret>> parseRunSecrets(const QString &text, SecretFiles files = SecretFiles::Deferred,
                                                        const QStringList &policyVariables = {});
    static bool secretsReadFiles(const QString &text);

    const WorkbenchOptions &options() const { return m_options; }
    // For the runs that start from now on.
    void setEngineConfig(const ExecEngineConfig &config);
    void setRecording(bool recordSessions, const ExecSessionRecordOptions &options);

    // ----- runs
    RunHistory *history() const { return m_history; }
    bool isRunning() const;
    // The history row of the run going on, or -1.
    int currentRow() const { return m_currentRow; }
    // The run a front end shows (its output, decisions, policy marks, the session Save Session
    // saves): each new run from its start, else the one the user chose; -1 before the first.
    // Nothing else moves it, so every view that names a run names the same one.
    int shownRow() const { return m_shownRow; }
    // Shows `row`; false, and nothing changes, for an unknown row or, while a run is going on,
    // any other row (its output and decisions go to the views as they come, so those views
    // stay on it until it ends). shownRunChanged() follows a change.
    bool showRun(int row);
    // Sessions of finished runs still being assembled.
    int sessionsInProgress() const { return m_sessionsInProgress; }
    qint64 elapsedMs() const { return m_clock.isValid() ? m_clock.elapsed() : 0; }

    // Starts a run of `request` (its auditLogPath filled in from auditFolder when empty) and
    // adds it to the history; false when one is already running. runStarted() follows at once;
    // then either runFailed() (nothing ran) or output()/permissionsDecided() and runFinished().
    bool startRun(ExecRequest request, const QString &title);
    // Stops the run and everything it started; a run still being prepared never starts.
    void stopRun();
    // Keeps a runtime started and waiting for runs like `request` (its code aside): a front end
    // that knows its policy in advance (the agent server) starts those runs without the
    // runtime's start-up. Each runtime serves one run; see ExecEngine::setWarmTemplate.
    void setWarmTemplate(const ExecRequest &request);
    // Drops the warm template and its runtime if that runtime's workdir is `workdir` (a folder
    // about to be removed): once this returns, nothing of it writes there any more.
    void clearWarmTemplateIn(const QString &workdir);
    bool hasWarmRuntime() const;
    bool lastRunWasWarm() const;

    // ----- approvals
    // Starts holding calls for a person: the approver socket NAME in the ApprovalFolder, which
    // the Approvals panel and `sandbench-cli approvals` answer. Null until started.
    Result<ApprovalBroker *> startApprovals(const QString &name);
    ApprovalBroker *approvals() const { return m_approvals; }
    // The approver's side, for the Approvals panel: every local server's held calls (made on
    // first use, not started: the panel starts it when shown).
    ApprovalWatcher *approvalWatcher();

    // ----- sandboxes
    // The pool of this Workbench, opened through the provider factory on first use; the error
    // says why sandboxes are unavailable (no factory, no engine, options it refuses).
    Result<SandboxPool *> sandboxPool();
    // A provider of its own for what reaches past this pool: listing and removing the
    // sandboxes of every Sandbench process, orphans included.
    Result<SandboxProvider *> sandboxProvider();
    // Releases every sandbox of the pool and closes it; finishes at once when there is none.
    // Never waits: the caller attaches to the operation.
    VoidOperation *closeSandboxes();
    bool hasLiveSandboxes() const;
    // The connections of a live sandbox of the pool (network allow), numbered from 1 in the
    // order the proxy decided them; sandboxConnection() brings each new one. Kept until the
    // sandbox leaves the pool, at most maxSandboxConnections (the oldest go first).
    QList<AuditEvent> sandboxConnections(const QString &sandboxId) const { return m_sandboxConnections.value(sandboxId); }
    static constexpr qsizetype maxSandboxConnections = 20000;

    // ----- replay, one path for both kinds of session and every front end (open the file with
    // SessionFile::open, load it, then ask here). The replayer is not started: connect to it,
    // then start() it; `parent` owns it.
    // An exec session replays offline in a runtime of its own, contained as SECURITY.md says
    // whatever its manifest asks; `options` may narrow it (and widen it only when it says so).
    ExecSessionReplayer *execReplayer(ExecSession session, const ExecReplayOptions &options, QObject *parent);
    // A sandbox session replays step by step in a fresh sandbox of this Workbench's pool, with
    // the network off; the error says why there is no pool.
    Result<SandboxSessionReplayer *> sandboxReplayer(SandboxSession session, const SandboxReplayOptions &options,
                                                     QObject *parent);

    // ----- the self-test (`sandbench-cli doctor`, the workbench's status line): started at once
    // with this Workbench's engine configuration where `options` names none, and its sandbox
    // provider for the Docker layers; `parent` owns it, finished() follows.
    Doctor *startDoctor(DoctorOptions options, QObject *parent);

signals:
    void runStarted(int row, const QString &auditLogPath);
    // After runStarted() for a new run, after showRun() for a chosen one; -1 once the history
    // is cleared.
    void shownRunChanged(int row);
    // The runtime's process is up (after the preparation and, when recording, the snapshot).
    void runtimeStarted(qint64 pid);
    void output(Sandbench::ExecStream stream, const QByteArray &data);
    // In the engine's batches (ExecEngine::permissionsDecided), passed on as they are.
    void permissionsDecided(const QList<Sandbench::AuditEvent> &batch);
    void runFinished(int row, const Sandbench::ExecResult &result);
    void runFailed(int row, const Sandbench::Error &error);
    // The run's session is in the history, ready to save (history()->run(row).session), or it
    // could not be made (before the run: the run still goes ahead, unrecorded).
    void sessionReady(int row);
    void sessionFailed(int row, const QString &error);
    // A connection of the pool's sandbox `sandboxId` (kind net, action connect or proxy).
    void sandboxConnection(const QString &sandboxId, const Sandbench::AuditEvent &event);

private:
    void watchConnections(Sandbox *sandbox);

    void launch(const ExecRequest &request);
    void finishSession(int row, const ExecResult &result);

    WorkbenchOptions m_options;
    ExecEngine *m_engine;
    RunHistory *m_history;
    std::optional<ExecSessionRecorder> m_recorder;
    bool m_preparing = false;
    bool m_stopRequested = false;
    int m_sessionsInProgress = 0;
    int m_currentRow = -1;
    int m_shownRow = -1;
    QElapsedTimer m_clock;
    std::unique_ptr<SandboxPool> m_pool;
    ApprovalBroker *m_approvals = nullptr;
    ApprovalWatcher *m_approvalWatcher = nullptr;
    std::unique_ptr<SandboxProvider> m_provider;
    std::optional<Error> m_poolError;
    QHash<QString, QList<AuditEvent>> m_sandboxConnections; // by sandbox id
};

} // namespace Sandbench
