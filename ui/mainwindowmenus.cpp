// The window's menus and toolbar: every action, with its shortcut and object name (tests and
// saved toolbars find them by name).
#include "mainwindow.h"

#include "appicon.h"
#include "panels/auditpanel.h"
#include "panels/policyeditorpanel.h"
#include "panels/runstatuswidget.h"
#include "panels/scripteditorpanel.h"
#include "panels/sessionspanel.h"

#include <QAction>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>

namespace Sandbench {

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New Script"), QKeySequence::New, this, [this] {
        if (m_script->maybeSave())
            m_script->setCode({});
    });
    file->addAction(tr("&Open Script\u2026"), QKeySequence::Open, this, [this] {
        if (m_script->open())
            showPanel(m_script);
    });
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addAction(tr("&Save Script"), QKeySequence::Save, m_script, &ScriptEditorPanel::save);
    file->addAction(tr("Save Script &As\u2026"), QKeySequence::SaveAs, m_script, &ScriptEditorPanel::saveAs);
    file->addSeparator();
    file->addAction(tr("Open &Policy\u2026"), this, [this] { m_policy->open(); });
    file->addAction(tr("Save Po&licy"), this, [this] { m_policy->save(); });
    file->addAction(tr("Save Policy As\u2026"), this, [this] { m_policy->saveAs(); });
    file->addSeparator();
    file->addAction(tr("Open Audit &Log\u2026"), m_audit, &AuditPanel::openLogInteractive);
    file->addSeparator();
    file->addAction(tr("Open Sess&ion\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this, [this] {
        dockOf(m_sessions)->show();
        dockOf(m_sessions)->raise();
        m_sessions->openInteractive();
    })->setObjectName(QStringLiteral("openSessionAction"));
    file->addAction(tr("Save Run as Sessio&n\u2026"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S), this,
                    [this] { saveSession(); })->setObjectName(QStringLiteral("saveSessionAction"));
    file->addSeparator();
    file->addAction(tr("Se&ttings\u2026"), QKeySequence::Preferences, this, &MainWindow::openSettings);
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    updateRecentMenu();

    QMenu *policy = menuBar()->addMenu(tr("&Policy"));
    policy->addAction(tr("&Undo Policy Edit"), this, [this] { m_policy->undo(); });
    policy->addAction(tr("&Redo Policy Edit"), this, [this] { m_policy->redo(); });
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
    run->addSeparator();
    run->addAction(tr("Re&play Session"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), this, [this] {
        dockOf(m_sessions)->show();
        dockOf(m_sessions)->raise();
        m_sessions->replay();
    })->setObjectName(QStringLiteral("replaySessionAction"));
    run->addAction(tr("Replay Under the &Editor's Policy"), this, [this] {
        showPanel(m_sessions);
        m_sessions->replayUnderEditorPolicy();
    })->setObjectName(QStringLiteral("replayEditorPolicyAction"));
    // Toolbar labels without the menu mnemonic ("実行(&R)" would show as "実行(R)").
    m_runAction->setIconText(tr("Run"));
    m_stopAction->setIconText(tr("Stop"));
    m_runAction->setIcon(runIcon());
    m_stopAction->setIcon(stopIcon());

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *dock : std::as_const(m_docks))
        m_viewMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(tr("Reset &Layout"), this, &MainWindow::resetLayout);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Welcome"), this, &MainWindow::showWelcome)->setObjectName(QStringLiteral("welcomeAction"));
    help->addAction(tr("&User Guide"), this, &MainWindow::showUserGuide)->setObjectName(QStringLiteral("userGuideAction"));
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
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] {
            QString error;
            if (!m_script->maybeSave())
                return;
            if (m_script->openFile(path, &error))
                showPanel(m_script);
            else
                QMessageBox::warning(this, tr("Open Script"), tr("Cannot open %1: %2").arg(path, error));
        })->setToolTip(path);
    m_recentMenu->setEnabled(!recent.isEmpty());
}

} // namespace Sandbench
