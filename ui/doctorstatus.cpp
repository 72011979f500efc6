#include "doctorstatus.h"

#include "doctordialog.h"

namespace Sandbench {

DoctorStatus::DoctorStatus(Workbench *workbench, DoctorOptions options, QWidget *parent)
    : QPushButton(parent)
    , m_workbench(workbench)
    , m_options(std::move(options))
{
    setObjectName(QStringLiteral("doctorStatus"));
    setFlat(true);
    setText(doctorSummary({}));
    setToolTip(tr("Prove each layer (namespaces, Landlock, cgroups, the broker, the sandboxes' lock-down) on this machine"));
    setAccessibleName(tr("Layers of this machine"));
    connect(this, &QPushButton::clicked, this, &DoctorStatus::openDetails);
}

DoctorDialog *DoctorStatus::dialog()
{
    if (!m_dialog) {
        m_dialog = new DoctorDialog(m_workbench, m_options, window());
        connect(m_dialog, &DoctorDialog::started, this, [this] { setText(tr("Layers: checking\u2026")); });
        connect(m_dialog, &DoctorDialog::progressed, this,
                [this](int done, int total) { setText(tr("Layers: checking\u2026 %1 of %2").arg(done).arg(total)); });
        connect(m_dialog, &DoctorDialog::checked, this, [this](const DoctorReport &report) {
            setText(doctorSummary(report));
            QFont f = font();
            f.setBold(!report.allHeld());
            setFont(f);
        });
    }
    return m_dialog;
}

void DoctorStatus::openDetails()
{
    DoctorDialog *d = dialog();
    if (!d->hasChecked())
        d->runCheck();
    d->show();
    d->raise();
    d->activateWindow();
}

} // namespace Sandbench
