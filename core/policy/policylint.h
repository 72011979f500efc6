#pragma once

#include "policy/jsonlocator.h"
#include "policy/policy.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace Sandbench {

// One thing worth a look in a policy, for the editor (a mark at `position`) and `policy lint`.
struct LintFinding
{
    enum class Severity { Info, Warning, Error };
    Severity severity = Severity::Info;
    // A stable id: broad-grant, leaves-sandbox, writable-path, writable-policy, ffi, shadowed,
    // duplicate, missing-path, metadata-host, loopback-host, no-sandbox.
    QString code;
    QString message;
    QString pointer;       // JSON Pointer of the entry ("/permissions/allow_run/0")
    TextPosition position; // of that value in `sourceJson` (line 1, column 1 without a source)

    bool operator==(const LintFinding &) const = default;
};

QString severityName(LintFinding::Severity severity);

struct LintOptions
{
    QString policyPath;   // the policy file itself: writing it is flagged
    QString homeDir;      // empty: this user's home
    QString pathVariable; // the PATH whose folders must not be writable; empty: this process's
};

// Errors break containment (leaves-sandbox, writable-path, writable-policy, ffi, metadata-host,
// secret-path: a credential file or folder, see sensitivepaths.h),
// warnings grant broadly or reach further than meant (broad-grant, no-sandbox, loopback-host, a
// program that does not exist), infos are tidiness (shadowed, duplicate, missing-path). Fast enough to run on every keystroke: no process, only stat.
QList<LintFinding> lintPolicy(const Policy &policy, const QString &baseDir, const QByteArray &sourceJson = {},
                              const LintOptions &options = {});

} // namespace Sandbench
