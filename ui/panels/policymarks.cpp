#include "policymarks.h"

#include "common/terminaltext.h"
#include "policy/jsonlocator.h"

#include <QApplication>
#include <QCoreApplication>
#include <QStyle>

namespace Sandbench {

namespace {

// The marks' texts, in the context "PolicyMarks". Called as PolicyMarksText::tr so that lupdate
// files them under that context too (a free PolicyMarksText::tr() wrapper made it file them under "Sandbench",
// and nothing was translated).
struct PolicyMarksText
{
    Q_DECLARE_TR_FUNCTIONS(PolicyMarks)
};

QColor colorOf(LintFinding::Severity severity)
{
    switch (severity) {
    case LintFinding::Severity::Error: return QColor(0xe5, 0x48, 0x4d);
    case LintFinding::Severity::Warning: return QColor(0xd2, 0x99, 0x22);
    case LintFinding::Severity::Info: break;
    }
    return QColor(0x3b, 0x82, 0xf6);
}

QIcon iconOf(LintFinding::Severity severity)
{
    QStyle *style = QApplication::style();
    switch (severity) {
    case LintFinding::Severity::Error: return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case LintFinding::Severity::Warning: return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case LintFinding::Severity::Info: break;
    }
    return style->standardIcon(QStyle::SP_MessageBoxInformation);
}

QString severityWord(LintFinding::Severity severity)
{
    switch (severity) {
    case LintFinding::Severity::Error: return PolicyMarksText::tr("Error");
    case LintFinding::Severity::Warning: return PolicyMarksText::tr("Warning");
    case LintFinding::Severity::Info: break;
    }
    return PolicyMarksText::tr("Note");
}

// The list a denial's entry would go into ("/permissions/allow_read/-" → "/permissions/allow_read"),
// or the nearest part of the file that exists, so the mark stands where the fix goes.
TextPosition denialPosition(const DenialHit &hit, const JsonLocator &locator)
{
    QString pointer = hit.insertPointer;
    if (pointer.endsWith(QLatin1String("/-")))
        pointer.chop(2);
    while (!pointer.isEmpty()) {
        if (locator.hasValue(pointer))
            return locator.keyPosition(pointer);
        pointer.truncate(pointer.lastIndexOf(QLatin1Char('/')));
    }
    return TextPosition{};
}

} // namespace

PolicyMarks policyMarks(const QList<LintFinding> &findings, const PolicyUsage *usage, const JsonLocator &locator)
{
    PolicyMarks marks;
    for (const LintFinding &finding : findings) {
        // Marks quote the policy and the run's audit (a denied resource): shown, not obeyed.
        const QString message = visibleText(QStringLiteral("%1: %2 [%3]").arg(severityWord(finding.severity), finding.message, finding.code));
        marks.lines << CodeEditor::LineMark{finding.position.line, finding.position.column, colorOf(finding.severity), message};
        marks.entries << PolicyForm::EntryMark{finding.pointer, iconOf(finding.severity), message};
    }
    QStringList summary;
    if (!findings.isEmpty())
        summary << PolicyMarksText::tr("%n lint finding(s)", nullptr, int(findings.size()));
    if (usage && usage->events > 0) {
        const QColor unusedColor(0x8b, 0x94, 0x9e);
        const QIcon unusedIcon = QApplication::style()->standardIcon(QStyle::SP_DialogDiscardButton);
        const QList<GrantUse> unused = usage->unusedGrants();
        for (const GrantUse &grant : unused) {
            const QString message = visibleText(PolicyMarksText::tr("Unused in this run: \"%1\" in %2 allowed nothing").arg(grant.value, grant.key));
            marks.lines << CodeEditor::LineMark{grant.position.line, grant.position.column, unusedColor, message};
            marks.entries << PolicyForm::EntryMark{grant.pointer, unusedIcon, message};
        }
        const QColor deniedColor(0xa3, 0x71, 0xf7);
        const QIcon deniedIcon = QApplication::style()->standardIcon(QStyle::SP_MessageBoxQuestion);
        for (const DenialHit &hit : usage->denials) {
            const QString allow = hit.allowRule ? PolicyMarksText::tr("%1 would allow it").arg(hit.allowRule->displayText())
                                                : PolicyMarksText::tr("no entry can allow it");
            const QString message = visibleText(PolicyMarksText::tr("Denied in this run (%1\u00d7): %2 %3 \u2014 %4")
                                            .arg(hit.count).arg(hit.action, hit.resource, allow));
            const TextPosition at = denialPosition(hit, locator);
            marks.lines << CodeEditor::LineMark{at.line, at.column, deniedColor, message};
            marks.entries << PolicyForm::EntryMark{hit.insertPointer, deniedIcon, message};
        }
        summary << PolicyMarksText::tr("in this run: %n unused grant(s)", nullptr, int(unused.size()))
                << PolicyMarksText::tr("%n denied resource(s)", nullptr, int(usage->denials.size()));
    }
    marks.summary = summary.join(QStringLiteral(" \u00b7 "));
    return marks;
}

} // namespace Sandbench
