#pragma once

#include "audit/auditevent.h"
#include "policy/policy.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace Sandbench {

// The rule that would have allowed a denied decision: "Allow this" in the audit browser.
struct AllowRule
{
    QString key;   // the policy file's list: allow_read, allow_write, allow_net, allow_env, allow_run
    QString value; // the entry to add

    // How it reads in the policy file: "allow_read": "/etc/hostname"
    QString displayText() const;
    bool operator==(const AllowRule &) const = default;
};

// The rule for an event, or none when the event's kind has no allow list (sys, ffi, import)
// or it asked for everything at once (env or run with no name).
std::optional<AllowRule> allowRuleFor(const AuditEvent &event);

// `policy` with the rule added (no duplicate). A sandboxed policy needs nothing else; one with
// the kind's deny switch on gets it turned off, since the switch would win over the list.
Policy withRule(const Policy &policy, const AllowRule &rule);

// A line diff of two texts, "- " and "+ " for removed and added lines, "  " for context lines
// within `context` lines of a change. Used to preview what "Allow this" does to the policy file.
QStringList lineDiff(const QString &before, const QString &after, int context = 1);

} // namespace Sandbench
