// The main window's first-start help: the welcome page with its examples, and the user guide.
#include "mainwindow.h"

#include "panels/codeeditor.h"
#include "panels/policyeditorpanel.h"
#include "panels/scripteditorpanel.h"
#include "panels/userguideview.h"
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
    return m_guideWindow ? m_guideWindow->findChild<UserGuideView *>() : nullptr;
}

void MainWindow::showUserGuide()
{
    if (!m_guideWindow) {
        m_guideWindow = new QWidget(this, Qt::Window);
        m_guideWindow->setObjectName(QStringLiteral("userGuideWindow"));
        m_guideWindow->setWindowTitle(tr("Sandbench User Guide"));
        auto *view = new UserGuideView(m_guideWindow);
        auto *home = new QPushButton(tr("Contents"), m_guideWindow);
        auto *back = new QPushButton(tr("Back"), m_guideWindow);
        connect(home, &QPushButton::clicked, view, [view] { view->setSource(UserGuideView::startPage(), QTextDocument::MarkdownResource); });
        connect(back, &QPushButton::clicked, view, &QTextBrowser::backward);
        connect(view, &QTextBrowser::backwardAvailable, back, &QPushButton::setEnabled);
        back->setEnabled(false);
        auto *bar = new QHBoxLayout;
        bar->addWidget(back);
        bar->addWidget(home);
        bar->addStretch(1);
        auto *layout = new QVBoxLayout(m_guideWindow);
        layout->addLayout(bar);
        layout->addWidget(view, 1);
        m_guideWindow->resize(960, 720);
    }
    m_guideWindow->show();
    clampToScreen(m_guideWindow);
    m_guideWindow->raise();
    m_guideWindow->activateWindow();
}

} // namespace Sandbench
