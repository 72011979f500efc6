#pragma once

#include "audit/auditevent.h"
#include "common/error.h"
#include "common/result.h"
#include "common/staleguard.h"
#include "policy/policy.h"
#include "session/replayreport.h"
#include "session/replayvalues.h"

#include <QPointer>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QMimeData;
class QPlainTextEdit;
class QProgressBar;
class QStackedWidget;
class QTabWidget;
class QToolButton;
class QTreeWidget;

namespace Sandbench {

class AgentSessionView;
class AuditPanel;
class LiveSessionsList;
class CodeEditor;
class SandboxPool;
class SandboxSession;
class ExecSession;
struct AgentSession;
struct AgentCallRow;
class SessionDiffView;
class SessionReplayer;
class ReplayValuesDialog;
class Workbench;
class SandboxSessionView;
class TrafficView;

// Opens a .sbsession or an agent session's .sbagent (from a file, by drag and drop, a run of
// the history, or the Live list of agent servers running now) and shows what was
// recorded without running anything: the console, the audit log, the code, the files. Replay runs
// it again offline, under the recorded policy or another policy file, and the Replay tab shows
// recording and replay side by side with the first divergence highlighted. Opening and
// replaying happen off the event loop; a busy bar shows while they do.
class SessionsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit SessionsPanel(QWidget *parent = nullptr);
    ~SessionsPanel() override;

    // Sandbox sessions replay into a fresh sandbox of this pool (null: they can only be browsed).
    // Replays go through the Workbench: exec sessions offline, sandbox sessions in a fresh
    // sandbox of its pool (none when it has no pool).
    void setWorkbench(Workbench *workbench);

    // Where the Live list looks for agent sessions whose server runs (by default the folder
    // sandbench-cli mcp records into, Workbench::defaultSessionsFolder()); empty: nowhere.
    void setSessionsFolder(const QString &folder);

    void openFile(const QString &path);
    void openInteractive();
    // A run's session from the history, shown as if opened from a file called `title`.
    void showSession(std::shared_ptr<const ExecSession> bundle, const QString &title);

    // Asks first for the values the session kept by name only (ReplayValuesDialog), when it has
    // required ones; the replay starts once they are given.
    void replay();
    void stopReplay();
    // The dialog asking for those values while it is open, or null.
    ReplayValuesDialog *replayValuesDialog() const;
    // Replays under this policy file instead of the recorded policy; empty: the recorded one.
    bool setReplayPolicyFile(const QString &path, QString *error = nullptr);
    // Where "Policy in the editor" comes from: the policy editor's current text, parsed (an
    // error when it does not parse). Unset: that choice is disabled.
    void setEditorPolicySource(std::function<Result<Policy>()> source);
    // Replays under the editor's policy (wider grants still ask, as with a policy file).
    void replayUnderEditorPolicy();
    bool usesEditorPolicy() const { return m_useEditorPolicy; }
    // Asked before a replay policy grants more than the bundle holds (host paths, variables,
    // programs); the default asks the user in a message box. Returning false cancels the replay.
    void setWiderPolicyConfirmation(std::function<bool(const QStringList &entries)> confirm);

    bool isLoading() const { return m_loading; }
    bool isReplaying() const;
    const ExecSession *bundle() const { return m_bundle.get(); }
    const SandboxSession *sandboxSession() const { return m_sandbox.get(); }
    // The agent session shown, or null.
    const AgentSession *agentSession() const;
    QString title() const { return m_title; }
    std::optional<ReplayReport> lastReport() const { return m_report; }

    QTabWidget *tabs() const { return m_tabs; }
    QPlainTextEdit *consoleView() const { return m_console; }
    QComboBox *consoleStreamBox() const { return m_consoleStream; }
    AuditPanel *auditPanel() const { return m_audit; }
    CodeEditor *codeView() const { return m_code; }
    // The policy the session was recorded under, as JSON, read-only.
    CodeEditor *recordedPolicyView() const { return m_recordedPolicy; }
    QComboBox *replayPolicyBox() const { return m_policy; }
    QTreeWidget *filesView() const { return m_files; }
    SessionDiffView *diffView() const { return m_diff; }
    SandboxSessionView *stepsView() const { return m_steps; }
    TrafficView *trafficView() const { return m_traffic; }
    AgentSessionView *agentView() const { return m_agentView; }
    LiveSessionsList *liveSessions() const { return m_live; }
    QLabel *errorLabel() const { return m_error; }
    QLabel *infoLabel() const { return m_info; }
    QToolButton *replayButton() const { return m_replayButton; }

    // A local file a drop could open (any file: a wrong one gets a clear error when opened).
    static QString droppedSessionPath(const QMimeData *mime);

signals:
    void sessionOpened(const QString &title);
    void openFailed(const QString &message);
    void replayFinished(const Sandbench::ReplayReport &report);
    void replayFailed(const QString &message);
    void allowRequested(const QList<Sandbench::AuditEvent> &events);
    // The Files tab is filled (its sizes are looked up off the event loop).
    void filesListed();

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    bool confirmWiderPolicy(const QStringList &entries);
    struct Loaded;
    void showLoaded(const Loaded &loaded);
    void showBundle();
    void showSandboxSession();
    void showAgentSession(const AgentSession &session, const QList<AgentCallRow> &rows, bool live);
    void replayAgentSession(const ReplayValues &values);
    void replayWith(const ReplayValues &values);
    void askForValues(const ReplayValueNames &names);
    void fillFiles();
    void showConsoleStream();
    void showError(const QString &message);
    void setBusy(bool busy, const QString &what = {});
    void updateActions();
    void onReplayFinished(const ReplayReport &report);
    void onReplayFailed(const Error &error);
    void chooseReplayPolicy(int index);

    std::shared_ptr<const ExecSession> m_bundle;
    std::shared_ptr<const SandboxSession> m_sandbox;
    bool m_agent = false; // an agent session is shown (m_agentView holds it)
    Workbench *m_workbench = nullptr;
    SandboxPool *m_pool = nullptr; // the Workbench's
    QString m_title;
    QString m_replayPolicyPath;
    bool m_useEditorPolicy = false;
    std::function<Result<Policy>()> m_editorPolicy;
    std::function<bool(const QStringList &)> m_confirmWider;
    std::optional<ReplayReport> m_report;
    bool m_loading = false;
    bool m_sandboxReplaying = false;
    StaleGuard m_loads; // a file opened later makes an earlier one's answer stale

    // The exec session's replay while one runs (a sandbox session's runs in m_steps).
    SessionReplayer *m_replayer = nullptr;
    QPointer<ReplayValuesDialog> m_valuesDialog;
    bool m_readingNames = false; // an agent session's names are read off the event loop first
    StaleGuard m_names;          // another session shown makes the names read for this one stale
    QToolButton *m_openButton;
    QToolButton *m_replayButton;
    QToolButton *m_stopButton;
    QComboBox *m_policy;
    QProgressBar *m_busy;
    QLabel *m_busyText;
    QLabel *m_info;
    QLabel *m_error;
    QStackedWidget *m_stack;
    QTabWidget *m_tabs;
    QComboBox *m_consoleStream;
    QPlainTextEdit *m_console;
    AuditPanel *m_audit;
    CodeEditor *m_code;
    CodeEditor *m_recordedPolicy;
    QTreeWidget *m_files;
    SandboxSessionView *m_steps;
    SessionDiffView *m_diff;
    TrafficView *m_traffic;
    AgentSessionView *m_agentView;
    LiveSessionsList *m_live;
};

} // namespace Sandbench
