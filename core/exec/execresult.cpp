#include "execresult.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace Sandbench {

QByteArray ExecResult::toJson() const
{
    QJsonObject o;
    o.insert(QStringLiteral("stdout"), QString::fromUtf8(stdoutData));
    o.insert(QStringLiteral("stderr"), QString::fromUtf8(stderrData));
    o.insert(QStringLiteral("exitCode"), exitCode ? QJsonValue(*exitCode) : QJsonValue(QJsonValue::Null));
    o.insert(QStringLiteral("timedOut"), timedOut);
    o.insert(QStringLiteral("cancelled"), cancelled);
    o.insert(QStringLiteral("truncated"), truncated);
    o.insert(QStringLiteral("memoryExceeded"), memoryExceeded);
    o.insert(QStringLiteral("workdirExceeded"), workdirExceeded);
    o.insert(QStringLiteral("tasksExceeded"), tasksExceeded);
    o.insert(QStringLiteral("durationMs"), double(durationMs));
    o.insert(QStringLiteral("stdoutBytes"), double(stdoutTotalBytes));
    o.insert(QStringLiteral("stderrBytes"), double(stderrTotalBytes));
    o.insert(QStringLiteral("allowed"), allowCount);
    o.insert(QStringLiteral("denied"), denyCount);
    o.insert(QStringLiteral("runtimeVersion"), runtimeVersion);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace Sandbench
