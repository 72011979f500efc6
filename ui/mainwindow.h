#pragma once

#include "appsettings.h"
#include "audit/auditevent.h"
#include "exec/execresult.h"
#include "sandbox/sandboxtypes.h"

#include <QKeySequence>
#include <QMainWindow>

class QAction;
class QDockWidget;
class QMenu;

namespace Sandbench {

class ApprovalCue;
class ApprovalsPanel;
class AuditPanel;
class DesktopPanel;
class PortPreviewPanel;
class Sandbox;
class SignalWatcher;
class SandboxesPanel;
class SandboxPool;
class ConsolePanel;
class DoctorStatus;
class PolicyEditorPanel;
class RunHistoryPanel;
class RunStatusWidget;
class ScriptEditorPanel;
class SessionsPanel;
class UserGuideView;
class UserGuideWindow;
class WelcomePanel;
class PanelNavigator;
class DockFocusFrame;
class FocusKeeper;
class Workbench;

// The workbench: dockable panels around a script, its policy, its output, its audit log and the
// sessions that record runs.
// Panels have stable object names so that saved layouts survive new versions; the default
// layout comes from resources/layouts/default.json.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    ScriptEditorPanel *scriptPanel() const { return m_script; }
    PolicyEditorPanel *policyPanel() const { return m_policy; }
    ConsolePanel *consolePanel() const { return m_console; }
    AuditPanel *auditPanel() const { return m_audit; }
    RunHistoryPanel *historyPanel() const { return m_history; }
    SandboxesPanel *sandboxesPanel() const { return m_sandboxes; }
    DesktopPanel *desktopPanel() const { return m_desktop; }
    PortPreviewPanel *portPreviewPanel() const { return m_preview; }
    SessionsPanel *sessionsPanel() const { return m_sessions; }
    WelcomePanel *welcomePanel() const { return m_welcome; }
    // The calls local agent servers hold for a person, and what tells the user one waits.
    ApprovalsPanel *approvalsPanel() const { return m_approvals; }
    ApprovalCue *approvalCue() const { return m_approvalCue; }
    // View → Approvals: the key that shows and focuses the Approvals panel (it is the eleventh
    // panel, past Alt+1…9 and 0).
    static QKeySequence approvalsKey();
    // The user guide window once Help → User Guide opened it, else null.
    UserGuideView *userGuide() const;
    SandboxPool *sandboxPool() const { return m_pool; }
    Workbench *workbench() const { return m_workbench; }
    RunStatusWidget *runStatus() const { return m_status; }
    // The status bar's layer line (the self-test; Help → Check Layers).
    DoctorStatus *doctorStatus() const { return m_doctorStatus; }
    QAction *runAction() const { return m_runAction; }
    QAction *stopAction() const { return m_stopAction; }
    QAction *runSecretsAction() const { return m_runSecretsAction; }
    QList<QDockWidget *> docks() const { return m_docks; }
    PanelNavigator *navigator() const { return m_navigator; }
    // The mark on the dock that holds the keyboard focus.
    DockFocusFrame *dockFocusFrame() const { return m_dockFrame; }
    QAction *allowAction() const { return m_allowAction; }
    // What quitting now would end: the running script, a replay and each live sandbox, one per
    // line; empty when nothing is alive.
    QStringList liveWork() const;
    // What quitting now would lose: the script and the policy when they have unsaved changes.
    QStringList unsavedTexts() const;
    // The one question before quitting, listing unsavedTexts() and liveWork() (not asked when
    // both are empty): Save and Quit, Discard and Quit, or Cancel. True when the user chose to
    // quit and what was to be saved is saved; nothing is asked again on this way out.
    bool confirmQuit();
    // The desktop session ends (the session manager's commit-data request): asks as quitting
    // does when the manager lets us, then quits; false when the user cancelled (the caller
    // cancels the session end). Without interaction nothing is asked: the session ends anyway.
    bool endSession(bool interactionAllowed);
    // True once the user said yes to quitting and the release has begun.
    bool isQuitting() const { return m_quitConfirmed; }
    // From now on SIGINT, SIGTERM and SIGHUP end the session as a session end without
    // interaction does: runs stop and sandboxes are released before the process goes.
    void endSessionOnSignals();
    // The first such signal caught, 0 if none: the application exits with 128 + it.
    int endedBySignal() const;

    // Puts every panel where the default layout says.
    void resetLayout();
    void applySettings(const AppSettings &settings);
    AppSettings settings() const { return m_settings; }

