#pragma once

#include "doctor/doctoroptions.h"
#include "doctor/layercheck.h"

#include <QDialog>
#include <QPointer>

class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace Sandbench {

class Doctor;
class Workbench;

// Help → Check Layers (and a click on the status bar's layer line): the doctor's findings, one
// row per layer (held / missing / n/a and why), a progress bar while it runs and a button that
// runs it again. The check runs off the GUI thread (Workbench::startDoctor): the window stays
// live throughout.
class DoctorDialog : public QDialog
{
    Q_OBJECT
public:
    DoctorDialog(Workbench *workbench, DoctorOptions options, QWidget *parent = nullptr);
    ~DoctorDialog() override;

    // Starts a check unless one is running.
    void runCheck();
    bool isRunning() const;
    bool hasChecked() const { return m_checked; }
    const DoctorReport &report() const { return m_report; }

    QTreeWidget *list() const { return m_list; }
    QProgressBar *progress() const { return m_progress; }
    QPushButton *runAgainButton() const { return m_runAgain; }

signals:
    void started();
    void progressed(int done, int total);
    void checked(const Sandbench::DoctorReport &report);

private:
    void addRow(const LayerCheck &check);
    void done(const DoctorReport &report);

    Workbench *m_workbench;
    DoctorOptions m_options;
    QPointer<Doctor> m_doctor;
    DoctorReport m_report;
    bool m_checked = false;
    QLabel *m_summary;
    QTreeWidget *m_list;
    QProgressBar *m_progress;
    QPushButton *m_runAgain;
};

// The status bar's layer line: "Layers: not checked", "checking… 5 of 16", "all held" or "2
// missing: landlock, pids-cgroup". A click opens the dialog (and checks when nothing was yet).
QString doctorSummary(const DoctorReport &report);

} // namespace Sandbench
