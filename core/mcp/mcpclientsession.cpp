#include "mcp/mcpclientsession.h"

#include "common/privateroot.h"

#include "approvals/approvalbroker.h"
#include "audit/auditevent.h"
#include "common/background.h"
#include "exec/execresult.h"
#include "mcp/coderunresult.h"
#include "mcp/mcpserver.h"
#include "mcp/sessionworkdir.h"
#include "mcp/toolschema.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandboxpool.h"
#include "sandbox/sandboxprovider.h"
#include "session/agent/agentsessionwriter.h"
#include "session/exec/execsession.h"
#include "workbench/workbench.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTimer>

namespace Sandbench {

namespace {

QString randomId()
{
    quint32 words[4];
    QRandomGenerator::system()->fillRange(words);
    return QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex());
}

QJsonObject decisionJson(const AuditEvent &event)
{
    return QJsonDocument::fromJson(event.toJsonLine()).object();
}


} // namespace

QStringList McpClientSession::supportedProtocolVersions()
{
    return {QStringLiteral("2025-11-25"), QStringLiteral("2025-06-18")};
}

McpClientSession::McpClientSession(McpServer *server, const QString &transport, QObject *parent)
    : McpSession(parent), m_server(server), m_transport(transport), m_id(randomId())
{
    const McpServerOptions &o = server->options();
    QJsonArray sets;
    for (const SandboxToolSet &set : o.toolSets)
        sets.append(QJsonObject{{QStringLiteral("name"), set.name}, {QStringLiteral("exec"), set.exec},
                                {QStringLiteral("write"), set.write}, {QStringLiteral("ports"), set.ports},
                                {QStringLiteral("desktop"), set.desktop}});
    QJsonArray ports;
    for (int port : o.sandbox.ports)
        ports.append(port);
    // The variables by name only (a value may be a secret), as `sandbox run --record` keeps
    // them without --record-env-values; the snapshot by name and what it held.
    QJsonObject serverInfo{{QStringLiteral("toolSets"), sets},
                           {QStringLiteral("image"), o.sandbox.image},
                           {QStringLiteral("network"), networkKindName(o.sandbox.network.kind)},
                           {QStringLiteral("allow"), QJsonArray::fromStringList(o.sandbox.network.domains)},
                           {QStringLiteral("ports"), ports},
                           {QStringLiteral("lifetimeMs"), o.sandbox.lifetimeMs},
                           {QStringLiteral("envNames"), QJsonArray::fromStringList(o.sandbox.env.keys())}};
    if (!o.sandbox.snapshot.isEmpty()) {
        serverInfo.insert(QStringLiteral("snapshot"), o.sandbox.snapshot);
        serverInfo.insert(QStringLiteral("snapshotDigest"), o.sandbox.snapshotDigest);
    }
    auto writer = AgentSessionWriter::create(o.recordDir, {{QStringLiteral("applicationVersion"), QCoreApplication::applicationVersion()},
                                                            {QStringLiteral("recordedAtMs"), QDateTime::currentMSecsSinceEpoch()},
                                                            {QStringLiteral("transport"), transport},
                                                            {QStringLiteral("pid"), QCoreApplication::applicationPid()},
                                                            {QStringLiteral("server"), serverInfo}});
    if (writer)
        m_record = std::move(*writer);
    else
        m_recordError = writer.error();
    // Made now rather than at the first code.run, so that run's runtime can be waiting already.
    if (m_record)
        sessionWorkdir();
}

McpClientSession::~McpClientSession()
{
    if (!m_closed)
        m_server->cancelCodeRuns(this);
    if (m_workdir)
        m_server->workbench()->clearWarmTemplateIn(m_workdir->path());
}

QString McpClientSession::recordPath() const
{
    return m_record ? m_record->path() : QString();
}

