#include "runoptions.h"

#include "policy/policyfile.h"

#include <QDir>

namespace Sandbench::Cli {

namespace {

std::unexpected<Error> usage(const QString &message)
{
    return fail(ErrorCode::ConfigError, message);
}

std::optional<qint64> positive(const QString &text)
{
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok || value <= 0)
        return std::nullopt;
    return value;
}

} // namespace

QString runOptionsHelp()
{
    return QStringLiteral(
            "Usage: sandbench-cli run [options] FILE [-- ARGS...]\n"
            "       sandbench-cli run [options] --code 'JS'\n\n"
            "Permissions (deny by default under --sandbox; the --allow-* flags repeat):\n"
            "  --sandbox                 deny everything that is not allowed\n"
            "  --allow-read PATH         a file or folder (and all below it) the code may read\n"
            "  --allow-write PATH        a file or folder the code may write\n"
            "  --allow-net HOST          host, host:port, *.domain, IP or URL the code may connect to\n"
            "  --allow-env NAME          a host environment variable the code may read\n"
            "  --allow-run CMD           a program the code may start (* for any)\n"
            "  --allow-listen HOST       host:port the code may serve on\n"
            "  --deny-fs, --deny-net, --deny-env, --deny-run   deny one kind without --sandbox\n"
            "  --permission-policy FILE  (alias --policy) JSON policy file; flags add to it\n"
            "  --audit-log FILE          append one JSON line per permission decision\n"
            "  --allow-sensitive-roots   allow granting /, /proc, /sys, /dev or a home folder itself\n\n"
            "Run options:\n"
            "  --seed N                  seeded Math.random, crypto random values, randomUUID, randomInt\n"
            "  --freeze-time T           frozen clock: ISO 8601 with offset, or epoch milliseconds\n"
            "  --timeout MS              stop the run and every process it started\n"
            "  --max-memory MB           cap the JavaScript heap, and the whole run (MB + 64)\n"
            "  --max-workdir-mb MB       cap what the workdir holds while the run writes\n"
            "  --max-tasks N             cap the run's processes and threads (32 to 65536; default 512)\n"
            "  --max-output-bytes N      bytes kept of stdout and of stderr (default 1048576)\n"
            "  --workdir DIR             readable, writable, and the current folder\n"
            "  --read-only-dir DIR       a folder the code may read (repeats)\n"
            "  --allow-package SPEC      npm package NAME or NAME@RANGE the code may import (repeats)\n"
            "  --env NAME=VALUE          give the code a variable (repeats)\n"
            "  --json                    print the result object instead of passing output through\n"
            "  --raw-output              pass control characters of the output to a terminal as they\n"
            "                            are (by default a terminal gets them escaped: \\e, \\x07)\n")
            + recordOptionsHelp()
            + QStringLiteral("\nExit status: the script's own; 124 timed out; 125 stopped by memory cap;\n"
            "  2 configuration error (bad options); 3 environment error (runtime or broker).\n");
}

