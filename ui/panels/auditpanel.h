#pragma once

#include "audit/auditevent.h"

#include <QWidget>

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
// .jsonl file. Filters by kind, decision and text; "Allow this" on a denied row asks the main
// window to add the matching rule to the policy.
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
    QLabel *countsLabel() const { return m_counts; }

    // Shows the decisions of every run of `workbench` as they are made, from a fresh table at
    // each run's start.
    void follow(Workbench *workbench);
    // A past run's decisions, from its result.
    void showRun(const RunRecord &record);

    bool openLog(const QString &path, QString *error = nullptr);
    void openLogInteractive();
    // Applies the filter widgets now instead of after the typing pause.
    void applyFilterNow();
    // The selected event, if any.
    bool selectedEvent(AuditEvent *event) const;
    void selectRow(int row);

signals:
    void allowRequested(const Sandbench::AuditEvent &event);

private:
    void updateCounts();
    void updateAllowButton();

    AuditLogModel *m_model;
    QTableView *m_view;
    QComboBox *m_kind;
    QComboBox *m_decision;
    QLineEdit *m_search;
    QPushButton *m_allow;
    QLabel *m_counts;
    QLabel *m_status;
    QTimer *m_filterDelay;
};

} // namespace Sandbench
