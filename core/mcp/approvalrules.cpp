#include "mcp/approvalrules.h"

#include <algorithm>

namespace Sandbench {

namespace {

// The policy reader lets only the three names through; anything else would be a bug there, and
// a call is then refused rather than let through.
ApprovalAction actionNamed(const QString &name)
{
    if (name == QLatin1String("ask"))
        return ApprovalAction::Ask;
    if (name == QLatin1String("allow"))
        return ApprovalAction::Allow;
    return ApprovalAction::Deny;
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
    // The text between stars is literal, so the first piece must start the text, the last must
    // end it, and each one between is best put at its leftmost place after the one before
    // (any later place leaves less room for the rest). That is one indexOf per piece: no
    // backtracking, which took over a second in a debug build for "*aaa…ab" against a 64 KiB
    // command, on the server's only thread.
    const qsizetype firstStar = pattern.indexOf(QLatin1Char('*'));
    if (firstStar < 0)
        return pattern == text;
    const qsizetype lastStar = pattern.lastIndexOf(QLatin1Char('*'));
    const QStringView head = pattern.first(firstStar);
    const QStringView tail = pattern.sliced(lastStar + 1);
    // Compared by content: Qt says a null text does not start with an empty one.
    if (text.size() < head.size() + tail.size() || text.first(head.size()) != head || text.last(tail.size()) != tail)
        return false;
    const QStringView middle = text.sliced(head.size(), text.size() - head.size() - tail.size());
    qsizetype at = 0;
    for (QStringView piece : pattern.sliced(firstStar + 1, lastStar - firstStar).split(QLatin1Char('*'), Qt::SkipEmptyParts)) {
        const qsizetype found = middle.indexOf(piece, at);
        if (found < 0)
            return false;
        at = found + piece.size();
    }
    return true;
}

} // namespace Sandbench
