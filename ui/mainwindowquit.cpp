// Quitting: one question that lists everything quitting would lose or end, asked before anything
// is let go, and asked in closeEvent only, since every way out comes through it: Ctrl+Q, the
// window's close button, QApplication::quit() and the session manager's end of the session.
#include "common/signalwatcher.h"
#include "common/terminaltext.h"
#include "mainwindow.h"

#include "confirmations.h"
#include "panels/policyeditorpanel.h"
#include "panels/scripteditorpanel.h"
#include "panels/sessionspanel.h"
#include "sandbox/sandboxpool.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDialog>
#include <QFileInfo>
#include <QStatusBar>
#include <QTimer>

namespace Sandbench {

namespace {
// An engine that never answers leaves its sandboxes to their lifetimes (and the next pool's
// reaping) after this long; the process must not hang on it.
constexpr int kReleaseDeadlineMs = 15'000;
} // namespace

QStringList MainWindow::unsavedTexts() const
{
    QStringList unsaved;
    if (m_script->isModified())
        unsaved << tr("Unsaved changes to the script %1").arg(visibleText(m_script->displayName()));
    if (m_policy->isModified())
        unsaved << (m_policy->filePath().isEmpty()
                        ? tr("Unsaved changes to the policy (never saved to a file)")
                        : tr("Unsaved changes to the policy %1").arg(visibleText(QFileInfo(m_policy->filePath()).fileName())));
    return unsaved;
}

QStringList MainWindow::liveWork() const
{
    QStringList live;
    if (m_workbench->isRunning()) {
        const int row = m_workbench->currentRow();
        const RunHistory *history = m_workbench->history();
        const QString title = row >= 0 && row < history->size() ? history->run(row).title : m_script->displayName();
        live << tr("The run of %1").arg(visibleText(title));
    }
    if (m_sessions->isReplaying())
        live << tr("The replay of %1").arg(visibleText(m_sessions->title()));
    if (m_pool) {
        for (const Sandbox *sandbox : m_pool->sandboxes()) {
            if (sandbox->isAlive())
                live << tr("Sandbox %1 (%2)").arg(sandbox->id().left(12),
                                                  sandbox->image().isEmpty() ? tr("default image") : visibleText(sandbox->image()));
        }
    }
    return live;
}

bool MainWindow::confirmQuit()
{
    if (m_quitConfirmed)
        return true;
    const QStringList unsaved = unsavedTexts();
    const QStringList live = liveWork();
    if (!unsaved.isEmpty() || !live.isEmpty()) {
        LossQuestion question{.objectName = QStringLiteral("quitConfirmation"), .title = tr("Quit Sandbench")};
        question.items = unsaved + live;
        if (unsaved.isEmpty()) {
            question.text = tr("Quitting ends what is still alive:");
            question.acceptText = tr("&Quit Anyway");
        } else {
            question.text = live.isEmpty() ? tr("Quitting loses unsaved changes:")
                                           : tr("Quitting loses unsaved changes and ends what is still alive:");
            question.acceptText = tr("&Discard and Quit");
            question.saveText = tr("&Save and Quit");
        }
        // One question at a time: a second close while this one is open is not a second ask.
        m_askingToQuit = true;
        const LossAnswer answer = askLoss(this, question);
        m_askingToQuit = false;
        if (answer.choice == LossAnswer::Cancel)
            return false;
        if (answer.choice == LossAnswer::Save && !saveUnsavedTexts()) {
            statusBar()->showMessage(tr("Not quitting: not everything was saved."), 8000);
            return false;
        }
    }
    m_quitConfirmed = true;
    return true;
}

bool MainWindow::saveUnsavedTexts()
{
    // A save that fails or a Save As that is cancelled keeps everything, texts and live work.
    if (m_script->isModified() && !m_script->save())
        return false;
    return !m_policy->isModified() || m_policy->save();
}

bool MainWindow::endSession(bool interactionAllowed)
{
    // Without a way to ask, the session ends regardless; nothing of ours may outlive it.
    if (interactionAllowed && !confirmQuit())
        return false;
    m_quitConfirmed = true;
    close();
    return true;
}

bool MainWindow::releaseAll()
{
    if (m_released)
        return true;
    if (m_releasing)
        return false;
    m_releasing = true;
    m_workbench->stopRun();
    m_sessions->stopReplay();
    saveWindowState();
    if (!m_workbench->hasLiveSandboxes()) {
        m_released = true;
        return true;
    }
    // Without a nested event loop: the window goes now, and closes for good when the pool says
    // the sandboxes are gone.
    hide();
    VoidOperation *release = m_workbench->closeSandboxes();
    auto finish = [this] {
        if (m_released)
            return;
        m_released = true;
        close();
    };
    release->then(this, [finish](const VoidResult &) { finish(); });
    QTimer::singleShot(kReleaseDeadlineMs, this, finish);
    return false;
}

void MainWindow::endSessionOnSignals()
{
    if (m_signals)
        return;
    // A kill, a Ctrl-C in the terminal that started us, or that terminal going: nobody is there
    // to answer a question, and nothing of ours may outlive the process.
    m_signals = new SignalWatcher(this, {SIGINT, SIGTERM, SIGHUP});
    connect(m_signals, &SignalWatcher::signalled, this, [this] { endOnSignal(0); });
}

void MainWindow::endOnSignal(int attempt)
{
    // A question open at that moment (the quit question too) is answered "no" first: each runs
    // its own nested event loop, and the session ends once they have unwound. A dialog that
    // will not go does not keep the process alive.
    constexpr int kMaxAttempts = 50;
    QWidget *modal = QApplication::activeModalWidget();
    if ((modal || m_askingToQuit) && attempt < kMaxAttempts) {
        if (auto *dialog = qobject_cast<QDialog *>(modal))
            dialog->reject();
        else if (modal)
            modal->close();
        QTimer::singleShot(20, this, [this, attempt] { endOnSignal(attempt + 1); });
        return;
    }
    endSession(false);
}

int MainWindow::endedBySignal() const
{
    return m_signals ? m_signals->caught() : 0;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_askingToQuit || (!m_quitConfirmed && !confirmQuit()) || !releaseAll()) {
        event->ignore();
        return;
    }
    event->accept();
    emit quitDone();
}

} // namespace Sandbench
