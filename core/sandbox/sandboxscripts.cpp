#include "sandboxscripts.h"

#include <QRandomGenerator>

namespace Sandbench::SandboxScripts {

// Paths reach these scripts absolute (the pool resolves them), so none can look like an option.

QString readFile()
{
    return QStringLiteral(
        "[ -e \"$1\" ] || exit 3\n"
        "[ -d \"$1\" ] && exit 4\n"
        "[ -r \"$1\" ] || exit 6\n"
        // stat first: a huge file must be refused without reading it.
        "s=$(stat -L -c %s \"$1\" 2>/dev/null) || s=$(wc -c < \"$1\") || exit 6\n"
        "[ \"$s\" -gt \"$2\" ] && exit 5\n"
        "exec cat \"$1\"\n");
}

QString writeFile()
{
    return QStringLiteral(
        "[ -d \"$1\" ] && exit 4\n"
        "mkdir -p \"$(dirname \"$1\")\" 2>/dev/null || exit 7\n"
        "cat > \"$1\" 2>/dev/null || exit 7\n");
}

QString listFiles()
{
    // '/' separates the fields: it is the one character a name cannot hold.
    return QStringLiteral(
        "[ -e \"$1\" ] || exit 3\n"
        "[ -d \"$1\" ] || exit 9\n"
        "cd \"$1\" 2>/dev/null || exit 6\n"
        "for f in .* *; do\n"
        "  case \"$f\" in .|..) continue ;; esac\n"
        "  [ -e \"$f\" ] || [ -L \"$f\" ] || continue\n"
        "  stat -c '%F/%s/%Y/%n' \"$f\"\n"
        "done\n");
}

QString removeFile()
{
    return QStringLiteral(
        "[ -e \"$1\" ] || [ -L \"$1\" ] || exit 0\n"
        "if [ -d \"$1\" ] && [ ! -L \"$1\" ]; then\n"
        "  if [ \"$2\" = 1 ]; then rm -rf \"$1\" 2>/dev/null || exit 7\n"
        "  else rmdir \"$1\" 2>/dev/null && exit 0; [ -w \"$1\" ] && exit 8; exit 7; fi\n"
        "else rm -f \"$1\" 2>/dev/null || exit 7; fi\n"
        "[ -e \"$1\" ] && exit 7\n"
        "exit 0\n");
}

QString killTagged()
{
    // Runs as root with CAP_KILL alone (which the sandbox's user never holds): nothing the
    // command left running can stop, trace or outlast the kill itself.
    // The root of a command is the exec's own subreaper (sandbench-inside as-user): a
    // process whose parent is outside the container (PPid 0), which nothing inside can fake, with
    // the tag as one argument of its command line (root cannot read uid 1000's environment). Every
    // such process is a root: one that rewrote its own arguments to carry the tag (it is uid 1000's,
    // so it can) only gets killed with the real one. Every process the command starts stays below
    // its root, whatever it does to its environment or session, because orphans are reparented to
    // the subreaper. The tree, roots included (one may have been stopped), is first frozen (SIGSTOP
    // until one scan finds every process stopped, so nothing forks or resumes another), then
    // killed at once; zombies are done already.
    return QStringLiteral(
        "t=\"SANDBENCH_EXEC=$1\"; r=\n"
        "for p in /proc/[0-9]*; do\n"
        "  IFS= read -r s < \"$p/stat\" 2>/dev/null || continue\n"
        "  s=${s##*\") \"}; set -- $s\n"
        "  [ \"$2\" = 0 ] || continue\n"
        "  if tr '\\0' '\\n' < \"$p/cmdline\" 2>/dev/null | grep -qxF \"$t\"; then r=\"$r ${p#/proc/}\"; fi\n"
        "done\n"
        "[ -n \"$r\" ] || exit 0\n"
        "tree() {\n"
        "  for p in /proc/[0-9]*; do\n"
        "    IFS= read -r s < \"$p/stat\" 2>/dev/null && echo \"${p#/proc/} ${s##*\") \"}\"\n"
        "  done | awk -v r=\"$r\" '{ pp[$1] = $3; st[$1] = $2 }\n"
        "    END { n = split(r, rs, \" \"); for (i = 1; i <= n; i++) t[rs[i]] = 1\n"
        "          do { c = 0; for (p in pp) if (!(p in t) && (pp[p] in t)) { t[p] = 1; c = 1 } } while (c)\n"
        "          for (p in t) if ((p in st) && st[p] != \"Z\" && st[p] != \"X\") print p, st[p] }'\n"
        "}\n"
        "i=0\n"
        "while [ $i -lt 100 ]; do\n"
        "  l=$(tree)\n"
        "  [ -n \"$l\" ] || exit 0\n"
        "  run=$(echo \"$l\" | awk '$2 != \"T\" && $2 != \"t\" { print $1 }')\n"
        "  if [ -n \"$run\" ]; then kill -STOP $run 2>/dev/null\n"
        "  else kill -KILL $(echo \"$l\" | awk '{ print $1 }') 2>/dev/null; fi\n"
        "  i=$((i+1))\n"
        "done\n"
        "exit 1\n");
}

QString awaitKeeper()
{
    // All four uids the keeper's: it has given up root, and emptied every capability set before.
    return QStringLiteral(
        "i=0\n"
        "until grep -qx \"Uid:[[:space:]]*$1[[:space:]]*$1[[:space:]]*$1[[:space:]]*$1\" /proc/1/status 2>/dev/null; do\n"
        "  i=$((i+1)); [ $i -ge 400 ] && { echo 'the keeper did not start' >&2; exit 1; }\n"
        "  sleep 0.05 2>/dev/null || sleep 1\n"
        "done\n");
}

QString writeRootFile()
{
    // As root, in root's own folder: written to a temporary name and moved into place, so a
    // reader never sees half a file; 0644 or 0755, so the sandbox's user can read (or run) but
    // never change it.
    return QStringLiteral("umask 022; cat > \"$1.new\" && chmod \"$2\" \"$1.new\" && mv -f \"$1.new\" \"$1\"\n");
}

QStringList wrapCommand(const QStringList &argv, const QString &cwd, const QString &envFile,
                        const QString &tag, const QString &insideProgram, const QString &rootCapabilities)
{
    // The per-exec env arrives as the first lines of stdin ("N\n" then N lines of
    // envFileContent), never in argv: `read` takes it byte by byte, so the command gets the
    // rest of stdin untouched. cd comes first, so no variable can change where it goes; a bad
    // cwd is 126 like a command that cannot run.
    // $1 is the tag, which the wrapper skips: it is there for killTagged to find in the
    // subreaper's command line.
    static const QString wrapper = QStringLiteral(
        "IFS= read -r n || exit 125\n"
        "h=; while [ \"$n\" -gt 0 ]; do IFS= read -r l || exit 125; h=\"$h$l\n\"; n=$((n-1)); done\n"
        "cd \"$2\" || exit 126\n"
        "[ -n \"$3\" ] && [ -r \"$3\" ] && . \"$3\"\n"
        "shift 3\n"
        "eval \"$h\"\n"
        "exec \"$@\"\n");
    QStringList out;
    if (!insideProgram.isEmpty() && rootCapabilities.isEmpty())
        out << insideProgram << QStringLiteral("as-user") << QString::number(sandboxUid)
            << QString::number(sandboxGid) << QString::number(keeperUid);
    else if (!insideProgram.isEmpty())
        out << insideProgram << QStringLiteral("as-root") << rootCapabilities;
    // Absolute: for root's steps, no PATH lookup at all.
    return out + QStringList{QStringLiteral("/bin/sh"), QStringLiteral("-c"), wrapper, QStringLiteral("sandbench"),
                       QLatin1String(execTagVariable) + QLatin1Char('=') + tag, cwd, envFile}
           + argv;
}

QString newExecTag()
{
    quint64 v[2];
    QRandomGenerator::system()->fillRange(v);
    return QString::number(v[0], 16) + QString::number(v[1], 16);
}

QByteArray envHeader(const QMap<QString, QString> &env)
{
    const QByteArray content = envFileContent(env);
    return QByteArray::number(content.count('\n')) + '\n' + content;
}

QByteArray envFileContent(const QMap<QString, QString> &env)
{
    QByteArray out;
    for (auto it = env.cbegin(); it != env.cend(); ++it) {
        QByteArray value = it.value().toUtf8();
        value.replace('\'', "'\\''");
        out += "export " + it.key().toUtf8() + "='" + value + "'\n";
    }
    return out;
}

Result<QList<FileEntry>> parseListing(const QByteArray &out)
{
    QList<FileEntry> entries;
    for (const QByteArray &line : out.split('\n')) {
        if (line.isEmpty())
            continue;
        const QList<QByteArray> parts = line.split('/');
        if (parts.size() != 4)
            return fail(ErrorCode::Internal, QStringLiteral("unexpected listing line"));
        FileEntry e;
        const QByteArray type = parts[0];
        if (type == "directory")
            e.type = FileType::Directory;
        else if (type == "symbolic link")
            e.type = FileType::Symlink;
        else if (type.endsWith("file"))
            e.type = FileType::File;
        else
            e.type = FileType::Other;
        e.size = parts[1].toLongLong();
        e.modified = QDateTime::fromSecsSinceEpoch(parts[2].toLongLong(), Qt::UTC);
        e.name = QString::fromUtf8(parts[3]);
        entries << e;
    }
    return entries;
}

} // namespace Sandbench::SandboxScripts
