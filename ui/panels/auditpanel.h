#pragma once

#include "audit/auditevent.h"
#include "policy/policy.h"

#include <QWidget>

#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QTableView;
class QTimer;

namespace Sandbench {

class AuditLogModel;
struct RunRecord;
class Workbench;

// Browses permission decisions: live from the current run, from a past run, or from any audit
// .jsonl file. Filters by kind, decision and text; "Allow this" on the selected denied rows (or
// on every denial of the run) asks the main window to add matching rules to the policy.
class AuditPanel : public QWidget
{
    Q_OBJECT
public:
    explicit AuditPanel(QWidget *parent = nullptr);

    AuditLogModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QComboBox *kindBox() const { return m_kind; }
    QComboBox *decisionBox() const { return m_decision; }
    QLineEdit *searchEdit() const { return m_search; }
    QPushButton *allowButton() const { return m_allow; }
    QAction *allowAction() const { return m_allowAction; }
    QAction *allowAllAction() const { return m_allowAllAction; }
    // "x of y lines shown · a allowed · d denied", then what the last load or filter did.
    QLabel *countsLabel() const { return m_counts; }
    // The open log's path, elided in the middle (the whole path in its tooltip).
    QLabel *pathLabel() const { return m_path; }
    // What decided the event the panel is on (eventRow()) and what would flip it: wrapped, never
    // cut, selectable and copyable from the keyboard (Tab reaches it from the table).
    QLabel *detailsLabel() const { return m_details; }
    // The row the explanation shows and "Allow this" starts from: the current row when it is
    // selected (or nothing is), else the first selected row; -1 when there is none.
    int eventRow() const;
    // Why "Allow this" cannot run on the selection now, in the user's language; empty when it can.
    QString allowBlocker() const;
    // Where the Open Log dialog starts when no log was opened before (the runs' audit folder).
    void setDefaultFolder(const QString &folder) { m_defaultFolder = folder; }

    // Shows the decisions of every run of `workbench` as they are made, from a fresh table at
    // each run's start.
    void follow(Workbench *workbench);
    // A past run's decisions, from its result.
    void showRun(const RunRecord &record);
    // The connections of a sandbox of `workbench`'s pool (network allow) so far, and each new
    // one as the proxy decides it, until a run, a past run or a log is shown instead. "Allow
    // this" on its denied connections asks for the host in that sandbox's list for the next
    // create (sandboxAllowRequested), not for a policy rule.
    void showSandbox(Workbench *workbench, const QString &sandboxId, const QStringList &allowList);
    // The sandbox shown, or empty.
    QString sandboxId() const { return m_sandboxId; }

    bool openLog(const QString &path, QString *error = nullptr);
    // Asks for a log and opens it; false when cancelled or it could not be opened (said in a
    // message box). What it loaded is said through statusMessage once indexed.
    bool openLogInteractive();
    // Applies the filter widgets now instead of after the typing pause.
    void applyFilterNow();
    // The selected events (see selectedEvents); the first one, if any.
    bool selectedEvent(AuditEvent *event) const;
    // The selected events in row order, at most `limit`; with nothing selected, the current
    // row's event (what the explanation shows), so the two never disagree.
    QList<AuditEvent> selectedEvents(qsizetype limit = 100000) const;
    void selectRow(int row);
    // Selects and shows the next (or previous) denial after the event the panel is on, wrapping
    // at the end; says so through statusMessage when there is none. Looks at most
    // kDenialScanRows rows per call, so a key on a million-line log never stalls the window.
    bool goToDenial(bool forward);
    static constexpr int kDenialScanRows = 200000;

    // The policy in the editor, which the details line explains the current row against; none
    // (the default) explains a row by what the log says alone.
    void setPolicy(const std::optional<Policy> &policy, const QString &baseDir = {});

signals:
    // Allow the denials among `events` (the selection, or the whole run's).
    void allowRequested(const QList<Sandbench::AuditEvent> &events);
    // "Allow this" on denied connections of the sandbox shown: its list, and the hosts to add.
    void sandboxAllowRequested(const QString &sandboxId, const QStringList &allowList, const QStringList &hosts);
    // Something the user asked for did or could not happen (for the window's status bar).
    void statusMessage(const QString &text);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateCounts();
    void updateAllowButton();
    void updateDetails();
    void fitDetails();
    void allowSelected();
    QString detailsText(const AuditEvent &event) const;
    void updateSeqWidth();
    void setStatus(const QString &text);
    void selectOnly(int row);
    void showContextMenu(const QPoint &pos);
    void leaveSandbox();
    QString sandboxAllowBlocker(const QList<AuditEvent> &events) const;
    QString sandboxDetailsText(const AuditEvent &event) const;
    static bool isAllowableConnection(const AuditEvent &event);

    AuditLogModel *m_model;
    QTableView *m_view;
    QComboBox *m_kind;
    QComboBox *m_decision;
    QLineEdit *m_search;
    QPushButton *m_allow;
    QAction *m_allowAction;
    QAction *m_allowAllAction;
    QLabel *m_counts;
    QLabel *m_path;
    QLabel *m_details;
    QScrollArea *m_detailsArea;
    QString m_defaultFolder;
    QString m_announcePath;
    bool m_reasonShown = false; // m_status holds why "Allow this" could not run // the opened log, until its indexing finished and was announced
    QString m_status;
    QTimer *m_filterDelay;
    std::optional<Policy> m_policy;
    QString m_baseDir;
    QString m_sandboxId;
    QStringList m_sandboxAllow;
    QMetaObject::Connection m_sandboxFeed;
};

} // namespace Sandbench
