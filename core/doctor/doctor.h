#pragma once

#include "common/result.h"
#include "doctor/doctoroptions.h"
#include "doctor/layercheck.h"

#include <QObject>
#include <QPointer>

namespace Sandbench {

class BrokerProbe;
class SandboxProbe;
class SandboxProvider;

// The self-test: proves, on this machine and now, each layer the README promises by trying it
// (namespaceprobe.h, hostprobes.h, brokerprobe.h, sandboxprobe.h), never by reading a version.
// The blocking probes run on a worker thread of their own, the runs and sandboxes as the engine
// and the provider run them: start() returns at once, layerChecked() reports each layer as it
// is known, finished() the whole report, in doctorLayers() order. Front ends reach it through
// the Workbench (Workbench::startDoctor), which hands it the sandbox provider.
class Doctor : public QObject
{
    Q_OBJECT
public:
    explicit Doctor(DoctorOptions options = {}, QObject *parent = nullptr);
    // Waits for the worker thread's probes (each bounded by probeTimeoutMs).
    ~Doctor() override;

    // Before start(); an error (no provider, options it refuses) makes the Docker layers missing.
    void setSandboxProvider(Result<SandboxProvider *> provider);
    void start();
    bool isRunning() const { return m_running; }
    const DoctorOptions &options() const { return m_options; }
    const DoctorReport &report() const { return m_report; }

    // sandbench-probe: SANDBENCH_PROBE, next to the executable, installed, or this build's.
    static Result<QString> locateProbe();

signals:
    void layerChecked(const Sandbench::LayerCheck &check);
    void finished(const Sandbench::DoctorReport &report);

private:
    void add(const QList<LayerCheck> &checks);
    void hostProbesDone(const QList<LayerCheck> &checks);
    void brokerDone(const LayerCheck &check);
    void finish();

    DoctorOptions m_options;
    std::optional<Result<SandboxProvider *>> m_provider;
    DoctorReport m_report;
    QThread *m_worker = nullptr;
    BrokerProbe *m_broker = nullptr;
    SandboxProbe *m_sandbox = nullptr;
    bool m_running = false;
};

} // namespace Sandbench
