#include "mcpcommand.h"

#include "optiontable.h"
#include "common/signalwatcher.h"

#include "common/boundedfile.h"
#include "common/terminaltext.h"
#include "approvals/approvalbroker.h"
#include "mcp/mcpclientsession.h"
#include "mcp/mcphttpserver.h"
#include "mcp/mcpserver.h"
#include "mcp/mcpstdio.h"
#include "policy/policyfile.h"
#include "sandbox/sandboxtypes.h"
#include "sandbox/sandboxenventry.h"
#include "workbench/sandboxproviders.h"
#include "workbench/workbench.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHostAddress>
#include <QTextStream>

#include <unistd.h>

namespace Sandbench::Cli {

namespace {

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

int usageError(const QString &message)
{
    err() << "sandbench-cli mcp: " << terminalSafe(message) << "\n\n" << mcpHelp();
    return 2;
}

std::optional<SandboxToolSet> parseToolSet(const QString &value)
{
    SandboxToolSet set;
    set.name = value.section(QLatin1Char(':'), 0, 0);
    if (!isValidToolSetName(set.name))
        return std::nullopt;
    const QString powers = value.section(QLatin1Char(':'), 1);
    if (value.contains(QLatin1Char(':')) && powers.isEmpty())
        return std::nullopt;
    for (const QString &p : powers.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (p == QLatin1String("exec"))
            set.exec = true;
        else if (p == QLatin1String("write"))
            set.write = true;
        else if (p == QLatin1String("ports"))
            set.ports = true;
        else if (p == QLatin1String("desktop"))
            set.desktop = true;
        else
            return std::nullopt;
    }
    return set;
}

} // namespace

QString mcpHelp()
{
    return QStringLiteral(
        "  mcp [--http 127.0.0.1:PORT [--token-file FILE]] [--policy FILE] [--workdir DIR]\n"
        "      [--sandbox-tools NAME[:exec,write,ports,desktop]]... [--image IMAGE]\n"
        "      [--network none|all|allow:HOST[,HOST...]] [--port P]... [--lifetime SECONDS]\n"
        "      [--max-sandboxes N] [--warm N] [--env NAME=VALUE]... [--env-file FILE] [--from SNAPSHOT]\n"
        "      [--record-dir DIR] [--approve TOOL[,TOOL...]] [--approve-timeout SECONDS]\n"
        "               serve MCP to an agent, on stdio or on loopback HTTP (a bearer token is\n"
        "               printed on stderr, or read from --token-file); tools: code.run under\n"
        "               --policy (deny everything by default), and per --sandbox-tools NAME:\n"
        "               NAME.read and NAME.list, plus exec, write/remove, url, and the desktop\n"
        "               (screenshot, click, scroll, type, key) when enabled; each client session\n"
        "               gets its own copy of --workdir and its own sandboxes (default image\n"
        "               sandbench/base:1, lifetime 3600 s), and is recorded as an agent session\n"
        "               in --record-dir (default: the sessions folder) for `replay FILE`, with\n"
        "               the connections of its allow:... sandboxes;\n"
        "               --warm N keeps N sandboxes ready, claimed by the sessions' creates;\n"
        "               --env and --env-file (NAME=VALUE lines) give every sandbox variables,\n"
        "               applied at its claim and recorded by name only; --from SNAPSHOT makes\n"
        "               each session's sandbox from that snapshot (`sandbox snapshot`), its own;\n"
        "               --approve holds each call of TOOL until a person answers it (see\n"
        "               `approvals`), refused after --approve-timeout (default 120 s);\n"
        "               the --policy file's \"approvals\" section decides the other calls:\n"
        "               {\"rules\": [{\"tool\": \"box.*\", \"arguments\": {\"command\": \"rm *\"},\n"
        "               \"action\": \"ask\"|\"allow\"|\"deny\"}, ...], \"default\": \"allow\",\n"
        "               \"timeout_ms\": 120000}: the first rule whose tool glob and argument\n"
        "               globs (whole string values, * for any characters) match decides, the\n"
        "               default the rest; --approve tools ask before any rule; deny refuses\n"
        "               without asking; every ask and deny is recorded with its rule\n");
}

int mcpCommand(const QStringList &args)
{
    McpServerOptions options;
    options.sandbox.lifetimeMs = 3600'000;
    options.recordDir = Workbench::defaultSessionsFolder();
    QString http, tokenFile, policyFile;
    bool help = false;

    OptionTable table(QStringLiteral("mcp"));
    table.text({QStringLiteral("--http")}, QStringLiteral("127.0.0.1:PORT"), QStringLiteral("serve Streamable HTTP on loopback"), &http);
    table.text({QStringLiteral("--token-file")}, QStringLiteral("FILE"), QStringLiteral("the bearer token, its first line"), &tokenFile);
    table.text({QStringLiteral("--policy")}, QStringLiteral("FILE"), QStringLiteral("code.run's policy and the approvals rules"), &policyFile);
    table.text({QStringLiteral("--workdir")}, QStringLiteral("DIR"), QStringLiteral("what each session's workdir starts as"), &options.workdir);
    table.add({{QStringLiteral("--sandbox-tools")}, QStringLiteral("NAME[:POWERS]"), QStringLiteral("a sandbox tool set"),
               [&options](const QString &v) -> std::optional<QString> {
                   auto set = parseToolSet(v);
                   if (!set)
                       return QStringLiteral("NAME or NAME:exec,write,ports,desktop (a name of a-z, 0-9, _ and -, starting with a letter, not \"code\")");
                   options.toolSets << *set;
                   return std::nullopt;
               }, true});
    table.text({QStringLiteral("--image")}, QStringLiteral("IMAGE"), QStringLiteral("the sandboxes' image"), &options.sandbox.image);
    table.add({{QStringLiteral("--network")}, QStringLiteral("none|all|allow:HOST[,HOST...]"), QStringLiteral("the sandboxes' network"),
               [&options](const QString &v) -> std::optional<QString> {
                   // The entries themselves are checked by the server, naming the bad one.
                   options.sandbox.network.domains.clear();
                   if (v == QLatin1String("none")) {
                       options.sandbox.network.kind = NetworkKind::None;
                   } else if (v == QLatin1String("all")) {
                       options.sandbox.network.kind = NetworkKind::All;
                   } else if (v.startsWith(QLatin1String("allow:"))) {
                       options.sandbox.network.kind = NetworkKind::Domains;
                       // "allow:" alone is an empty list (the server says it needs a host).
                       if (v.size() > 6)
                           options.sandbox.network.domains = v.mid(6).split(QLatin1Char(','));
                   } else {
                       return QStringLiteral("none, all or allow:HOST[,HOST...]");
                   }
                   return std::nullopt;
               }});
    table.add({{QStringLiteral("--port")}, QStringLiteral("P"), QStringLiteral("a port each sandbox publishes (for NAME.url)"),
               [&options](const QString &v) -> std::optional<QString> {
                   auto port = wholeNumber(v, 1, 65535);
                   if (!port)
                       return QStringLiteral("a port from 1 to 65535");
                   options.sandbox.ports << int(*port);
                   return std::nullopt;
               }, true});
    table.add({{QStringLiteral("--lifetime")}, QStringLiteral("SECONDS"), QStringLiteral("each sandbox's lifetime"),
               [&options](const QString &v) -> std::optional<QString> {
                   // The engine's longest: a longer one would fail every session's first create.
                   constexpr qint64 longest = PoolOptions::longestLifetimeMs / 1000;
                   auto s = wholeNumber(v, 1, longest);
                   if (!s)
                       return QStringLiteral("a number of seconds from 1 to %1 (24 h, the longest a sandbox lives)").arg(longest);
                   options.sandbox.lifetimeMs = *s * 1000;
                   return std::nullopt;
               }});
    table.add({{QStringLiteral("--max-sandboxes")}, QStringLiteral("N"), QStringLiteral("sandboxes alive at once, all sessions"),
               [&options](const QString &v) -> std::optional<QString> {
                   auto n = wholeNumber(v, 1, 256);
                   if (!n)
                       return QStringLiteral("a number from 1 to 256");
                   options.maxSandboxes = int(*n);
                   return std::nullopt;
               }});
    table.add({{QStringLiteral("--warm")}, QStringLiteral("N"), QStringLiteral("sandboxes kept warm for the sessions"),
               [&options](const QString &v) -> std::optional<QString> {
                   auto n = wholeNumber(v, 0, 256);
                   if (!n)
                       return QStringLiteral("a number from 0 to 256");
                   options.warm = int(*n);
                   return std::nullopt;
               }});
    table.add({{QStringLiteral("--approve")}, QStringLiteral("TOOL[,TOOL...]"), QStringLiteral("tools whose calls wait for a person"),
               [&options](const QString &v) -> std::optional<QString> {
                   // The names are checked against the server's tools by McpServer::check.
                   for (const QString &tool : v.split(QLatin1Char(','))) {
                       if (tool.isEmpty())
                           return QStringLiteral("tool names separated by commas");
                       options.approve << tool;
                   }
                   return std::nullopt;
               }, true});
    bool approveTimeoutGiven = false;
    table.add({{QStringLiteral("--approve-timeout")}, QStringLiteral("SECONDS"), QStringLiteral("how long a held call waits before it is refused"),
               [&options, &approveTimeoutGiven](const QString &v) -> std::optional<QString> {
                   auto s = wholeNumber(v, 1, 86400);
                   if (!s)
                       return QStringLiteral("a number of seconds from 1 to 86400");
                   options.approveTimeoutMs = int(*s * 1000);
                   approveTimeoutGiven = true;
                   return std::nullopt;
               }});
    // Kept as given and parsed after the table, so that a refused entry is never echoed (its
    // value may be a secret, and one without '=' may be a value alone); errors name its place.
    QStringList envSpecs;
    table.add({{QStringLiteral("--env")}, QStringLiteral("NAME=VALUE"), QStringLiteral("a variable of every sandbox (repeats)"),
               [&envSpecs](const QString &v) -> std::optional<QString> {
                   envSpecs << v;
                   return std::nullopt;
               }, true});
    QString envFile;
    table.text({QStringLiteral("--env-file")}, QStringLiteral("FILE"), QStringLiteral("such variables as NAME=VALUE lines"), &envFile);
    table.text({QStringLiteral("--from")}, QStringLiteral("SNAPSHOT"), QStringLiteral("each session's sandbox starts from this snapshot"),
               &options.sandbox.snapshot);
    table.text({QStringLiteral("--record-dir")}, QStringLiteral("DIR"), QStringLiteral("where sessions are recorded"), &options.recordDir);
    table.flag({QStringLiteral("--help"), QStringLiteral("-h")}, QStringLiteral("this text"), &help);
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(parsed.error().message);
    if (help) {
        QTextStream(stdout) << "Usage: sandbench-cli mcp [options]\n\n" << mcpHelp() << "\nOptions:\n" << table.help();
        return 0;
    }
    if (!parsed->positional.isEmpty() || !parsed->rest.isEmpty())
        return usageError(QStringLiteral("unexpected argument %1").arg((parsed->positional + parsed->rest).constFirst()));
    if (!tokenFile.isEmpty() && http.isEmpty())
        return usageError(QStringLiteral("--token-file needs --http"));

    // A snapshot carries its own image: the default applies only without one.
    if (!options.sandbox.snapshot.isEmpty() && !options.sandbox.image.isEmpty())
        return usageError(QStringLiteral("--image cannot be used with --from: the snapshot holds its own image"));
    if (options.sandbox.snapshot.isEmpty() && options.sandbox.image.isEmpty())
        options.sandbox.image = QStringLiteral("sandbench/base:1");
    for (qsizetype i = 0; i < envSpecs.size(); ++i) {
        const QString where = envSpecs.size() == 1 ? QStringLiteral("--env") : QStringLiteral("--env #%1").arg(i + 1);
        auto entry = parseEnvEntry(envSpecs.at(i), where);
        if (!entry)
            return usageError(entry.error().message);
        if (options.sandbox.env.contains(entry->first))
            return usageError(QStringLiteral("%1: %2 is given twice").arg(where, entry->first));
        options.sandbox.env.insert(entry->first, entry->second);
    }
    if (!envFile.isEmpty()) {
        auto bytes = readRegularFile(envFile, 1 << 20, QStringLiteral("--env-file"));
        if (!bytes)
            return usageError(bytes.error().message);
        auto fromFile = parseEnvLines(*bytes, QStringLiteral("--env-file %1").arg(envFile));
        if (!fromFile)
            return usageError(fromFile.error().message);
        if (auto added = addEnvEntries(&options.sandbox.env, *fromFile, QStringLiteral("--env-file %1").arg(envFile)); !added)
            return usageError(added.error().message);
    }

    if (!policyFile.isEmpty()) {
        auto policy = readPolicyFile(policyFile);
        if (!policy)
            return usageError(policy.error().message);
        options.policy = *policy;
        options.policyBaseDir = QFileInfo(policyFile).absolutePath();
        // The command line's timeout wins over the file's, as every flag over its file.
        if (!approveTimeoutGiven && policy->approvals.timeoutMs)
            options.approveTimeoutMs = int(*policy->approvals.timeoutMs);
    } else {
        options.policyBaseDir = QDir::currentPath();
    }
    if (!options.workdir.isEmpty())
        options.workdir = QFileInfo(options.workdir).absoluteFilePath();
    options.recordDir = QFileInfo(options.recordDir).absoluteFilePath();
    options.sandboxProviders = dockerProviderFactory();

    McpServer server(options);
    if (auto ok = server.check(); !ok)
        return usageError(ok.error().message);
    // Looked up now: a missing snapshot stops the server before any agent connects.
    if (auto pinned = waitFor(server.pinSnapshot(), 60'000); !pinned)
        return usageError(pinned.error().message);
    // The warm sandboxes are made from the start, not at the first session's first create.
    if (options.warm > 0) {
        if (auto pool = server.workbench()->sandboxPool(); !pool)
            return usageError(pool.error().message);
    }

    if (server.mayAsk()) {
        auto broker = server.workbench()->startApprovals(QStringLiteral("mcp-%1").arg(QCoreApplication::applicationPid()));
        if (!broker)
            return usageError(QStringLiteral("%1: %2").arg(options.approve.isEmpty() ? QStringLiteral("approvals") : QStringLiteral("--approve"),
                                                            broker.error().message));
        const QString which = options.approve.isEmpty() ? QStringLiteral("calls the approvals rules hold")
                                                        : QStringLiteral("calls of %1").arg(options.approve.join(QStringLiteral(", ")));
        err() << "sandbench-cli mcp: " << terminalSafe(which) << " wait for approval on " << terminalSafe((*broker)->socketPath()) << Qt::endl;
    }

    SignalWatcher watcher;
    int status = 0;
    bool stopping = false;
    auto stop = [&](const QString &reason, int code) {
        // The first reason is the one that counts: closing the sessions ends stdio too.
        if (std::exchange(stopping, true))
            return;
        status = code;
        server.shutdown(reason, [] { QCoreApplication::quit(); });
    };

    std::unique_ptr<McpHttpServer> httpServer;
    std::unique_ptr<McpStdioTransport> stdio;
    if (http.isEmpty()) {
        McpSession *session = server.newSession(QStringLiteral("stdio"), &server);
        stdio = std::make_unique<McpStdioTransport>(session, STDIN_FILENO, STDOUT_FILENO);
        QObject::connect(stdio.get(), &McpStdioTransport::finished, &server, [&] { stop(QStringLiteral("the client closed its end"), 0); });
        stdio->start();
        const QString record = static_cast<McpClientSession *>(session)->recordPath();
        err() << "sandbench-cli mcp: serving on stdio; recording to " << terminalSafe(record) << Qt::endl;
    } else {
        const QString host = http.section(QLatin1Char(':'), 0, -2);
        auto port = wholeNumber(http.section(QLatin1Char(':'), -1), 0, 65535);
        const QHostAddress address(host.startsWith(QLatin1Char('[')) ? host.mid(1).chopped(1) : host);
        if (!port || address.isNull())
            return usageError(badValue(QStringLiteral("--http"), http, QStringLiteral("127.0.0.1:PORT (PORT 0: any free one)")));
        if (!address.isLoopback())
            return usageError(QStringLiteral("--http %1: the server only listens on loopback (127.0.0.1 or [::1])").arg(http));
        McpHttpOptions ho;
        ho.address = address;
        ho.port = quint16(*port);
        if (tokenFile.isEmpty()) {
            ho.token = McpHttpServer::generateToken();
        } else {
            auto bytes = readRegularFile(tokenFile, 4096, QStringLiteral("the token file"));
            if (!bytes)
                return usageError(bytes.error().message);
            ho.token = QString::fromUtf8(bytes->split('\n').constFirst()).trimmed();
        }
        httpServer = std::make_unique<McpHttpServer>(server.sessionFactory(), ho);
        auto bound = httpServer->listen();
        if (!bound)
            return usageError(QStringLiteral("--http %1: %2").arg(http, bound.error().message));
        QObject::connect(httpServer.get(), &McpHttpServer::refused, &server, [](int code, const QString &reason, const QString &peer) {
            err() << "sandbench-cli mcp: refused " << code << " to " << terminalSafe(peer) << ": " << terminalSafe(reason) << Qt::endl;
        });
        const QString where = address.protocol() == QAbstractSocket::IPv6Protocol ? QLatin1Char('[') + address.toString() + QLatin1Char(']')
                                                                                : address.toString();
        // The token is the key to the server: printed once, for the person who started it,
        // unless it came from a file (then it is not repeated anywhere).
        err() << "sandbench-cli mcp: listening on http://" << where << ':' << *bound << "/mcp token "
              << (tokenFile.isEmpty() ? ho.token : QStringLiteral("(from --token-file)")) << "; recording to "
              << terminalSafe(options.recordDir) << Qt::endl;
    }
    QObject::connect(&watcher, &SignalWatcher::signalled, &server, [&](int sig) {
        if (httpServer)
            httpServer->close();
        stop(QStringLiteral("the server was stopped (signal %1)").arg(sig), 128 + sig);
    });
    QCoreApplication::exec();
    return status;
}

} // namespace Sandbench::Cli
