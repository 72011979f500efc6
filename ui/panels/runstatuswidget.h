#pragma once

#include "exec/execresult.h"
#include "policy/policy.h"

#include <QWidget>

class QLabel;
class QTimer;

namespace Sandbench {

class Workbench;

// The run's state at a glance, in the toolbar: the seed and frozen time the next run uses, the
// live running time, and how the last run ended (exit code, timed out, truncated).
class RunStatusWidget : public QWidget
{
    Q_OBJECT
public:
    explicit RunStatusWidget(QWidget *parent = nullptr);

    // Follows every run of `workbench`: running from its start, then how it ended.
    void follow(Workbench *workbench);
    void setPolicy(const Policy &policy);
    void setRunning(bool running);
    void setResult(const ExecResult &result);
    // `message` is ours, already translated ("the script is empty").
    void setFailed(const QString &message);
    // The run could not start and the engine said why, in English: shown as its data, quoted
    // apart, after a sentence of ours in the user's language.
    void setEngineFailure(const QString &engineMessage);
    // "Could not run" because the policy has an error: cleared by clearPolicyFailure() once the
    // policy reads again, while a failure of the run itself stays until the next run.
    void setPolicyFailed(const QString &message);
    void clearPolicyFailure();
    // The run the window shows (its number, 0 before the first): the state beside it is that
    // run's, so the toolbar names the run the panels show.
    void setShownRun(int number);

    QString seedText() const;
    QString frozenTimeText() const;
    QString stateText() const;
    QString shownRunText() const;

private:
    void tick();

    QLabel *m_seed;
    QLabel *m_frozen;
    QLabel *m_run;
    QLabel *m_state;
    bool m_policyFailed = false;
    QTimer *m_timer;
    qint64 m_startedMs = 0;
};

} // namespace Sandbench
