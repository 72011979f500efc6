#include "policy.h"

#include <QDateTime>
#include <QRegularExpression>
#include <QTimeZone>

namespace Sandbench {

namespace {

void joinUnique(QStringList &into, const QStringList &more)
{
    for (const QString &item : more) {
        if (!into.contains(item))
            into.append(item);
    }
}

} // namespace

void Policy::merge(const Policy &other)
{
    sandbox = sandbox || other.sandbox;
    Permissions &p = permissions;
    const Permissions &o = other.permissions;
    p.denyFs = p.denyFs || o.denyFs;
    p.denyNet = p.denyNet || o.denyNet;
    p.denyEnv = p.denyEnv || o.denyEnv;
    p.denyRun = p.denyRun || o.denyRun;
    joinUnique(p.allowRead, o.allowRead);
    joinUnique(p.allowWrite, o.allowWrite);
    joinUnique(p.allowNet, o.allowNet);
    joinUnique(p.allowEnv, o.allowEnv);
    joinUnique(p.allowRun, o.allowRun);
    joinUnique(p.allowListen, o.allowListen);
    joinUnique(p.askRead, o.askRead);
    joinUnique(p.askWrite, o.askWrite);
    joinUnique(p.askNet, o.askNet);
    joinUnique(p.askEnv, o.askEnv);
    joinUnique(p.askRun, o.askRun);

    if (other.seed)
        seed = other.seed;
    if (other.freezeTimeMs)
        freezeTimeMs = other.freezeTimeMs;
    if (other.timeoutMs)
        timeoutMs = other.timeoutMs;
    if (other.askTimeoutMs)
        askTimeoutMs = other.askTimeoutMs;
    if (other.maxMemoryMb)
        maxMemoryMb = other.maxMemoryMb;
    if (other.maxWorkdirMb)
        maxWorkdirMb = other.maxWorkdirMb;
    if (other.maxTasks)
        maxTasks = other.maxTasks;
    if (other.maxOutputBytes != Policy().maxOutputBytes)
        maxOutputBytes = other.maxOutputBytes;
    if (!other.workdir.isEmpty())
        workdir = other.workdir;
    joinUnique(readOnlyDirs, other.readOnlyDirs);
    joinUnique(allowPackages, other.allowPackages);
    joinUnique(acceptMissingLayers, other.acceptMissingLayers);
    for (auto it = other.env.cbegin(); it != other.env.cend(); ++it)
        env.insert(it.key(), it.value());
    if (other.approvals.present)
        approvals = other.approvals;
}

QStringList Policy::acceptableMissingLayers()
{
    return {QStringLiteral("memory-cgroup"), QStringLiteral("pids-cgroup")};
}

std::optional<qint64> parseInstant(const QString &text)
{
    static const QRegularExpression digits(QStringLiteral("^-?[0-9]{1,16}$"));
    const QString trimmed = text.trimmed();
    // JavaScript dates reach 8.64e15 ms either side of 1970; beyond that the code would see an
    // Invalid Date, so such an instant is refused rather than frozen.
    constexpr qint64 maxDateMs = 8'640'000'000'000'000;
    auto inRange = [](qint64 ms) -> std::optional<qint64> {
        if (ms < -maxDateMs || ms > maxDateMs)
            return std::nullopt;
        return ms;
    };
    if (digits.match(trimmed).hasMatch())
        return inRange(trimmed.toLongLong());
    // A bare date or a time without an offset would depend on the host's zone, which defeats a
    // frozen clock: accept only instants that name their offset (or Z), and plain dates as UTC.
    QDateTime parsed;
    if (QRegularExpression(QStringLiteral("^[0-9]{4}-[0-9]{2}-[0-9]{2}$")).match(trimmed).hasMatch()) {
        parsed = QDateTime::fromString(trimmed, Qt::ISODate);
        parsed.setTimeSpec(Qt::UTC);
    } else if (QRegularExpression(QStringLiteral("(Z|[+-][0-9]{2}:?[0-9]{2})$")).match(trimmed).hasMatch()) {
        parsed = QDateTime::fromString(trimmed, Qt::ISODateWithMs);
    }
    if (!parsed.isValid())
        return std::nullopt;
    return inRange(parsed.toMSecsSinceEpoch());
}

} // namespace Sandbench
