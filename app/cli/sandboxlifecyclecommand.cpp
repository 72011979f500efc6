#include "sandboxlifecyclecommand.h"

#include "common/terminaltext.h"
#include "optiontable.h"

#include "sandbox/sandboxprovider.h"
#include "workbench/workbench.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace Sandbench::Cli {

namespace {

int failWith(const QString &sub, const Error &e, bool json)
{
    if (json) {
        QTextStream(stdout) << QJsonDocument(QJsonObject{{QStringLiteral("ok"), false},
                                                          {QStringLiteral("error"), errorCodeName(e.code)},
                                                          {QStringLiteral("message"), e.message}})
                                   .toJson(QJsonDocument::Compact)
                            << Qt::endl;
    }
    QTextStream(stderr) << "sandbench-cli sandbox " << sub << ": " << errorCodeName(e.code) << ": "
                        << terminalSafe(e.message) << Qt::endl;
    return e.code == ErrorCode::InvalidInput || e.code == ErrorCode::InvalidConfig ? 2 : 1;
}

int usageError(const QString &sub, const QString &message)
{
    QTextStream(stderr) << "sandbench-cli sandbox " << sub << ": " << terminalSafe(message) << "\n\n"
                        << sandboxLifecycleHelp();
    return 2;
}

} // namespace

bool isSandboxLifecycleCommand(const QString &sub)
{
    return sub == QLatin1String("pause") || sub == QLatin1String("resume");
}

QString sandboxLifecycleHelp()
{
    return QStringLiteral(
        "  sandbox pause ID [--json]\n"
        "               freeze every process of a Sandbench sandbox (memory kept, no CPU); its\n"
        "               lifetime keeps running, and exec and files are refused until resumed\n"
        "  sandbox resume ID [--json]\n"
        "               thaw a paused sandbox: its processes carry on where they were\n");
}

int sandboxLifecycleCommand(const QString &sub, const QStringList &args)
{
    bool json = false;
    OptionTable table(QStringLiteral("sandbox %1").arg(sub));
    table.flag({QStringLiteral("--json")}, QStringLiteral("one JSON object on stdout"), &json);
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(sub, parsed.error().message);
    const QStringList named = parsed->positional + parsed->rest;
    if (named.size() != 1)
        return usageError(sub, QStringLiteral("%1 takes one sandbox ID").arg(sub));
    const QString id = named.constFirst();

    WorkbenchOptions options;
    options.sandboxProviders = dockerProviderFactory();
    Workbench workbench(options);
    auto provider = workbench.sandboxProvider();
    if (!provider)
        return failWith(sub, provider.error(), json);
    // The provider resolves the id among the sandboxes with its owner label only.
    const bool pause = sub == QLatin1String("pause");
    auto r = waitFor(pause ? (*provider)->pauseSandbox(id) : (*provider)->resumeSandbox(id), 60'000);
    if (!r)
        return failWith(sub, r.error(), json);
    QTextStream out(stdout);
    if (json)
        out << QJsonDocument(QJsonObject{{QStringLiteral("ok"), true}, {QStringLiteral("id"), id},
                                         {QStringLiteral("paused"), pause}})
                   .toJson(QJsonDocument::Compact)
            << Qt::endl;
    else
        out << (pause ? "paused " : "resumed ") << terminalSafe(id) << Qt::endl;
    return 0;
}

} // namespace Sandbench::Cli
