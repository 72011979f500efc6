#include "modulegraph.h"

#include "exec/processgroup.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

namespace Sandbench {

namespace {

// Parsing the graph takes the runtime well under a second; the bound only keeps a stuck
// runtime from holding the run forever.
constexpr int graphTimeoutMs = 30000;

} // namespace

QStringList moduleGraphFiles(const QByteArray &infoJson)
{
    QStringList files;
    const QJsonArray modules = QJsonDocument::fromJson(infoJson).object().value(QLatin1String("modules")).toArray();
    for (const QJsonValue &value : modules) {
        const QJsonObject module = value.toObject();
        const QString local = module.value(QLatin1String("local")).toString();
        if (local.isEmpty() || module.contains(QLatin1String("error")) || files.contains(local))
            continue;
        files << local;
    }
    return files;
}

Result<QStringList> startUpModuleFiles(const ModuleGraphCommand &command)
{
    QProcess info;
    info.setProgram(command.program);
    info.setArguments(command.arguments);
    info.setProcessEnvironment(command.environment);
    info.setWorkingDirectory(command.workingDirectory);
    info.setStandardInputFile(QProcess::nullDevice());
    info.setChildProcessModifier(leadOwnProcessGroupInChild);
    info.start();
    if (!info.waitForStarted(graphTimeoutMs))
        return fail(ErrorCode::EnvironmentError,
                    QStringLiteral("cannot read the module graph: %1 did not start: %2").arg(command.program, info.errorString()));
    if (!info.waitForFinished(graphTimeoutMs) || info.exitStatus() != QProcess::NormalExit) {
        killProcessGroup(&info);
        info.waitForFinished(5000);
        return fail(ErrorCode::EnvironmentError, QStringLiteral("cannot read the module graph: the runtime did not finish"));
    }
    const QByteArray json = info.readAllStandardOutput();
    if (info.exitCode() != 0 && json.trimmed().isEmpty())
        // No graph at all (the main module itself cannot be parsed or found): the runtime fails
        // on it before it loads anything else, and says why in the run's own output.
        return QStringList();
    return moduleGraphFiles(json);
}

} // namespace Sandbench
