// The main window's first-start help: the welcome page with its examples, and the user guide.
#include "mainwindow.h"

#include "panels/codeeditor.h"
#include "panels/policyeditorpanel.h"
#include "panels/scripteditorpanel.h"
#include "panels/userguideview.h"
#include "panels/userguidewindow.h"
#include "panels/welcomepanel.h"
#include "windowgeometry.h"

#include <QDockWidget>
#include <QHBoxLayout>
#include <QPushButton>
#include <QStatusBar>
#include <QVBoxLayout>

namespace Sandbench {

void MainWindow::createWelcome()
{
    m_welcome = new WelcomePanel;
    addPanel(m_welcome, QStringLiteral("welcomeDock"), tr("Welcome"));
    connect(m_welcome, &WelcomePanel::exampleRequested, this, &MainWindow::openExample);
    connect(m_welcome, &WelcomePanel::userGuideRequested, this, &MainWindow::showUserGuide);
}

void MainWindow::showPanel(QWidget *panel)
{
    QDockWidget *dock = dockOf(panel);
    dock->show();
    dock->raise();
}

void MainWindow::editScript()
{
    showPanel(m_script);
    m_script->editor()->setFocus(Qt::OtherFocusReason);
}

void MainWindow::showWelcome()
{
    showPanel(m_welcome);
}

bool MainWindow::openExample(const QString &name)
{
    const Example example = WelcomePanel::example(name);
    if (example.script.isEmpty() || example.policy.isEmpty())
        return false;
    if (!m_script->maybeSave() || !m_policy->maybeSave())
        return false;
    // Unsaved, untitled copies: the examples stay as shipped, and Save asks where.
    m_script->setUntitled(example.script, tr("%1 (example)").arg(example.scriptFileName()), example.scriptFileName());
    m_policy->setText(example.policy);
    m_policy->validateNow();
    m_policy->editor()->document()->setModified(false);
    showPanel(m_policy);
    editScript();
    statusBar()->showMessage(tr("Opened the example \u201c%1\u201d. F5 runs it.").arg(example.title), 8000);
    return true;
}

UserGuideView *MainWindow::userGuide() const
{
    return m_guideWindow ? m_guideWindow->view() : nullptr;
}

void MainWindow::showUserGuide()
{
    if (!m_guideWindow)
        m_guideWindow = new UserGuideWindow(this);
    m_guideWindow->showOver(this);
}

} // namespace Sandbench
