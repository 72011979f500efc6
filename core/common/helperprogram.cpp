#include "helperprogram.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>

namespace Sandbench {

Result<QString> locateHelperProgram(const QString &name, const char *environmentVariable,
                                    const QString &installPath, const QString &buildPath)
{
    const QString app = QCoreApplication::instance() ? QCoreApplication::applicationDirPath() : QString();
    QStringList paths = {qEnvironmentVariable(environmentVariable)};
    if (!app.isEmpty())
        paths << app + QLatin1Char('/') + name << app + QStringLiteral("/../libexec/sandbench/") + name;
    paths << installPath << buildPath;
    for (const QString &candidate : std::as_const(paths)) {
        const QFileInfo info(candidate);
        if (!candidate.isEmpty() && info.isFile() && info.isExecutable())
            return info.canonicalFilePath();
    }
    paths.removeAll(QString());
    return fail(ErrorCode::EnvironmentError,
                QStringLiteral("%1 not found (looked at %2); reinstall Sandbench").arg(name, paths.join(QStringLiteral(", "))));
}

} // namespace Sandbench
