#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>

namespace Sandbench {

// What the doctor found for one layer, by trying it on this machine, now.
enum class LayerState {
    Held,          // tried, and it refused what it must refuse (and allowed what it must allow)
    Missing,       // tried, and it let something through, or could not be tried where it should be
    NotApplicable, // this machine's set-up has no use for it (why says which)
};

QString layerStateName(LayerState state); // "held", "missing", "n/a"

struct LayerCheck
{
    QString layer; // one of the names of doctorLayers()
    LayerState state = LayerState::Missing;
    QString why;

    bool operator==(const LayerCheck &) const = default;
};

// Every layer the README promises, in the order the doctor reports them.
namespace DoctorLayer {
inline constexpr char userNamespace[] = "user-namespace";
inline constexpr char pidNamespace[] = "pid-namespace";
inline constexpr char mountNamespace[] = "mount-namespace";
inline constexpr char networkNamespace[] = "network-namespace";
inline constexpr char capabilities[] = "capabilities";
inline constexpr char noNewPrivileges[] = "no-new-privileges";
inline constexpr char landlock[] = "landlock";
inline constexpr char memoryCgroup[] = "memory-cgroup";
inline constexpr char pidsCgroup[] = "pids-cgroup";
inline constexpr char broker[] = "broker";
inline constexpr char runtimeNeedsBroker[] = "runtime-needs-broker";
inline constexpr char runtimeChecksum[] = "runtime-checksum";
inline constexpr char dockerCapabilities[] = "docker-capabilities";
inline constexpr char dockerUser[] = "docker-user";
inline constexpr char dockerReadOnlyRoot[] = "docker-read-only-root";
inline constexpr char dockerNoNetwork[] = "docker-no-network";
} // namespace DoctorLayer

QStringList doctorLayers();

// The doctor's findings: one check per layer.
struct DoctorReport
{
    QList<LayerCheck> layers;

    // Every layer held or does not apply.
    bool allHeld() const;
    // "held     user-namespace          why", one line each, terminal-escaped.
    QString toText() const;
    // {"ok": bool, "layers": [{"layer", "state", "why"}, ...]}
    QByteArray toJson() const;
};

} // namespace Sandbench

Q_DECLARE_METATYPE(Sandbench::LayerCheck)
Q_DECLARE_METATYPE(Sandbench::DoctorReport)
