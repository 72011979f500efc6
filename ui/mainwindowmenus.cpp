// The window's menus and toolbar: every action, with its shortcut and object name (tests and
// saved toolbars find them by name).
#include "common/terminaltext.h"
#include "mainwindow.h"

#include "appicon.h"
#include "doctorstatus.h"
#include "panelnavigator.h"
#include "panels/approvalspanel.h"
#include "panels/auditpanel.h"
#include "panels/policyeditorpanel.h"
#include "panels/runsecretsdialog.h"
#include "panels/runstatuswidget.h"
#include "panels/scripteditorpanel.h"
#include "panels/sessionspanel.h"

#include <QAction>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>

namespace Sandbench {

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New Script"), QKeySequence::New, this, [this] {
        // The new script is where the keys go next, never a control left behind it.
        if (!m_script->maybeSave())
            return;
        m_script->setUntitled({});
        editScript();
    });
    file->addAction(tr("&Open Script\u2026"), QKeySequence::Open, this, [this] {
        if (m_script->open())
            editScript();
    });
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(tr("&Save Script"), QKeySequence::Save, m_script, &ScriptEditorPanel::save);
    file->addAction(tr("Save Script &As\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), m_script, &ScriptEditorPanel::saveAs);
    file->addSeparator();
    file->addAction(tr("Open &Policy\u2026"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_O), this,
                    [this] { m_policy->open(); })->setObjectName(QStringLiteral("openPolicyAction"));
    file->addAction(tr("Save Po&licy"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_P), this,
                    [this] { m_policy->save(); })->setObjectName(QStringLiteral("savePolicyAction"));
    file->addAction(tr("Save Policy As\u2026"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::SHIFT | Qt::Key_P), this,
                    [this] { m_policy->saveAs(); })->setObjectName(QStringLiteral("savePolicyAsAction"));
    file->addSeparator();
    // The panel comes forward first: what was loaded shows where the user looks, and the status
    // bar says it (AuditPanel::statusMessage).
    file->addAction(tr("Open Audit &Log\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L), this, [this] {
        showPanel(m_audit);
        m_audit->view()->setFocus(Qt::ShortcutFocusReason);
        m_audit->openLogInteractive();
    })->setObjectName(QStringLiteral("openAuditLogAction"));
    file->addSeparator();
    file->addAction(tr("Open Sess&ion\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this, [this] {
        dockOf(m_sessions)->show();
        dockOf(m_sessions)->raise();
        m_sessions->openInteractive();
    })->setObjectName(QStringLiteral("openSessionAction"));
    // Saves the run every panel shows, and says which (nameShownRun).
    m_saveSessionAction = file->addAction(tr("Save Run as Sessio&n\u2026"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S),
                                          this, [this] { saveSession(); });
    m_saveSessionAction->setObjectName(QStringLiteral("saveSessionAction"));
    file->addSeparator();
    // Explicit keys: the platform's Preferences and Quit keys are empty on some desktops.
    file->addAction(tr("Se&ttings\u2026"), QKeySequence(Qt::CTRL | Qt::Key_Comma), this,
                    &MainWindow::openSettings)->setObjectName(QStringLiteral("settingsAction"));
    file->addAction(tr("&Quit"), QKeySequence(Qt::CTRL | Qt::Key_Q), this, &QWidget::close)
        ->setObjectName(QStringLiteral("quitAction"));
    updateRecentMenu();

    QMenu *policy = menuBar()->addMenu(tr("&Policy"));
    policy->addAction(tr("&Undo Policy Edit"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Z), this,
                      [this] { m_policy->undo(); })->setObjectName(QStringLiteral("undoPolicyAction"));
    policy->addAction(tr("&Redo Policy Edit"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::SHIFT | Qt::Key_Z), this,
                      [this] { m_policy->redo(); })->setObjectName(QStringLiteral("redoPolicyAction"));
    policy->addSeparator();
    // From a run straight to what it was refused: the audit panel comes forward with the next
    // denial selected, ready for "Allow this".
    for (const bool forward : {true, false}) {
        QAction *go = policy->addAction(forward ? tr("Go to &Next Denial") : tr("Go to Pre&vious Denial"),
                                        forward ? QKeySequence(Qt::Key_F8) : QKeySequence(Qt::SHIFT | Qt::Key_F8), this,
                                        [this, forward] {
                                            showPanel(m_audit);
                                            m_audit->view()->setFocus(Qt::ShortcutFocusReason);
                                            m_audit->goToDenial(forward);
                                        });
        go->setObjectName(forward ? QStringLiteral("nextDenialAction") : QStringLiteral("previousDenialAction"));
    }
    // "Allow this" from anywhere in the window: the audit panel's own action, which acts on the
    // event the panel is on or says why it cannot (never a key that silently does nothing).
    m_allowAction = policy->addAction(tr("&Allow Selected Denial\u2026"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_A),
                                      m_audit->allowAction(), &QAction::trigger);
    m_allowAction->setObjectName(QStringLiteral("allowSelectedAction"));
    m_allowAction->setToolTip(tr("Add a rule for the denied access selected in the audit log"));
    policy->addSeparator();
    QMenu *templates = policy->addMenu(tr("&Templates"));
    for (const QString &name : PolicyEditorPanel::templateNames())
        templates->addAction(PolicyEditorPanel::templateTitle(name), this,
                             [this, name] { m_policy->applyTemplate(name); });

    QMenu *run = menuBar()->addMenu(tr("&Run"));
    m_runAction = run->addAction(tr("&Run"), QKeySequence(Qt::Key_F5), this, &MainWindow::runScript);
    m_runAction->setObjectName(QStringLiteral("runAction"));
    m_runAction->setToolTip(tr("Run the script under the policy (F5)"));
    m_stopAction = run->addAction(tr("&Stop"), QKeySequence(Qt::SHIFT | Qt::Key_F5), this,
                                  &MainWindow::stopScript);
    m_stopAction->setObjectName(QStringLiteral("stopAction"));
    m_stopAction->setToolTip(tr("Stop the run and everything it started (Shift+F5)"));
    m_stopAction->setEnabled(false);
    m_runSecretsAction = run->addAction(tr("Secre&ts\u2026"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_K), this,
                                        &MainWindow::editRunSecrets);
    m_runSecretsAction->setObjectName(QStringLiteral("runSecretsAction"));
    m_runSecretsAction->setToolTip(tr("API keys the runs use without seeing them (Ctrl+Alt+K)"));
    run->addSeparator();
    run->addAction(tr("Re&play Session"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), this, [this] {
        dockOf(m_sessions)->show();
        dockOf(m_sessions)->raise();
        m_sessions->replay();
    })->setObjectName(QStringLiteral("replaySessionAction"));
    run->addAction(tr("Replay Under the &Editor's Policy"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_R), this, [this] {
        showPanel(m_sessions);
        m_sessions->replayUnderEditorPolicy();
    })->setObjectName(QStringLiteral("replayEditorPolicyAction"));
    // Toolbar labels without the menu mnemonic ("実行(&R)" would show as "実行(R)").
    m_runAction->setIconText(tr("Run"));
    m_stopAction->setIconText(tr("Stop"));
    m_runAction->setIcon(runIcon());
    m_stopAction->setIcon(stopIcon());

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    // Alt+1…9 and 0 go to the panels in this order (Ctrl+digits stay free for editors); the action
    // brings the panel forward and focuses it, and closes it only when it already has the focus.
    int number = 0;
    for (QDockWidget *dock : std::as_const(m_docks)) {
        auto *show = new QAction(dock->windowTitle(), this);
        show->setObjectName(dock->objectName() + QStringLiteral("Action"));
        show->setCheckable(true);
        show->setChecked(dock->toggleViewAction()->isChecked());
        // The tenth (Welcome) takes Alt+0, the key after 9 on the keyboard.
        if (++number <= 10)
            show->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_0 + number % 10)));
        else if (dock->widget() == m_approvals)
            show->setShortcut(approvalsKey());
        show->setToolTip(tr("Show and focus the %1 panel; closes it when it has the focus").arg(dock->windowTitle()));
        connect(dock->toggleViewAction(), &QAction::toggled, show, &QAction::setChecked);
        connect(show, &QAction::triggered, this, [this, dock, show] {
            m_navigator->activate(dock);
            show->setChecked(dock->toggleViewAction()->isChecked());
        });
        m_viewMenu->addAction(show);
    }
    m_viewMenu->addSeparator();
    QAction *next = m_viewMenu->addAction(tr("&Next Panel"), this, [this] { m_navigator->focusNext(1); });
    next->setObjectName(QStringLiteral("nextPanelAction"));
    next->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Tab), QKeySequence(Qt::Key_F6)});
    QAction *previous = m_viewMenu->addAction(tr("&Previous Panel"), this, [this] { m_navigator->focusNext(-1); });
    previous->setObjectName(QStringLiteral("previousPanelAction"));
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab), QKeySequence(Qt::SHIFT | Qt::Key_F6)});
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(tr("Reset &Layout"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_0), this,
                          &MainWindow::resetLayout)->setObjectName(QStringLiteral("resetLayoutAction"));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Welcome"), QKeySequence(Qt::CTRL | Qt::Key_F1), this, &MainWindow::showWelcome)->setObjectName(QStringLiteral("welcomeAction"));
    help->addAction(tr("&User Guide"), QKeySequence(Qt::Key_F1), this, &MainWindow::showUserGuide)->setObjectName(QStringLiteral("userGuideAction"));
    help->addAction(tr("&Keyboard Shortcuts"), QKeySequence(Qt::CTRL | Qt::Key_Slash), this,
                    &MainWindow::showShortcuts)->setObjectName(QStringLiteral("keyboardShortcutsAction"));
    help->addAction(tr("Check &Layers\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H), m_doctorStatus,
                    &DoctorStatus::openDetails)
            ->setObjectName(QStringLiteral("checkLayersAction"));
    help->addAction(tr("&About Sandbench"), this, [this] {
        QMessageBox::about(this, tr("About Sandbench"),
                           tr("<h3>Sandbench %1</h3><p>Runs code an AI agent wrote under rules you "
                              "can read, edit and audit. Every permission check is decided by "
                              "Sandbench and logged.</p>")
                               .arg(QStringLiteral(SANDBENCH_VERSION)));
    });

    QToolBar *bar = addToolBar(tr("Run"));
    bar->setObjectName(QStringLiteral("runToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_runAction);
    bar->addAction(m_stopAction);
    bar->addSeparator();
    bar->addWidget(m_status);
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = m_script->recentFiles();
    for (const QString &path : recent)
        m_recentMenu->addAction(visibleText(QFileInfo(path).fileName()), this, [this, path] {
            QString error;
            if (!m_script->maybeSave())
                return;
            if (m_script->openFile(path, &error))
                editScript();
            else
                QMessageBox::warning(this, tr("Open Script"), visibleLines(tr("Cannot open %1: %2").arg(path, error)));
        })->setToolTip(visibleText(path));
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::editRunSecrets()
{
    // The policy in the editor now, if it parses: the next runs' variables.
    m_policy->validateNow();
    const QStringList variables = m_policy->isValid() ? m_policy->policy().env.keys() : QStringList();
    auto *dialog = new RunSecretsDialog(m_runSecretsText, variables, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        m_runSecretsText = dialog->text();
        m_runSecrets = dialog->secrets();
        QStringList names;
        for (const SandboxSecret &s : std::as_const(m_runSecrets))
            names << s.name;
        m_runSecretsAction->setToolTip(names.isEmpty() ? tr("API keys the runs use without seeing them (Ctrl+Alt+K)")
                                                       : tr("Runs get: %1 (Ctrl+Alt+K)").arg(visibleText(names.join(QStringLiteral(", ")))));
        statusBar()->showMessage(names.isEmpty() ? tr("Runs get no secrets.")
                                                 : tr("The next runs get %1 as placeholders.").arg(visibleText(names.join(QStringLiteral(", ")))),
                                 8000);
    });
    dialog->open();
}

} // namespace Sandbench