Result<RunOptions> parseRunOptions(const QStringList &args)
{
    RunOptions out;
    Policy flags;
    QString policyFile;
    bool haveEntry = false;
    bool allowSensitiveRoots = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString arg = args.at(i);
        if (haveEntry) {
            if (arg == QLatin1String("--") && out.request.args.isEmpty())
                continue;
            out.request.args << arg;
            continue;
        }
        QString name = arg;
        QString inlineValue;
        bool hasInline = false;
        if (arg.startsWith(QLatin1String("--")) && arg.contains(QLatin1Char('='))) {
            name = arg.left(arg.indexOf(QLatin1Char('=')));
            inlineValue = arg.mid(arg.indexOf(QLatin1Char('=')) + 1);
            hasInline = true;
        }
        auto value = [&]() -> std::optional<QString> {
            if (hasInline)
                return inlineValue;
            if (i + 1 >= args.size())
                return std::nullopt;
            return args.at(++i);
        };
        auto need = [&](const QString &option) -> Result<QString> {
            auto v = value();
            if (!v || v->isEmpty())
                return usage(QStringLiteral("%1: needs a value").arg(option));
            return *v;
        };
        Permissions &p = flags.permissions;
        const QString cwd = QDir::currentPath();
        auto absolute = [&cwd](const QString &path) { return QDir::cleanPath(QDir(cwd).absoluteFilePath(path)); };
        auto listFlag = [&](QStringList &list, bool isPath) -> VoidResult {
            auto v = need(name);
            if (!v)
                return std::unexpected(v.error());
            list << (isPath ? absolute(*v) : *v);
            return {};
        };
        VoidResult step;
        if (name == QLatin1String("--help") || name == QLatin1String("-h")) {
            out.showHelp = true;
        } else if (name == QLatin1String("--version")) {
            out.showVersion = true;
        } else if (name == QLatin1String("--sandbox")) {
            flags.sandbox = true;
        } else if (name == QLatin1String("--json")) {
            out.json = true;
        } else if (name == QLatin1String("--raw-output")) {
            out.rawOutput = true;
        } else if (name == QLatin1String("--allow-sensitive-roots")) {
            allowSensitiveRoots = true;
        } else if (name == QLatin1String("--deny-fs")) {
            p.denyFs = true;
        } else if (name == QLatin1String("--deny-net")) {
            p.denyNet = true;
        } else if (name == QLatin1String("--deny-env")) {
            p.denyEnv = true;
        } else if (name == QLatin1String("--deny-run")) {
            p.denyRun = true;
        } else if (name == QLatin1String("--allow-read")) {
            step = listFlag(p.allowRead, true);
        } else if (name == QLatin1String("--allow-write")) {
            step = listFlag(p.allowWrite, true);
        } else if (name == QLatin1String("--allow-net")) {
            step = listFlag(p.allowNet, false);
        } else if (name == QLatin1String("--allow-env")) {
            step = listFlag(p.allowEnv, false);
        } else if (name == QLatin1String("--allow-run")) {
            step = listFlag(p.allowRun, false);
        } else if (name == QLatin1String("--allow-listen")) {
            step = listFlag(p.allowListen, false);
        } else if (name == QLatin1String("--read-only-dir")) {
            step = listFlag(flags.readOnlyDirs, true);
        } else if (name == QLatin1String("--allow-package")) {
            step = listFlag(flags.allowPackages, false);
        } else if (name == QLatin1String("--permission-policy") || name == QLatin1String("--policy")) {
            auto v = need(name);
            if (!v)
                return std::unexpected(v.error());
            policyFile = *v;
        } else if (name == QLatin1String("--record")) {
            auto v = need(name);
            if (!v)
                return std::unexpected(v.error());
            out.record.path = absolute(*v);
        } else if (name == QLatin1String("--record-env-values")) {
            out.record.envValues = true;
        } else if (name == QLatin1String("--audit-log")) {
            auto v = need(name);
            if (!v)
                return std::unexpected(v.error());
            out.request.auditLogPath = absolute(*v);
        } else if (name == QLatin1String("--workdir")) {
            auto v = need(name);
            if (!v)
                return std::unexpected(v.error());
            flags.workdir = absolute(*v);
        } else if (name == QLatin1String("--code")) {
            auto v = value();
            if (!v)
                return usage(QStringLiteral("--code: needs the code to run"));
            out.request.code = *v;
            if (out.request.code.isEmpty())
                return usage(QStringLiteral("--code: the code is empty"));
        } else if (name == QLatin1String("--seed")) {
            auto v = need(name);
            bool ok = false;
            const quint64 seed = v ? v->toULongLong(&ok) : 0;
            if (!v || !ok || seed >= (quint64(1) << 53))
                return usage(QStringLiteral("--seed: expected a whole number from 0 to 2^53"));
            flags.seed = seed;
        } else if (name == QLatin1String("--freeze-time")) {
            auto v = need(name);
            if (!v)
                return std::unexpected(v.error());
            flags.freezeTimeMs = parseInstant(*v);
            if (!flags.freezeTimeMs)
                return usage(QStringLiteral("--freeze-time %1: expected ISO 8601 with an offset (2026-01-01T00:00:00Z) or epoch milliseconds").arg(*v));
        } else if (name == QLatin1String("--timeout")) {
            auto v = need(name);
            const auto ms = v ? positive(*v) : std::nullopt;
            if (!ms || *ms > qint64(7) * 24 * 3600 * 1000)
                return usage(QStringLiteral("--timeout: expected milliseconds from 1 to 604800000 (7 days)"));
            flags.timeoutMs = ms;
        } else if (name == QLatin1String("--max-memory")) {
            auto v = need(name);
            const auto mb = v ? positive(*v) : std::nullopt;
            if (!mb || *mb < 16 || *mb > 1024 * 1024)
                return usage(QStringLiteral("--max-memory: expected megabytes from 16 to 1048576"));
            flags.maxMemoryMb = int(*mb);
        } else if (name == QLatin1String("--max-workdir-mb")) {
            auto v = need(name);
            const auto mb = v ? positive(*v) : std::nullopt;
            if (!mb || *mb > 1024 * 1024)
                return usage(QStringLiteral("--max-workdir-mb: expected megabytes from 1 to 1048576"));
            flags.maxWorkdirMb = int(*mb);
        } else if (name == QLatin1String("--max-tasks")) {
            auto v = need(name);
            const auto tasks = v ? positive(*v) : std::nullopt;
            if (!tasks || *tasks < Policy::minTasks || *tasks > Policy::maxTasksLimit)
                return usage(QStringLiteral("--max-tasks: expected a number of processes and threads from %1 to %2")
                                 .arg(Policy::minTasks).arg(Policy::maxTasksLimit));
            flags.maxTasks = int(*tasks);
        } else if (name == QLatin1String("--max-output-bytes")) {
            auto v = need(name);
            const auto bytes = v ? positive(*v) : std::nullopt;
            if (!bytes || *bytes > (qint64(1) << 34))
                return usage(QStringLiteral("--max-output-bytes: expected bytes from 1 to 17179869184"));
            flags.maxOutputBytes = *bytes;
        } else if (name == QLatin1String("--env")) {
            auto v = need(name);
            if (!v)
                return std::unexpected(v.error());
            const qsizetype eq = v->indexOf(QLatin1Char('='));
            if (eq <= 0)
                return usage(QStringLiteral("--env %1: expected NAME=VALUE").arg(*v));
            flags.env.insert(v->left(eq), v->mid(eq + 1));
        } else if (arg == QLatin1String("--")) {
            continue;
        } else if (arg.startsWith(QLatin1Char('-')) && arg != QLatin1String("-")) {
            return usage(QStringLiteral("unknown option %1 (see sandbench-cli run --help)").arg(arg));
        } else {
            out.request.entrypoint = absolute(arg);
            haveEntry = true;
        }
        if (!step)
            return std::unexpected(step.error());
    }
    if (out.showHelp || out.showVersion)
        return out;
    if (!allowSensitiveRoots) {
        for (const auto &[flag, list] : {std::pair{"--allow-read", &flags.permissions.allowRead},
                                         std::pair{"--allow-write", &flags.permissions.allowWrite},
                                         std::pair{"--read-only-dir", &flags.readOnlyDirs}}) {
            for (const QString &path : *list) {
                const QString reason = sensitiveRootReason(path);
                if (!reason.isEmpty())
                    return usage(QStringLiteral("%1 %2: %3; add --allow-sensitive-roots if that is meant").arg(QLatin1String(flag), path, reason));
            }
        }
    }
    if (!policyFile.isEmpty()) {
        PolicyParseOptions parseOptions;
        parseOptions.allowSensitiveRoots = allowSensitiveRoots;
        auto fromFile = readPolicyFile(policyFile, parseOptions);
        if (!fromFile)
            return usage(fromFile.error().message);
        out.request.policy = *fromFile;
    }
    out.request.policy.merge(flags);
    out.request.baseDir = QDir::currentPath();
    if (out.request.code.isEmpty() == out.request.entrypoint.isEmpty())
        return usage(QStringLiteral("give exactly one of FILE and --code (see sandbench-cli run --help)"));
    return out;
}

} // namespace Sandbench::Cli
