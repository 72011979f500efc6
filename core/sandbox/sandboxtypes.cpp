#include "sandboxtypes.h"

namespace Sandbench {

QString networkKindName(NetworkKind kind)
{
    switch (kind) {
    case NetworkKind::None: return QStringLiteral("none");
    case NetworkKind::All: return QStringLiteral("all");
    case NetworkKind::Domains: return QStringLiteral("allow");
    }
    return QStringLiteral("none");
}

std::optional<NetworkKind> networkKindFromName(const QString &name)
{
    if (name == QLatin1String("none"))
        return NetworkKind::None;
    if (name == QLatin1String("all"))
        return NetworkKind::All;
    if (name == QLatin1String("allow"))
        return NetworkKind::Domains;
    return std::nullopt;
}

} // namespace Sandbench
