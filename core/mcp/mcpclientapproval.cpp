// McpClientSession's calls that wait for a person (--approve, or an approvals rule that asks):
// held on the Workbench's approver socket, each decision written to the session's record with
// the call it decided and the rule that held it; and calls a rule denies without asking.
#include "mcp/mcpclientsession.h"

#include "approvals/approvalbroker.h"
#include "mcp/mcpserver.h"
#include "mcp/toolschema.h"
#include "session/agent/agentsessionwriter.h"
#include "workbench/workbench.h"

#include <QCoreApplication>
#include <QDateTime>

namespace Sandbench {

void McpClientSession::denyByRule(Call call, const QString &rule)
{
    // Recorded as a decision, so a replay refuses it again without asking, naming the rule.
    call.approval = {{QStringLiteral("decision"), QStringLiteral("deny")},
                     {QStringLiteral("by"), QStringLiteral("policy")},
                     {QStringLiteral("rule"), rule},
                     {QStringLiteral("atMs"), QDateTime::currentMSecsSinceEpoch()},
                     {QStringLiteral("waitedMs"), 0}};
    finishCall(call, ToolResult::failure(QStringLiteral("%1 is denied by this server's policy (%2), without asking anyone. "
                                                        "The same call will be denied again; do without it or change it so the rule does not apply.")
                                                 .arg(call.tool, rule)));
}

void McpClientSession::holdForApproval(Call call, const ToolSpec &spec, const QString &rule)
{
    call.approvalRule = rule;
    ApprovalBroker *broker = m_server->workbench()->approvals();
    // Fail closed: a tool that needs a person never runs without one to ask.
    if (!broker)
        return finishCall(call, ToolResult::failure(QStringLiteral("%1 needs a person's approval, and this server has no approver socket").arg(call.tool)));
    // The wait is in the record as it starts: a reviewer (and the panel following the file)
    // sees the agent held, not only the decision once it came.
    if (auto ok = m_record->append({{QStringLiteral("type"), QStringLiteral("held")},
                                    {QStringLiteral("seq"), call.seq},
                                    {QStringLiteral("atMs"), QDateTime::currentMSecsSinceEpoch()},
                                    {QStringLiteral("tool"), call.tool},
                                    {QStringLiteral("arguments"), call.arguments},
                                    {QStringLiteral("rule"), rule}});
        !ok) {
        m_recordError = ok.error();
        return finishCall(call, ToolResult::failure(QStringLiteral("%1: the wait for approval could not be recorded: %2").arg(call.tool, ok.error().message)));
    }
    ApprovalRequest request;
    request.server = QStringLiteral("mcp pid %1").arg(QCoreApplication::applicationPid());
    request.session = m_id.left(16);
    request.tool = call.tool;
    request.arguments = call.arguments;
    request.timeoutMs = m_server->options().approveTimeoutMs;
    request.heldBy = rule;
    request.validate = [schema = spec.inputSchema, tool = call.tool, server = QPointer<McpServer>(m_server)](const QJsonValue &v) -> Result<QJsonObject> {
        auto checked = checkArguments(schema, v);
        if (!checked || !server)
            return checked;
        // A person's edit is refused where no person may take the call: a rule's deny holds
        // for edited arguments too (the approver is told, and the call keeps waiting).
        if (const ApprovalVerdict verdict = server->approvalFor(tool, *checked); verdict.action == ApprovalAction::Deny)
            return std::unexpected(Error{ErrorCode::InvalidInput, QStringLiteral("%1 with these arguments is denied by %2").arg(tool, verdict.rule)});
        return checked;
    };
    auto asked = broker->ask(request, call.owner, [this, call](const ApprovalDecision &d) { approvalDecided(call, d); });
    if (!asked)
        return finishCall(call, ToolResult::failure(QStringLiteral("%1: cannot be held for approval: %2").arg(call.tool, asked.error().message)));
    if (auto it = m_inFlight.find(idKey(call.rpcId)); it != m_inFlight.end() && it->call.seq == call.seq)
        it->approvalId = *asked;
}

void McpClientSession::approvalDecided(Call call, const ApprovalDecision &d)
{
    if (m_closed || !call.owner)
        return; // the client went or cancelled the call while it waited
    call.approval = d.toJson(call.arguments);
    call.approval.insert(QStringLiteral("rule"), call.approvalRule);
    const QString who = d.by.isEmpty() ? QStringLiteral("nobody") : d.by;
    switch (d.outcome) {
    case ApprovalOutcome::Approved:
        return dispatch(std::move(call));
    case ApprovalOutcome::Edited:
        call.arguments = d.arguments;
        // A cancel from now on records what was running, not what was asked.
        if (auto it = m_inFlight.find(idKey(call.rpcId)); it != m_inFlight.end() && it->call.seq == call.seq) {
            it->call.arguments = call.arguments;
            it->call.approval = call.approval;
        }
        return dispatch(std::move(call));
    case ApprovalOutcome::Refused:
        return finishCall(call, ToolResult::failure(QStringLiteral("%1 was refused by the person approving this session's calls (%2): %3. "
                                                                   "Change the call to meet that, or do without it; the same call unchanged will likely be refused again.")
                                                            .arg(call.tool, who, d.reason)));
    case ApprovalOutcome::TimedOut:
        return finishCall(call, ToolResult::failure(QStringLiteral("%1 needs a person's approval and nobody answered within %2 s, so it was refused; "
                                                                   "it may be asked again later.")
                                                            .arg(call.tool).arg(m_server->options().approveTimeoutMs / 1000)));
    case ApprovalOutcome::EndSession:
        finishCall(call, ToolResult::failure(QStringLiteral("%1 was refused and this session ended by the person approving its calls (%2)%3")
                                                     .arg(call.tool, who, d.reason.isEmpty() ? QString() : QStringLiteral(": ") + d.reason)));
        return close(QStringLiteral("ended by %1 when asked to approve %2").arg(who, call.tool));
    case ApprovalOutcome::Withdrawn:
        return;
    }
}

} // namespace Sandbench
