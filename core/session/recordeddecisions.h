#pragma once

#include "audit/auditevent.h"
#include "common/result.h"
#include "policy/decisioncontext.h"
#include "session/exec/execsessionmanifest.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandbench {

// What a reader of recorded decisions accepts from a file it did not write.
struct RecordedDecisionLimits
{
    qint64 maxAuditLogBytes = qint64(512) << 20;
    qint64 maxLineBytes = qint64(1) << 20;
    qint64 maxEvents = 5'000'000;
};

// The decisions of a recording, from an audit log (.jsonl), an exec session (.sbsession) or an
// agent session (.sbagent, every code.run's decisions in call order).
struct RecordedDecisions
{
    enum class Source { AuditLog, ExecSession, AgentSession };
    Source source = Source::AuditLog;
    QString path;
    QList<AuditEvent> events;
    std::optional<ExecSessionManifest> manifest; // exec sessions
    QStringList notes;  // what was left out or cannot be reproduced, for people

    QString sourceName() const; // "audit log", "exec session", "agent session"
};

// Tells the kind by the file's first bytes (an audit log's first line is an event). Every line
// of a log must be an event: an error names "file:line: why". Bounded by `limits`.
Result<RecordedDecisions> readRecordedDecisions(const QString &path, const RecordedDecisionLimits &limits = {});

// The policy, base folder and context under which a run of the recording would be decided when
// `candidate` is applied: for an exec session what `replay FILE --policy` runs under (the
// contained policy with `candidate` over it, the recorded workdir and entry; a candidate wider
// than the bundle refused unless `allowWider`), for a log `candidate` itself from `candidateBaseDir`.
struct DecisionSetup
{
    Policy policy;
    QString baseDir;
    DecisionContext context;
    QStringList notes;
};
Result<DecisionSetup> decisionSetupFor(const RecordedDecisions &recorded, const Policy &candidate,
                                       const QString &candidateBaseDir, bool allowWider = false);

} // namespace Sandbench
