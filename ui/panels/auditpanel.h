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
    // What decided the current row and what would flip it.
    QLabel *detailsLabel() const { return m_details; }

    // Shows the decisions of every run of `workbench` as they are made, from a fresh table at
    // each run's start.
    void follow(Workbench *workbench);
    // A past run's decisions, from its result.
    void showRun(const RunRecord &record);

    bool openLog(const QString &path, QString *error = nullptr);
    void openLogInteractive();
    // Applies the filter widgets now instead of after the typing pause.
    void applyFilterNow();
    // The first selected event, if any.
    bool selectedEvent(AuditEvent *event) const;
    // The selected events in row order, at most `limit`.
    QList<AuditEvent> selectedEvents(qsizetype limit = 100000) const;
    void selectRow(int row);

    // The policy in the editor, which the details line explains the current row against; none
    // (the default) explains a row by what the log says alone.
    void setPolicy(const std::optional<Policy> &policy, const QString &baseDir = {});

signals:
    // Allow the denials among `events` (the selection, or the whole run's).
    void allowRequested(const QList<Sandbench::AuditEvent> &events);

private:
    void updateCounts();
    void updateAllowButton();
    void updateDetails();
    QString detailsText(const AuditEvent &event) const;
    void updateSeqWidth();
    void setStatus(const QString &text);
    void showContextMenu(const QPoint &pos);

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
    QString m_status;
    QTimer *m_filterDelay;
    std::optional<Policy> m_policy;
    QString m_baseDir;
};

} // namespace Sandbench
