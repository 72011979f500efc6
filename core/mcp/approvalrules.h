#pragma once

#include "common/result.h"
#include "mcp/toolcatalogue.h"
#include "policy/policy.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringView>

namespace Sandbench {

enum class ApprovalAction { Allow, Ask, Deny };

// What the rules decided for one call, and which of them decided it (for the record and the
// agent's error): "--approve code.run", "approvals rule 2 (policy.json:7:17)", "approvals default".
struct ApprovalVerdict
{
    ApprovalAction action = ApprovalAction::Allow;
    QString rule;
};

// The agent server's approval rules: the --approve tools (ask, in front), then the policy's
// "approvals" rules in order, the first that matches deciding; the section's default decides
// the rest ("allow" without one, so a server without the section runs every call as before).
// A tool glob and an argument pattern match the whole name or string value, `*` standing for
// any run of characters (none included) and every other character for itself, case and all.
class ApprovalRules
{
public:
    ApprovalRules() = default;

    // Checks the rules against the tools the server offers: a tool glob that matches none of
    // them, or an argument pattern on no string argument of the tools it matches, can never
    // decide anything and is refused where it stands in the file.
    static Result<ApprovalRules> make(const ApprovalSection &section, const QStringList &approve, const QList<ToolSpec> &tools);

    // `arguments` are the call's, checked against the tool's schema already.
    ApprovalVerdict decide(const QString &tool, const QJsonObject &arguments) const;
    // Whether any call may be held for a person (the server then needs an approver socket).
    bool mayAsk() const;

    // Whole-string glob with `*` only: one search per piece between stars, no backtracking.
    static bool globMatch(QStringView pattern, QStringView text);

private:
    struct Rule
    {
        QString tool;
        QList<std::pair<QString, QString>> arguments;
        ApprovalAction action = ApprovalAction::Allow;
        QString name;
    };
    QList<Rule> m_rules;
    ApprovalAction m_default = ApprovalAction::Allow;
};

} // namespace Sandbench
