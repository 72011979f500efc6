#pragma once

#include "models/allowrule.h"
#include "policy/policy.h"

#include <optional>

class QWidget;

namespace Sandbench {

// "Allow this": asks whether `rule` should join `policy`, showing the rule and the policy's
// diff (added lines in colour, the plain diff under "Show Details"). The new policy when the
// person said yes.
std::optional<Policy> confirmAllowRule(QWidget *parent, const Policy &policy, const AllowRule &rule);

} // namespace Sandbench
