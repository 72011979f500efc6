#include "policydiff.h"

#include <QHash>

#include <algorithm>

namespace Sandbench {

QList<GrantUse> PolicyUsage::unusedGrants() const
{
    QList<GrantUse> out;
    for (const GrantUse &g : grants) {
        if (g.uses == 0)
            out.append(g);
    }
    return out;
}

PolicyUsage comparePolicyWithAudit(const Policy &policy, const QString &baseDir, const QList<AuditEvent> &events,
                                   const QByteArray &sourceJson, const DecisionContext &context)
{
    PolicyUsage usage;
    const JsonLocator locator(sourceJson);
    QHash<QString, qsizetype> grantAt; // pointer -> index in grants
    for (const QString &key : policyListKeys()) {
        const QStringList &list = *policyList(policy, key);
        for (qsizetype i = 0; i < list.size(); ++i) {
            GrantUse g;
            g.key = key;
            g.index = i;
            g.value = list.at(i);
            g.pointer = listPointer(key, i);
            if (!sourceJson.isEmpty())
                g.position = locator.valuePosition(g.pointer);
            grantAt.insert(g.pointer, usage.grants.size());
            usage.grants.append(g);
        }
    }

    // In file order, as an editor shows them, when the file says where each entry is.
    if (!sourceJson.isEmpty()) {
        std::stable_sort(usage.grants.begin(), usage.grants.end(), [](const GrantUse &a, const GrantUse &b) {
            return std::pair(a.position.line, a.position.column) < std::pair(b.position.line, b.position.column);
        });
        grantAt.clear();
        for (qsizetype i = 0; i < usage.grants.size(); ++i)
            grantAt.insert(usage.grants.at(i).pointer, i);
    }

    const PolicyMatcher matcher(matcherSetupFor(policy, baseDir, context));
    QHash<QString, qsizetype> denialAt; // kind action resource -> index in denials
    for (const AuditEvent &event : events) {
        if (event.rule == QLatin1String("sandbench") || !event.isDecision())
            continue;
        ++usage.events;
        const PolicyQuestion q = questionFor(event);
        const Decision d = decideRecorded(matcher, event);
        if (!d.ask.isEmpty()) {
            // Held for a person: the ask entry was used whatever the answer, and a refusal is
            // the person's, not a grant the policy lacks.
            (event.allowed ? usage.allowed : usage.denied)++;
            const auto it = grantAt.constFind(rulePointer(policy, d.ask, q.value));
            if (it != grantAt.constEnd()) {
                GrantUse &g = usage.grants[*it];
                ++g.uses;
                if (g.seqs.size() < GrantUse::maxSeqs)
                    g.seqs.append(event.seq);
            }
            continue;
        }
        if (d.allowed) {
            ++usage.allowed;
            const auto it = grantAt.constFind(rulePointer(policy, d.rule, q.value));
            if (it != grantAt.constEnd()) {
                GrantUse &g = usage.grants[*it];
                ++g.uses;
                if (g.seqs.size() < GrantUse::maxSeqs)
                    g.seqs.append(event.seq);
            }
            continue;
        }
        ++usage.denied;
        const QString key = event.kind + QChar(0) + event.action + QChar(0) + event.resource;
        auto it = denialAt.find(key);
        if (it == denialAt.end()) {
            DenialHit hit;
            hit.kind = event.kind;
            hit.action = event.action;
            hit.resource = event.resource;
            hit.rule = d.rule;
            const Explanation e = explainDecision(policy, baseDir, q, context);
            hit.allowRule = e.allowFlip;
            hit.allowRisk = e.flipRisk;
            if (hit.allowRule)
                hit.insertPointer = QStringLiteral("/permissions/%1/-").arg(hit.allowRule->key);
            it = denialAt.insert(key, usage.denials.size());
            usage.denials.append(hit);
        }
        DenialHit &hit = usage.denials[*it];
        ++hit.count;
        if (hit.seqs.size() < GrantUse::maxSeqs)
            hit.seqs.append(event.seq);
    }
    return usage;
}

} // namespace Sandbench
