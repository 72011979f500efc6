#pragma once

#include "policy/policy.h"

namespace Sandbench {

// The policy an observe run (policy learn SCRIPT) is decided by: the run options and grants the
// user gave, without the sandbox, so that whatever is not denied is allowed and audited, inside
// the usual namespaces and limits. Programs are denied (deny_run; allow_run entries still
// allow): a program started outside the broker could read any file. The credential and system
// places and writes outside the workdir are denied by the observe flag of the run
// (ExecRequest::observe), which holds whatever this policy says.
Policy learningPolicy(const Policy &runOptions);

} // namespace Sandbench
