#include "runoptions.h"

#include "optiontable.h"
#include "policy/policyfile.h"
#include "sandbox/sandboxenventry.h"
#include "sandbox/sandboxsecret.h"

#include <QDir>

namespace Sandbench::Cli {

namespace {

std::unexpected<Error> usage(const QString &message)
{
    return fail(ErrorCode::ConfigError, message);
}

// What `run` takes, and where each value goes; one table for parsing and for --help.
struct RunTable
{
    RunOptions out;
    Policy flags; // added to the policy file's, if there is one
    QString policyFile;
    bool allowSensitiveRoots = false;
    QStringList secretSpecs;
    int envCount = 0;
    OptionTable table{QStringLiteral("run")};

    RunTable()
    {
        const auto absolute = [](const QString &path) { return QDir::cleanPath(QDir::current().absoluteFilePath(path)); };
        const auto list = [&](const QString &name, const QString &valueName, const QString &help, QStringList *into, bool isPath) {
            table.add({{name}, valueName, help, [into, isPath, absolute](const QString &v) -> std::optional<QString> {
                if (v.isEmpty())
                    return isPath ? QStringLiteral("a path") : QStringLiteral("a non-empty value");
                *into << (isPath ? absolute(v) : v);
                return std::nullopt;
            }, true});
        };
        const auto path = [&](const QStringList &names, const QString &help, QString *into) {
            table.add({names, QStringLiteral("FILE"), help, [into, absolute](const QString &v) -> std::optional<QString> {
                if (v.isEmpty())
                    return QStringLiteral("a path");
                *into = absolute(v);
                return std::nullopt;
            }});
        };
        const auto number = [&](const QString &name, const QString &valueName, const QString &help, qint64 lo, qint64 hi,
                                const QString &expected, std::function<void(qint64)> keep) {
            table.add({{name}, valueName, help, [lo, hi, expected, keep](const QString &v) -> std::optional<QString> {
                const auto n = wholeNumber(v, lo, hi);
                if (!n)
                    return expected;
                keep(*n);
                return std::nullopt;
            }});
        };
        Permissions &p = flags.permissions;
        table.flag({QStringLiteral("--help"), QStringLiteral("-h")}, QStringLiteral("this text"), &out.showHelp);
        table.flag({QStringLiteral("--version")}, QStringLiteral("the application's and the runtime's versions"), &out.showVersion);
        table.flag({QStringLiteral("--sandbox")}, QStringLiteral("deny everything that is not allowed"), &flags.sandbox);
        list(QStringLiteral("--allow-read"), QStringLiteral("PATH"), QStringLiteral("a file or folder (and all below it) the code may read"), &p.allowRead, true);
        list(QStringLiteral("--allow-write"), QStringLiteral("PATH"), QStringLiteral("a file or folder the code may write"), &p.allowWrite, true);
        list(QStringLiteral("--allow-net"), QStringLiteral("HOST"), QStringLiteral("host, host:port, *.domain, IP or URL the code may connect to"), &p.allowNet, false);
        list(QStringLiteral("--allow-env"), QStringLiteral("NAME"), QStringLiteral("a host environment variable the code may read"), &p.allowEnv, false);
        list(QStringLiteral("--allow-run"), QStringLiteral("CMD"), QStringLiteral("a program the code may start (* for any)"), &p.allowRun, false);
        list(QStringLiteral("--allow-listen"), QStringLiteral("HOST"), QStringLiteral("host:port the code may serve on"), &p.allowListen, false);
        list(QStringLiteral("--ask-read"), QStringLiteral("PATH"), QStringLiteral("a file or folder whose reads wait for the local user's answer"), &p.askRead, true);
        list(QStringLiteral("--ask-write"), QStringLiteral("PATH"), QStringLiteral("a file or folder whose writes wait for the local user's answer"), &p.askWrite, true);
        list(QStringLiteral("--ask-net"), QStringLiteral("HOST"), QStringLiteral("a host whose connections wait for the local user's answer"), &p.askNet, false);
        list(QStringLiteral("--ask-env"), QStringLiteral("NAME"), QStringLiteral("a host variable whose reads wait for the local user's answer"), &p.askEnv, false);
        list(QStringLiteral("--ask-run"), QStringLiteral("CMD"), QStringLiteral("a program whose starts wait for the local user's answer"), &p.askRun, false);
        number(QStringLiteral("--ask-timeout"), QStringLiteral("MS"), QStringLiteral("how long a held check waits for an answer, then is denied (default 120000)"),
               Policy::minAskTimeoutMs, Policy::maxAskTimeoutMs, QStringLiteral("a number of milliseconds from 100 to 3600000"),
               [this](qint64 n) { flags.askTimeoutMs = n; });
        table.flag({QStringLiteral("--deny-fs")}, QStringLiteral("deny file access without --sandbox (allow lists still make exceptions)"), &p.denyFs);
        table.flag({QStringLiteral("--deny-net")}, QStringLiteral("deny the network without --sandbox"), &p.denyNet);
        table.flag({QStringLiteral("--deny-env")}, QStringLiteral("deny environment variables without --sandbox"), &p.denyEnv);
        table.flag({QStringLiteral("--deny-run")}, QStringLiteral("deny starting programs without --sandbox"), &p.denyRun);
        table.text({QStringLiteral("--permission-policy"), QStringLiteral("--policy")}, QStringLiteral("FILE"),
                   QStringLiteral("JSON policy file; the flags add to it"), &policyFile);
        path({QStringLiteral("--audit-log")}, QStringLiteral("append one JSON line per permission decision"), &out.request.auditLogPath);
        table.flag({QStringLiteral("--allow-sensitive-roots")}, QStringLiteral("allow granting /, /proc, /sys, /dev or a home folder itself"), &allowSensitiveRoots);
        table.add({{QStringLiteral("--seed")}, QStringLiteral("N"), QStringLiteral("seeded Math.random, crypto random values, randomUUID, randomInt"),
                   [this](const QString &v) -> std::optional<QString> {
            const auto seed = wholeNumber(v, 0, (qint64(1) << 53) - 1);
            if (!seed)
                return QStringLiteral("a whole number from 0 to 2^53 - 1");
            flags.seed = quint64(*seed);
            return std::nullopt;
        }});
        table.add({{QStringLiteral("--freeze-time")}, QStringLiteral("T"), QStringLiteral("frozen clock: ISO 8601 with an offset, or epoch milliseconds"),
                   [this](const QString &v) -> std::optional<QString> {
            flags.freezeTimeMs = parseInstant(v);
            if (!flags.freezeTimeMs)
                return QStringLiteral("ISO 8601 with an offset (2026-01-01T00:00:00Z) or epoch milliseconds within JavaScript's date range");
            return std::nullopt;
        }});
        number(QStringLiteral("--timeout"), QStringLiteral("MS"), QStringLiteral("stop the run and every process it started"), 1, qint64(7) * 24 * 3600 * 1000,
               QStringLiteral("a number of milliseconds from 1 to 604800000 (7 days)"), [this](qint64 n) { flags.timeoutMs = n; });
        number(QStringLiteral("--max-memory"), QStringLiteral("MB"), QStringLiteral("cap the JavaScript heap, and the whole run (MB + 64)"), 16, 1024 * 1024,
               QStringLiteral("a number of megabytes from 16 to 1048576"), [this](qint64 n) { flags.maxMemoryMb = int(n); });
        number(QStringLiteral("--max-workdir-mb"), QStringLiteral("MB"), QStringLiteral("cap what the workdir holds while the run writes"), 1, 1024 * 1024,
               QStringLiteral("a number of megabytes from 1 to 1048576"), [this](qint64 n) { flags.maxWorkdirMb = int(n); });
        number(QStringLiteral("--max-tasks"), QStringLiteral("N"), QStringLiteral("cap the run's processes and threads (32 to 65536; default 512)"),
               Policy::minTasks, Policy::maxTasksLimit,
               QStringLiteral("a number of processes and threads from %1 to %2").arg(Policy::minTasks).arg(Policy::maxTasksLimit),
               [this](qint64 n) { flags.maxTasks = int(n); });
        number(QStringLiteral("--max-output-bytes"), QStringLiteral("N"), QStringLiteral("bytes kept of stdout and of stderr (default 1048576)"), 1, qint64(1) << 34,
               QStringLiteral("a number of bytes from 1 to 17179869184"), [this](qint64 n) { flags.maxOutputBytes = n; });
        table.add({{QStringLiteral("--workdir")}, QStringLiteral("DIR"), QStringLiteral("readable, writable, and the current folder"),
                   [this, absolute](const QString &v) -> std::optional<QString> {
            if (v.isEmpty())
                return QStringLiteral("a folder");
            flags.workdir = absolute(v);
            return std::nullopt;
        }});
        list(QStringLiteral("--read-only-dir"), QStringLiteral("DIR"), QStringLiteral("a folder the code may read (repeats)"), &flags.readOnlyDirs, true);
        list(QStringLiteral("--allow-package"), QStringLiteral("SPEC"), QStringLiteral("npm package NAME or NAME@RANGE the code may import (repeats)"), &flags.allowPackages, false);
        table.add({{QStringLiteral("--accept-missing-layer")}, QStringLiteral("LAYER"),
                   QStringLiteral("run even where this machine lacks LAYER (memory-cgroup, pids-cgroup; repeats); the audit log says so"),
                   [this](const QString &v) -> std::optional<QString> {
            if (!Policy::acceptableMissingLayers().contains(v))
                return QStringLiteral("one of %1").arg(Policy::acceptableMissingLayers().join(QStringLiteral(", ")));
            if (!flags.acceptMissingLayers.contains(v))
                flags.acceptMissingLayers << v;
            return std::nullopt;
        }, true});
        // The value may be a secret, and an entry without '=' may be a value pasted alone: a
        // refusal names the entry by its place (and the name once it is a valid one), never a value.
        table.add({{QStringLiteral("--env")}, QStringLiteral("NAME=VALUE"), QStringLiteral("give the code a variable (repeats)"),
                   [this](const QString &v) -> std::optional<QString> {
            const QString where = QStringLiteral("--env #%1").arg(++envCount);
            auto entry = parseEnvEntry(v, where);
            if (!entry)
                return entry.error().message;
            if (flags.env.contains(entry->first))
                return QStringLiteral("%1: %2 is given twice").arg(where, entry->first);
            flags.env.insert(entry->first, entry->second);
            return std::nullopt;
        }, true, true});
        // The value never on the command line (from the variable NAME, or a file), parsed after
        // the table so that a refused spec is not echoed whole; errors name the secret only.
        table.add({{QStringLiteral("--secret")}, QStringLiteral("NAME@HOST[,HOST...][=file:PATH]"),
                   QStringLiteral("an API key the code sees only as a placeholder; the run's proxy puts it in HTTPS request headers to HOST"),
                   [this](const QString &v) -> std::optional<QString> {
            secretSpecs << v;
            return std::nullopt;
        }, true});
        table.add({{QStringLiteral("--code")}, QStringLiteral("'JS'"), QStringLiteral("run this code instead of a file"),
                   [this](const QString &v) -> std::optional<QString> {
            if (v.isEmpty())
                return QStringLiteral("code to run (it is empty)");
            out.request.code = v;
            return std::nullopt;
        }});
        table.flag({QStringLiteral("--json")}, QStringLiteral("print the result object instead of passing output through"), &out.json);
        table.flag({QStringLiteral("--raw-output")}, QStringLiteral("pass the output's control characters to a terminal as they are"), &out.rawOutput);
        path({QStringLiteral("--record")}, QStringLiteral("save the run as a session bundle (.sbsession) to replay"), &out.record.path);
        table.flag({QStringLiteral("--record-env-values")}, QStringLiteral("also store environment values in it (names only by default)"), &out.record.envValues);
    }
};

} // namespace

QString runOptionsHelp()
{
    return QStringLiteral("Usage: sandbench-cli run [options] FILE [-- ARGS...]\n"
                          "       sandbench-cli run [options] --code 'JS'\n\n"
                          "Permissions are denied by default under --sandbox; the --allow-* flags repeat.\n"
                          "On a terminal the code's control characters are escaped (\\e, \\x07) unless --raw-output.\n\n")
           + RunTable().table.help()
           + QStringLiteral("\nExit status: the script's own; 124 timed out; 125 stopped by memory cap;\n"
                            "  130 stopped; 2 configuration error (bad options); 3 environment error (runtime or broker).\n");
}

Result<RunOptions> parseRunOptions(const QStringList &args)
{
    RunTable run;
    auto parsed = run.table.parse(args, true);
    if (!parsed)
        return std::unexpected(parsed.error());
    RunOptions &out = run.out;
    if (out.showHelp || out.showVersion)
        return out;
    // `run [options] -- FILE ARGS` as well as `run [options] FILE [--] ARGS`.
    QStringList entry = parsed->positional;
    QStringList rest = parsed->rest;
    if (entry.isEmpty() && !rest.isEmpty())
        entry << rest.takeFirst();
    if (!entry.isEmpty())
        out.request.entrypoint = QDir::cleanPath(QDir::current().absoluteFilePath(entry.constFirst()));
    out.request.args = rest;
    Policy &flags = run.flags;
    if (!run.allowSensitiveRoots) {
        for (const auto &[flag, list] : {std::pair{"--allow-read", &flags.permissions.allowRead},
                                         std::pair{"--allow-write", &flags.permissions.allowWrite},
                                         std::pair{"--ask-read", &flags.permissions.askRead},
                                         std::pair{"--ask-write", &flags.permissions.askWrite},
                                         std::pair{"--read-only-dir", &flags.readOnlyDirs}}) {
            for (const QString &path : *list) {
                const QString reason = sensitiveRootReason(path);
                if (!reason.isEmpty())
                    return usage(QStringLiteral("%1 %2: %3; add --allow-sensitive-roots if that is meant").arg(QLatin1String(flag), path, reason));
            }
        }
    }
    if (!run.policyFile.isEmpty()) {
        PolicyParseOptions parseOptions;
        parseOptions.allowSensitiveRoots = run.allowSensitiveRoots;
        auto fromFile = readPolicyFile(run.policyFile, parseOptions);
        if (!fromFile)
            return usage(fromFile.error().message);
        out.request.policy = *fromFile;
    }
    out.request.policy.merge(flags);
    for (const QString &spec : run.secretSpecs) {
        auto secret = SandboxSecrets::parseSpec(spec, SandboxSecrets::HostScope::ThisMachine);
        if (!secret)
            return usage(QStringLiteral("--secret: %1").arg(secret.error().message));
        out.request.secrets << *secret;
    }
    out.request.baseDir = QDir::currentPath();
    if (out.request.code.isEmpty() == out.request.entrypoint.isEmpty())
        return usage(QStringLiteral("give exactly one of FILE and --code (see sandbench-cli run --help)"));
    return out;
}

} // namespace Sandbench::Cli
