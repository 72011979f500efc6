#include "policywhatif.h"

namespace Sandbench {

WhatIfReport whatIf(const Policy &policy, const QString &baseDir, const QList<AuditEvent> &events,
                    const DecisionContext &context)
{
    const PolicyMatcher matcher(matcherSetupFor(policy, baseDir, context));
    WhatIfReport report;
    qint64 number = 0;
    for (const AuditEvent &event : events) {
        // Sandbench's own modules live in a folder named anew for every run: not the code's
        // decisions, and a replay leaves them out of its comparison the same way.
        if (event.rule == QLatin1String("sandbench") || !event.isDecision())
            continue;
        ++number;
        ++report.compared;
        const Decision now = decideRecorded(matcher, event);
        // A check asked then and asked now goes the same way (to a person); one asked then and
        // decided by a rule now compares by the answer the person gave, which is what it did.
        const bool askedThen = event.rule == QLatin1String("ask");
        if (now.ask.isEmpty() ? now.allowed == event.allowed : askedThen)
            continue;
        report.flips.append({event.seq, number, event.kind, event.action, event.resource, event.allowed,
                             now.allowed, event.rule, now.ask.isEmpty() ? now.rule : now.ask, now.reason, now.ask});
    }
    return report;
}

} // namespace Sandbench
