#pragma once

#include "policy/allowrule.h"
#include "policy/policyexplain.h"
#include "policy/decisioncontext.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace Sandbench {

// One entry of a permission list (or read_only_dirs) and how often it decided an allow.
struct GrantUse
{
    QString key;           // allow_read, allow_write, allow_net, allow_listen, allow_env, allow_run, read_only_dirs
    qsizetype index = 0;
    QString value;
    QString pointer;       // "/permissions/allow_read/2"
    TextPosition position; // in the source, when given
    qint64 uses = 0;
    QList<quint64> seqs;   // the first few events it allowed (at most GrantUse::maxSeqs)
    static constexpr qsizetype maxSeqs = 20;
};

// The events one resource was denied, with the entry that would allow it.
struct DenialHit
{
    QString kind;
    QString action;
    QString resource;
    qint64 count = 0;
    QList<quint64> seqs;   // the first few (at most GrantUse::maxSeqs)
    QString rule;          // what denied it under the policy ("sandbox", "deny_net", "metadata", ...)
    std::optional<AllowRule> allowRule; // verified to allow it; none when no entry can
    QString insertPointer; // where the entry goes: "/permissions/allow_read/-"
    QString allowRisk;     // what lint says of that entry when it is risky (Explanation::flipRisk)
};

struct PolicyUsage
{
    QList<GrantUse> grants;   // every entry, in file order
    QList<DenialHit> denials; // in order of first occurrence
    qint64 events = 0;        // decisions compared
    qint64 allowed = 0;
    qint64 denied = 0;

    QList<GrantUse> unusedGrants() const;
};

// Every event decided again under `policy` (not as recorded): which entries allowed something
// and which requests were denied. `sourceJson` gives positions.
PolicyUsage comparePolicyWithAudit(const Policy &policy, const QString &baseDir, const QList<AuditEvent> &events,
                                   const QByteArray &sourceJson = {}, const DecisionContext &context = {});

} // namespace Sandbench
