#include "learningpolicy.h"

namespace Sandbench {

Policy learningPolicy(const Policy &runOptions)
{
    Policy policy = runOptions;
    policy.sandbox = false;
    policy.permissions.denyFs = false;
    policy.permissions.denyNet = false;
    policy.permissions.denyEnv = false;
    // Programs are the one thing the broker cannot follow: denied, and audited as wanted.
    policy.permissions.denyRun = true;
    policy.permissions.allowRun.removeAll(QStringLiteral("*"));
    return policy;
}

} // namespace Sandbench
