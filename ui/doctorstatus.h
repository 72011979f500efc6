#pragma once

#include "doctor/doctoroptions.h"

#include <QPushButton>

namespace Sandbench {

class DoctorDialog;
class Workbench;

// The status bar's line for the layers: what the last check found, its progress while one runs;
// a click opens the details (DoctorDialog), checking first when nothing was checked yet.
class DoctorStatus : public QPushButton
{
    Q_OBJECT
public:
    DoctorStatus(Workbench *workbench, DoctorOptions options = {}, QWidget *parent = nullptr);

    // Created on first use.
    DoctorDialog *dialog();
    void openDetails();

private:
    Workbench *m_workbench;
    DoctorOptions m_options;
    DoctorDialog *m_dialog = nullptr;
};

} // namespace Sandbench
