#include "recordeddecisions.h"

namespace Sandbench {

QString RecordedDecisions::sourceName() const
{
    switch (source) {
    case Source::AuditLog:
        return QStringLiteral("audit log");
    case Source::ExecSession:
        return QStringLiteral("exec session");
    case Source::AgentSession:
        return QStringLiteral("agent session");
    }
    return {};
}

Result<RecordedDecisions> readRecordedDecisions(const QString &path, const RecordedDecisionLimits &limits)
{
    Q_UNUSED(limits);
    return fail(ErrorCode::Io, QStringLiteral("%1: not read yet").arg(path));
}

Result<DecisionSetup> decisionSetupFor(const RecordedDecisions &recorded, const Policy &candidate,
                                       const QString &candidateBaseDir, bool allowWider)
{
    Q_UNUSED(recorded);
    Q_UNUSED(allowWider);
    DecisionSetup setup;
    setup.policy = candidate;
    setup.baseDir = candidateBaseDir;
    return setup;
}

} // namespace Sandbench
