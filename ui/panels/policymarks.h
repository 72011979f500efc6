#pragma once

#include "codeeditor.h"
#include "policyform.h"
#include "policy/policydiff.h"
#include "policy/policylint.h"

#include <QList>

namespace Sandbench {

class JsonLocator;

// What the policy editor marks beside the JSON lines and the form's entries: the lint findings
// of the text, and, with the decisions of a run, each grant that allowed nothing ("unused in
// this run") and each denial with the entry that would allow it.
struct PolicyMarks
{
    QList<CodeEditor::LineMark> lines;
    QList<PolicyForm::EntryMark> entries;
    QString summary; // one line for the status bar; empty when there is nothing to say
};

PolicyMarks policyMarks(const QList<LintFinding> &findings, const PolicyUsage *usage, const JsonLocator &locator);

} // namespace Sandbench
