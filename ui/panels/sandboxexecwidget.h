#pragma once

#include "sandbox/sandbox.h"

#include <QPointer>
#include <QWidget>

class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace Sandbench {

enum class TextRole;
class ExecJob;
class Sandbox;

// A command line for one sandbox (run with sh -c) and its output as it arrives: stdout plain,
// stderr in the error colour, then how it ended. One command at a time; Stop cancels it (and everything it
// started).
class SandboxExecWidget : public QWidget
{
    Q_OBJECT
public:
    explicit SandboxExecWidget(QWidget *parent = nullptr);

    void setSandbox(Sandbox *sandbox);
    // Runs command as if typed and Run pressed (for tests and the panel's callers).
    void run(const QString &command);
    bool isRunning() const { return m_job != nullptr; }
    QString outputText() const;

signals:
    void finished();

protected:
    void changeEvent(QEvent *event) override;

private:
    void append(const QString &text, TextRole role);
    void updateButtons();

    QPointer<Sandbox> m_sandbox;
    QPointer<ExecJob> m_job;
    QLineEdit *m_command;
    QPushButton *m_run;
    QPushButton *m_stop;
    QPlainTextEdit *m_output;
};

} // namespace Sandbench
