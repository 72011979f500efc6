#include "allowruledialog.h"

#include "policy/policyfile.h"

#include <QCoreApplication>
#include <QMessageBox>

namespace Sandbench {

std::optional<Policy> confirmAllowRule(QWidget *parent, const Policy &policy, const AllowRule &rule)
{
    const Policy &before = policy;
    const Policy after = withRule(before, rule);
    const QString diff = lineDiff(QString::fromUtf8(policyToJson(before)),
                                  QString::fromUtf8(policyToJson(after)))
                             .join(QLatin1Char('\n'));
    QMessageBox box(QMessageBox::Question, QCoreApplication::translate("AllowRuleDialog", "Allow This"),
                    QCoreApplication::translate("AllowRuleDialog", "Add this rule to the policy?\n\n%1").arg(rule.displayText()),
                    QMessageBox::Yes | QMessageBox::Cancel, parent);
    box.setObjectName(QStringLiteral("allowConfirmation"));
    // The diff in view at once, in a fixed font, with added lines marked in colour.
    QString html;
    for (const QString &line : diff.split(QLatin1Char('\n'))) {
        const QString escaped = line.toHtmlEscaped();
        if (line.startsWith(QLatin1Char('+')))
            html += QStringLiteral("<span style=\"color:#2da44e\">%1</span>\n").arg(escaped);
        else if (line.startsWith(QLatin1Char('-')))
            html += QStringLiteral("<span style=\"color:#e5484d\">%1</span>\n").arg(escaped);
        else
            html += escaped + QLatin1Char('\n');
    }
    box.setTextFormat(Qt::PlainText);
    box.setInformativeText(QStringLiteral("<p>%1</p><pre>%2</pre>")
                               .arg(QCoreApplication::translate("AllowRuleDialog", "The policy changes like this:").toHtmlEscaped(), html));
    box.setDetailedText(diff);
    box.setDefaultButton(QMessageBox::Yes);
    if (box.exec() != QMessageBox::Yes)
        return std::nullopt;
    return after;
}

} // namespace Sandbench
