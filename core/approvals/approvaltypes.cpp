#include "approvals/approvaltypes.h"

#include <QJsonArray>

namespace Sandbench {

QString approvalOutcomeName(ApprovalOutcome outcome)
{
    switch (outcome) {
    case ApprovalOutcome::Approved: return QStringLiteral("approve");
    case ApprovalOutcome::Edited: return QStringLiteral("edit");
    case ApprovalOutcome::Refused: return QStringLiteral("refuse");
    case ApprovalOutcome::TimedOut: return QStringLiteral("timeout");
    case ApprovalOutcome::EndSession: return QStringLiteral("end");
    case ApprovalOutcome::Withdrawn: return QStringLiteral("withdrawn");
    }
    return {};
}

QJsonObject ApprovalDecision::toJson(const QJsonObject &asked) const
{
    QJsonObject o{{QStringLiteral("decision"), approvalOutcomeName(outcome)},
                  {QStringLiteral("by"), by},
                  {QStringLiteral("atMs"), atMs},
                  {QStringLiteral("waitedMs"), waitedMs}};
    if (!reason.isEmpty())
        o.insert(QStringLiteral("reason"), reason);
    if (outcome == ApprovalOutcome::Edited) {
        // What the agent asked for; the call line's "arguments" hold what ran.
        o.insert(QStringLiteral("asked"), asked);
        QJsonArray changed;
        QStringList keys = asked.keys() + arguments.keys();
        keys.removeDuplicates();
        keys.sort();
        for (const QString &k : std::as_const(keys)) {
            if (asked.value(k) != arguments.value(k))
                changed.append(k);
        }
        o.insert(QStringLiteral("changed"), changed);
    }
    return o;
}

} // namespace Sandbench
