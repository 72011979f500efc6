#pragma once

#include "common/result.h"
#include "policy/policy.h"

#include <QByteArray>

namespace Sandbench {

// Every programmatic change of a policy text ("Allow this", a form edit, a template merge):
// the user's text changed into one that reads as `target`, by minimal edits (JsonTextEditor)
// of exactly the entries that differ: an added entry is inserted where its list is, a removed
// one taken out with its comma, a switch or option set in place or added at the end of its
// object. Everything else, byte for byte, stays: key order, spacing, empty arrays, line ends,
// a UTF-8 byte order mark, whatever follows. A text that is not a policy is refused with its
// line and column rather than rewritten, and the result is read back: if it does not read as
// `target` the edit is refused too (never a silently different policy).
Result<QByteArray> editPolicyText(const QByteArray &text, const Policy &target);

} // namespace Sandbench
