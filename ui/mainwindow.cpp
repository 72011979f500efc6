#include "mainwindow.h"

#include "common/terminaltext.h"
#include "allowscopedialog.h"
#include "approvalcue.h"
#include "appicon.h"
#include "dockfocusframe.h"
#include "docklayout.h"
#include "doctorstatus.h"
#include "focuskeeper.h"
#include "panelnavigator.h"
#include "models/runhistorymodel.h"
#include "panels/approvalspanel.h"
#include "panels/auditpanel.h"
#include "panels/codeeditor.h"
#include "panels/consolepanel.h"
#include "panels/desktoppanel.h"
#include "panels/policyeditorpanel.h"
#include "panels/portpreviewpanel.h"
#include "panels/runhistorypanel.h"
#include "panels/runstatuswidget.h"
#include "panels/sandboxespanel.h"
#include "panels/scripteditorpanel.h"
#include "panels/sessionspanel.h"
#include "panels/welcomepanel.h"
#include "sandbox/sandboxpool.h"
#include "settingsdialog.h"
#include "windowgeometry.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSessionManager>
#include <QSettings>
#include <QStatusBar>
#include <QStandardPaths>
#include <QTimer>
#include <QToolBar>

namespace Sandbench {

namespace {
// Bump when panels are added or renamed, so an old saved layout gives way to the default.
constexpr int kLayoutVersion = 5;

WorkbenchOptions workbenchOptions(const AppSettings &settings)
{
    WorkbenchOptions options;
    options.engine = settings.engineConfig();
    options.recordSessions = settings.recordSessions;
    options.record.recordEnvValues = settings.recordEnvValues;
    options.auditFolder = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)
                          + QStringLiteral("/audit");
    options.sandboxProviders = dockerProviderFactory();
    options.pool.maxSandboxes = 8;
    options.pool.maxLifetimeMs = 2 * 3600 * 1000;
    options.pool.network = {NetworkKind::None, NetworkKind::All, NetworkKind::Domains};
    return options;
}
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_settings(AppSettings::load())
    , m_script(new ScriptEditorPanel)
    , m_policy(new PolicyEditorPanel)
    , m_console(new ConsolePanel)
    , m_audit(new AuditPanel)
    , m_workbench(new Workbench(workbenchOptions(m_settings), this))
    , m_history(new RunHistoryPanel(new RunHistoryModel(m_workbench->history(), this)))
    , m_status(new RunStatusWidget)
    , m_sessions(new SessionsPanel)
{
    setObjectName(QStringLiteral("mainWindow"));
    // Panels keep off the window's edges: a button flush with the right edge of a maximized
    // window reads as cut off (and a window manager's border does cut it).
    setContentsMargins(4, 0, 4, 0);
    setWindowIcon(appIcon());
    setDockNestingEnabled(true);
    setDockOptions(AnimatedDocks | AllowNestedDocks | AllowTabbedDocks);
    setCentralWidget(nullptr);
    setAcceptDrops(true);

    // A new policy starts from the limits in the settings.
    Policy initial = m_policy->policy();
    initial.timeoutMs = m_settings.defaultTimeoutMs;
    initial.maxMemoryMb = m_settings.defaultMemoryMb;
    initial.maxOutputBytes = m_settings.defaultMaxOutputBytes;
    m_policy->setPolicy(initial);
    m_policy->editor()->document()->clearUndoRedoStacks();
    m_policy->editor()->document()->setModified(false);
    m_status->setPolicy(m_policy->policy());

    addPanel(m_script, QStringLiteral("scriptDock"), tr("Script"));
    addPanel(m_policy, QStringLiteral("policyDock"), tr("Policy"));
    addPanel(m_console, QStringLiteral("consoleDock"), tr("Console"));
    addPanel(m_audit, QStringLiteral("auditDock"), tr("Audit Log"));
    addPanel(m_history, QStringLiteral("historyDock"), tr("Run History"));
    addPanel(m_sessions, QStringLiteral("sessionsDock"), tr("Sessions"));
    createSandboxPanels();
    createWelcome();
    createApprovals(); // after Welcome: Alt+1…9 and 0 keep their panels
    m_sessions->setWorkbench(m_workbench);
    // "Replay under the editor's policy": the text in the editor as it is now.
    m_sessions->setEditorPolicySource([this]() -> Result<Policy> {
        m_policy->validateNow();
        if (!m_policy->isValid())
            return std::unexpected(Error::config(m_policy->errorText()));
        return m_policy->policy();
    });
    m_navigator = new PanelNavigator(this, m_docks);
    m_focusKeeper = new FocusKeeper(this, m_docks);
    m_dockFrame = new DockFocusFrame(this, m_docks);
    // The layers this machine holds: checked on demand (a click, Help → Check Layers), off the
    // GUI thread.
    m_doctorStatus = new DoctorStatus(m_workbench, {}, this);
    statusBar()->addPermanentWidget(m_doctorStatus);
    createActions();
    m_approvalCue = new ApprovalCue(this, dockOf(m_approvals), m_workbench->approvalWatcher(), approvalsKey());
    // The tray's icon or message clicked: the user asked for the panel.
    connect(m_approvalCue, &ApprovalCue::showRequested, this, [this] {
        if (isMinimized())
            setWindowState(windowState() & ~Qt::WindowMinimized);
        raise();
        m_navigator->focusDock(dockOf(m_approvals));
    });
    setUpKeyboardFocus();
    if (!restoreGeometry(QSettings().value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1280, 800);
    // A geometry saved on a larger screen (or grown by a label that asked too much) must not
    // outgrow this one.
    clampToScreen(this);
    resetLayout();
    restoreWindowState();

    m_console->follow(m_workbench);
    m_audit->follow(m_workbench);
    m_status->follow(m_workbench);
    const auto runEnded = [this] {
        m_runAction->setEnabled(true);
        m_stopAction->setEnabled(false);
        // Whatever the run disabled or replaced, the keys go on to something in view.
        m_focusKeeper->scheduleCheck();
    };
    connect(m_workbench, &Workbench::runStarted, this, [this] {
        m_runAction->setEnabled(false);
        m_stopAction->setEnabled(true);
    });
    connect(m_workbench, &Workbench::runFinished, this, runEnded);
    // The policy editor marks grants this run never used and the denials it hit.
    connect(m_workbench, &Workbench::runStarted, m_policy, [this] { m_policy->setAuditEvidence({}); });
    connect(m_workbench, &Workbench::runFinished, m_policy,
            [this](int, const ExecResult &result) { m_policy->setAuditEvidence(result.auditEvents); });
    connect(m_workbench, &Workbench::runFailed, this, runEnded);
    connect(m_audit, &AuditPanel::allowRequested, this, &MainWindow::allowEvents);
    connect(m_audit, &AuditPanel::statusMessage, this, [this](const QString &text) { statusBar()->showMessage(text, 10000); });
    m_audit->setDefaultFolder(m_workbench->options().auditFolder);
    // The audit browser explains its rows against the policy being edited.
    m_audit->setPolicy(m_policy->policy(), m_policy->baseDir());
    connect(m_policy, &PolicyEditorPanel::policyChanged, m_audit,
            [this](const Policy &policy) { m_audit->setPolicy(policy, m_policy->baseDir()); });
    connect(m_policy, &PolicyEditorPanel::validityChanged, m_audit, [this](bool valid) {
        m_audit->setPolicy(valid ? std::optional<Policy>(m_policy->policy()) : std::nullopt, m_policy->baseDir());
    });
    connect(m_workbench, &Workbench::shownRunChanged, this, &MainWindow::presentRun);
    connect(m_history, &RunHistoryPanel::runSelected, this, &MainWindow::showRun);
    connect(m_history, &RunHistoryPanel::saveSessionRequested, this, [this](int row) { saveSession(row); });
    connect(m_history, &RunHistoryPanel::openSessionRequested, this, &MainWindow::showSessionOfRun);
    connect(m_sessions, &SessionsPanel::allowRequested, this, &MainWindow::allowEvents);
    connect(m_workbench, &Workbench::sessionFailed, this, [this](int row, const QString &error) {
        statusBar()->showMessage(visibleText(tr("Run %1 was not recorded as a session: %2").arg(row + 1).arg(error)), 8000);
    });
    connect(m_policy, &PolicyEditorPanel::policyChanged, m_status, &RunStatusWidget::setPolicy);
    // "Could not run: the policy has an error" goes once the policy reads again.
    connect(m_policy, &PolicyEditorPanel::validityChanged, m_status, [this](bool valid) {
        if (valid)
            m_status->clearPolicyFailure();
    });
    connect(m_policy, &PolicyEditorPanel::modificationChanged, this, &MainWindow::updateTitle);
    connect(m_policy, &PolicyEditorPanel::fileChanged, this, &MainWindow::updateTitle);
    connect(m_script, &ScriptEditorPanel::modificationChanged, this, &MainWindow::updateTitle);
    connect(m_script, &ScriptEditorPanel::fileChanged, this, &MainWindow::updateTitle);
    connect(m_script, &ScriptEditorPanel::recentFilesChanged, this, &MainWindow::updateRecentMenu);
    updateTitle();
    // Logging out asks the same one question as quitting, before the session goes.
    connect(qApp, &QGuiApplication::commitDataRequest, this, [this](QSessionManager &manager) {
        if (endSession(manager.allowsInteraction()))
            manager.release();
        else
            manager.cancel();
    });
    if (m_pool)
        statusBar()->showMessage(tr("Ready. F5 runs the script under the policy."), 5000);
    else
        statusBar()->showMessage(tr("Ready. Sandboxes are unavailable: %1").arg(m_poolError));
}

MainWindow::~MainWindow() = default;

void MainWindow::createSandboxPanels()
{
    // Opening the pool only checks the options, so a missing engine shows up as failed
    // operations in the panel, never as a frozen window.
    if (auto pool = m_workbench->sandboxPool())
        m_pool = *pool;
    else
        m_poolError = pool.error().message;
    m_sandboxes = new SandboxesPanel(m_pool);
    m_desktop = new DesktopPanel(nullptr);
    m_preview = new PortPreviewPanel(nullptr, 0);
    addPanel(m_sandboxes, QStringLiteral("sandboxesDock"), tr("Sandboxes"));
    QDockWidget *desktopDock = addPanel(m_desktop, QStringLiteral("desktopDock"), tr("Desktop"));
    QDockWidget *previewDock = addPanel(m_preview, QStringLiteral("portPreviewDock"), tr("Port Preview"));
    // A hidden desktop panel must not keep a stream (a VNC server in the sandbox) or take screenshots.
    connect(desktopDock, &QDockWidget::visibilityChanged, m_desktop, &DesktopPanel::setLive);
    connect(m_sandboxes, &SandboxesPanel::desktopRequested, this, [this, desktopDock](Sandbox *sandbox) {
        m_desktop->setSandbox(sandbox);
        desktopDock->show();
        desktopDock->raise();
    });
    connect(m_sandboxes, &SandboxesPanel::portPreviewRequested, this, [this, previewDock](Sandbox *sandbox, int port) {
        m_preview->setSandbox(sandbox, port);
        previewDock->show();
        previewDock->raise();
    });
    connectSandboxAudit();
}

void MainWindow::createApprovals()
{
    m_approvals = new ApprovalsPanel;
    addPanel(m_approvals, QStringLiteral("approvalsDock"), ApprovalCue::title(0));
    // The watcher connects to the servers' sockets without waiting on any of them; it runs while
    // the dock is closed too, so a call that starts waiting then is still told (ApprovalCue).
    m_approvals->setWatcher(m_workbench->approvalWatcher());
}

QKeySequence MainWindow::approvalsKey()
{
    return QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_A);
}

QDockWidget *MainWindow::addPanel(QWidget *panel, const QString &objectName, const QString &title)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(panel);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable
                      | QDockWidget::DockWidgetClosable);
    m_docks << dock;
    return dock;
}

