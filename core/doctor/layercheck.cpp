#include "layercheck.h"

#include "common/terminaltext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Sandbench {

QString layerStateName(LayerState state)
{
    switch (state) {
    case LayerState::Held:
        return QStringLiteral("held");
    case LayerState::Missing:
        return QStringLiteral("missing");
    case LayerState::NotApplicable:
        break;
    }
    return QStringLiteral("n/a");
}

QStringList doctorLayers()
{
    using namespace DoctorLayer;
    QStringList out;
    for (const char *name : {userNamespace, pidNamespace, mountNamespace, networkNamespace, capabilities,
                             noNewPrivileges, landlock, memoryCgroup, pidsCgroup, broker, runtimeNeedsBroker,
                             runtimeChecksum, dockerCapabilities, dockerUser, dockerReadOnlyRoot, dockerNoNetwork})
        out << QLatin1String(name);
    return out;
}

bool DoctorReport::allHeld() const
{
    return !layers.isEmpty() && std::none_of(layers.begin(), layers.end(), [](const LayerCheck &c) {
        return c.state == LayerState::Missing;
    });
}

QString DoctorReport::toText() const
{
    QString out;
    for (const LayerCheck &check : layers)
        out += QStringLiteral("%1 %2 %3\n").arg(layerStateName(check.state), -8).arg(check.layer, -22).arg(terminalSafe(check.why));
    return out;
}

QByteArray DoctorReport::toJson() const
{
    QJsonArray array;
    for (const LayerCheck &check : layers)
        array.append(QJsonObject{{QStringLiteral("layer"), check.layer},
                                 {QStringLiteral("state"), layerStateName(check.state)},
                                 {QStringLiteral("why"), check.why}});
    return QJsonDocument(QJsonObject{{QStringLiteral("ok"), allHeld()}, {QStringLiteral("layers"), array}})
            .toJson(QJsonDocument::Compact);
}

} // namespace Sandbench
