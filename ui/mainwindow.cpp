#include "mainwindow.h"

#include "appicon.h"
#include "models/allowrule.h"
#include "models/auditlogmodel.h"
#include "models/runhistorymodel.h"
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
#include "policy/policyfile.h"
#include "runcontroller.h"
#include "sandbox/docker/dockerprovider.h"
#include "sandbox/sandboxpool.h"
#include "settingsdialog.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolBar>

namespace Sandbench {

namespace {
// Bump when panels are added or renamed, so an old saved layout gives way to the default.
constexpr int kLayoutVersion = 3;
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_settings(AppSettings::load())
    , m_script(new ScriptEditorPanel)
    , m_policy(new PolicyEditorPanel)
    , m_console(new ConsolePanel)
    , m_audit(new AuditPanel)
    , m_runs(new RunController(this))
    , m_history(new RunHistoryPanel(m_runs->history()))
    , m_status(new RunStatusWidget)
    , m_sessions(new SessionsPanel)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(appIcon());
    setDockNestingEnabled(true);
    setDockOptions(AnimatedDocks | AllowNestedDocks | AllowTabbedDocks);
    setCentralWidget(nullptr);
    m_runs->setEngineConfig(m_settings.engineConfig());
    m_runs->setRecordOptions(m_settings.recordSessions, {.recordEnvValues = m_settings.recordEnvValues});
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
    m_sessions->setSandboxPool(m_pool.get());
    createActions();
    if (!restoreGeometry(QSettings().value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1280, 800);
    resetLayout();
    restoreWindowState();

    connect(m_runs, &RunController::output, m_console, &ConsolePanel::append);
    connect(m_runs, &RunController::permissionDecided, m_audit->model(), &AuditLogModel::appendEvent);
    connect(m_runs, &RunController::runFinished, this, &MainWindow::onRunFinished);
    connect(m_runs, &RunController::runFailed, this, [this](int, const Error &error) {
        m_audit->model()->flushPending();
        m_console->appendNotice(tr("Could not run: %1").arg(error.message));
        m_status->setFailed(error.message);
        m_runAction->setEnabled(true);
        m_stopAction->setEnabled(false);
    });
    connect(m_audit, &AuditPanel::allowRequested, this, &MainWindow::allowEvent);
    connect(m_history, &RunHistoryPanel::runSelected, this, &MainWindow::showRun);
    connect(m_history, &RunHistoryPanel::saveSessionRequested, this, [this](int row) { saveSession(row); });
    connect(m_history, &RunHistoryPanel::openSessionRequested, this, &MainWindow::showSessionOfRun);
    connect(m_sessions, &SessionsPanel::allowRequested, this, &MainWindow::allowEvent);
    connect(m_runs, &RunController::sessionFailed, this, [this](int row, const QString &error) {
        statusBar()->showMessage(tr("Run %1 was not recorded as a session: %2").arg(row + 1).arg(error), 8000);
    });
    connect(m_policy, &PolicyEditorPanel::policyChanged, m_status, &RunStatusWidget::setPolicy);
    connect(m_policy, &PolicyEditorPanel::modificationChanged, this, &MainWindow::updateTitle);
    connect(m_policy, &PolicyEditorPanel::fileChanged, this, &MainWindow::updateTitle);
    connect(m_script, &ScriptEditorPanel::modificationChanged, this, &MainWindow::updateTitle);
    connect(m_script, &ScriptEditorPanel::fileChanged, this, &MainWindow::updateTitle);
    connect(m_script, &ScriptEditorPanel::recentFilesChanged, this, &MainWindow::updateRecentMenu);
    updateTitle();
    if (m_pool)
        statusBar()->showMessage(tr("Ready. F5 runs the script under the policy."), 5000);
    else
        statusBar()->showMessage(tr("Ready. Sandboxes are unavailable: %1").arg(m_poolError));
}

MainWindow::~MainWindow() = default;

void MainWindow::createSandboxPanels()
{
    // The pool talks to the engine asynchronously; opening it only checks the options, so a
    // missing engine shows up as failed operations in the panel, never as a frozen window.
    PoolOptions options;
    options.maxSandboxes = 8;
    options.maxLifetimeMs = 2 * 3600 * 1000;
    options.network = {NetworkKind::None, NetworkKind::All};
    if (auto provider = DockerProvider::create()) {
        if (auto pool = SandboxPool::open(std::move(*provider), options))
            m_pool = std::move(*pool);
        else
            m_poolError = pool.error().message;
    } else {
        m_poolError = provider.error().message;
    }
    m_sandboxes = new SandboxesPanel(m_pool.get());
    m_desktop = new DesktopPanel(nullptr);
    m_preview = new PortPreviewPanel(nullptr, 0);
    addPanel(m_sandboxes, QStringLiteral("sandboxesDock"), tr("Sandboxes"));
    QDockWidget *desktopDock = addPanel(m_desktop, QStringLiteral("desktopDock"), tr("Desktop"));
    QDockWidget *previewDock = addPanel(m_preview, QStringLiteral("portPreviewDock"), tr("Port Preview"));
    // A hidden desktop panel must not keep taking screenshots.
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

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New Script"), QKeySequence::New, this, [this] {
        if (m_script->maybeSave())
            m_script->setCode({});
    });
    file->addAction(tr("&Open Script\u2026"), QKeySequence::Open, m_script, &ScriptEditorPanel::open);
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
            if (m_script->maybeSave() && !m_script->openFile(path, &error))
                QMessageBox::warning(this, tr("Open Script"), tr("Cannot open %1: %2").arg(path, error));
        })->setToolTip(path);
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::resetLayout()
{
    QFile file(QStringLiteral(":/layouts/default.json"));
    file.open(QIODevice::ReadOnly);
    const QJsonObject layout = QJsonDocument::fromJson(file.readAll()).object();
    const auto dockNamed = [this](const QString &name) -> QDockWidget * {
        // findChild() with an empty name would match any dock.
        return name.isEmpty() ? nullptr : findChild<QDockWidget *>(name, Qt::FindDirectChildrenOnly);
    };
    for (QDockWidget *dock : std::as_const(m_docks)) {
        removeDockWidget(dock);
        // Docked again below; a floating dock added to an area would stay floating.
        dock->setFloating(false);
    }
    for (const QJsonValue &value : layout.value(QStringLiteral("docks")).toArray()) {
        const QJsonObject entry = value.toObject();
        QDockWidget *dock = dockNamed(entry.value(QStringLiteral("name")).toString());
        if (!dock)
            continue;
        const QString area = entry.value(QStringLiteral("area")).toString();
        const Qt::DockWidgetArea where = area == QLatin1String("right")    ? Qt::RightDockWidgetArea
                                         : area == QLatin1String("top")    ? Qt::TopDockWidgetArea
                                         : area == QLatin1String("bottom") ? Qt::BottomDockWidgetArea
                                                                           : Qt::LeftDockWidgetArea;
        QDockWidget *tabWith = dockNamed(entry.value(QStringLiteral("tabWith")).toString());
        QDockWidget *splitWith = dockNamed(entry.value(QStringLiteral("splitWith")).toString());
        if (tabWith) {
            tabifyDockWidget(tabWith, dock);
        } else if (splitWith) {
            const bool vert = entry.value(QStringLiteral("orientation")).toString() == QLatin1String("vertical");
            splitDockWidget(splitWith, dock, vert ? Qt::Vertical : Qt::Horizontal);
        } else {
            addDockWidget(where, dock);
        }
        dock->setFloating(false);
        dock->show();
    }
    // Sizes only take once the docks are laid out in a window of its final size.
    const QJsonArray sizes = layout.value(QStringLiteral("sizes")).toArray();
    const auto applySizes = [this, sizes, dockNamed] {
        for (const QJsonValue &value : sizes) {
            const QJsonObject entry = value.toObject();
            QList<QDockWidget *> docks;
            QList<int> pixels;
            const QJsonArray names = entry.value(QStringLiteral("docks")).toArray();
            const QJsonArray values = entry.value(QStringLiteral("sizes")).toArray();
            for (qsizetype i = 0; i < names.size() && i < values.size(); ++i) {
                if (QDockWidget *dock = dockNamed(names.at(i).toString())) {
                    docks << dock;
                    pixels << values.at(i).toInt();
                }
            }
            const bool vert = entry.value(QStringLiteral("orientation")).toString() == QLatin1String("vertical");
            resizeDocks(docks, pixels, vert ? Qt::Vertical : Qt::Horizontal);
        }
    };
    applySizes();
    QTimer::singleShot(0, this, applySizes);
    for (const QJsonValue &name : layout.value(QStringLiteral("raise")).toArray())
        if (QDockWidget *dock = dockNamed(name.toString()))
            dock->raise();
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
    setWindowTitle(tr("%1%2 \u2014 %3%4 \u2014 Sandbench")
                       .arg(m_script->displayName(), m_script->isModified() ? QStringLiteral("*") : QString(),
                            policyName, m_policy->isModified() ? QStringLiteral("*") : QString()));
}