void McpClientSession::handle(const QByteArray &message, McpReplyHandler answer)
{
    JsonRpc::Failure failure;
    const auto m = JsonRpc::parse(message, &failure);
    if (!m) {
        answer(JsonRpc::error(failure.id, failure.code, failure.message));
        return;
    }
    if (m->kind != JsonRpc::Message::Kind::Request) {
        if (m->method == QLatin1String("notifications/cancelled") && !m_closed)
            cancelCall(m->params.value(QLatin1String("requestId")), m->params.value(QLatin1String("reason")).toString().left(200));
        answer({}); // notifications and responses need no reply
        return;
    }
    if (m_closed) {
        answer(JsonRpc::error(m->id, JsonRpc::InvalidRequest, QStringLiteral("the session is closed")));
        return;
    }
    if (m->method == QLatin1String("initialize"))
        return initialize(*m, answer);
    if (m->method == QLatin1String("ping"))
        return answer(JsonRpc::result(m->id, {}));
    if (!isInitialized())
        return answer(JsonRpc::error(m->id, JsonRpc::InvalidRequest, QStringLiteral("initialize first")));
    if (m->method == QLatin1String("tools/list")) {
        QJsonArray tools;
        for (const ToolSpec &t : m_server->tools())
            tools.append(t.toJson());
        return answer(JsonRpc::result(m->id, {{QStringLiteral("tools"), tools}}));
    }
    if (m->method == QLatin1String("tools/call"))
        return callTool(*m, answer);
    answer(JsonRpc::error(m->id, JsonRpc::MethodNotFound, QStringLiteral("unknown method \"%1\"").arg(m->method.left(100))));
}

void McpClientSession::initialize(const JsonRpc::Message &m, const McpReplyHandler &answer)
{
    if (isInitialized())
        return answer(JsonRpc::error(m.id, JsonRpc::InvalidRequest, QStringLiteral("the session is initialized already")));
    const QJsonValue asked = m.params.value(QLatin1String("protocolVersion"));
    if (!asked.isString())
        return answer(JsonRpc::error(m.id, JsonRpc::InvalidParams, QStringLiteral("\"protocolVersion\" must be a string")));
    // The client's version when we speak it, else the newest we do: the client then decides.
    m_protocolVersion = supportedProtocolVersions().contains(asked.toString()) ? asked.toString()
                                                                               : supportedProtocolVersions().constFirst();
    const QJsonObject client = m.params.value(QLatin1String("clientInfo")).toObject();
    if (m_record) {
        if (auto ok = m_record->append({{QStringLiteral("type"), QStringLiteral("initialize")},
                                        {QStringLiteral("atMs"), QDateTime::currentMSecsSinceEpoch()},
                                        {QStringLiteral("protocolVersion"), m_protocolVersion},
                                        {QStringLiteral("client"), QJsonObject{{QStringLiteral("name"), client.value(QLatin1String("name")).toString().left(200)},
                                                                               {QStringLiteral("version"), client.value(QLatin1String("version")).toString().left(100)}}}});
            !ok)
            m_recordError = ok.error();
    }
    answer(JsonRpc::result(m.id, {{QStringLiteral("protocolVersion"), m_protocolVersion},
                                  {QStringLiteral("capabilities"), QJsonObject{{QStringLiteral("tools"), QJsonObject{{QStringLiteral("listChanged"), false}}}}},
                                  {QStringLiteral("serverInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("sandbench")},
                                                                             {QStringLiteral("title"), QStringLiteral("Sandbench")},
                                                                             {QStringLiteral("version"), QCoreApplication::applicationVersion()}}},
                                  {QStringLiteral("instructions"),
                                   QStringLiteral("code.run runs JavaScript or TypeScript under a fixed permission policy; the NAME.* tools "
                                                  "work in a sandbox of this session. Every call is recorded.")}}));
}

