#pragma once

#include "audit/auditevent.h"
#include "policy/policy.h"
#include "policy/sensitivepaths.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace Sandbench {

// What the learner knows of the run(s) beyond the audit events.
struct LearnContext
{
    QString workdir;        // absolute; read and write there need no grant ("workdir" rule)
    QString entry;          // absolute entry file; reading it needs no grant ("entry" rule)
    SensitiveContext sensitive; // home and cache folders
    // Relative paths in events are taken from here (the runtime's start folder); empty: the
    // workdir, and without one such events are noted and not granted.
    QString baseDir;
};

// One list entry of the proposal and where it came from.
struct LearnedGrant
{
    QString list;       // allow_read, allow_write, allow_net, allow_listen, allow_env, allow_run,
                        // or after askForRareUses ask_read, ask_write, ask_net, ask_env, ask_run
    QString entry;      // as written in the policy
    int uses = 0;       // audit events it covers
    bool wasDenied = false; // at least one of them was denied in the run: the code wanted it
};

// A grant broader than what was used: a folder for files found in it.
struct Widening
{
    QString list;
    QString what;         // the folder granted
    QStringList covers;   // the exact entries it stands for (sorted)
    QString why;          // why that is safe
};

// A grant the learner would have made (or the widening it would have done) and did not.
struct Refusal
{
    QString list;     // the list it would have gone into; empty for a refused widening
    QString what;     // the path, host, name or folder
    QStringList covers; // for a refused widening: the exact entries granted instead
    QString why;
    bool wasDenied = false;
};

struct PolicyProposal
{
    Policy policy;            // sandbox: true, sorted lists
    QList<LearnedGrant> grants; // every entry of the policy's lists, in list then entry order
    QList<Widening> widenings;
    QList<Refusal> refusals;
    QStringList notes;
};

// Proposes the least-privilege policy that allows exactly what the events used. Allowed and
// denied events both count (a denied access is one the code wanted); the grants made for denied
// ones say so. Files are grouped into their folder only when at least groupThreshold distinct
// files directly in it were used and the folder is safe (sensitiveFolderReason); never above
// that folder. Hosts are exact with their port; sys and ffi are noted, never granted.
// The output depends on the set of events only, not on their order.
class PolicyLearner
{
public:
    static constexpr int groupThreshold = 3;

    explicit PolicyLearner(LearnContext context);
    PolicyProposal learn(const QList<AuditEvent> &events) const;

    // Moves every grant used at most maxUses times (a folder's: its files' uses together) from
    // its allow_* list to the matching ask_* list: what the code used rarely is held for a
    // person each time instead of allowed. allow_listen has no ask list and stays; a note says
    // which stayed. maxUses below 1 changes nothing.
    static void askForRareUses(PolicyProposal &proposal, int maxUses);

private:
    LearnContext m_context;
};

} // namespace Sandbench
