#include "mcp/approvalrules.h"

#include <algorithm>

namespace Sandbench {

namespace {

ApprovalAction actionNamed(const QString &name)
{
    if (name == QLatin1String("ask"))
        return ApprovalAction::Ask;
    if (name == QLatin1String("deny"))
        return ApprovalAction::Deny;
    return ApprovalAction::Allow;
}

bool isStringArgument(const ToolSpec &tool, const QString &name)
{
    const QJsonObject property = tool.inputSchema.value(QLatin1String("properties")).toObject().value(name).toObject();
    return property.value(QLatin1String("type")).toString() == QLatin1String("string");
}

} // namespace

Result<ApprovalRules> ApprovalRules::make(const ApprovalSection &section, const QStringList &approve, const QList<ToolSpec> &tools)
{
    QStringList names;
    for (const ToolSpec &t : tools)
        names << t.name;
    auto fail = [](const QString &m) { return std::unexpected(Error{ErrorCode::InvalidInput, m}); };
    ApprovalRules rules;
    for (const QString &tool : approve) {
        if (!names.contains(tool))
            return fail(QStringLiteral("--approve %1: no such tool on this server (its tools: %2)").arg(tool, names.join(QStringLiteral(", "))));
        rules.m_rules << Rule{tool, {}, ApprovalAction::Ask, QStringLiteral("--approve %1").arg(tool)};
    }
    for (qsizetype i = 0; i < section.rules.size(); ++i) {
        const ApprovalRuleEntry &entry = section.rules.at(i);
        QList<const ToolSpec *> matched;
        for (const ToolSpec &t : tools) {
            if (globMatch(entry.tool, t.name))
                matched << &t;
        }
        if (matched.isEmpty())
            return fail(QStringLiteral("%1: approvals rule %2: \"%3\" matches no tool this server offers (its tools: %4)")
                                .arg(entry.where).arg(i).arg(entry.tool, names.join(QStringLiteral(", "))));
        Rule rule{entry.tool, {}, actionNamed(entry.action), QStringLiteral("approvals rule %1 (%2)").arg(i).arg(entry.where)};
        for (const ApprovalArgumentPattern &p : entry.arguments) {
            const bool known = std::any_of(matched.begin(), matched.end(), [&](const ToolSpec *t) { return isStringArgument(*t, p.name); });
            if (!known)
                return fail(QStringLiteral("%1: approvals rule %2: \"%3\" is no string argument of %4, so the rule could never match")
                                    .arg(p.where).arg(i).arg(p.name, entry.tool));
            rule.arguments.append({p.name, p.pattern});
        }
        rules.m_rules << rule;
    }
    rules.m_default = section.defaultAction.isEmpty() ? ApprovalAction::Allow : actionNamed(section.defaultAction);
    return rules;
}

ApprovalVerdict ApprovalRules::decide(const QString &tool, const QJsonObject &arguments) const
{
    for (const Rule &rule : m_rules) {
        if (!globMatch(rule.tool, tool))
            continue;
        // A named argument that is missing or not a string does not match: the rule is about
        // that string, and a tool whose schema makes it optional may be called without it.
        const bool all = std::all_of(rule.arguments.begin(), rule.arguments.end(), [&](const auto &p) {
            const QJsonValue v = arguments.value(p.first);
            return v.isString() && globMatch(p.second, v.toString());
        });
        if (all)
            return {rule.action, rule.name};
    }
    return {m_default, QStringLiteral("approvals default")};
}

bool ApprovalRules::mayAsk() const
{
    return m_default == ApprovalAction::Ask
           || std::any_of(m_rules.begin(), m_rules.end(), [](const Rule &r) { return r.action == ApprovalAction::Ask; });
}

bool ApprovalRules::globMatch(QStringView pattern, QStringView text)
{
    // The classic two-cursor match: on a mismatch after a star, the star takes one more
    // character and matching resumes there. Each step moves the text cursor or the resume
    // point forward, so it ends after at most pattern × text steps.
    qsizetype p = 0, t = 0, star = -1, resume = 0;
    while (t < text.size()) {
        if (p < pattern.size() && pattern.at(p) == QLatin1Char('*')) {
            star = p++;
            resume = t;
        } else if (p < pattern.size() && pattern.at(p) == text.at(t)) {
            ++p;
            ++t;
        } else if (star >= 0) {
            p = star + 1;
            t = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern.at(p) == QLatin1Char('*'))
        ++p;
    return p == pattern.size();
}

} // namespace Sandbench