    // Runs the script in the editor under the policy in the editor; false when it cannot start
    // (a run is going on, or the policy does not parse).
    bool runScript();
    void stopScript();
    // "Allow this": previews the rule and the policy diff, and adds it when confirmed.
    // The audit browser's "Allow this" for one or many denials: each distinct resource with a
    // choice of scope, then the policy diff, then the result in the policy editor (not saved).
    bool allowEvents(const QList<Sandbench::AuditEvent> &events);
    // Shows the run at `row` in every panel that shows a run (Workbench::showRun); while a run is
    // going on, the live one stays shown and the status bar says so.
    void showRun(int row);
    // Saves a run of the history as a .sbsession (asks where; -1: the selected run, else the
    // newest with a session). With `path`, writes there without asking. The file is written on
    // the thread pool; the status bar says when it is done.
    void saveSession(int row = -1, const QString &path = {});
    void openSessionFile(const QString &path);
    // An example of the welcome page: its script into the Script panel, its policy into the
    // Policy panel (each asks to save unsaved changes first); false when one was kept.
    bool openExample(const QString &name);
    void showWelcome();
    void showUserGuide();
    // Shows a panel's dock and brings its tab forward.
    void showPanel(QWidget *panel);
    // Shows the script panel and puts the focus in its editor (after New, Open, an example).
    void editScript();

signals:
    void sessionSaved(const QString &path);
    // Quitting is done: the user said yes, everything was released and the window closed for
    // good (the application quits when it was the last window).
    void quitDone();

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createSandboxPanels();
    // The audit browser follows the selected sandbox's connections (network allow), and its
    // "Allow this" goes to the sandboxes panel's next create.
    void connectSandboxAudit();
    void createWelcome();
    void createApprovals();
    QDockWidget *addPanel(QWidget *panel, const QString &objectName, const QString &title);
    void createActions();
    void restoreWindowState();
    void saveWindowState();
    void updateTitle();
    void updateRecentMenu();
    void openSettings();
    void showShortcuts();
    void setUpKeyboardFocus();
    void nameControls();
    void showSessionOfRun(int row);
    // Workbench::shownRunChanged: the panels that show a run, and the names that say which.
    void presentRun(int row);
    void nameShownRun(int row);
    bool saveUnsavedTexts();
    // Ends the run and the replay and releases the sandboxes; true when all is let go, false
    // while the sandboxes are being released (the window is hidden and closes when they are).
    bool releaseAll();
    QDockWidget *dockOf(QWidget *panel) const;

    AppSettings m_settings;
    ScriptEditorPanel *m_script;
    PolicyEditorPanel *m_policy;
    ConsolePanel *m_console;
    AuditPanel *m_audit;
    Workbench *m_workbench;
    RunHistoryPanel *m_history;
    RunStatusWidget *m_status;
    DoctorStatus *m_doctorStatus = nullptr;
    SandboxPool *m_pool = nullptr; // the Workbench's; null when sandboxes are unavailable
    QString m_poolError;
    // Quitting: asked once (m_quitConfirmed), then the window is gone at once, and the close is
    // accepted once the pool has released the sandboxes (or the engine did not answer in time).
    bool m_askingToQuit = false;
    bool m_quitConfirmed = false;
    bool m_releasing = false;
    bool m_released = false;
    SignalWatcher *m_signals = nullptr;
    void endOnSignal(int attempt);
    SandboxesPanel *m_sandboxes = nullptr;
    DesktopPanel *m_desktop = nullptr;
    PortPreviewPanel *m_preview = nullptr;
    SessionsPanel *m_sessions;
    WelcomePanel *m_welcome = nullptr;
    ApprovalsPanel *m_approvals = nullptr;
    ApprovalCue *m_approvalCue = nullptr;
    bool m_shown = false; // the first show raises the welcome page
    UserGuideWindow *m_guideWindow = nullptr;
    QList<QDockWidget *> m_docks;
    QAction *m_runAction = nullptr;
    QAction *m_stopAction = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QAction *m_allowAction = nullptr;
    QAction *m_saveSessionAction = nullptr;
    QAction *m_runSecretsAction = nullptr;
    // Run → Secrets…: what the window's runs get, in memory only (values never saved).
    QString m_runSecretsText;
    QList<SandboxSecret> m_runSecrets;
    void editRunSecrets();
    PanelNavigator *m_navigator = nullptr;
    FocusKeeper *m_focusKeeper = nullptr;
    DockFocusFrame *m_dockFrame = nullptr;
};

} // namespace Sandbench