void MainWindow::resetLayout()
{
    QFile file(QStringLiteral(":/layouts/default.json"));
    if (file.open(QIODevice::ReadOnly))
        applyDockLayout(this, m_docks, QJsonDocument::fromJson(file.readAll()).object());

    if (QToolBar *bar = findChild<QToolBar *>(QStringLiteral("runToolBar")))
        bar->show();
}

void MainWindow::restoreWindowState()
{
    QSettings s;
    restoreState(s.value(QStringLiteral("window/state")).toByteArray(), kLayoutVersion);
}

void MainWindow::saveWindowState()
{
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState(kLayoutVersion));
}

void MainWindow::updateTitle()
{
    const QString policyName = m_policy->filePath().isEmpty()
                                   ? tr("unsaved policy")
                                   : QFileInfo(m_policy->filePath()).fileName();
    // File names are anyone's: "report\u202egnp.ts" is shown as what it is.
    setWindowTitle(tr("%1%2 \u2014 %3%4 \u2014 Sandbench")
                       .arg(visibleText(m_script->displayName()), m_script->isModified() ? QStringLiteral("*") : QString(),
                            visibleText(policyName), m_policy->isModified() ? QStringLiteral("*") : QString()));
}

void MainWindow::applySettings(const AppSettings &settings)
{
    m_settings = settings;
    m_settings.save();
    applyTheme(settings.theme);
    m_workbench->setEngineConfig(settings.engineConfig());
    m_workbench->setRecording(settings.recordSessions, {.recordEnvValues = settings.recordEnvValues});
}

