#include "sandboxexecwidget.h"

#include "common/terminaltext.h"
#include "sandbox/sandbox.h"
#include "textroles.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QFontDatabase>
#include <QTextCharFormat>

namespace Sandbench {

SandboxExecWidget::SandboxExecWidget(QWidget *parent)
    : QWidget(parent)
    , m_command(new QLineEdit(this))
    , m_run(new QPushButton(tr("Run"), this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_output(new QPlainTextEdit(this))
{
    m_command->setObjectName(QStringLiteral("execCommand"));
    m_run->setObjectName(QStringLiteral("execRun"));
    m_stop->setObjectName(QStringLiteral("execStop"));
    m_output->setObjectName(QStringLiteral("execOutput"));
    m_command->setPlaceholderText(tr("Shell command, e.g. ls -la && uname -a"));
    m_output->setReadOnly(true);
    m_output->setUndoRedoEnabled(false);
    m_output->setMaximumBlockCount(20'000);
    m_output->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *row = new QHBoxLayout;
    row->addWidget(m_command, 1);
    row->addWidget(m_run);
    row->addWidget(m_stop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_output, 1);
    connect(m_command, &QLineEdit::returnPressed, m_run, &QPushButton::click);
    connect(m_run, &QPushButton::clicked, this, [this] { run(m_command->text()); });
    connect(m_stop, &QPushButton::clicked, this, [this] {
        if (m_job)
            m_job->cancel();
    });
    updateButtons();
}

void SandboxExecWidget::setSandbox(Sandbox *sandbox)
{
    if (m_sandbox == sandbox)
        return;
    if (m_job)
        m_job->cancel();
    if (m_sandbox)
        disconnect(m_sandbox, &Sandbox::pausedChanged, this, nullptr);
    m_sandbox = sandbox;
    // Paused or resumed from anywhere (the panel, the CLI's agent server, a test): Run follows.
    if (sandbox)
        connect(sandbox, &Sandbox::pausedChanged, this, &SandboxExecWidget::updateButtons);
    m_output->clear();
    updateButtons();
}

QString SandboxExecWidget::outputText() const
{
    return m_output->toPlainText();
}

void SandboxExecWidget::append(const QString &text, TextRole role)
{
    // The role, not a colour, is kept: a theme switch recolours what is already shown.
    const QTextCharFormat format = textRoleFormat(role, m_output->palette());
    QTextCursor cursor(m_output->document());
    cursor.movePosition(QTextCursor::End);
    // The sandbox's output is shown, not obeyed (as in the Console).
    cursor.insertText(visibleLines(text), format);
    m_output->verticalScrollBar()->setValue(m_output->verticalScrollBar()->maximum());
}

void SandboxExecWidget::run(const QString &command)
{
    // A paused sandbox refuses every command: Run is off, and so is this.
    if (!m_sandbox || m_job || m_sandbox->isPaused() || command.trimmed().isEmpty())
        return;
    m_command->setText(command);
    append(QStringLiteral("$ %1\n").arg(command), TextRole::Command);
    ExecJob *job = m_sandbox->exec({QStringLiteral("sh"), QStringLiteral("-c"), command});
    m_job = job;
    connect(job, &ExecJob::output, this, [this](SandboxStream stream, const QByteArray &bytes) {
        append(QString::fromUtf8(bytes), stream == SandboxStream::Stderr ? TextRole::Error : TextRole::Plain);
    });
    job->then(this, [this](const Result<SandboxExecResult> &r) {
        QString end;
        if (!r)
            end = tr("[failed: %1]").arg(r.error().message);
        else if (r->timedOut)
            end = tr("[timed out after %1 ms]").arg(r->durationMs);
        else
            end = tr("[exit %1 in %2 ms%3]").arg(r->exitCode.value_or(-1)).arg(r->durationMs)
                      .arg(r->truncated ? tr(", output truncated") : QString());
        if (!outputText().endsWith(QLatin1Char('\n')) && !outputText().isEmpty())
            end.prepend(QLatin1Char('\n'));
        append(end + QLatin1Char('\n'), TextRole::Notice);
        m_job = nullptr;
        updateButtons();
        emit finished();
    });
    updateButtons();
}

void SandboxExecWidget::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        recolorTextRolesLater(m_output);
}

void SandboxExecWidget::updateButtons()
{
    const bool alive = m_sandbox && m_sandbox->isAlive();
    m_command->setEnabled(alive);
    const bool paused = alive && m_sandbox->isPaused();
    m_run->setEnabled(alive && !paused && !m_job);
    m_run->setToolTip(paused ? tr("The sandbox is paused: resume it to run a command") : QString());
    m_stop->setEnabled(m_job != nullptr);
}

} // namespace Sandbench
