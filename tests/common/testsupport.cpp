#include "testsupport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

namespace Sandbench::Test {

QString cliPath()
{
    const QString fromCtest = qEnvironmentVariable("SANDBENCH_CLI");
    if (!fromCtest.isEmpty())
        return fromCtest;
    // Run by hand from the build tree: tests/<layer>/tst_x next to app/cli/sandbench-cli.
    return QCoreApplication::applicationDirPath() + QStringLiteral("/../../app/cli/sandbench-cli");
}

QString sourceDir()
{
    return qEnvironmentVariable("SANDBENCH_SOURCE_DIR");
}

CliRun runCli(const QStringList &args, int timeoutMs, const QProcessEnvironment &env,
              const QString &workingDirectory)
{
    CliRun run;
    QProcess process;
    process.setProcessEnvironment(env);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.start(cliPath(), args);
    if (!process.waitForStarted(10000)) {
        run.stderrData = "could not start " + cliPath().toUtf8();
        return run;
    }
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        run.crashed = true;
    }
    run.stdoutData = process.readAllStandardOutput();
    run.stderrData = process.readAllStandardError();
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.crashed = run.crashed || process.exitStatus() != QProcess::NormalExit;
    return run;
}

bool writeFile(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return file.write(data) == data.size();
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

} // namespace Sandbench::Test