void McpClientSession::callTool(const JsonRpc::Message &m, const McpReplyHandler &answer)
{
    Call call;
    call.seq = m_nextSeq++;
    call.rpcId = m.id;
    call.answer = answer;
    call.startedMs = QDateTime::currentMSecsSinceEpoch();
    call.clock.start();
    const QJsonValue name = m.params.value(QLatin1String("name"));
    if (!name.isString())
        return refuse(std::move(call), JsonRpc::InvalidParams, QStringLiteral("\"name\" must be the tool's name"));
    call.tool = name.toString().left(200);
    // Kept for the record even when refused, so a reviewer sees what was asked; a large one
    // only by its size (the record holds what ran, not what a client can make it hold).
    if (const QJsonValue raw = m.params.value(QLatin1String("arguments")); raw.isObject()) {
        const qsizetype bytes = QJsonDocument(raw.toObject()).toJson(QJsonDocument::Compact).size();
        call.arguments = bytes <= 64 * 1024 ? raw.toObject()
                                            : QJsonObject{{QStringLiteral("(left out)"), QStringLiteral("%1 bytes").arg(bytes)}};
    }
    if (m_recordError)
        return refuse(std::move(call), JsonRpc::InternalError,
                      QStringLiteral("this session cannot be recorded, so nothing runs: %1").arg(m_recordError->message));
    const ToolSpec *spec = nullptr;
    for (const ToolSpec &t : m_server->tools()) {
        if (t.name == call.tool)
            spec = &t;
    }
    if (!spec) {
        const QString set = call.tool.section(QLatin1Char('.'), 0, 0);
        const auto verb = verbFromName(call.tool.section(QLatin1Char('.'), 1));
        for (const SandboxToolSet &s : m_server->options().toolSets) {
            if (s.name == set && verb)
                return refuse(std::move(call), JsonRpc::InvalidParams,
                              QStringLiteral("the tool %1 is not enabled on this server (it was started without %2 for the tool set %3)")
                                      .arg(call.tool, verbName(*verb), set));
        }
        return refuse(std::move(call), JsonRpc::InvalidParams, QStringLiteral("unknown tool \"%1\"").arg(call.tool));
    }
    auto args = checkArguments(spec->inputSchema, m.params.value(QLatin1String("arguments")));
    if (!args)
        return refuse(std::move(call), JsonRpc::InvalidParams, QStringLiteral("%1: %2").arg(call.tool, args.error().message));
    call.arguments = *args;
    if (m_inFlight.contains(idKey(call.rpcId)))
        return refuse(std::move(call), JsonRpc::InvalidRequest, QStringLiteral("the id of a call still running was used again"));
    call.owner = new QObject(this);
    m_inFlight.insert(idKey(call.rpcId), {call, nullptr, {}});
    const ApprovalVerdict verdict = m_server->approvalFor(call.tool, call.arguments);
    if (verdict.action == ApprovalAction::Ask)
        return holdForApproval(std::move(call), *spec, verdict.rule);
    if (verdict.action == ApprovalAction::Deny)
        return denyByRule(std::move(call), verdict.rule);
    dispatch(std::move(call));
}

void McpClientSession::dispatch(Call call)
{
    if (call.tool == QLatin1String("code.run"))
        return runCode(std::move(call));
    const QString set = call.tool.section(QLatin1Char('.'), 0, 0);
    runSandboxTool(std::move(call), set, *verbFromName(call.tool.section(QLatin1Char('.'), 1)));
}

void McpClientSession::refuse(Call call, int code, const QString &message)
{
    if (m_record && !m_recordError) {
        if (auto ok = m_record->append({{QStringLiteral("type"), QStringLiteral("call")},
                                        {QStringLiteral("seq"), call.seq},
                                        {QStringLiteral("atMs"), call.startedMs},
                                        {QStringLiteral("durationMs"), call.clock.elapsed()},
                                        {QStringLiteral("tool"), call.tool},
                                        {QStringLiteral("arguments"), call.arguments},
                                        {QStringLiteral("refused"), QJsonObject{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}}}});
            !ok)
            m_recordError = ok.error();
    }
    call.answer(JsonRpc::error(call.rpcId, code, message));
}

QString McpClientSession::idKey(const QJsonValue &id)
{
    return id.isString() ? QLatin1Char('s') + id.toString() : QLatin1Char('n') + QString::number(id.toInteger());
}

void McpClientSession::cancelCall(const QJsonValue &requestId, const QString &reason)
{
    const auto it = m_inFlight.find(idKey(requestId));
    if (it == m_inFlight.end())
        return; // answered already, or never asked: nothing to stop
    InFlight flight = std::move(*it);
    m_inFlight.erase(it);
    if (m_record && !m_recordError) {
        if (auto ok = m_record->append({{QStringLiteral("type"), QStringLiteral("call")},
                                        {QStringLiteral("seq"), flight.call.seq},
                                        {QStringLiteral("atMs"), flight.call.startedMs},
                                        {QStringLiteral("durationMs"), flight.call.clock.elapsed()},
                                        {QStringLiteral("tool"), flight.call.tool},
                                        {QStringLiteral("arguments"), flight.call.arguments},
                                        {QStringLiteral("cancelled"), true},
                                        {QStringLiteral("result"), QJsonObject{{QStringLiteral("isError"), true},
                                                                               {QStringLiteral("text"), reason.isEmpty() ? QStringLiteral("cancelled by the client")
                                                                                                                         : QStringLiteral("cancelled by the client: %1").arg(reason)}}}});
            !ok)
            m_recordError = ok.error();
    }
    if (flight.call.owner) {
        m_server->cancelCodeRuns(flight.call.owner);
        delete flight.call.owner.data();
    }
    if (flight.operation)
        flight.operation->cancel();
}

