#pragma once

#include "common/result.h"
#include "sandbox/sandboxtypes.h"

#include <QMap>
#include <QStringList>

namespace Sandbench::SandboxScripts {

// POSIX sh scripts (busybox and coreutils alike) for backends whose API only runs commands.
// Each takes its arguments as $1, $2 ... (run as `sh -c SCRIPT sandbench ARGS...`) and reports
// through its exit status: see the codes below.
enum Status { Ok = 0, Absent = 3, IsDirectory = 4, TooLarge = 5, Unreadable = 6, Unwritable = 7,
              NotEmpty = 8, NotDirectory = 9 };

QString readFile();   // $1 path, $2 max bytes: the bytes on stdout
QString writeFile();  // $1 path, the bytes on stdin
QString listFiles();  // $1 path: one "type/size/mtime/name" line per entry
QString removeFile(); // $1 path, $2 "1" for recursive
// $1 the tag: SIGKILLs every process whose environment holds SANDBENCH_EXEC=<tag>, over a few
// rounds so that processes forked meanwhile are caught too.
QString killTagged();
// Writes stdin to $1 with mode 600, creating its folder (the sandbox's env file).
QString writePrivateFile();

// The variable every command of a sandbox carries, so that its processes can be found.
inline constexpr char execTagVariable[] = "SANDBENCH_EXEC";

// argv that runs argv in cwd with the sandbox env file (if any) and env on top:
// sh -c WRAPPER sandbench CWD N K=V... ARGV...
QStringList wrapCommand(const QStringList &argv, const QString &cwd,
                        const QMap<QString, QString> &env, const QString &envFile);

// The env file: `export K='V'` lines, sourced by the wrapper.
QByteArray envFileContent(const QMap<QString, QString> &env);

Result<QList<FileEntry>> parseListing(const QByteArray &out);

} // namespace Sandbench::SandboxScripts
