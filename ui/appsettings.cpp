#include "appsettings.h"

#include <QSettings>

namespace Sandbench {

AppSettings AppSettings::load()
{
    QSettings s;
    AppSettings a;
    a.runtimePath = s.value(QStringLiteral("runtime/path")).toString();
    a.cacheDir = s.value(QStringLiteral("runtime/cacheDir")).toString();
    a.defaultTimeoutMs = s.value(QStringLiteral("limits/timeoutMs"), a.defaultTimeoutMs).toLongLong();
    a.defaultMemoryMb = s.value(QStringLiteral("limits/memoryMb"), a.defaultMemoryMb).toInt();
    a.defaultMaxOutputBytes
        = s.value(QStringLiteral("limits/maxOutputBytes"), a.defaultMaxOutputBytes).toLongLong();
    a.theme = themeFromName(s.value(QStringLiteral("ui/theme")).toString());
    a.language = s.value(QStringLiteral("ui/language")).toString();
    a.recordSessions = s.value(QStringLiteral("sessions/record"), a.recordSessions).toBool();
    a.recordEnvValues = s.value(QStringLiteral("sessions/recordEnvValues"), a.recordEnvValues).toBool();
    return a;
}

void AppSettings::save() const
{
    QSettings s;
    s.setValue(QStringLiteral("runtime/path"), runtimePath);
    s.setValue(QStringLiteral("runtime/cacheDir"), cacheDir);
    s.setValue(QStringLiteral("limits/timeoutMs"), defaultTimeoutMs);
    s.setValue(QStringLiteral("limits/memoryMb"), defaultMemoryMb);
    s.setValue(QStringLiteral("limits/maxOutputBytes"), defaultMaxOutputBytes);
    s.setValue(QStringLiteral("ui/theme"), themeName(theme));
    s.setValue(QStringLiteral("ui/language"), language);
    s.setValue(QStringLiteral("sessions/record"), recordSessions);
    s.setValue(QStringLiteral("sessions/recordEnvValues"), recordEnvValues);
}

} // namespace Sandbench
