#include "doctordialog.h"

#include "doctor/doctor.h"
#include "workbench/workbench.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Sandbench {

QString doctorSummary(const DoctorReport &report)
{
    QStringList missing;
    for (const LayerCheck &check : report.layers)
        if (check.state == LayerState::Missing)
            missing << check.layer;
    if (report.layers.isEmpty())
        return QObject::tr("Layers: not checked");
    if (missing.isEmpty())
        return QObject::tr("Layers: all held");
    return QObject::tr("Layers: %n missing: %1", nullptr, int(missing.size())).arg(missing.join(QStringLiteral(", ")));
}

DoctorDialog::DoctorDialog(Workbench *workbench, DoctorOptions options, QWidget *parent)
    : QDialog(parent)
    , m_workbench(workbench)
    , m_options(std::move(options))
    , m_summary(new QLabel(this))
    , m_list(new QTreeWidget(this))
    , m_progress(new QProgressBar(this))
    , m_runAgain(new QPushButton(tr("Run &Again"), this))
{
    setObjectName(QStringLiteral("doctorDialog"));
    setWindowTitle(tr("Layers of this machine"));
    m_summary->setWordWrap(true);
    m_summary->setText(tr("Each layer the README promises is proved by trying it here, now: a namespace, a rule, a "
                          "cgroup, the broker, a probe sandbox. Not checked yet."));
    m_list->setObjectName(QStringLiteral("doctorList"));
    m_list->setHeaderLabels({tr("State"), tr("Layer"), tr("Why")});
    m_list->setRootIsDecorated(false);
    m_list->setWordWrap(true);
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_list->setAccessibleName(tr("Layers and their state"));
    m_progress->setRange(0, int(doctorLayers().size()));
    m_progress->setValue(0);
    m_runAgain->setObjectName(QStringLiteral("doctorRunAgain"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_runAgain, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_runAgain, &QPushButton::clicked, this, &DoctorDialog::runCheck);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_progress);
    layout->addWidget(buttons);
    resize(820, 460);
}

DoctorDialog::~DoctorDialog() = default; // the Doctor (a child) waits for its probes

bool DoctorDialog::isRunning() const
{
    return m_doctor && m_doctor->isRunning();
}

void DoctorDialog::runCheck()
{
    if (isRunning())
        return;
    if (m_doctor)
        m_doctor->deleteLater();
    m_list->clear();
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_runAgain->setEnabled(false);
    m_summary->setText(tr("Checking each layer on this machine\u2026"));
    m_doctor = m_workbench->startDoctor(m_options, this);
    connect(m_doctor, &Doctor::layerChecked, this, [this](const LayerCheck &check) {
        addRow(check);
        m_progress->setValue(m_list->topLevelItemCount());
        emit progressed(m_list->topLevelItemCount(), int(doctorLayers().size()));
    });
    connect(m_doctor, &Doctor::finished, this, &DoctorDialog::done);
    emit started();
}

void DoctorDialog::addRow(const LayerCheck &check)
{
    auto *item = new QTreeWidgetItem(m_list, {layerStateName(check.state), check.layer, check.why});
    item->setToolTip(2, check.why);
    if (check.state == LayerState::Missing) {
        QFont bold = item->font(0);
        bold.setBold(true);
        item->setFont(0, bold);
        item->setFont(1, bold);
    }
}

void DoctorDialog::done(const DoctorReport &report)
{
    m_report = report;
    m_checked = true;
    // In the report's order, which is the README's.
    m_list->clear();
    for (const LayerCheck &check : report.layers)
        addRow(check);
    m_progress->setVisible(false);
    m_runAgain->setEnabled(true);
    m_summary->setText(report.allHeld() ? tr("Every layer holds on this machine.")
                                        : tr("%1. A run or sandbox that needs a missing layer refuses to start, naming it.")
                                                  .arg(doctorSummary(report)));
    emit checked(report);
}

} // namespace Sandbench
