#pragma once

#include "audit/auditevent.h"
#include "models/allowrule.h"
#include "policy/policy.h"

#include <QList>
#include <QString>

namespace Sandbench {

// How wide an "Allow this" rule reaches: the resource exactly as denied, or one step wider
// (a file's folder, a host on any port, every name under a domain).
struct AllowScope
{
    enum class Kind { Exact, Folder, AnyPort, Subdomains };
    Kind kind = Kind::Exact;
    AllowRule rule;
    QString label; // "this file", "its folder", ... (translated through QCoreApplication)

    bool operator==(const AllowScope &) const = default;
};

// One distinct denied resource of a set of events, with the scopes it may be allowed in.
struct AllowCandidate
{
    AuditEvent event;          // the first denial of this resource
    int denials = 0;           // how many of the events asked for it
    QList<AllowScope> scopes;  // narrowest first; empty when every scope is refused
    QStringList refused;       // the wider scopes not offered, each with why
    // Set by flagCautions: the lint errors even the narrowest scope adds (a credential file, a
    // program that runs anything, a metadata host, ...). Still offered, since the user may mean
    // it, but never preselected.
    QString caution;
};

// The scopes offered for a denied event, narrowest first. A scope whose path is a sensitive root
// (sensitiveRootReason: "/", /proc, /sys, /dev, a home folder) is never offered: it lands in
// `refused` with the reason, since the policy parser would refuse it anyway and a click must not
// grant a whole home. A folder is not offered either where policy learn would not widen into it
// (sensitiveFolderReason: /etc, ~/.ssh, a folder holding one of those places). Hosts widen to any port and to "*.parent" (only below a registrable
// name: "*.com" is never offered, nor any wildcard for an IP or a cloud metadata endpoint).
// env, run and listen have the exact scope only. Relative paths get the exact scope only: what
// they are relative to is the runtime's folder, unknown here.
AllowCandidate allowCandidateFor(const AuditEvent &event, const QString &homeDir = {});

// The distinct denied resources of `events` (same kind, action and resource counted once), in
// the order first seen; allowed events and those with no allow list (sys, ffi, ...) are left out.
QList<AllowCandidate> allowCandidates(const QList<AuditEvent> &events, const QString &homeDir = {});

// Fills each candidate's `caution` with the lint errors (severity Error, one per line, with the
// rule's code) of its narrowest scope's rule; empty when none, or when `policy` already grants it.
void flagCautions(QList<AllowCandidate> &candidates, const Policy &policy, const QString &baseDir);

// `policy` with every rule added (in order, no duplicates), as withRule does for one.
Policy withRules(const Policy &policy, const QList<AllowRule> &rules);

} // namespace Sandbench
