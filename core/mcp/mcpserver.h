#pragma once

#include "common/result.h"
#include "exec/execrequest.h"
#include "mcp/approvalrules.h"
#include "mcp/mcpsession.h"
#include "mcp/toolcatalogue.h"
#include "policy/policy.h"
#include "sandbox/sandboxoperation.h"
#include "sandbox/sandboxtypes.h"
#include "workbench/sandboxproviders.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>

namespace Sandbench {

class ExecSession;
class Workbench;
struct ExecResult;

// Everything the agent server's tools may do, fixed when it starts: a caller can only use it.
struct McpServerOptions
{
    // code.run's permissions. Relative paths resolve against policyBaseDir.
    Policy policy;
    QString policyBaseDir;
    // What each client session's own workdir starts as (copied; empty: an empty folder).
    QString workdir;
    QList<SandboxToolSet> toolSets;
    // How each session's sandboxes are made: image, network, lifetimeMs, env (--env, applied
    // at claim: a warm sandbox stays warm), snapshot (--from: each session's sandbox starts
    // from its files, its digest pinned by pinSnapshot()).
    SandboxOptions sandbox;
    int maxSandboxes = 4;
    // Sandboxes of `sandbox`'s image kept warm (PoolOptions::warm) for the sessions' creates.
    int warm = 0;
    // Where each client session's record goes (one .sbagent per session).
    QString recordDir;
    ToolLimits limits;
    // Tools whose calls wait for a person (--approve): held on the Workbench's approver socket
    // until approved (maybe edited), refused, or approveTimeoutMs passes (a refusal). They go
    // in front of the rules of policy.approvals (ApprovalRules), which may also ask or deny.
    QStringList approve;
    int approveTimeoutMs = 120'000;
    ExecEngineConfig engine;
    SandboxProviderFactory sandboxProviders;
};

// The agent server: one Workbench under every client session, so a code.run is run, audited and
// recorded exactly as a run from the window or the CLI. Code runs of every session take turns
// on the Workbench (one runtime at a time); each session has its own workdir and sandboxes.
class McpServer : public QObject
{
    Q_OBJECT
public:
    explicit McpServer(McpServerOptions options, QObject *parent = nullptr);
    ~McpServer() override;

    // Checks what the options name exists and fits (the workdir, the record folder, the tool
    // set names, the lifetime); the error says which option is wrong.
    VoidResult check() const;

    // With a snapshot to start from (--from): looks it up and pins its digest, so every
    // session's sandbox holds the same files (one replaced meanwhile fails the create) and the
    // session records name them. Fails naming the snapshot when there is none of that name.
    // Finishes at once without one.
    Operation<void> *pinSnapshot();

    const McpServerOptions &options() const { return m_options; }
    Workbench *workbench() const { return m_workbench; }
    // The tools every session lists, in order.
    const QList<ToolSpec> &tools() const { return m_tools; }
    // --approve and the policy's approvals section, checked against the tools (check() says why
    // not); without a valid set every call is denied, never run unasked.
    ApprovalVerdict approvalFor(const QString &tool, const QJsonObject &arguments) const;
    bool mayAsk() const { return m_approvalRules && m_approvalRules->mayAsk(); }

    // A new client session for a transport; owned by `parent`.
    McpSession *newSession(const QString &transport, QObject *parent);
    McpSessionFactory sessionFactory();
    int liveSessions() const;

    // ----- code runs, for the sessions
    struct CodeRunDone
    {
        std::function<void(const Result<ExecResult> &)> result;
        // After the result: the run's exec session (or why there is none).
        std::function<void(const Result<std::shared_ptr<const ExecSession>> &)> session;
    };
    // Queues a run; the history is cleared whenever no run is going or waiting for its session.
    // `owner` gone or cancelCodeRuns(owner) before it ends: neither callback runs.
    void runCode(QObject *owner, ExecRequest request, CodeRunDone done);
    void cancelCodeRuns(QObject *owner);

    // Closes every session and then the sandbox pool; done() runs once all of that is over.
    void shutdown(const QString &reason, std::function<void()> done);

private:
    struct QueuedRun
    {
        QPointer<QObject> owner;
        ExecRequest request;
        CodeRunDone done;
    };
    void startNext();
    void trimHistory();

    McpServerOptions m_options;
    QList<ToolSpec> m_tools;
    Result<ApprovalRules> m_approvalRules;
    Workbench *m_workbench;
    QList<QueuedRun> m_queue;
    std::optional<QueuedRun> m_running;
    int m_runningRow = -1;
    // Rows whose result was handed on, still waiting for their session.
    QHash<int, QueuedRun> m_awaitingSession;
    QList<QPointer<McpSession>> m_sessions;
};

} // namespace Sandbench
