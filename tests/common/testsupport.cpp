#include "testsupport.h"

#include "session/exec/execsession.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
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

QList<qint64> processesMentioning(const QString &needle)
{
    QList<qint64> out;
    const QByteArray wanted = QFile::encodeName(needle);
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : pids) {
        bool number = false;
        const qint64 pid = name.toLongLong(&number);
        if (!number || pid == QCoreApplication::applicationPid())
            continue;
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(name));
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(wanted))
            out << pid;
    }
    return out;
}

QList<ProcessEntry> processTable()
{
    QList<ProcessEntry> out;
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool number = false;
        const qint64 pid = entry.toLongLong(&number);
        if (!number)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(entry));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so the fields are
        // read after the last ')'.
        const QByteArray line = stat.readAll();
        const qsizetype open = line.indexOf('(');
        const qsizetype close = line.lastIndexOf(')');
        if (open < 0 || close < open)
            continue;
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');
        if (fields.size() < 2 || fields.at(0).isEmpty())
            continue;
        out.append({pid, fields.at(1).toLongLong(), QString::fromUtf8(line.mid(open + 1, close - open - 1)), fields.at(0).at(0)});
    }
    return out;
}

QStringList sandbenchEntries(const QString &folder)
{
    return QDir(folder).entryList({QStringLiteral("sandbench*")}, QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
}

void usePrivatePlaces(const QString &root)
{
    for (const char *name : {"tmp", "runtime"}) {
        const QString dir = root + QLatin1Char('/') + QLatin1String(name);
        QDir().mkpath(dir);
        QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    qputenv("TMPDIR", QFile::encodeName(root + QStringLiteral("/tmp")));
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(root + QStringLiteral("/runtime")));
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// What two recordings of the same code under the same rules must agree on; the moment of
// recording and how long the run took may differ.
QString sessionDifferences(const ExecSession &a, const ExecSession &b)
{
    // Each run has a throw-away folder of its own for the engine's files; its name is the one
    // part of a path that two runs of the same code never share.
    static const QRegularExpression runFolder(QStringLiteral("sandbench-run-[A-Za-z0-9]+"));
    const auto same = [](QString path) { return path.replace(runFolder, QStringLiteral("sandbench-run-*")); };
    const auto inputs = [&same](const QMap<QString, QString> &files) {
        QMap<QString, QString> out;
        for (auto it = files.cbegin(); it != files.cend(); ++it)
            out.insert(same(it.key()), it.value());
        return out;
    };
    QStringList out;
    const ExecSessionManifest &ma = a.manifest;
    const ExecSessionManifest &mb = b.manifest;
    if (ma.code != mb.code) out << QStringLiteral("code");
    if (ma.entrypoint != mb.entrypoint) out << QStringLiteral("entrypoint");
    if (!(ma.policy == mb.policy)) out << QStringLiteral("policy");
    if (ma.workdir != mb.workdir) out << QStringLiteral("workdir");
    if (ma.workdirFiles != mb.workdirFiles) out << QStringLiteral("workdir files");
    // A difference names what differs, so a failure seen only on another machine can be read
    // from its log alone.
    if (inputs(ma.inputFiles) != inputs(mb.inputFiles))
        out << QStringLiteral("input files [%1] vs [%2]").arg(inputs(ma.inputFiles).keys().join(QLatin1Char(' ')), inputs(mb.inputFiles).keys().join(QLatin1Char(' ')));
    if (!(ma.environment == mb.environment)) out << QStringLiteral("environment");
    if (ma.notes != mb.notes)
        out << QStringLiteral("notes [%1] vs [%2]").arg(ma.notes.join(QStringLiteral("; ")), mb.notes.join(QStringLiteral("; ")));
    if (ma.runtimeVersion != mb.runtimeVersion || ma.runtimeSha256 != mb.runtimeSha256) out << QStringLiteral("runtime");
    ExecSessionOutcome oa = ma.outcome;
    ExecSessionOutcome ob = mb.outcome;
    oa.durationMs = ob.durationMs = 0;
    if (!(oa == ob)) out << QStringLiteral("outcome");
    if (a.stdoutData != b.stdoutData) out << QStringLiteral("stdout");
    if (a.stderrData != b.stderrData) out << QStringLiteral("stderr");
    if (a.auditEvents.size() != b.auditEvents.size()) {
        out << QStringLiteral("audit length %1 vs %2").arg(a.auditEvents.size()).arg(b.auditEvents.size());
    } else {
        for (qsizetype i = 0; i < a.auditEvents.size(); ++i) {
            const AuditEvent &x = a.auditEvents.at(i);
            const AuditEvent &y = b.auditEvents.at(i);
            if (x.kind != y.kind || same(x.resource) != same(y.resource) || x.allowed != y.allowed || x.rule != y.rule)
                out << QStringLiteral("audit event %1").arg(i + 1);
        }
    }
    return out.join(QStringLiteral(", "));
}


bool printedLine(const QByteArray &output, const QByteArray &marker)
{
    for (const QByteArray &line : output.split('\n')) {
        if (line.startsWith(marker) && (line.size() == marker.size() || line.at(marker.size()) == ' '))
            return true;
    }
    return false;
}

} // namespace Sandbench::Test