void McpClientSession::finishCall(const Call &call, const ToolResult &result, const QList<QJsonObject> &decisions,
                                  const QByteArray &execSessionLine)
{
    if (m_closed)
        return; // the client is gone: nobody to answer, and the call was cut short
    // A call the client cancelled is not in flight any more: it was recorded then.
    const auto it = m_inFlight.find(idKey(call.rpcId));
    if (it == m_inFlight.end() || it->call.seq != call.seq)
        return;
    m_inFlight.erase(it);
    // A code run's owner lives on until its session is recorded (runCode's second callback).
    if (call.owner && !call.isCodeRun())
        call.owner->deleteLater();
    QJsonObject recorded{{QStringLiteral("isError"), result.isError}};
    if (result.isError) {
        recorded.insert(QStringLiteral("text"), result.errorText);
    } else {
        recorded.insert(QStringLiteral("structuredContent"), result.structured);
        if (!result.images.isEmpty())
            recorded.insert(QStringLiteral("images"), result.images);
    }
    QJsonObject line{{QStringLiteral("type"), QStringLiteral("call")},
                     {QStringLiteral("seq"), call.seq},
                     {QStringLiteral("atMs"), call.startedMs},
                     {QStringLiteral("durationMs"), call.clock.elapsed()},
                     {QStringLiteral("tool"), call.tool},
                     {QStringLiteral("arguments"), call.arguments},
                     {QStringLiteral("result"), recorded}};
    if (!call.approval.isEmpty())
        line.insert(QStringLiteral("approval"), call.approval);
    if (call.tool == QLatin1String("code.run")) {
        QJsonArray list;
        for (const QJsonObject &d : decisions)
            list.append(d);
        line.insert(QStringLiteral("decisions"), list);
    }
    auto ok = m_record->append(line);
    if (ok && !execSessionLine.isEmpty())
        ok = m_record->appendEncoded(execSessionLine);
    if (!ok) {
        m_recordError = ok.error();
        // What was done cannot be shown later, so the model is not told it succeeded either.
        call.answer(JsonRpc::error(call.rpcId, JsonRpc::InternalError,
                                   QStringLiteral("the call ran but could not be recorded: %1").arg(ok.error().message)));
        return;
    }
    call.answer(JsonRpc::result(call.rpcId, result.toJson()));
}

Result<QString> McpClientSession::sessionWorkdir()
{
    if (!m_workdir) {
        auto made = makeSessionWorkdir(m_server->options().workdir);
        if (!made)
            return std::unexpected(made.error());
        m_workdir = std::move(*made);
        // The next code.run of this session (without args) finds its runtime started.
        ExecRequest warm = codeRequest(m_workdir->path());
        warm.code = QStringLiteral("export {};");
        m_server->workbench()->setWarmTemplate(warm);
    }
    return m_workdir->path();
}

ExecRequest McpClientSession::codeRequest(const QString &workdir) const
{
    const McpServerOptions &o = m_server->options();
    ExecRequest request;
    request.policy = o.policy;
    request.policy.workdir = workdir;
    request.baseDir = o.policyBaseDir;
    return request;
}

