#include "dockerlockdown.h"

#include "common/terminaltext.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace Sandbench {

namespace {

QStringList sortedStrings(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray())
        out << v.toString().toUpper();
    std::sort(out.begin(), out.end());
    return out;
}

QString shown(const QJsonValue &value)
{
    if (value.isUndefined() || value.isNull())
        return QStringLiteral("nothing");
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isDouble())
        return QString::number(value.toInteger());
    return visibleText(value.toString().left(80));
}

} // namespace

VoidResult verifyDockerLockDown(const QJsonObject &asked, const QJsonObject &inspected)
{
    struct Layer
    {
        const char *key;
        const char *name;
    };
    // Each a layer the README promises; compared as numbers, booleans or strings exactly.
    static const Layer exact[] = {
        {"ReadonlyRootfs", "read-only root"},
        {"Privileged", "unprivileged container"},
        {"NetworkMode", "network"},
        {"NanoCpus", "CPU limit"},
        {"Memory", "memory cgroup"},
        {"MemorySwap", "memory cgroup (no swap)"},
        {"PidsLimit", "pids cgroup"},
    };
    auto refused = [](const char *name, const QJsonValue &want, const QJsonValue &got) {
        return fail(ErrorCode::EnvironmentError,
                    QStringLiteral("the Docker engine did not apply the sandbox's %1 layer (asked for %2, the container has %3); "
                                   "the sandbox was refused. `sandbench-cli doctor` shows what this machine holds")
                        .arg(QLatin1String(name), shown(want), shown(got)));
    };
    for (const Layer &layer : exact) {
        const QString key = QLatin1String(layer.key);
        if (!asked.contains(key))
            continue;
        const QJsonValue want = asked.value(key);
        const QJsonValue got = inspected.value(key);
        const bool same = want.isDouble() ? got.isDouble() && got.toInteger() == want.toInteger() : got == want;
        if (!same)
            return refused(layer.name, want, got);
    }
    // Capabilities: the same sets, whatever order or case the engine reports them in.
    for (const char *key : {"CapDrop", "CapAdd"}) {
        const QString k = QLatin1String(key);
        if (asked.contains(k) && sortedStrings(asked.value(k)) != sortedStrings(inspected.value(k)))
            return refused("capabilities", asked.value(k), inspected.value(k));
    }
    // Security options: every one asked for is there (the engine may add its own profiles).
    const QStringList have = sortedStrings(inspected.value(QLatin1String("SecurityOpt")));
    for (const QString &option : sortedStrings(asked.value(QLatin1String("SecurityOpt")))) {
        if (!have.contains(option))
            return refused("no-new-privileges", asked.value(QLatin1String("SecurityOpt")),
                           inspected.value(QLatin1String("SecurityOpt")));
    }
    return {};
}

} // namespace Sandbench
