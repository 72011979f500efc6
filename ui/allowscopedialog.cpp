#include "allowscopedialog.h"

#include "common/terminaltext.h"

#include "policy/policyfile.h"
#include "policy/policylint.h"
#include "policy/policytextedit.h"
#include "theme.h"

#include <QColor>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QTextEdit>
#include <QVBoxLayout>

namespace Sandbench {

QString policyDiffHtml(const QStringList &diff)
{
    QString html;
    for (const QString &line : diff) {
        // The diff quotes denied resources: a bidi override in one is shown, not obeyed.
        const QString escaped = visibleText(line).toHtmlEscaped();
        if (line.startsWith(QLatin1Char('+')))
            html += QStringLiteral("<span style=\"color:#2da44e\">%1</span>\n").arg(escaped);
        else if (line.startsWith(QLatin1Char('-')))
            html += QStringLiteral("<span style=\"color:#e5484d\">%1</span>\n").arg(escaped);
        else
            html += escaped + QLatin1Char('\n');
    }
    return html;
}

namespace {

// The errors and warnings of lint, each as one line, to tell the new ones apart.
QStringList risks(const Policy &policy, const QString &baseDir)
{
    QStringList out;
    for (const LintFinding &f : lintPolicy(policy, baseDir))
        if (f.severity != LintFinding::Severity::Info)
            out << QStringLiteral("%1 [%2]").arg(f.message, f.code);
    return out;
}

} // namespace

AllowScopeDialog::AllowScopeDialog(const Policy &policy, const QString &baseDir,
                                   const QList<AllowCandidate> &candidates, QWidget *parent, const QString &policyText)
    : QDialog(parent)
    , m_policy(policy)
    , m_candidates(candidates)
    , m_table(new QTableWidget(int(candidates.size()), ColumnCount, this))
    , m_diff(new QTextEdit(this))
    , m_summary(new QLabel(this))
    , m_refusedNote(new QLabel(this))
    , m_riskNote(new QLabel(this))
    , m_baseDir(baseDir)
    , m_lintBefore(risks(policy, baseDir))
    , m_policyText(policyText.isEmpty() ? QString::fromUtf8(policyToJson(policy)) : policyText)
{
    flagCautions(m_candidates, m_policy, m_baseDir);
    setObjectName(QStringLiteral("allowScopeDialog"));
    setWindowTitle(tr("Allow Denied Access"));
    m_table->setObjectName(QStringLiteral("allowScopeTable"));
    m_table->setAccessibleName(tr("Denied resources"));
    m_table->setHorizontalHeaderLabels({tr("Allow"), tr("Kind"), tr("Resource"), tr("Denials"), tr("Scope")});
    m_table->verticalHeader()->hide();
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setWordWrap(false);
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(ResourceColumn, QHeaderView::Stretch);
    for (int c : {IncludeColumn, KindColumn, DenialsColumn, ScopeColumn})
        header->setSectionResizeMode(c, QHeaderView::ResizeToContents);

    for (int row = 0; row < m_candidates.size(); ++row) {
        const AllowCandidate &c = m_candidates.at(row);
        const bool offered = !c.scopes.isEmpty();
        auto *include = new QTableWidgetItem;
        include->setFlags(offered ? Qt::ItemIsUserCheckable | Qt::ItemIsEnabled : Qt::NoItemFlags);
        // A credential is never allowed by accepting the dialog as it opens: its box is to tick.
        include->setCheckState(offered && c.caution.isEmpty() ? Qt::Checked : Qt::Unchecked);
        if (!c.caution.isEmpty())
            include->setToolTip(visibleLines(tr("Not ticked: %1").arg(c.caution)));
        m_table->setItem(row, IncludeColumn, include);
        // What is allowed must read as what it is: "report\u202egnp.sh" is no "reporths.png".
        m_table->setItem(row, KindColumn, new QTableWidgetItem(visibleText(c.event.kind)));
        auto *resource = new QTableWidgetItem(visibleText(c.event.resource));
        QString tip = c.event.resource;
        if (!c.caution.isEmpty()) {
            tip += QStringLiteral("\n\n") + tr("Not ticked: %1").arg(c.caution);
            resource->setForeground(isDarkPalette(palette()) ? QColor(0xff, 0x7b, 0x72) : QColor(0xcf, 0x22, 0x2e));
        }
        if (!c.refused.isEmpty())
            tip += QStringLiteral("\n\n") + tr("Not offered:") + QStringLiteral("\n\u2022 ")
                   + c.refused.join(QStringLiteral("\n\u2022 "));
        resource->setToolTip(visibleLines(tip));
        m_table->setItem(row, ResourceColumn, resource);
        auto *denials = new QTableWidgetItem(QLocale().toString(c.denials));
        denials->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, DenialsColumn, denials);
        for (int col = KindColumn; col <= DenialsColumn; ++col)
            m_table->item(row, col)->setFlags(Qt::ItemIsEnabled);
        if (!offered) {
            auto *none = new QTableWidgetItem(tr("not offered"));
            none->setFlags(Qt::NoItemFlags);
            none->setToolTip(visibleLines(c.refused.join(QLatin1Char('\n'))));
            m_table->setItem(row, ScopeColumn, none);
            continue;
        }
        auto *box = new QComboBox(m_table);
        box->setAccessibleName(visibleText(tr("Scope for %1").arg(c.event.resource)));
        for (const AllowScope &scope : c.scopes)
            box->addItem(visibleText(QStringLiteral("%1 \u2014 %2").arg(scope.label, scope.rule.value)));
        if (!c.refused.isEmpty())
            box->setToolTip(visibleLines(tr("Not offered:") + QLatin1Char('\n') + c.refused.join(QLatin1Char('\n'))));
        connect(box, &QComboBox::currentIndexChanged, this, &AllowScopeDialog::updateDiff);
        m_table->setCellWidget(row, ScopeColumn, box);
    }
    QStringList refused;
    for (const AllowCandidate &c : std::as_const(m_candidates))
        for (const QString &why : c.refused)
            refused << visibleText(QStringLiteral("\u2022 %1 \u2014 %2").arg(c.event.resource, why));
    m_refusedNote->setObjectName(QStringLiteral("allowScopeRefused"));
    m_refusedNote->setTextFormat(Qt::PlainText);
    m_refusedNote->setWordWrap(true);
    m_refusedNote->setText(tr("Not offered:") + QLatin1Char('\n') + refused.join(QLatin1Char('\n')));
    m_refusedNote->setVisible(!refused.isEmpty());
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (item->column() == IncludeColumn)
            updateDiff();
    });

    m_diff->setObjectName(QStringLiteral("allowScopeDiff"));
    m_diff->setAccessibleName(tr("Policy changes"));
    m_diff->setReadOnly(true);
    m_diff->setLineWrapMode(QTextEdit::NoWrap);
    m_diff->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_apply = buttons->button(QDialogButtonBox::Ok);
    m_apply->setText(tr("&Apply to Policy"));
    m_apply->setToolTip(tr("Put the changed policy into the policy editor (not saved yet)"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *intro = new QLabel(tr("Choose how wide each rule reaches. Folders such as / or your home "
                                "folder are never offered."), this);
    intro->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_table, 2);
    layout->addWidget(m_refusedNote);
    layout->addWidget(new QLabel(tr("The policy changes like this:"), this));
    layout->addWidget(m_diff, 3);
    m_riskNote->setObjectName(QStringLiteral("allowScopeRisks"));
    m_riskNote->setTextFormat(Qt::PlainText);
    m_riskNote->setWordWrap(true);
    QPalette warn = m_riskNote->palette();
    warn.setColor(QPalette::WindowText, isDarkPalette(warn) ? QColor(0xff, 0x7b, 0x72) : QColor(0xcf, 0x22, 0x2e));
    m_riskNote->setPalette(warn);
    layout->addWidget(m_riskNote);
    layout->addWidget(m_summary);
    layout->addWidget(buttons);
    resize(900, 620);
    updateDiff();
}

