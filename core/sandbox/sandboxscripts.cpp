#include "sandboxscripts.h"

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
    return QStringLiteral(
        "t=\"SANDBENCH_EXEC=$1\"; n=0\n"
        "while [ $n -lt 6 ]; do\n"
        "  found=0\n"
        "  for p in /proc/[0-9]*; do\n"
        "    q=${p#/proc/}\n"
        "    [ \"$q\" = \"$$\" ] && continue\n"
        "    if tr '\\0' '\\n' < $p/environ 2>/dev/null | grep -qxF \"$t\"; then\n"
        "      kill -9 $q 2>/dev/null && found=1\n"
        "    fi\n"
        "  done\n"
        "  [ $found = 0 ] && break\n"
        "  n=$((n+1))\n"
        "done\n");
}

QString writePrivateFile()
{
    return QStringLiteral("umask 077; mkdir -p \"$(dirname \"$1\")\" && cat > \"$1\"\n");
}

QStringList wrapCommand(const QStringList &argv, const QString &cwd,
                        const QMap<QString, QString> &env, const QString &envFile)
{
    // cd failing is the "bad cwd" case: 126 like a command that cannot run.
    static const QString wrapper = QStringLiteral(
        "f=$1; d=$2; n=$3; shift 3\n"
        "[ -n \"$f\" ] && [ -r \"$f\" ] && . \"$f\"\n"
        "while [ \"$n\" -gt 0 ]; do export \"$1\"; shift; n=$((n-1)); done\n"
        "cd \"$d\" || exit 126\n"
        "exec \"$@\"\n");
    QStringList out{QStringLiteral("sh"), QStringLiteral("-c"), wrapper, QStringLiteral("sandbench"),
                    envFile, cwd, QString::number(env.size())};
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        out << it.key() + QLatin1Char('=') + it.value();
    out << argv;
    return out;
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
