#pragma once

#include <QByteArray>
#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace Sandbench {
class ExecSession;
}

namespace Sandbench::Test {

struct CliRun
{
    int exitCode = -1;
    bool crashed = false;
    QByteArray stdoutData;
    QByteArray stderrData;
};

// The sandbench-cli built next to the tests (ctest passes its path in SANDBENCH_CLI).
QString cliPath();
// The source tree (for resources/examples and fixtures).
QString sourceDir();
// Runs sandbench-cli with args; waits at most timeoutMs.
CliRun runCli(const QStringList &args, int timeoutMs = 60000,
              const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
              const QString &workingDirectory = {});
// Writes text to a file, creating its folder; fails the test through QVERIFY on error.
bool writeFile(const QString &path, const QByteArray &data);
QByteArray readFile(const QString &path);
// Whether a line of `output` starts with `marker` (then a space or the line's end): how a test
// reads what a script printed, without matching the marker inside a path or a random name
// (a temp folder called tst-iGOTlv once made "GOT" appear in a denial's message).
bool printedLine(const QByteArray &output, const QByteArray &marker);

// Lifetimes: processes (but this one) whose command line mentions `needle`, a private folder of
// the test's that every bwrap, deno and sandbench-launch of its runs names in its arguments,
// wherever they were reparented to; and the entries of `folder` named sandbench*.
QList<qint64> processesMentioning(const QString &needle);
// Every process of the machine from /proc/PID/stat, for counting a test's children and
// descendants (zombies included: state 'Z').
struct ProcessEntry
{
    qint64 pid = 0;
    qint64 parent = 0;
    QString name;
    char state = '?';
};
QList<ProcessEntry> processTable();
QStringList sandbenchEntries(const QString &folder);
// Gives this test process a private TMPDIR and XDG_RUNTIME_DIR (0700) under `root`, so the
// folders and processes it leaves can be counted; before anything reads either variable.
void usePrivatePlaces(const QString &root);

// What two recordings of the same code under the same rules must agree on (code, policy,
// inputs, environment, outcome but its duration, outputs, every decision), as a list of what
// differs; empty when they agree. The moment of recording and the run's duration may differ.
QString sessionDifferences(const ExecSession &a, const ExecSession &b);

} // namespace Sandbench::Test
