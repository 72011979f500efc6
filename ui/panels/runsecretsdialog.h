#pragma once

#include "sandbox/sandboxtypes.h"

#include <QDialog>
#include <QList>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace Sandbench {

// Run → Secrets…: the secrets the window's runs get (`run --secret` of the CLI). Entries are
// NAME@HOST[,HOST...] separated by semicolons, each value the application's own environment
// variable NAME or, with =file:PATH, a regular file's content, checked as they are typed
// (Workbench::parseRunSecrets; files are read when OK is pressed); OK is disabled while one is
// wrong. The code sees a placeholder; the run's proxy puts the value in request headers
// to those hosts only. Values are shown nowhere and never saved: the window keeps the list in
// memory until it closes or the list is changed here.
class RunSecretsDialog : public QDialog
{
    Q_OBJECT
public:
    // `policyVariables`: what the policy in the editor gives the code by name (its env), which
    // a secret may not also be.
    explicit RunSecretsDialog(const QString &text, const QStringList &policyVariables = {}, QWidget *parent = nullptr);

    QString text() const;
    // The entries as checked when the dialog was accepted (with their values).
    QList<SandboxSecret> secrets() const { return m_secrets; }
    QLineEdit *field() const { return m_field; }
    QLabel *problemLabel() const { return m_problem; }
    QPushButton *okButton() const;

    // With an entry from a file, the files are read off the window's thread first; the dialog
    // closes once they are read and checked, or stays open naming what is wrong.
    void accept() override;

private:
    void validate();

    QStringList m_policyVariables;
    QLineEdit *m_field;
    QLabel *m_problem;
    QLabel *m_names;
    QDialogButtonBox *m_buttons;
    QList<SandboxSecret> m_secrets;
    bool m_reading = false;
};

} // namespace Sandbench
