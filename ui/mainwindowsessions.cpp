#include "mainwindow.h"

#include "common/terminaltext.h"
#include "common/background.h"
#include "panels/runhistorypanel.h"
#include "panels/sessionspanel.h"
#include "session/exec/execsession.h"
#include "session/sessionfile.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QMimeData>
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>

// The main window's part in sessions: saving a run of the history as a session file, and
// opening session files (menu, drag and drop) in the Sessions panel.

namespace Sandbench {

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QString path = SessionsPanel::droppedSessionPath(event->mimeData());
    if (path.endsWith(SessionFile::fileExtension()))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QString path = SessionsPanel::droppedSessionPath(event->mimeData());
    if (!path.endsWith(SessionFile::fileExtension()))
        return;
    event->acceptProposedAction();
    openSessionFile(path);
}

void MainWindow::openSessionFile(const QString &path)
{
    dockOf(m_sessions)->show();
    dockOf(m_sessions)->raise();
    m_sessions->openFile(path);
}

void MainWindow::showSessionOfRun(int row)
{
    const RunHistory *history = m_workbench->history();
    if (row < 0 || row >= history->size() || !history->run(row).session)
        return;
    const RunRecord &record = history->run(row);
    dockOf(m_sessions)->show();
    dockOf(m_sessions)->raise();
    m_sessions->showSession(record.session, tr("Run %1 \u2014 %2").arg(record.number).arg(record.title));
}

void MainWindow::saveSession(int row, const QString &path)
{
    const RunHistory *history = m_workbench->history();
    // The run every panel shows and the action names, never another one in its place: saving a
    // run the reviewer is not looking at would record decisions they never saw.
    if (row < 0)
        row = m_workbench->shownRow();
    if (row < 0 || row >= history->size()) {
        QMessageBox::information(this, tr("Save Session"),
                                 tr("No run has a session to save yet. Run a script first (F5); with session "
                                    "recording on (Settings), every run can be saved."));
        return;
    }
    if (!history->run(row).session) {
        const RunRecord &shown = history->run(row);
        const QString why = shown.running || shown.sessionPending ? tr("it is still being recorded")
                            : shown.sessionError.isEmpty()        ? tr("it was not recorded")
                                                                  : shown.sessionError;
        QMessageBox::information(this, tr("Save Session"),
                                 visibleLines(tr("Run %1 has no session to save: %2").arg(shown.number).arg(why)));
        return;
    }
    const RunRecord &record = history->run(row);
    const std::shared_ptr<const ExecSession> bundle = record.session;
    QString target = path;
    if (target.isEmpty()) {
        QSettings settings;
        const QString folder = settings.value(QStringLiteral("sessions/lastFolder"), QDir::homePath()).toString();
        QString base = QFileInfo(record.title).completeBaseName();
        base.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
        const QString suggested = QStringLiteral("%1/run-%2-%3%4").arg(folder).arg(record.number).arg(base, SessionFile::fileExtension());
        target = QFileDialog::getSaveFileName(this, tr("Save Session of Run %1").arg(record.number), suggested,
                                              tr("Sandbench sessions (*.sbsession)"));
        if (target.isEmpty())
            return;
        if (!target.endsWith(SessionFile::fileExtension()))
            target += SessionFile::fileExtension();
        settings.setValue(QStringLiteral("sessions/lastFolder"), QFileInfo(target).absolutePath());
    }
    statusBar()->showMessage(tr("Saving the session of run %1\u2026").arg(record.number));
    const int number = record.number;
    // Packing the workdir and the packages can take a while: off the event loop.
    runInBackground(this, [bundle, target] { return bundle->write(target); }, [this, target, number, row, bundle](const VoidResult &written) {
            if (!written) {
                statusBar()->clearMessage();
                QMessageBox::warning(this, tr("Save Session"),
                                     visibleLines(tr("The session of run %1 was not saved: %2").arg(number).arg(written.error().message)));
                return;
            }
            statusBar()->showMessage(visibleText(tr("Saved the session of run %1 to %2 (%3)")
                                         .arg(number)
                                         .arg(QDir::toNativeSeparators(target),
                                              QLocale().formattedDataSize(QFileInfo(target).size()))),
                                     8000);
            // The row may have moved on (a cleared history): only the run that holds this bundle.
            RunHistory *runs = m_workbench->history();
            if (row < runs->size() && runs->run(row).session == bundle)
                runs->setSessionSaved(row, QFileInfo(target).absoluteFilePath());
            emit sessionSaved(target);
        });
}

} // namespace Sandbench