void MainWindow::openSettings()
{
    SettingsDialog dialog(m_settings, this);
    if (dialog.exec() == QDialog::Accepted)
        applySettings(dialog.settings());
}

bool MainWindow::runScript()
{
    if (m_workbench->isRunning())
        return false;
    m_policy->validateNow();
    if (!m_policy->isValid()) {
        statusBar()->showMessage(visibleText(tr("The policy has an error: %1").arg(m_policy->errorText())), 8000);
        m_status->setPolicyFailed(tr("the policy has an error"));
        return false;
    }
    // The engine's "give exactly one of code and an entry file" is no message for a user.
    if (m_script->code().trimmed().isEmpty()) {
        const QString text = tr("The script is empty: type some code or open a file (Ctrl+O).");
        statusBar()->showMessage(text, 10000);
        m_status->setFailed(tr("the script is empty"));
        showPanel(m_script);
        m_script->editor()->setFocus(Qt::OtherFocusReason);
        return false;
    }
    ExecRequest request;
    request.code = m_script->code();
    request.policy = m_policy->policy();
    request.baseDir = m_script->filePath().isEmpty() ? m_policy->baseDir()
                                                     : QFileInfo(m_script->filePath()).absolutePath();
    if (!m_policy->filePath().isEmpty())
        request.baseDir = m_policy->baseDir();
    request.secrets = m_runSecrets;
    return m_workbench->startRun(request, m_script->displayName());
}

