#pragma once

#include "common/result.h"
#include "policy/policy.h"

#include <QByteArray>
#include <QString>

namespace Sandbench {

struct PolicyParseOptions
{
    // `/`, `/proc`, `/sys`, `/dev`, the home folder (and /home, /root) as allow_read,
    // allow_write or read_only_dirs grant far more than anyone means to: refused unless the user
    // says so explicitly (run --allow-sensitive-roots), never because a file says so.
    bool allowSensitiveRoots = false;
    QString baseDir; // where relative paths resolve for that check; the current folder if empty
    QString homeDir; // empty: this user's home
};

// The most a policy file may hold, for every reader of one (the CLI, the editor, a replay).
constexpr qint64 kMaxPolicyFileBytes = 4 * 1024 * 1024;

// The policy file: {"sandbox": bool, "permissions": {...}, "options": {...}, "approvals": {...}}
// (the last for the agent server only). Strict JSON (no
// duplicate keys, no raw line breaks in strings, a UTF-8 BOM skipped); every error names where
// it is: "policy.json:3:5: unknown key \"alow_read\" in \"permissions\"", and every entry is
// checked where it stands (an allow_net entry that can never match is refused at its line).
Result<Policy> parsePolicy(const QByteArray &json, const QString &sourceName, const PolicyParseOptions &options = {});
// Regular files of at most 4 MiB only (checked on the opened file: a FIFO or /dev/zero fails at once).
Result<Policy> readPolicyFile(const QString &path, const PolicyParseOptions &options = {});

// Why an absolute path may not be granted without --allow-sensitive-roots; empty if it may.
QString sensitiveRootReason(const QString &absolutePath, const QString &homeDir = {});

QByteArray policyToJson(const Policy &policy);
// Atomic: a crash while writing leaves the earlier file as it was.
VoidResult writePolicyFile(const QString &path, const Policy &policy);

} // namespace Sandbench
