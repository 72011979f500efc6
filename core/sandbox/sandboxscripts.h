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
// Run as root with CAP_KILL, $1 the tag: finds the command's subreaper (the exec's first
// process, sandbench-inside as-user, whose command line holds SANDBENCH_EXEC=<tag>) and stops then
// kills every process below it; exits 1 if some survived.
QString killTagged();
// Run as root, $1 the keeper's uid: waits until the container's pid 1 is the keeper (sandbench-
// inside keep, which becomes that uid once it holds no capability); exits 1 if it never does.
QString awaitKeeper();
// Run as root: writes stdin to $1 (in a root-owned folder) with mode $2, atomically.
QString writeRootFile();

// The name of the tag every exec's subreaper carries in its command line and environment.
inline constexpr char execTagVariable[] = "SANDBENCH_EXEC";
// Who every command runs as.
inline constexpr int sandboxUid = 1000;
inline constexpr int sandboxGid = 1000;
// Who Sandbench's own processes in a sandbox run as once they hold no capability: the container's
// pid 1 (the lifetime keeper) and each exec's subreaper. Neither root nor the sandbox's user, so
// the user can neither signal nor trace them.
inline constexpr int keeperUid = 999;
inline constexpr int keeperGid = 999;
// The PATH of everything root runs in a sandbox (its execs and the deadline loop): system
// folders only, never what the image's PATH may name (a folder the sandbox's user can write
// would let it plant the `cat` or `awk` that root runs next). DockerProvider refuses an image
// VOLUME at or below any of them, or below /usr, /lib* and /etc, since a volume is the user's.
inline constexpr char rootPath[] = "/usr/sbin:/usr/bin:/sbin:/bin";
// argv that runs argv in cwd with the sandbox env file (if any) sourced. The exec starts as root
// with the capabilities the container holds for root's steps; insideProgram (sandbench-inside,
// inside the sandbox) then either makes the command the sandbox's user under a subreaper
// (rootCapabilities empty):
//   INSIDE as-user UID GID KEEPER_UID /bin/sh -c WRAPPER sandbench SANDBENCH_EXEC=TAG CWD ENVFILE ARGV...
// or keeps root with rootCapabilities alone ("none", "KILL", "NET_ADMIN"):
//   INSIDE as-root CAPS /bin/sh -c WRAPPER ...
// Without insideProgram the wrapper runs as root with all of the container's capabilities: only
// to install sandbench-inside itself. The exec's own env comes on stdin, first: envHeader(env)
// then the command's stdin.
QStringList wrapCommand(const QStringList &argv, const QString &cwd, const QString &envFile,
                        const QString &tag, const QString &insideProgram, const QString &rootCapabilities);
// A fresh tag for one exec: 128 random bits.
QString newExecTag();
QByteArray envHeader(const QMap<QString, QString> &env);

// The env file: `export K='V'` lines, sourced by the wrapper.
QByteArray envFileContent(const QMap<QString, QString> &env);

Result<QList<FileEntry>> parseListing(const QByteArray &out);

} // namespace Sandbench::SandboxScripts