void McpClientSession::runCode(Call call)
{
    auto workdir = sessionWorkdir();
    if (!workdir)
        return finishCall(call, ToolResult::failure(QStringLiteral("code.run: no workdir: %1").arg(workdir.error().message)));
    const McpServerOptions &o = m_server->options();
    ExecRequest request = codeRequest(*workdir);
    if (call.arguments.contains(QLatin1String("code"))) {
        request.code = call.arguments.value(QLatin1String("code")).toString();
    } else {
        const QString entry = call.arguments.value(QLatin1String("entrypoint")).toString();
        if (entry.startsWith(QLatin1Char('/')))
            return finishCall(call, ToolResult::failure(QStringLiteral("code.run: \"entrypoint\" is relative to the workdir")));
        auto path = toolPath(*workdir, entry);
        if (!path)
            return finishCall(call, ToolResult::failure(QStringLiteral("code.run: %1").arg(path.error().message)));
        request.entrypoint = *path;
    }
    for (const QJsonValue &a : call.arguments.value(QLatin1String("args")).toArray())
        request.args << a.toString();

    const qint64 maxOutput = o.limits.maxOutputBytes;
    // The answer waits for the run's exec session: a client told its call is done may end the
    // session at once, and the record must hold that call whole by then (call line, then its
    // exec session), whatever the transport does next.
    auto answered = std::make_shared<std::optional<std::pair<ToolResult, QList<QJsonObject>>>>();
    m_server->runCode(call.owner ? call.owner.data() : this, request, {
        [this, call, maxOutput, answered](const Result<ExecResult> &r) {
            if (!r) {
                finishCall(call, ToolResult::failure(QStringLiteral("code.run: %1").arg(r.error().message)));
                if (call.owner)
                    call.owner->deleteLater(); // no session follows a run that failed
                return;
            }
            QList<QJsonObject> decisions;
            for (const AuditEvent &e : r->auditEvents)
                decisions << decisionJson(e);
            answered->emplace(codeRunResult(*r, maxOutput), std::move(decisions));
        },
        [this, call, answered](const Result<std::shared_ptr<const ExecSession>> &session) {
            if (call.owner)
                call.owner->deleteLater(); // the run is over: nothing more refers to it
            if (!answered->has_value())
                return;
            auto [result, decisions] = std::move(**answered);
            if (!session || !m_record || m_recordError)
                return finishCall(call, result, decisions); // its line says what ran; only its offline replay is lost
            ++m_encoding;
            runInBackground(this, [session = *session, seq = call.seq]() -> Result<QByteArray> {
                auto scratch = makePrivateFolder(QStringLiteral("sandbench-encode"));
                if (!scratch)
                    return std::unexpected(scratch.error());
                const QString file = (*scratch)->filePath(QStringLiteral("run.sbsession"));
                if (auto ok = session->write(file); !ok)
                    return std::unexpected(ok.error());
                QFile f(file);
                if (!f.open(QIODevice::ReadOnly))
                    return std::unexpected(Error{ErrorCode::Io, QStringLiteral("cannot read back %1").arg(file)});
                // In the form the reader knows without parsing the data (AgentSession).
                return QByteArrayLiteral("{\"type\":\"execSession\",\"seq\":") + QByteArray::number(seq)
                        + QByteArrayLiteral(",\"data\":\"") + f.readAll().toBase64() + QByteArrayLiteral("\"}");
            }, [this, call, result, decisions](const Result<QByteArray> &line) {
                --m_encoding;
                finishCall(call, result, decisions, line ? *line : QByteArray());
                maybeClosed();
            });
        }});
}

void McpClientSession::withSandbox(const QString &set, std::function<void()> then)
{
    ToolSetSandbox &entry = m_sandboxes[set];
    if (entry.sandbox || entry.failed)
        return then();
    entry.waiting << std::move(then);
    if (entry.creating)
        return;
    auto pool = m_server->workbench()->sandboxPool();
    if (!pool) {
        entry.failed = pool.error();
        const auto waiting = std::exchange(entry.waiting, {});
        for (const auto &w : waiting)
            w();
        return;
    }
    entry.creating = true;
    SandboxOptions options = m_server->options().sandbox;
    options.labels.insert(QStringLiteral("sandbench.mcp-session"), m_id.left(16));
    options.labels.insert(QStringLiteral("sandbench.tool-set"), set);
    (*pool)->create(options)->then(this, [this, set](const Result<Sandbox *> &made) {
        ToolSetSandbox &e = m_sandboxes[set];
        e.creating = false;
        if (made) {
            e.sandbox = *made;
            recordConnections(set, *made);
            if (m_closed) {
                ++m_releasing;
                (*made)->release()->then(this, [this](const Result<void> &) { --m_releasing; maybeClosed(); });
            }
        } else {
            e.failed = made.error();
        }
        const auto waiting = std::exchange(e.waiting, {});
        for (const auto &w : waiting)
            w();
        maybeClosed();
    });
}

