#include "replayvaluesdialog.h"

#include "common/terminaltext.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Sandbench {

ReplayValuesDialog::ReplayValuesDialog(const ReplayValueNames &names, QWidget *parent)
    : QDialog(parent)
    , m_names(names)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("replayValuesDialog"));
    setWindowTitle(tr("Values for the Replay"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("The session kept these variables by name only. Give their values to replay it "
                                "as recorded; they are used for this replay and not saved."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    const auto addField = [&](const QString &name, bool required) {
        auto *edit = new QLineEdit(this);
        edit->setObjectName(QStringLiteral("value:") + name);
        edit->setEchoMode(QLineEdit::Password);
        // No suggestions, no undo history to read back: a value may be a secret.
        edit->setAttribute(Qt::WA_InputMethodEnabled, false);
        edit->setPlaceholderText(required ? tr("required") : tr("optional: read from the recording machine"));
        // The names come from the session file: shown as text, never as markup or controls.
        auto *label = new QLabel(visibleText(name), this);
        label->setTextFormat(Qt::PlainText);
        label->setBuddy(edit);
        form->addRow(label, edit);
        m_fields << edit;
        connect(edit, &QLineEdit::textChanged, this, &ReplayValuesDialog::updateButton);
    };
    for (const QString &name : std::as_const(m_names.required))
        addField(name, true);
    for (const QString &name : std::as_const(m_names.optional))
        addField(name, false);
    layout->addLayout(form);
    QPushButton *replay = m_buttons->addButton(tr("Replay"), QDialogButtonBox::AcceptRole);
    replay->setObjectName(QStringLiteral("replayWithValues"));
    replay->setDefault(true);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_buttons);
    updateButton();
    if (!m_fields.isEmpty())
        m_fields.first()->setFocus();
}

ReplayValuesDialog::~ReplayValuesDialog() = default;

ReplayValues ReplayValuesDialog::values() const
{
    ReplayValues out;
    for (qsizetype i = 0; i < m_fields.size(); ++i) {
        const bool required = i < m_names.required.size();
        const QString name = required ? m_names.required.at(i) : m_names.optional.at(i - m_names.required.size());
        if (required || !m_fields.at(i)->text().isEmpty())
            out.insert(name, m_fields.at(i)->text());
    }
    return out;
}

QLineEdit *ReplayValuesDialog::field(const QString &name) const
{
    return findChild<QLineEdit *>(QStringLiteral("value:") + name);
}

QPushButton *ReplayValuesDialog::replayButton() const
{
    return findChild<QPushButton *>(QStringLiteral("replayWithValues"));
}

void ReplayValuesDialog::updateButton()
{
    bool complete = true;
    for (qsizetype i = 0; i < m_names.required.size(); ++i)
        complete = complete && !m_fields.at(i)->text().isEmpty();
    replayButton()->setEnabled(complete);
}

void ReplayValuesDialog::done(int result)
{
    // Return with an incomplete form is not an accept: the default button is disabled then.
    if (result == Accepted && !replayButton()->isEnabled())
        return;
    QDialog::done(result);
}

} // namespace Sandbench
