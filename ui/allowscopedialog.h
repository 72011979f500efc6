#pragma once

#include "models/allowscope.h"
#include "policy/policy.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;
class QTextEdit;

namespace Sandbench {

// A line diff (lineDiff) as HTML for a <pre>: added lines green, removed red, all escaped.
QString policyDiffHtml(const QStringList &diff);

// "Allow this" for many denials at once: one row per distinct denied resource, each with a
// check box and a choice of scope (this file / its folder, this host:port / the host / *.domain),
// and the policy diff of every chosen rule together. Scopes that would grant a sensitive root
// are not in the choice at all; the row's tooltip says which were left out and why.
class AllowScopeDialog : public QDialog
{
    Q_OBJECT
public:
    // `baseDir` is where the policy's relative paths start (for the lint of the result).
    // `policyText` is the text the rules go into (the editor's, as the user wrote it): the diff
    // shows the minimal edit of exactly that text (editPolicyText), the very bytes resultText()
    // gives to apply. Without one, the text is made from `policy`.
    AllowScopeDialog(const Policy &policy, const QString &baseDir, const QList<AllowCandidate> &candidates,
                     QWidget *parent = nullptr, const QString &policyText = {});

    QTableWidget *table() const { return m_table; }
    // The scope choice of `row`; null for a row with nothing to offer.
    QComboBox *scopeBox(int row) const;
    void setIncluded(int row, bool included);
    bool isIncluded(int row) const;
    QPushButton *applyButton() const { return m_apply; }
    // The scopes left out, each with why ("Not offered: ..."); hidden when there are none.
    QLabel *refusedNote() const { return m_refusedNote; }
    // What policy lint warns about in the chosen rules (new errors and warnings only); hidden
    // when it has nothing to say.
    QLabel *riskNote() const { return m_riskNote; }

    QList<AllowRule> chosenRules() const;
    Policy resultPolicy() const;
    // The policy text with the chosen rules in it: what Apply puts into the editor. Empty when
    // the text cannot be edited (the diff area then says why and Apply is off).
    QString resultText() const { return m_resultText; }
    // The diff as shown, in plain text ("+ " lines added): lineDiff(policy text, resultText()).
    QString diffText() const { return m_diffPlain; }

    enum Column { IncludeColumn, KindColumn, ResourceColumn, DenialsColumn, ScopeColumn, ColumnCount };

private:
    void updateDiff();

    Policy m_policy;
    QList<AllowCandidate> m_candidates;
    QTableWidget *m_table;
    QTextEdit *m_diff;
    QLabel *m_summary;
    QLabel *m_refusedNote;
    QLabel *m_riskNote;
    QString m_baseDir;
    QStringList m_lintBefore;
    QPushButton *m_apply;
    QString m_diffPlain;
    QString m_policyText;
    QString m_resultText;
};

} // namespace Sandbench
