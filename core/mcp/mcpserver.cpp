#include "mcp/mcpserver.h"

#include "exec/execresult.h"
#include "mcp/mcpclientsession.h"
#include "sandbox/sandboxpool.h"
#include "sandbox/sandboxsnapshot.h"
#include "sandbox/sandboxvalidation.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QDir>
#include <QFileInfo>
#include <QTimer>

namespace Sandbench {

McpServer::McpServer(McpServerOptions options, QObject *parent)
    : QObject(parent), m_options(std::move(options))
{
    // The agent's code is untrusted by definition: whatever the file says, its policy is
    // enforced (deny by default), never the unchecked mode a policy without "sandbox" means.
    m_options.policy.sandbox = true;
    // A run that never ends would hold the one runtime every session's code.run waits for.
    if (!m_options.policy.timeoutMs)
        m_options.policy.timeoutMs = m_options.limits.codeTimeoutMs;
    m_tools << codeRunTool(m_options.limits);
    for (const SandboxToolSet &set : std::as_const(m_options.toolSets)) {
        for (SandboxVerb verb : enabledVerbs(set))
            m_tools << sandboxTool(set.name, verb, m_options.limits);
    }
    // The approvals section is the server's, not code.run's: it leaves the policy each run gets.
    m_approvalRules = ApprovalRules::make(m_options.policy.approvals, m_options.approve, m_tools);
    m_options.policy.approvals = {};

    // The sessions' records (every client's calls and their code) are out of every code.run's
    // reach, whatever the policy grants.
    if (!m_options.recordDir.isEmpty())
        m_options.engine.reservedPaths << m_options.recordDir;
    WorkbenchOptions wo;
    wo.engine = m_options.engine;
    wo.recordSessions = true;
    wo.sandboxProviders = m_options.sandboxProviders;
    wo.pool.maxSandboxes = m_options.maxSandboxes;
    wo.pool.warm = m_options.warm;
    wo.pool.warmImage = m_options.sandbox.image;
    wo.pool.maxLifetimeMs = m_options.sandbox.lifetimeMs;
    wo.pool.network = {NetworkKind::None};
    if (m_options.sandbox.network.kind != NetworkKind::None)
        wo.pool.network << m_options.sandbox.network.kind;
    // A command cannot outlive its sandbox.
    wo.pool.maxExecTimeoutMs = qMax<qint64>(1, qMin(m_options.limits.maxExecTimeoutMs, m_options.sandbox.lifetimeMs));
    wo.pool.execTimeoutMs = qMin(m_options.limits.execTimeoutMs, wo.pool.maxExecTimeoutMs);
    wo.pool.maxFileBytes = m_options.limits.maxWriteBytes;
    m_workbench = new Workbench(wo, this);

    // The row is known from here on: startRun() announces it before anything can end.
    connect(m_workbench, &Workbench::runStarted, this, [this](int row) {
        if (m_running && m_runningRow < 0)
            m_runningRow = row;
    });
    connect(m_workbench, &Workbench::runFailed, this, [this](int row, const Error &error) {
        if (row != m_runningRow || !m_running)
            return;
        QueuedRun run = std::move(*m_running);
        m_running.reset();
        m_runningRow = -1;
        if (run.owner)
            run.done.result(std::unexpected(error));
        startNext();
        trimHistory();
    });
    connect(m_workbench, &Workbench::runFinished, this, [this](int row, const ExecResult &result) {
        if (row != m_runningRow || !m_running)
            return;
        QueuedRun run = std::move(*m_running);
        m_running.reset();
        m_runningRow = -1;
        if (run.owner) {
            run.done.result(result);
            const RunRecord &record = m_workbench->history()->run(row);
            if (record.sessionPending) {
                m_awaitingSession.insert(row, std::move(run));
            } else if (run.owner) {
                // Its recording failed before the run (sessionFailed came then): no session
                // follows, and a caller waiting for one would wait for ever.
                run.done.session(std::unexpected(Error{ErrorCode::Io, record.sessionError.isEmpty() ? QStringLiteral("the run was not recorded")
                                                                                                     : record.sessionError}));
            }
        }
        startNext();
    });
    connect(m_workbench, &Workbench::sessionReady, this, [this](int row) {
        auto it = m_awaitingSession.find(row);
        if (it == m_awaitingSession.end()) {
            // A run whose caller went (its session closed during the run): its recording, and
            // the copies of its inputs, go now, not with some later run.
            trimHistory();
            return;
        }
        QueuedRun run = std::move(*it);
        m_awaitingSession.erase(it);
        auto session = m_workbench->history()->run(row).session;
        if (!run.owner)
            return;
        if (session)
            run.done.session(session);
        else
            run.done.session(std::unexpected(Error{ErrorCode::Internal, QStringLiteral("the run's session was dropped")}));
        trimHistory();
    });
    connect(m_workbench, &Workbench::sessionFailed, this, [this](int row, const QString &message) {
        auto it = m_awaitingSession.find(row);
        if (it == m_awaitingSession.end()) {
            trimHistory(); // before the run (it still goes ahead), or its caller went
            return;
        }
        QueuedRun run = std::move(*it);
        m_awaitingSession.erase(it);
        if (run.owner)
            run.done.session(std::unexpected(Error{ErrorCode::Io, message}));
        trimHistory();
    });
}

McpServer::~McpServer()
{
    // A copy: a session that closes at once says so, and is taken out of m_sessions, right away.
    const QList<QPointer<McpSession>> sessions = m_sessions;
    for (const QPointer<McpSession> &s : sessions) {
        if (s)
            s->close(QStringLiteral("the server stopped"));
    }
    // Its own sessions go now, while what they call back into is still whole.
    for (const QPointer<McpSession> &s : sessions) {
        if (s && s->parent() == this)
            delete s.data();
    }
}

ApprovalVerdict McpServer::approvalFor(const QString &tool, const QJsonObject &arguments) const
{
    // Fail closed: a server whose rules did not check (check() refuses to start it) runs nothing.
    if (!m_approvalRules)
        return {ApprovalAction::Deny, QStringLiteral("approvals (not valid: %1)").arg(m_approvalRules.error().message)};
    return m_approvalRules->decide(tool, arguments);
}

VoidResult McpServer::check() const
{
    auto fail = [](const QString &m) { return std::unexpected(Error{ErrorCode::InvalidInput, m}); };
    if (!m_options.workdir.isEmpty() && !QFileInfo(m_options.workdir).isDir())
        return fail(QStringLiteral("--workdir %1: no such folder").arg(m_options.workdir));
    if (m_options.recordDir.isEmpty())
        return fail(QStringLiteral("--record-dir: no folder given"));
    QStringList names;
    for (const SandboxToolSet &set : m_options.toolSets) {
        if (!isValidToolSetName(set.name))
            return fail(QStringLiteral("--sandbox-tools %1: a name is 1 to 32 of a-z, 0-9, _ and -, starting with a letter, and not \"code\"").arg(set.name));
        if (names.contains(set.name))
            return fail(QStringLiteral("--sandbox-tools %1: the name is given twice").arg(set.name));
        names << set.name;
    }
    if (!m_options.toolSets.isEmpty() && m_options.sandbox.lifetimeMs <= 0)
        return fail(QStringLiteral("--lifetime: sandbox tools need a lifetime of at least one second"));
    if (!m_options.sandbox.ports.isEmpty() && m_options.sandbox.network.kind != NetworkKind::All)
        return fail(QStringLiteral("--port needs --network all: a sandbox without the whole network publishes no port"));
    // Checked at start, naming the entry, rather than at each session's first sandbox call.
    if (m_options.sandbox.network.kind == NetworkKind::Domains) {
        if (auto list = Workbench::checkAllowList(m_options.sandbox.network.domains); !list)
            return fail(QStringLiteral("--network allow:%1: %2").arg(m_options.sandbox.network.domains.join(QLatin1Char(',')), list.error().message));
    } else if (!m_options.sandbox.network.domains.isEmpty()) {
        return fail(QStringLiteral("--network: an allow list needs allow:HOST[,HOST...]"));
    }
    if (!m_approvalRules)
        return std::unexpected(m_approvalRules.error());
    if (m_options.approveTimeoutMs < 1000)
        return fail(QStringLiteral("--approve-timeout: at least one second"));
    if (m_options.maxSandboxes < 1)
        return fail(QStringLiteral("--max-sandboxes: at least 1"));
    if (m_options.warm < 0 || m_options.warm > m_options.maxSandboxes)
        return fail(QStringLiteral("--warm: from 0 to --max-sandboxes (%1); warm sandboxes count against it").arg(m_options.maxSandboxes));
    if (m_options.warm > 0 && m_options.toolSets.isEmpty())
        return fail(QStringLiteral("--warm needs --sandbox-tools: without them no session has a sandbox"));
    if (auto env = SandboxValidation::checkEnv(m_options.sandbox.env); !env)
        return fail(QStringLiteral("--env: %1").arg(env.error().message));
    if (!m_options.sandbox.env.isEmpty() && m_options.toolSets.isEmpty())
        return fail(QStringLiteral("--env needs --sandbox-tools: without them no session has a sandbox"));
    if (const QString &from = m_options.sandbox.snapshot; !from.isEmpty()) {
        if (auto name = validateSnapshotName(from); !name)
            return fail(QStringLiteral("--from: %1").arg(name.error().message));
        if (m_options.toolSets.isEmpty())
            return fail(QStringLiteral("--from needs --sandbox-tools: without them no session has a sandbox"));
        // A snapshot's files go in at create, so a warm sandbox (the image's files alone) could
        // never serve a session: it would only hold a place of --max-sandboxes.
        if (m_options.warm > 0)
            return fail(QStringLiteral("--from %1: cannot be used with --warm (a sandbox from a snapshot is made for its session)").arg(from));
    }
    return {};
}

Operation<void> *McpServer::pinSnapshot()
{
    auto *op = new Operation<void>(this);
    const QString name = m_options.sandbox.snapshot;
    if (name.isEmpty())
        return op->finish({}), op;
    auto pool = m_workbench->sandboxPool();
    if (!pool)
        return op->finish(std::unexpected(pool.error())), op;
    (*pool)->listSnapshots()->then(op, [this, op, name](const Result<QList<SnapshotInfo>> &list) {
        if (!list)
            return void(op->finish(std::unexpected(list.error())));
        for (const SnapshotInfo &info : *list) {
            if (info.name != name)
                continue;
            if (info.archiveBytes < 0)
                return void(op->fail(ErrorCode::InvalidInput, QStringLiteral("--from %1: the snapshot's files are missing (remove it with "
                                                                             "`sandbox rm-snapshot %1` and take it again)").arg(name)));
            m_options.sandbox.snapshotDigest = info.digest;
            return void(op->finish({}));
        }
        op->fail(ErrorCode::InvalidInput, QStringLiteral("--from %1: no snapshot of that name (see `sandbox snapshots`)").arg(name));
    });
    return op;
}

McpSession *McpServer::newSession(const QString &transport, QObject *parent)
{
    auto *session = new McpClientSession(this, transport, parent);
    m_sessions.removeAll(nullptr);
    m_sessions << session;
    connect(session, &McpSession::closed, this, [this, session] { m_sessions.removeAll(session); });
    return session;
}

McpSessionFactory McpServer::sessionFactory()
{
    return [this](const QString &transport, QObject *parent) { return newSession(transport, parent); };
}

int McpServer::liveSessions() const
{
    int n = 0;
    for (const QPointer<McpSession> &s : m_sessions)
        n += s && !s->isClosed();
    return n;
}

void McpServer::runCode(QObject *owner, ExecRequest request, CodeRunDone done)
{
    m_queue.append({owner, std::move(request), std::move(done)});
    startNext();
}

void McpServer::cancelCodeRuns(QObject *owner)
{
    m_queue.removeIf([owner](const QueuedRun &r) { return r.owner == owner || !r.owner; });
    for (auto it = m_awaitingSession.begin(); it != m_awaitingSession.end();) {
        if (it->owner == owner)
            it = m_awaitingSession.erase(it);
        else
            ++it;
    }
    if (m_running && m_running->owner == owner) {
        m_running->owner = nullptr; // its end is dropped; the next run starts then
        m_workbench->stopRun();
    }
}

void McpServer::trimHistory()
{
    // Each record holds its run's output and decisions, which the session's record already has:
    // a server that runs for weeks keeps none of them once nothing refers to a row. Later, so
    // the Workbench is done with the row it just announced.
    QTimer::singleShot(0, this, [this] {
        if (!m_running && m_queue.isEmpty() && m_awaitingSession.isEmpty() && !m_workbench->isRunning()
            && m_workbench->sessionsInProgress() == 0)
            m_workbench->history()->clear();
    });
}

void McpServer::startNext()
{
    if (m_running || m_queue.isEmpty())
        return;
    if (m_workbench->isRunning()) {
        // The engine counts as running until the loop turns after a run's end: try again then.
        QTimer::singleShot(1, this, &McpServer::startNext);
        return;
    }
    while (!m_queue.isEmpty()) {
        QueuedRun next = m_queue.takeFirst();
        if (!next.owner)
            continue;
        const ExecRequest request = next.request;
        m_running = std::move(next);
        m_runningRow = -1;
        if (!m_workbench->startRun(request, QStringLiteral("code.run"))) {
            QueuedRun run = std::move(*m_running);
            m_running.reset();
            run.done.result(std::unexpected(Error{ErrorCode::Internal, QStringLiteral("the exec engine is busy")}));
            continue;
        }
        return;
    }
}

void McpServer::shutdown(const QString &reason, std::function<void()> done)
{
    auto remaining = std::make_shared<int>(0);
    auto finish = [this, remaining, done]() {
        if (--*remaining > 0)
            return;
        m_workbench->closeSandboxes()->then(this, [done](const Result<void> &) { done(); });
    };
    ++*remaining;
    // m_sessions holds every session that has not emitted closed(), including those already
    // closing (an HTTP DELETE just before the signal): their records get their end lines too.
    const QList<QPointer<McpSession>> sessions = m_sessions;
    for (const QPointer<McpSession> &s : sessions) {
        if (!s)
            continue;
        ++*remaining;
        auto once = std::make_shared<bool>(false);
        auto closedOnce = [once, finish] {
            if (!std::exchange(*once, true))
                finish();
        };
        connect(s, &McpSession::closed, this, closedOnce, Qt::SingleShotConnection);
        connect(s, &QObject::destroyed, this, closedOnce, Qt::SingleShotConnection);
        s->close(reason);
    }
    finish();
}

} // namespace Sandbench
