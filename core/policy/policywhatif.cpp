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
        if (event.rule == QLatin1String("sandbench"))
            continue;
        ++number;
        ++report.compared;
        const Decision now = decideRecorded(matcher, event);
        if (now.allowed == event.allowed)
            continue;
        report.flips.append({event.seq, number, event.kind, event.action, event.resource, event.allowed,
                             now.allowed, event.rule, now.rule, now.reason});
    }
    return report;
}

} // namespace Sandbench
