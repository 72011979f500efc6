#include "runsecretsdialog.h"

#include "common/background.h"
#include "common/terminaltext.h"
#include "textroles.h"
#include "workbench/workbench.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Sandbench {

RunSecretsDialog::RunSecretsDialog(const QString &text, const QStringList &policyVariables, QWidget *parent)
    : QDialog(parent)
    , m_policyVariables(policyVariables)
    , m_field(new QLineEdit(this))
    , m_problem(new QLabel(this))
    , m_names(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Secrets for Runs"));
    m_field->setObjectName(QStringLiteral("runSecretsEdit"));
    m_problem->setObjectName(QStringLiteral("runSecretsProblem"));
    m_names->setObjectName(QStringLiteral("runSecretsNames"));
    m_field->setPlaceholderText(tr("e.g. OPENAI_API_KEY@api.openai.com; GH_TOKEN@api.github.com"));
    m_field->setMinimumWidth(440);
    m_field->setText(text);
    auto *hint = new QLabel(tr("NAME@HOST[,HOST...], separated by semicolons. The value is Sandbench's environment "
                               "variable NAME, or a file's content with NAME@HOST=file:/absolute/path: the code sees only "
                               "a placeholder as $NAME, which the run's proxy replaces in request headers to those hosts "
                               "over HTTPS. The policy still decides every connection. Values are never shown or saved."),
                            this);
    hint->setWordWrap(true);
    // What was typed is quoted in the problem line: plain text, never markup.
    m_problem->setTextFormat(Qt::PlainText);
    m_problem->setWordWrap(true);
    setTextRole(m_problem, TextRole::Error);
    m_names->setTextFormat(Qt::PlainText);
    m_names->setWordWrap(true);
    const int twoLines = 2 * fontMetrics().lineSpacing() + 4;
    m_problem->setMinimumHeight(twoLines);
    m_names->setMinimumHeight(twoLines);
    auto *form = new QFormLayout;
    form->addRow(tr("&Secrets:"), m_field);
    // The wrapped texts sit in the box, not the form, so the dialog's height follows them.
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(hint);
    layout->addWidget(m_names);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_field, &QLineEdit::textChanged, this, &RunSecretsDialog::validate);
    setMinimumWidth(560);
    validate();
    adjustSize();
}

QString RunSecretsDialog::text() const
{
    return m_field->text().trimmed();
}

QPushButton *RunSecretsDialog::okButton() const
{
    return m_buttons->button(QDialogButtonBox::Ok);
}

void RunSecretsDialog::accept()
{
    if (m_reading)
        return;
    const QString text = m_field->text();
    if (!Workbench::secretsReadFiles(text))
        return QDialog::accept(); // m_secrets holds the environment's values, checked as typed
    m_reading = true;
    okButton()->setEnabled(false);
    m_field->setReadOnly(true);
    m_names->setText(tr("Reading the files\u2026"));
    runInBackground(this, [text, variables = m_policyVariables] { return Workbench::parseRunSecrets(text, Workbench::SecretFiles::Read, variables); },
                    [this](const Result<QList<SandboxSecret>> &read) {
        m_reading = false;
        if (!isVisible())
            return; // cancelled while the files were read
        m_field->setReadOnly(false);
        if (!read) {
            m_names->hide();
            m_problem->setText(visibleText(read.error().message));
            m_problem->show();
            okButton()->setEnabled(true);
            return;
        }
        m_secrets = *read;
        QDialog::accept();
    });
}

void RunSecretsDialog::validate()
{
    auto secrets = Workbench::parseRunSecrets(m_field->text(), Workbench::SecretFiles::Deferred, m_policyVariables);
    const QString problem = secrets ? QString() : visibleText(secrets.error().message);
    m_secrets = secrets ? *secrets : QList<SandboxSecret>();
    QStringList names;
    for (const SandboxSecret &s : std::as_const(m_secrets))
        names << tr("%1 for %2").arg(visibleText(s.name), visibleText(s.hosts.join(QStringLiteral(", "))));
    m_names->setText(names.isEmpty() ? tr("Runs get no secrets.") : tr("Each run gets: %1").arg(names.join(QStringLiteral("; "))));
    // One place for either, its room kept, so the dialog never changes size as one types.
    m_names->setVisible(problem.isEmpty());
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    okButton()->setEnabled(problem.isEmpty());
}

} // namespace Sandbench