void MainWindow::applySettings(const AppSettings &settings)
{
    m_settings = settings;
    m_settings.save();
    applyTheme(settings.theme);
    m_runs->setEngineConfig(settings.engineConfig());
    m_runs->setRecordOptions(settings.recordSessions, {.recordEnvValues = settings.recordEnvValues});
}

void MainWindow::openSettings()
{
    SettingsDialog dialog(m_settings, this);
    if (dialog.exec() == QDialog::Accepted)
        applySettings(dialog.settings());
}

bool MainWindow::runScript()
{
    if (m_runs->isRunning())
        return false;
    m_policy->validateNow();
    if (!m_policy->isValid()) {
        statusBar()->showMessage(tr("The policy has an error: %1").arg(m_policy->errorText()), 8000);
        m_status->setFailed(tr("the policy has an error"));
        return false;
    }
    ExecRequest request;
    request.code = m_script->code();
    request.policy = m_policy->policy();
    request.baseDir = m_script->filePath().isEmpty() ? m_policy->baseDir()
                                                     : QFileInfo(m_script->filePath()).absolutePath();
    if (!m_policy->filePath().isEmpty())
        request.baseDir = m_policy->baseDir();
    m_console->clear();
    m_audit->model()->clear();
    m_runAction->setEnabled(false);
    m_stopAction->setEnabled(true);
    m_status->setRunning(true);
    connect(m_runs, &RunController::runStarted, this, [this](int row, const QString &log) {
        m_console->appendNotice(tr("Run %1 \u2014 audit log: %2").arg(row + 1).arg(log));
    }, Qt::SingleShotConnection);
    return m_runs->start(request, m_script->displayName());
}

