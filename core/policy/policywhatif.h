#pragma once

#include "policy/decisioncontext.h"

#include <QList>
#include <QString>

namespace Sandbench {

// A recorded decision that goes another way under a candidate policy: allowed to denied, denied
// to allowed, or either to held for a person.
struct DecisionFlip
{
    quint64 seq = 0;
    qint64 event = 0;      // the recorded event's number (1-based), as a replay reports it
    QString kind;
    QString action;
    QString resource;
    bool wasAllowed = false;
    bool nowAllowed = false;
    QString ruleWas;
    QString ruleNow;
    QString reasonNow;     // for a new deny: what the code would be told
    // Set when the policy would now hold the check for a person (the ask_* entry, as
    // "ask_read[0]"); nowAllowed is then false, what no answer in time comes to.
    QString askNow = {};

    bool operator==(const DecisionFlip &) const = default;
};

struct WhatIfReport
{
    QList<DecisionFlip> flips;
    qint64 compared = 0;   // decisions decided again (Sandbench's own reads are left out)
};

// Decides every recorded event again under `policy` with `context`, running nothing. What the
// code would have done after a changed answer is not known: the flips are of the requests that
// were made, the same ones a replay under the policy reports while its run follows the recording.
WhatIfReport whatIf(const Policy &policy, const QString &baseDir, const QList<AuditEvent> &events,
                    const DecisionContext &context = {});

} // namespace Sandbench
