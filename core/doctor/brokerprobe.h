#pragma once

#include "doctor/doctoroptions.h"
#include "doctor/layercheck.h"

#include <QObject>
#include <QTemporaryDir>

namespace Sandbench {

class ExecEngine;

// The broker, tried as a run is: the real runtime under the real PermissionBroker (an ExecEngine
// run, in its namespaces) runs a script that reads a file no rule grants. Held when the denial
// reached the broker (a deny decision for that file) and the script was refused (NotCapable), and
// nothing was read. Never blocks: finished() follows start().
class BrokerProbe : public QObject
{
    Q_OBJECT
public:
    explicit BrokerProbe(const DoctorOptions &options, QObject *parent = nullptr);
    void start();

signals:
    void finished(const Sandbench::LayerCheck &check);

private:
    void done(LayerState state, const QString &why);

    DoctorOptions m_options;
    ExecEngine *m_engine;
    QTemporaryDir m_dir;
    QString m_secret;
    bool m_done = false;
};

} // namespace Sandbench