void MainWindow::stopScript()
{
    m_workbench->stopRun();
}

void MainWindow::showRun(int row)
{
    if (m_workbench->showRun(row))
        return;
    // Refused (a run is going on): the history goes back to the run every panel still shows.
    m_history->setShownRow(m_workbench->shownRow());
    const int live = m_workbench->currentRow();
    if (live >= 0 && row >= 0 && row < m_workbench->history()->size())
        statusBar()->showMessage(tr("Run %1 is still running: its output and audit log stay in view until it ends.")
                                     .arg(m_workbench->history()->run(live).number),
                                 8000);
}

void MainWindow::presentRun(int row)
{
    const RunHistory *history = m_workbench->history();
    // The live run fills the panels as it goes (their follow()); a finished one from its record.
    if (row >= 0 && row < history->size() && row != m_workbench->currentRow()) {
        const RunRecord &record = history->run(row);
        m_console->showRun(record);
        m_audit->showRun(record);
        m_policy->setAuditEvidence(record.result ? record.result->auditEvents : QList<AuditEvent>{});
        if (record.result)
            m_status->setResult(*record.result);
        else if (record.error)
            m_status->setEngineFailure(record.error->message);
    }
    nameShownRun(row);
}

void MainWindow::nameShownRun(int row)
{
    const RunHistory *history = m_workbench->history();
    const bool known = row >= 0 && row < history->size();
    const int number = known ? history->run(row).number : 0;
    // Each panel that shows a run names it in its title, so none can show another run unseen.
    const auto name = [known, number](const QString &panel) {
        return known ? tr("%1 \u2014 Run %2").arg(panel).arg(number) : panel;
    };
    dockOf(m_console)->setWindowTitle(name(tr("Console")));
    dockOf(m_audit)->setWindowTitle(name(tr("Audit Log")));
    dockOf(m_policy)->setWindowTitle(known ? tr("Policy \u2014 marks from Run %1").arg(number) : tr("Policy"));
    m_status->setShownRun(number);
    m_history->setShownRow(row);
    if (m_saveSessionAction)
        m_saveSessionAction->setText(known ? tr("Save Sessio&n of Run %1\u2026").arg(number)
                                           : tr("Save Run as Sessio&n\u2026"));
}

bool MainWindow::allowEvents(const QList<AuditEvent> &events)
{
    const QList<AllowCandidate> candidates = allowCandidates(events);
    if (candidates.isEmpty())
        return false;
    // The rules go into the text as it stands (the dialog previews that very edit).
    m_policy->validateNow();
    const QString text = m_policy->text();
    AllowScopeDialog dialog(m_policy->policy(), m_policy->baseDir(), candidates, this, text);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    const QList<AllowRule> rules = dialog.chosenRules();
    if (rules.isEmpty() || dialog.resultText().isEmpty() || !m_policy->applyEdit(text, dialog.resultText()))
        return false;
    statusBar()->showMessage(tr("Added %Ln rule(s) to the policy (not saved yet)", nullptr, int(rules.size())), 5000);
    return true;
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (m_shown)
        return;
    m_shown = true;
    // Nothing to edit yet: the welcome page is in front (a first start, any start without a
    // script). Only once the window is up: the dock tabs are made when it is first laid out,
    // and a tab raised before that does not stay in front.
    QTimer::singleShot(0, this, [this] {
        if (m_script->code().isEmpty() && m_script->filePath().isEmpty())
            showWelcome();
    });
}

QDockWidget *MainWindow::dockOf(QWidget *panel) const
{
    for (QDockWidget *dock : m_docks) {
        if (dock->widget() == panel)
            return dock;
    }
    Q_UNREACHABLE();
    return nullptr;
}

} // namespace Sandbench