QComboBox *AllowScopeDialog::scopeBox(int row) const
{
    return qobject_cast<QComboBox *>(m_table->cellWidget(row, ScopeColumn));
}

void AllowScopeDialog::setIncluded(int row, bool included)
{
    if (QTableWidgetItem *item = m_table->item(row, IncludeColumn); item && (item->flags() & Qt::ItemIsEnabled))
        item->setCheckState(included ? Qt::Checked : Qt::Unchecked);
}

bool AllowScopeDialog::isIncluded(int row) const
{
    const QTableWidgetItem *item = m_table->item(row, IncludeColumn);
    return item && item->checkState() == Qt::Checked && scopeBox(row);
}

QList<AllowRule> AllowScopeDialog::chosenRules() const
{
    QList<AllowRule> rules;
    for (int row = 0; row < m_candidates.size(); ++row) {
        if (!isIncluded(row))
            continue;
        const int scope = scopeBox(row)->currentIndex();
        const QList<AllowScope> &scopes = m_candidates.at(row).scopes;
        if (scope >= 0 && scope < scopes.size() && !rules.contains(scopes.at(scope).rule))
            rules << scopes.at(scope).rule;
    }
    return rules;
}

Policy AllowScopeDialog::resultPolicy() const
{
    return withRules(m_policy, chosenRules());
}

void AllowScopeDialog::updateDiff()
{
    const QList<AllowRule> rules = chosenRules();
    // The diff is of the text that Apply puts in the editor, made here once: what is shown is
    // what is applied, and everything the user wrote around it stays.
    const auto edited = editPolicyText(m_policyText.toUtf8(), withRules(m_policy, rules));
    m_resultText = edited ? QString::fromUtf8(*edited) : QString();
    const QStringList diff = edited ? lineDiff(m_policyText, m_resultText) : QStringList();
    m_diffPlain = diff.join(QLatin1Char('\n'));
    // A diff keeps its lines; the reason it cannot be made wraps, to be read whole.
    m_diff->setLineWrapMode(edited ? QTextEdit::NoWrap : QTextEdit::WidgetWidth);
    if (edited)
        m_diff->setHtml(QStringLiteral("<pre>%1</pre>").arg(policyDiffHtml(diff)));
    else
        m_diff->setPlainText(visibleLines(tr("The policy text cannot take the rules: %1").arg(edited.error().message)));
    m_summary->setText(!edited          ? tr("Nothing can be applied until the policy text reads again.")
                       : rules.isEmpty() ? tr("Nothing chosen: the policy stays as it is.")
                                         : tr("%Ln rule(s) to add.", nullptr, int(rules.size())));
    m_apply->setEnabled(!rules.isEmpty() && edited && m_resultText != m_policyText);
    QStringList fresh;
    if (!rules.isEmpty())
        for (const QString &risk : risks(withRules(m_policy, rules), m_baseDir))
            if (!m_lintBefore.contains(risk))
                fresh << QStringLiteral("\u2022 ") + visibleText(risk);
    m_riskNote->setText(tr("Look again before you apply:") + QLatin1Char('\n') + fresh.join(QLatin1Char('\n')));
    m_riskNote->setVisible(!fresh.isEmpty());
}

} // namespace Sandbench
