#pragma once

#include "common/result.h"

#include <QJsonObject>
#include <QString>

#include <functional>

namespace Sandbench {

// What a held call asks a person: shown to approvers as it is, arguments as data.
struct ApprovalRequest
{
    QString server;   // e.g. "mcp pid 1234"
    QString session;  // the agent session's id
    QString tool;
    QJsonObject arguments;
    int timeoutMs = 120'000;
    // Why a person is asked, for the approver to show: the rule that held the call ("--approve
    // code.run", "approvals rule 0 (policy.json:3:5)") or the run's ask entry ("ask_read[0]").
    QString heldBy;
    // A run's held permission check: may be approved "for the rest of this run" (scope "run").
    bool allowForRun = false;
    // Edited arguments are checked as any call's are (the tool's schema); the error goes back
    // to the approver and the call stays held.
    std::function<Result<QJsonObject>(const QJsonValue &)> validate;
};

enum class ApprovalOutcome { Approved, Edited, Refused, TimedOut, EndSession, Withdrawn };

QString approvalOutcomeName(ApprovalOutcome outcome);

struct ApprovalDecision
{
    ApprovalOutcome outcome = ApprovalOutcome::TimedOut;
    QJsonObject arguments; // what runs (Approved: as asked; Edited: the approver's)
    QString reason;        // Refused, EndSession: the approver's words
    QString by;            // the local user who answered (from the socket's peer), or empty
    qint64 atMs = 0;
    qint64 waitedMs = 0;
    bool forRun = false;   // Approved for the rest of the run (requests with allowForRun only)

    bool runs() const { return outcome == ApprovalOutcome::Approved || outcome == ApprovalOutcome::Edited; }
    // For the session's record: decision, by, atMs, waitedMs, reason?, asked? and changed?
    QJsonObject toJson(const QJsonObject &asked) const;
};

} // namespace Sandbench
