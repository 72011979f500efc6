#pragma once

#include "sandbox/sandboxtypes.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace Sandbench {

class SandboxPool;

// The options of a new sandbox, bounded by the pool: lifetime up to its maximum, only the
// network kinds it allows; for network "allow" its list, checked as it is typed by the same
// parser the pool uses (through the Workbench), the first bad entry named and Create disabled;
// with it, secrets by name (Workbench::parseSecrets), their values never shown; a value from a
// file is read on a background thread when Create is pressed, the dialog staying open (its
// fields read-only) until it is, and open with the reason if it cannot be. What the pool
// refuses anyway (a bad variable name) comes back from create() and is shown by the panel.
class SandboxCreateDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SandboxCreateDialog(SandboxPool *pool, QWidget *parent = nullptr);

    SandboxOptions options() const;
    // Lines "KEY=value"; ports "8080, 3000". Empty on success, else what is wrong.
    static QString parseEnv(const QString &text, QMap<QString, QString> *env);
    static QString parsePorts(const QString &text, QList<int> *ports);
    // The allow list field: entries split at commas and white space.
    static QStringList splitAllowList(const QString &text);

    void setImage(const QString &image);
    void setNetwork(NetworkKind kind);
    void setPorts(const QString &ports);
    void setLifetimeSeconds(int seconds);
    // Network "allow" with these entries (what "Allow this" remembered for the next create).
    void setAllowList(const QStringList &entries);
    QString problem() const;

    void accept() override;

private:
    void validate();
    void setReading(bool reading);

    QComboBox *m_image;
    QSpinBox *m_lifetime;
    QComboBox *m_network;
    QDoubleSpinBox *m_cpus;
    QSpinBox *m_memory;
    QPlainTextEdit *m_env;
    QLineEdit *m_ports;
    QLineEdit *m_allow;
    QLabel *m_allowHint;
    QLineEdit *m_secrets;
    QLabel *m_secretsHint;
    QWidget *m_ok = nullptr;
    QLabel *m_problem;
    // The secrets as Create read them (files included), until the field changes.
    std::optional<QList<SandboxSecret>> m_secretsRead;
    bool m_reading = false;
};

} // namespace Sandbench
