#pragma once

#include "policy/allowrule.h"
#include "policy/decisioncontext.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandbench {

// A piece of an explanation kept as its English template (marked for translation in the context
// "Sandbench::PolicyExplain") and the data set into it. The CLI and its JSON print it in English
// whatever the locale; the window says it in the user's language. The data (policy entries, rule
// names, paths) is never translated. `listArg`: the arguments are one list, joined by "and".
struct ExplainPhrase
{
    const char *source = "%1";
    QStringList args;
    bool listArg = false;

    QString english() const;
    // Through QCoreApplication::translate, i.e. the translators the application installed.
    QString translated() const;
};
// An explanation's sentence: its phrases one after the other.
using ExplainWords = QList<ExplainPhrase>;
QString englishText(const ExplainWords &words);
QString translatedText(const ExplainWords &words);

// Why a policy decides a question the way it does, and the smallest change that turns it.
struct Explanation
{
    Decision decision;
    // The deciding entry as written, e.g. "allow_read[2]": "/data", or the default in words:
    // "sandbox: nothing allows it".
    QString ruleText;
    ExplainWords ruleWords; // ruleText, translatable
    QString rulePointer;   // JSON Pointer of the deciding entry; empty when no entry decided
    QString flip;          // the smallest change that would flip the decision, in words
    ExplainWords flipWords; // flip, translatable
    std::optional<AllowRule> allowFlip; // for a deny: the entry to add (none if nothing can allow it)
    // For an allow: the JSON Pointer of the entry to remove ("/permissions/allow_read/2"),
    // empty when no single entry removal denies it (no sandbox, the workdir, ...).
    QString removeFlip;
    // What lint says of the entry allowFlip adds, when it is an error or a warning ("allow_run
    // \"bash\" (bash) runs whatever it is told ... [leaves-sandbox]"); empty otherwise.
    QString flipRisk;
};

// "Check": the decision for a question under `policy`, nothing run. The allow flip is verified:
// the policy with the added entry allows the question (else allowFlip stays empty), and so is the
// removal (the policy without that entry denies it).
Explanation explainDecision(const Policy &policy, const QString &baseDir, const PolicyQuestion &question,
                            const DecisionContext &context = {});
Explanation explainDecision(const Policy &policy, const QString &baseDir, const AuditEvent &event,
                            const DecisionContext &context = {});

// `policy` without the entry at `pointer` (a permission list or read_only_dirs entry).
Policy withoutEntry(const Policy &policy, const QString &pointer);

} // namespace Sandbench