void MainWindow::stopScript()
{
    m_runs->stop();
}

void MainWindow::onRunFinished(int row, const ExecResult &result)
{
    Q_UNUSED(row);
    m_audit->model()->flushPending();
    m_runAction->setEnabled(true);
    m_stopAction->setEnabled(false);
    m_status->setResult(result);
    QStringList parts;
    if (result.exitCode)
        parts << tr("exit code %1").arg(*result.exitCode);
    if (result.timedOut)
        parts << tr("timed out");
    if (result.cancelled)
        parts << tr("stopped");
    if (result.truncated)
        parts << tr("output truncated");
    parts << tr("%1 allowed, %2 denied").arg(result.allowCount).arg(result.denyCount);
    parts << tr("%1 ms").arg(result.durationMs);
    m_console->appendNotice(tr("Finished: %1").arg(parts.join(QStringLiteral(", "))));
}

bool MainWindow::allowEvent(const AuditEvent &event)
{
    const std::optional<AllowRule> rule = allowRuleFor(event);
    if (!rule)
        return false;
    const Policy before = m_policy->policy();
    const Policy after = withRule(before, *rule);
    const QString diff = lineDiff(QString::fromUtf8(policyToJson(before)),
                                  QString::fromUtf8(policyToJson(after)))
                             .join(QLatin1Char('\n'));
    QMessageBox box(QMessageBox::Question, tr("Allow This"),
                    tr("Add this rule to the policy?\n\n%1").arg(rule->displayText()),
                    QMessageBox::Yes | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("allowConfirmation"));
    // The diff in view at once, in a fixed font, with added lines marked in colour.
    QString html;
    for (const QString &line : diff.split(QLatin1Char('\n'))) {
        const QString escaped = line.toHtmlEscaped();
        if (line.startsWith(QLatin1Char('+')))
            html += QStringLiteral("<span style=\"color:#2da44e\">%1</span>\n").arg(escaped);
        else if (line.startsWith(QLatin1Char('-')))
            html += QStringLiteral("<span style=\"color:#e5484d\">%1</span>\n").arg(escaped);
        else
            html += escaped + QLatin1Char('\n');
    }
    box.setTextFormat(Qt::PlainText);
    box.setInformativeText(QStringLiteral("<p>%1</p><pre>%2</pre>")
                               .arg(tr("The policy changes like this:").toHtmlEscaped(), html));
    box.setDetailedText(diff);
    box.setDefaultButton(QMessageBox::Yes);
    if (box.exec() != QMessageBox::Yes)
        return false;
    m_policy->setPolicy(after);
    statusBar()->showMessage(tr("Added %1").arg(rule->displayText()), 5000);
    return true;
}

void MainWindow::showRun(int row)
{
    RunHistoryModel *history = m_runs->history();
    if (row < 0 || row >= history->rowCount() || row == m_runs->currentRow())
        return;
    const RunRecord &record = history->run(row);
    m_console->clear();
    m_console->appendNotice(tr("Run %1 (%2)").arg(record.number).arg(record.title));
    for (const ConsoleChunk &chunk : record.transcript)
        m_console->append(chunk.stream, chunk.data);
    if (record.transcriptDropped > 0)
        m_console->appendNotice(tr("[%1 more bytes were not kept for the history]").arg(record.transcriptDropped));
    if (record.result) {
        m_audit->model()->setEvents(record.result->auditEvents);
        m_console->appendNotice(RunHistoryModel::statusText(record));
    } else {
        m_audit->model()->clear();
        if (record.error)
            m_console->appendNotice(record.error->message);
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_script->maybeSave() || !m_policy->maybeSave()) {
        event->ignore();
        return;
    }
    if (!m_releasingSandboxes) {
        m_runs->stop();
        m_sessions->stopReplay();
        saveWindowState();
    }
    // Live sandboxes are released before the pool goes, without a nested event loop: the window
    // hides now, and closes for good when the pool says they are gone. An engine that never
    // answers leaves them to their lifetimes (and the next pool's reaping) after 15 s.
    if (m_pool && !m_sandboxesReleased && !m_pool->sandboxes().isEmpty()) {
        event->ignore();
        if (m_releasingSandboxes)
            return;
        m_releasingSandboxes = true;
        hide();
        VoidOperation *release = m_pool->close();
        auto finish = [this] {
            if (m_sandboxesReleased)
                return;
            m_sandboxesReleased = true;
            close();
        };
        connect(release, &SandboxOperation::finished, this, [release, finish] {
            release->deleteLater();
            finish();
        });
        QTimer::singleShot(15'000, this, finish);
        return;
    }
    event->accept();
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
