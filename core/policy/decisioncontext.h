#pragma once

#include "audit/auditevent.h"
#include "policy/jsonlocator.h"
#include "policy/policymatcher.h"

#include <QString>
#include <QStringList>

namespace Sandbench {

// One permission question, as the runtime asks it: `kind` is read, write, net, env, run, sys or
// ffi; `hasValue` false asks for the whole kind ("every variable").
struct PolicyQuestion
{
    QString kind;
    QString value;
    bool hasValue = true;
};

// The question an audit event answered (an empty resource asked for the whole kind).
PolicyQuestion questionFor(const AuditEvent &event);

// What a run decides by besides the policy: where its workdir and entry were, Sandbench's own
// files. Empty fields mean "as the policy says" (its workdir against the base folder) or none.
// Analysing a recording with the recording's context gives the decisions a real run (a replay)
// would make; see recordeddecisions.h for the context of a session.
struct DecisionContext
{
    QString workdir;
    QString entry;
    QStringList internal;
    QStringList protectedPaths;
};

// A module of the start-up graph (the entry and what it imports, read before the code runs):
// the namespace holds these files whatever the policy, and the broker logs them allowed ("code",
// a rule, or "namespace"). A run under another policy allows them too.
bool isStartUpLoad(const AuditEvent &event);

// How a run under the matcher's policy would decide a recorded event: the matcher's answer, but a
// start-up module stays allowed (rule "namespace" when no rule allows it).
Decision decideRecorded(const PolicyMatcher &matcher, const AuditEvent &event);

// The matcher a run under `policy` would build, from the context (PreparedRun's rules).
PolicyMatcher::Setup matcherSetupFor(const Policy &policy, const QString &baseDir, const DecisionContext &context);

// Where a rule name of a Decision is written in `policy`'s file: "allow_read[2]" is
// "/permissions/allow_read/2", "read_only_dirs[0]" is "/options/read_only_dirs/0",
// "allow_run[*]" the "*" entry, "workdir" is "/options/workdir" when the policy sets one, "env"
// is "/options/env/NAME" (`value` is the variable); empty for a rule that is no entry of the file
// (the sandbox default, "no sandbox", "protected", "system", "entry", ...).
QString rulePointer(const Policy &policy, const QString &rule, const QString &value = {});

// The entry at `pointer` as written: "allow_read[2]": "/data"; empty when there is none.
// (The value is the file's text: escape it before it reaches a terminal.)
QString entryText(const Policy &policy, const QString &pointer);

// The JSON Pointer of entry `index` of permission list `key` ("allow_read").
QString listPointer(const QString &key, qsizetype index);

// The list of `policy` a key names (allow_read ... allow_listen, read_only_dirs); null if none.
const QStringList *policyList(const Policy &policy, const QString &key);
QStringList *policyList(Policy &policy, const QString &key);
// The permission list keys, in file order, then read_only_dirs.
const QStringList &policyListKeys();

} // namespace Sandbench
