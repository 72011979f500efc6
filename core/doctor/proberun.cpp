#include "proberun.h"

namespace Sandbench {

QString ProbeRun::lastError() const
{
    const QList<QByteArray> lines = err.trimmed().split('\n');
    const QString last = QString::fromUtf8(lines.isEmpty() ? QByteArray() : lines.last()).trimmed();
    return last.isEmpty() ? error : last.left(300);
}

ProbeRun runProbe(const QString &program, const QStringList &args, int timeoutMs,
                  const std::function<void()> &childModifier, const QProcessEnvironment &environment)
{
    ProbeRun run;
    QProcess process;
    process.setProgram(program);
    process.setArguments(args);
    process.setStandardInputFile(QProcess::nullDevice());
    process.setProcessEnvironment(environment);
    if (childModifier)
        process.setChildProcessModifier(childModifier);
    process.start();
    if (!process.waitForStarted(timeoutMs)) {
        run.error = QStringLiteral("cannot start %1: %2").arg(program, process.errorString());
        return run;
    }
    run.started = true;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        run.error = QStringLiteral("%1 did not finish within %2 s").arg(program).arg(timeoutMs / 1000);
    }
    run.crashed = process.exitStatus() == QProcess::CrashExit;
    run.exitCode = run.crashed ? -1 : process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    for (const QByteArray &line : run.out.split('\n')) {
        const qsizetype space = line.indexOf(' ');
        if (space > 0)
            run.facts[QString::fromUtf8(line.left(space))].append(QString::fromUtf8(line.mid(space + 1)));
    }
    return run;
}

} // namespace Sandbench
