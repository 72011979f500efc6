#include "sandboxsnapshotcommand.h"

#include "sandboxcommand.h"

#include "common/terminaltext.h"
#include "optiontable.h"

#include "sandbox/sandboxpool.h"
#include "sandbox/sandboxprovider.h"
#include "workbench/workbench.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace Sandbench::Cli {

namespace {

// The most forks one command makes (the pool it makes them in allows this many).
constexpr int maxForks = 16;

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

int failWith(const Error &e)
{
    err() << "sandbench-cli sandbox: " << errorCodeName(e.code) << ": " << terminalSafe(e.message) << Qt::endl;
    return e.code == ErrorCode::InvalidInput || e.code == ErrorCode::InvalidConfig || e.code == ErrorCode::LimitExceeded ? 2 : 1;
}

int usageError(const QString &message)
{
    err() << "sandbench-cli sandbox: " << terminalSafe(message) << "\n\n" << snapshotHelp();
    return 2;
}

WorkbenchOptions workbenchOptions(const PoolOptions &pool = {})
{
    WorkbenchOptions options;
    options.sandboxProviders = dockerProviderFactory();
    options.pool = pool;
    return options;
}

QJsonObject toJson(const SnapshotInfo &info)
{
    return {{QStringLiteral("name"), info.name},
            {QStringLiteral("digest"), info.digest},
            {QStringLiteral("imageId"), info.imageId},
            {QStringLiteral("archiveDigest"), info.archiveDigest},
            {QStringLiteral("archiveBytes"), double(info.archiveBytes)},
            {QStringLiteral("source"), info.sourceSandbox},
            {QStringLiteral("created"), info.created.toString(Qt::ISODate)}};
}

void printJson(const QJsonDocument &doc)
{
    QTextStream(stdout) << doc.toJson(QJsonDocument::Compact) << Qt::endl;
}

int snapshot(const QStringList &args)
{
    bool json = false;
    OptionTable table(QStringLiteral("sandbox snapshot"));
    table.flag({QStringLiteral("--json")}, QStringLiteral("print JSON"), &json);
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(parsed.error().message);
    const QStringList named = parsed->positional + parsed->rest;
    if (named.size() != 2)
        return usageError(QStringLiteral("snapshot takes a sandbox ID and a NAME"));
    if (auto valid = validateSnapshotName(named[1]); !valid)
        return failWith(valid.error());
    Workbench workbench(workbenchOptions());
    auto provider = workbench.sandboxProvider();
    if (!provider)
        return failWith(provider.error());
    auto info = waitFor((*provider)->snapshot(named[0], named[1]), 30 * 60'000);
    if (!info)
        return failWith(info.error());
    if (json)
        printJson(QJsonDocument(toJson(*info)));
    else
        QTextStream(stdout) << info->name << "  " << info->digest << Qt::endl;
    return 0;
}

int fork(const QStringList &args)
{
    bool json = false;
    int count = 0;
    qint64 lifetimeMs = 600'000;
    OptionTable table(QStringLiteral("sandbox fork"));
    table.flag({QStringLiteral("--json")}, QStringLiteral("print JSON"), &json);
    table.add({{QStringLiteral("--count")}, QStringLiteral("N"), QStringLiteral("how many forks"), [&count](const QString &v) -> std::optional<QString> {
        const auto n = wholeNumber(v, 1, maxForks);
        if (!n)
            return QStringLiteral("a number from 1 to %1").arg(maxForks);
        count = int(*n);
        return std::nullopt;
    }});
    table.add({{QStringLiteral("--lifetime")}, QStringLiteral("SECONDS"), QStringLiteral("each fork's lifetime"), [&lifetimeMs](const QString &v) -> std::optional<QString> {
        const auto n = wholeNumber(v, 1, maxLifetimeSeconds);
        if (!n)
            return QStringLiteral("a number of seconds from 1 to %1").arg(maxLifetimeSeconds);
        lifetimeMs = *n * 1000;
        return std::nullopt;
    }});
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(parsed.error().message);
    const QStringList named = parsed->positional + parsed->rest;
    if (named.size() != 1)
        return usageError(QStringLiteral("fork takes one sandbox ID"));
    if (count == 0)
        return usageError(QStringLiteral("fork needs --count N"));
    PoolOptions po;
    po.maxSandboxes = maxForks;
    po.maxLifetimeMs = lifetimeMs;
    Workbench workbench(workbenchOptions(po));
    auto pool = workbench.sandboxPool();
    if (!pool)
        return failWith(pool.error());
    SandboxOptions so;
    so.lifetimeMs = lifetimeMs;
    // They outlive this command: their keepers end them at the lifetime, and no other
    // process's pool takes them for orphans meanwhile.
    so.persist = true;
    auto forks = waitFor((*pool)->fork(named[0], count, so), 30 * 60'000);
    if (!forks)
        return failWith(forks.error());
    QJsonArray ids;
    for (Sandbox *s : *forks)
        ids.append(s->id());
    if (json) {
        printJson(QJsonDocument(QJsonObject{{QStringLiteral("ids"), ids}}));
    } else {
        QTextStream out(stdout);
        for (const QJsonValue &id : ids)
            out << id.toString() << Qt::endl;
    }
    return 0;
}

int list(const QStringList &args)
{
    bool json = false;
    OptionTable table(QStringLiteral("sandbox snapshots"));
    table.flag({QStringLiteral("--json")}, QStringLiteral("print JSON"), &json);
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(parsed.error().message);
    if (!parsed->positional.isEmpty() || !parsed->rest.isEmpty())
        return usageError(QStringLiteral("snapshots takes no arguments"));
    Workbench workbench(workbenchOptions());
    auto provider = workbench.sandboxProvider();
    if (!provider)
        return failWith(provider.error());
    auto snapshots = waitFor((*provider)->listSnapshots(), 60'000);
    if (!snapshots)
        return failWith(snapshots.error());
    if (json) {
        QJsonArray all;
        for (const SnapshotInfo &info : *snapshots)
            all.append(toJson(info));
        printJson(QJsonDocument(all));
        return 0;
    }
    QTextStream out(stdout);
    out << QStringLiteral("%1  %2  %3\n").arg(QStringLiteral("NAME"), -24).arg(QStringLiteral("FILES"), -10).arg(QStringLiteral("DIGEST"));
    for (const SnapshotInfo &info : *snapshots) {
        const QString files = info.archiveBytes < 0 ? QStringLiteral("missing") : QStringLiteral("%1 KiB").arg((info.archiveBytes + 1023) / 1024);
        out << QStringLiteral("%1  %2  %3\n").arg(info.name, -24).arg(files, -10).arg(info.digest);
    }
    return 0;
}

int remove(const QStringList &args)
{
    const auto parsed = OptionTable(QStringLiteral("sandbox rm-snapshot")).parse(args);
    if (!parsed)
        return usageError(parsed.error().message);
    const QStringList named = parsed->positional + parsed->rest;
    if (named.size() != 1)
        return usageError(QStringLiteral("rm-snapshot takes one NAME"));
    if (auto valid = validateSnapshotName(named[0]); !valid)
        return failWith(valid.error());
    Workbench workbench(workbenchOptions());
    auto provider = workbench.sandboxProvider();
    if (!provider)
        return failWith(provider.error());
    if (auto r = waitFor((*provider)->removeSnapshot(named[0]), 120'000); !r)
        return failWith(r.error());
    QTextStream(stdout) << "removed " << named[0] << Qt::endl;
    return 0;
}

} // namespace

bool isSnapshotCommand(const QString &sub)
{
    return sub == QLatin1String("snapshot") || sub == QLatin1String("fork") || sub == QLatin1String("snapshots")
           || sub == QLatin1String("rm-snapshot");
}

int snapshotCommand(const QString &sub, const QStringList &args)
{
    if (sub == QLatin1String("snapshot"))
        return snapshot(args);
    if (sub == QLatin1String("fork"))
        return fork(args);
    if (sub == QLatin1String("snapshots"))
        return list(args);
    return remove(args);
}

QString snapshotHelp()
{
    return QStringLiteral(
        "  sandbox snapshot ID NAME [--json]\n"
        "               keep a running sandbox's image and files (workdir, /tmp) as snapshot NAME\n"
        "               (lower-case letters, digits, . _ -); processes are not kept\n"
        "  sandbox fork ID --count N [--lifetime SECONDS] [--json]\n"
        "               N new sandboxes holding ID's files as they are now (at most 16); prints\n"
        "               their ids; they run until their lifetime (default 600 s) or `sandbox rm`\n"
        "  sandbox snapshots [--json]\n"
        "               list this user's snapshots with their digests\n"
        "  sandbox rm-snapshot NAME\n"
        "               remove a snapshot's image and files\n");
}

} // namespace Sandbench::Cli
