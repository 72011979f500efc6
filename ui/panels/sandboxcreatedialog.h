#pragma once

#include "sandbox/sandboxtypes.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace Sandbench {

class SandboxPool;

// The options of a new sandbox, bounded by the pool: lifetime up to its maximum, only the
// network kinds it allows. What the pool refuses anyway (a bad variable name) comes back from
// create() and is shown by the panel.
class SandboxCreateDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SandboxCreateDialog(SandboxPool *pool, QWidget *parent = nullptr);

    SandboxOptions options() const;
    // Lines "KEY=value"; ports "8080, 3000". Empty on success, else what is wrong.
    static QString parseEnv(const QString &text, QMap<QString, QString> *env);
    static QString parsePorts(const QString &text, QList<int> *ports);

    void setImage(const QString &image);
    void setNetwork(NetworkKind kind);
    void setPorts(const QString &ports);
    void setLifetimeSeconds(int seconds);

private:
    void validate();

    QComboBox *m_image;
    QSpinBox *m_lifetime;
    QComboBox *m_network;
    QDoubleSpinBox *m_cpus;
    QSpinBox *m_memory;
    QPlainTextEdit *m_env;
    QLineEdit *m_ports;
    QWidget *m_ok = nullptr;
    QLabel *m_problem;
};

} // namespace Sandbench
