#include "doctor.h"

#include "common/helperprogram.h"
#include "doctor/brokerprobe.h"
#include "doctor/hostprobes.h"
#include "doctor/namespaceprobe.h"
#include "doctor/sandboxprobe.h"

#include <QCoreApplication>
#include <QThread>

namespace Sandbench {

Doctor::Doctor(DoctorOptions options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
{
    qRegisterMetaType<LayerCheck>();
    qRegisterMetaType<DoctorReport>();
}

Doctor::~Doctor()
{
    if (m_worker) {
        m_worker->wait();
        delete m_worker;
    }
}

Result<QString> Doctor::locateProbe()
{
    return locateHelperProgram(QStringLiteral("sandbench-probe"), "SANDBENCH_PROBE",
                               QStringLiteral(SANDBENCH_PROBE_INSTALL_PATH), QStringLiteral(SANDBENCH_PROBE_BUILD_PATH));
}

void Doctor::setSandboxProvider(Result<SandboxProvider *> provider)
{
    m_provider = std::move(provider);
}

void Doctor::start()
{
    if (m_running)
        return;
    m_running = true;
    m_report = {};
    const DoctorOptions options = m_options;
    QPointer<Doctor> self(this);
    m_worker = QThread::create([self, options] {
        QList<LayerCheck> checks;
        QString probe = options.probePath;
        if (probe.isEmpty()) {
            auto found = locateProbe();
            probe = found ? *found : QString();
            if (!found) {
                for (const char *layer : {DoctorLayer::userNamespace, DoctorLayer::pidNamespace, DoctorLayer::mountNamespace,
                                          DoctorLayer::networkNamespace, DoctorLayer::capabilities, DoctorLayer::noNewPrivileges,
                                          DoctorLayer::landlock, DoctorLayer::memoryCgroup, DoctorLayer::pidsCgroup})
                    checks.append({QLatin1String(layer), LayerState::Missing, found.error().message});
            }
        }
        if (!probe.isEmpty())
            checks << probeNamespaces(options, probe) << probeCgroups(options, probe);
        checks << probeRuntime(options);
        // The Doctor is only ever read on its own thread, where self is checked.
        QMetaObject::invokeMethod(QCoreApplication::instance(), [self, checks] {
            if (self)
                self->hostProbesDone(checks);
        }, Qt::QueuedConnection);
    });
    m_worker->start();
}

void Doctor::add(const QList<LayerCheck> &checks)
{
    for (const LayerCheck &check : checks) {
        m_report.layers.append(check);
        emit layerChecked(check);
    }
}

void Doctor::hostProbesDone(const QList<LayerCheck> &checks)
{
    m_worker->wait();
    delete m_worker;
    m_worker = nullptr;
    add(checks);
    m_broker = new BrokerProbe(m_options, this);
    connect(m_broker, &BrokerProbe::finished, this, &Doctor::brokerDone);
    m_broker->start();
}

void Doctor::brokerDone(const LayerCheck &check)
{
    m_broker->deleteLater();
    m_broker = nullptr;
    add({check});
    if (!m_options.sandboxes) {
        for (const char *layer : {DoctorLayer::dockerCapabilities, DoctorLayer::dockerUser, DoctorLayer::dockerReadOnlyRoot,
                                  DoctorLayer::dockerNoNetwork})
            add({{QLatin1String(layer), LayerState::NotApplicable, QStringLiteral("not tried: sandboxes are not checked (--no-sandboxes)")}});
        finish();
        return;
    }
    m_sandbox = new SandboxProbe(m_provider.value_or(fail(ErrorCode::EnvironmentError, QStringLiteral("the doctor was given none"))),
                                 m_options.probeTimeoutMs, this);
    connect(m_sandbox, &SandboxProbe::finished, this, [this](const QList<LayerCheck> &checks) {
        m_sandbox->deleteLater();
        m_sandbox = nullptr;
        add(checks);
        finish();
    });
    m_sandbox->start();
}

void Doctor::finish()
{
    const QStringList order = doctorLayers();
    std::stable_sort(m_report.layers.begin(), m_report.layers.end(), [&order](const LayerCheck &a, const LayerCheck &b) {
        return order.indexOf(a.layer) < order.indexOf(b.layer);
    });
    m_running = false;
    emit finished(m_report);
}

} // namespace Sandbench
