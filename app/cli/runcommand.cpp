#include "runcommand.h"

#include "common/startuptrace.h"

#include "common/terminaltext.h"
#include "exec/runtimelocator.h"
#include "recordoptions.h"
#include "runoptions.h"
#include "common/signalwatcher.h"
#include "workbench/runhistory.h"
#include "workbench/workbench.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QTextStream>

#include <cstdio>

#include <unistd.h>

namespace Sandbench::Cli {

namespace {

enum ExitCode { ConfigErrorExit = 2, EnvironmentErrorExit = 3, TimedOutExit = 124, MemoryExit = 125, StoppedExit = 130 };

void writeOut(FILE *stream, const QByteArray &data)
{
    std::fwrite(data.constData(), 1, size_t(data.size()), stream);
    std::fflush(stream);
}

int printVersion()
{
    QTextStream out(stdout);
    out << "sandbench-cli " << QCoreApplication::applicationVersion() << '\n';
    auto runtime = locateRuntime({});
    if (runtime)
        out << "runtime: deno " << runtime->version << " (" << runtime->path << ")\n";
    else
        out << "runtime: not found: " << runtime.error().message << '\n';
    return 0;
}

// Live pass-through keeps the same bytes as the result: the head as it comes, then, once the
// run has ended, the marker and the tail. On a terminal the code's output is data, not commands
// to the terminal: its control characters are escaped unless --raw-output asks for the bytes.
class PassThrough
{
public:
    PassThrough(qint64 limit, bool raw)
        : m_headLimit(limit - limit / 2)
        , m_filterStdout(!raw && ::isatty(STDOUT_FILENO) == 1)
        , m_filterStderr(!raw && ::isatty(STDERR_FILENO) == 1)
    {
    }

    void write(ExecStream stream, const QByteArray &data)
    {
        qint64 &written = stream == ExecStream::Stdout ? m_stdoutWritten : m_stderrWritten;
        const qint64 room = m_headLimit - written;
        if (room <= 0)
            return;
        const QByteArray part = data.left(room);
        written += part.size();
        emitBytes(stream, part);
    }

    void finish(const ExecResult &result)
    {
        if (result.stdoutData.size() > m_stdoutWritten)
            emitBytes(ExecStream::Stdout, result.stdoutData.mid(m_stdoutWritten));
        // Stderr was passed through as the runtime wrote it; only what was held back is added.
        const QByteArray raw = result.rawStderr;
        const qsizetype headSize = raw.indexOf("\n[... ");
        if (result.truncated && headSize >= 0 && raw.size() > headSize)
            emitBytes(ExecStream::Stderr, raw.mid(headSize));
        if (result.timedOut || result.memoryExceeded || result.tasksExceeded) {
            const QByteArray stderrText = result.stderrData;
            const qsizetype note = stderrText.lastIndexOf("\nThe run ");
            if (note >= 0)
                emitBytes(ExecStream::Stderr, stderrText.mid(note));
        }
        if (m_filterStdout)
            writeOut(stdout, m_stdoutFilter.flush());
        if (m_filterStderr)
            writeOut(stderr, m_stderrFilter.flush());
    }

private:
    void emitBytes(ExecStream stream, const QByteArray &data)
    {
        const bool out = stream == ExecStream::Stdout;
        if (out ? m_filterStdout : m_filterStderr)
            writeOut(out ? stdout : stderr, (out ? m_stdoutFilter : m_stderrFilter).filter(data));
        else
            writeOut(out ? stdout : stderr, data);
    }

    qint64 m_headLimit;
    bool m_filterStdout;
    bool m_filterStderr;
    TerminalFilter m_stdoutFilter;
    TerminalFilter m_stderrFilter;
    qint64 m_stdoutWritten = 0;
    qint64 m_stderrWritten = 0;
};

} // namespace

QString runHelp()
{
    return QStringLiteral("  run [options] FILE [-- ARGS]   run JavaScript/TypeScript under a policy (run --help)\n");
}

int runCommand(const QStringList &args)
{
    auto parsed = parseRunOptions(args);
    if (!parsed) {
        QTextStream(stderr) << "sandbench-cli: " << terminalSafe(parsed.error().message) << '\n';
        return ConfigErrorExit;
    }
    if (parsed->showHelp) {
        QTextStream(stdout) << runOptionsHelp();
        return 0;
    }
    if (parsed->showVersion)
        return printVersion();

    const RunOptions options = *parsed;
    traceStartUp("options parsed, policy loaded");
    // The same floor as the GUI's: the Workbench records the run (the inputs snapshot before
    // it, the session after it) exactly as it does for a run started from the window.
    WorkbenchOptions workbenchOptions;
    workbenchOptions.recordSessions = !options.record.path.isEmpty();
    workbenchOptions.record.recordEnvValues = options.record.envValues;
    Workbench workbench(workbenchOptions);
    PassThrough passThrough(options.request.policy.maxOutputBytes, options.rawOutput);
    QEventLoop loop;
    int exitCode = 0;
    bool runEnded = false;
    const auto quitWhenDone = [&] {
        if (runEnded && workbench.sessionsInProgress() == 0)
            loop.quit();
    };
    SignalWatcher watcher;
    QObject::connect(&watcher, &SignalWatcher::signalled, &workbench, &Workbench::stopRun);
    if (!options.json) {
        QObject::connect(&workbench, &Workbench::output, &loop,
                         [&](ExecStream stream, const QByteArray &data) { passThrough.write(stream, data); });
    }
    QObject::connect(&workbench, &Workbench::runFailed, &loop, [&](int, const Error &error) {
        if (error.code == ErrorCode::Cancelled) {
            exitCode = StoppedExit;
        } else {
            QTextStream(stderr) << "sandbench-cli: " << (error.code == ErrorCode::ConfigError ? "configuration error: " : "environment error: ")
                                << terminalSafe(error.message) << '\n';
            exitCode = error.code == ErrorCode::ConfigError ? ConfigErrorExit : EnvironmentErrorExit;
        }
        runEnded = true;
        quitWhenDone();
    });
    QObject::connect(&workbench, &Workbench::runFinished, &loop, [&](int, const ExecResult &result) {
        if (options.json)
            writeOut(stdout, result.toJson() + '\n');
        else
            passThrough.finish(result);
        if (result.timedOut)
            exitCode = TimedOutExit;
        else if (result.memoryExceeded)
            exitCode = MemoryExit;
        else if (!result.exitCode)
            exitCode = StoppedExit;
        else
            exitCode = *result.exitCode;
        runEnded = true;
        quitWhenDone();
    });
    QObject::connect(&workbench, &Workbench::sessionFailed, &loop, [&](int, const QString &error) {
        // Before the run, the run still goes ahead, unrecorded; after it, nothing is saved.
        QTextStream(stderr) << "sandbench-cli: " << (runEnded ? "the session was not saved: " : "not recording: ")
                            << terminalSafe(error) << '\n';
        quitWhenDone();
    });
    QObject::connect(&workbench, &Workbench::sessionReady, &loop, [&](int row) {
        saveRecording(*workbench.history()->run(row).session, options.record);
        quitWhenDone();
    });
    traceStartUp("workbench made");
    workbench.startRun(options.request, options.request.entrypoint.isEmpty()
                                            ? QStringLiteral("(code)")
                                            : QFileInfo(options.request.entrypoint).fileName());
    loop.exec();
    traceStartUp("run ended, event loop left");
    return exitCode;
}

} // namespace Sandbench::Cli