void McpClientSession::recordConnections(const QString &set, Sandbox *sandbox)
{
    SandboxBackend *backend = sandbox->backend();
    if (!backend)
        return;
    // Every connection of the sandbox (network allow), with the tool set it belongs to, as
    // `sandbox run --audit-log` writes it; numbered across the session's sandboxes.
    connect(backend, &SandboxBackend::networkEvent, this, [this, set](const AuditEvent &event) {
        if (!m_record || m_recordError || m_closeDone)
            return;
        AuditEvent numbered = event;
        numbered.seq = ++m_netSeq;
        if (auto ok = m_record->append({{QStringLiteral("type"), QStringLiteral("net")},
                                        {QStringLiteral("atMs"), QDateTime::currentMSecsSinceEpoch()},
                                        {QStringLiteral("toolSet"), set},
                                        {QStringLiteral("event"), decisionJson(numbered)}});
            !ok)
            m_recordError = ok.error();
    });
}

void McpClientSession::runSandboxTool(Call call, const QString &set, SandboxVerb verb)
{
    withSandbox(set, [this, call, set, verb] {
        if (m_closed || !call.owner)
            return; // the client went, or cancelled the call while its sandbox was made
        const ToolSetSandbox &entry = m_sandboxes[set];
        if (!entry.sandbox)
            return finishCall(call, ToolResult::failure(QStringLiteral("%1: no sandbox: %2").arg(call.tool, entry.failed ? entry.failed->message : QStringLiteral("gone"))));
        ToolOperation *op = callSandboxTool(entry.sandbox, verb, call.arguments, m_server->options().limits, this);
        if (auto it = m_inFlight.find(idKey(call.rpcId)); it != m_inFlight.end() && it->call.seq == call.seq)
            it->operation = op;
        op->then(this, [this, call](const Result<ToolResult> &r) {
            finishCall(call, r ? *r : ToolResult::failure(QStringLiteral("%1: %2").arg(call.tool, r.error().message)));
        });
    });
}

void McpClientSession::close(const QString &reason)
{
    if (m_closed)
        return;
    m_closed = true;
    m_server->cancelCodeRuns(this);
    ApprovalBroker *approvals = m_server->workbench()->approvals();
    for (const InFlight &flight : std::as_const(m_inFlight)) {
        if (approvals && !flight.approvalId.isEmpty())
            approvals->withdraw(flight.approvalId); // nobody is asked about a call of a closed session
        if (flight.operation)
            flight.operation->cancel();
        if (flight.call.owner)
            m_server->cancelCodeRuns(flight.call.owner);
    }
    m_inFlight.clear();
    for (auto it = m_sandboxes.begin(); it != m_sandboxes.end(); ++it) {
        if (!it->sandbox || !it->sandbox->isAlive())
            continue;
        ++m_releasing;
        it->sandbox->release()->then(this, [this](const Result<void> &) {
            --m_releasing;
            maybeClosed();
        });
    }
    m_closeReason = reason;
    maybeClosed();
}

void McpClientSession::maybeClosed()
{
    if (!m_closed || m_closeDone || m_releasing > 0 || m_encoding > 0)
        return;
    for (const ToolSetSandbox &e : std::as_const(m_sandboxes)) {
        if (e.creating)
            return;
    }
    m_closeDone = true;
    if (m_record)
        m_record->close(m_closeReason);
    removeWorkdir(0);
}

void McpClientSession::removeWorkdir(int attempt)
{
    if (m_workdir) {
        // The warm runtime waiting in this folder (and its preparation) goes first, or it would
        // write its code file into the folder as it is removed, or after.
        m_server->workbench()->clearWarmTemplateIn(m_workdir->path());
        // A run of this session stopped a moment ago may still be dying: its last files make
        // the removal fail once, never for long.
        constexpr int attempts = 40;
        if (!m_workdir->remove() && QFileInfo::exists(m_workdir->path()) && attempt + 1 < attempts) {
            QTimer::singleShot(50, this, [this, attempt] { removeWorkdir(attempt + 1); });
            return;
        }
        m_workdir.reset();
    }
    emit closed();
}

} // namespace Sandbench
