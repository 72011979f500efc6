#pragma once

#include "common/result.h"
#include "policy/policy.h"

#include <QByteArray>
#include <QString>

namespace Sandbench {

// The policy file: {"sandbox": bool, "permissions": {...}, "options": {...}}. Every error names
// where it is: "policy.json:3:5: unknown key \"alow_read\" in \"permissions\"".
Result<Policy> parsePolicy(const QByteArray &json, const QString &sourceName);
Result<Policy> readPolicyFile(const QString &path);

QByteArray policyToJson(const Policy &policy);
// Atomic: a crash while writing leaves the earlier file as it was.
VoidResult writePolicyFile(const QString &path, const Policy &policy);

} // namespace Sandbench
