#include "replaycommand.h"

#include "common/terminaltext.h"
#include "optiontable.h"

#include "mcp/agentsessionreplayer.h"
#include "policy/policyfile.h"
#include "session/exec/execsessionreplayer.h"
#include "session/sandbox/sandboxsessionreplayer.h"
#include "session/replayvalues.h"
#include "session/sessionfile.h"
#include "workbench/workbench.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>
#include <QThreadPool>

namespace Sandbench::Cli {

namespace {

enum ExitCode { IdenticalExit = 0, DivergedExit = 1, BadInputExit = 2, EnvironmentErrorExit = 3 };

QString usageText()
{
    return QStringLiteral(
            "Usage: sandbench-cli replay FILE [--policy POLICYFILE [--allow-wider-policy]]\n"
            "                             [--env NAME=VALUE]... [--env-file FILE] [--json]\n\n"
            "Runs a recorded session (run --record FILE) again, offline, from the bundle alone, and\n"
            "compares stdout, stderr, the exit and the audit decisions with the recording.\n"
            "A session file is not trusted: whatever its policy says, the replay runs in the sandbox\n"
            "without network, reads only the bundle's own copies of files, gets only recorded\n"
            "environment values, runs no programs and stops after 120 s unless it recorded a timeout;\n"
            "the report lists what it refused.\n"
            "  --policy FILE          replay under these permissions; lists the decisions that changed.\n"
            "                         It may narrow the replay; a grant beyond the bundle (a host path,\n"
            "                         a host variable, a program) is refused unless\n"
            "  --allow-wider-policy   lets --policy grant more than the bundle holds\n"
            "  --env NAME=VALUE       the value of a variable the recording kept by name only\n"
            "                         (run --env without --record-env-values); repeats\n"
            "  --env-file FILE        the same, as NAME=VALUE lines ('#' starts a comment line)\n"
            "                         A replay that lacks such a value, or is given one for a name\n"
            "                         the session never had, stops before it runs and names it.\n"
            "                         Values given here are not written anywhere.\n"
            "  --json                 print the report as JSON\n\n"
            "A sandbox session (sandbox run --record FILE) is replayed in a fresh sandbox of the same\n"
            "image on the local engine (DOCKER_HOST), without network, and compared step by step.\n\n"
            "Exit status: 0 identical; 1 diverged; 2 bad bundle or options; 3 environment error.\n");
}

QByteArray reportJson(const ReplayReport &report)
{
    QJsonArray divergences;
    for (const Divergence &d : report.divergences) {
        divergences.append(QJsonObject{{QStringLiteral("stream"), replayStreamName(d.stream)},
                                       {QStringLiteral("index"), double(d.index)},
                                       {QStringLiteral("recorded"), d.recorded},
                                       {QStringLiteral("replayed"), d.replayed}});
    }
    QJsonArray changes;
    for (const DecisionChange &c : report.changedDecisions) {
        changes.append(QJsonObject{{QStringLiteral("event"), double(c.event)},
                                   {QStringLiteral("kind"), c.kind},
                                   {QStringLiteral("action"), c.action},
                                   {QStringLiteral("resource"), c.resource},
                                   {QStringLiteral("recorded"), c.recordedAllowed ? QStringLiteral("allow") : QStringLiteral("deny")},
                                   {QStringLiteral("replayed"), c.replayedAllowed ? QStringLiteral("allow") : QStringLiteral("deny")}});
    }
    const QJsonObject root{{QStringLiteral("identical"), report.identical},
                           {QStringLiteral("divergences"), divergences},
                           {QStringLiteral("changedDecisions"), changes},
                           {QStringLiteral("notes"), QJsonArray::fromStringList(englishNotes(report.notes))},
                           {QStringLiteral("durationMs"), double(report.replayed.durationMs)}};
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

// Sandbox sessions replay on the local engine. The network stays off: a session file may come
// from anyone, and its commands should not reach out just because they once did.
int replaySandboxSession(const SandboxSessionFile &file, const ReplayValues &values, bool json)
{
    auto session = file.load();
    if (!session) {
        QTextStream(stderr) << "sandbench-cli: bad session bundle: " << terminalSafe(session.error().message) << '\n';
        return BadInputExit;
    }
    WorkbenchOptions options;
    options.sandboxProviders = dockerProviderFactory();
    options.pool.maxSandboxes = 1;
    options.pool.maxLifetimeMs = 600'000;
    options.pool.maxExecTimeoutMs = options.pool.maxLifetimeMs;
    // For recorded traffic only: the replay's egress proxy answers from the recording and has
    // no route out (SandboxSessionReplayer); a session without traffic still replays offline.
    options.pool.network = {NetworkKind::None, NetworkKind::Domains};
    Workbench workbench(options);
    SandboxReplayOptions replayOptions;
    replayOptions.env = values;
    auto replayer = workbench.sandboxReplayer(std::move(*session), replayOptions, &workbench);
    if (!replayer) {
        QTextStream(stderr) << "sandbench-cli: replay failed: " << terminalSafe(replayer.error().message) << '\n';
        return EnvironmentErrorExit;
    }
    auto report = runReplayToEnd(**replayer);
    waitFor(workbench.closeSandboxes(), 60'000);
    if (!report) {
        QTextStream(stderr) << "sandbench-cli: replay failed: " << errorCodeName(report.error().code) << ": "
                            << terminalSafe(report.error().message) << '\n';
        return report.error().code == ErrorCode::InvalidConfig || report.error().code == ErrorCode::InvalidInput
                        || report.error().code == ErrorCode::ConfigError
                ? BadInputExit : EnvironmentErrorExit;
    }
    if (json)
        QTextStream(stdout) << reportJson(*report) << '\n';
    else
        QTextStream(stdout) << SandboxSessionReplayer::summary(*report);
    return report->identical ? IdenticalExit : DivergedExit;
}

int replayAgentSession(const AgentSessionFile &file, const ExecReplayOptions &execOptions, bool json)
{
    auto session = file.load();
    if (!session) {
        QTextStream(stderr) << "sandbench-cli: bad agent session: " << terminalSafe(session.error().message) << '\n';
        return BadInputExit;
    }
    if (!session->ended)
        QTextStream(stderr) << "sandbench-cli: replay: the session has no end (its server is still running, or died)"
                            << (session->lastLineCut ? "; its last line was cut off and is left out" : "") << '\n';
    WorkbenchOptions options;
    options.sandboxProviders = dockerProviderFactory();
    options.pool.maxSandboxes = 16;
    options.pool.maxLifetimeMs = 3600'000;
    options.pool.maxExecTimeoutMs = 30 * 60'000;
    Workbench workbench(options);
    AgentReplayOptions replayOptions;
    replayOptions.exec = execOptions;
    AgentSessionReplayer replayer(std::move(*session), &workbench, replayOptions);
    auto report = runReplayToEnd(replayer);
    waitFor(workbench.closeSandboxes(), 60'000);
    QThreadPool::globalInstance()->waitForDone(); // the calls' scratch copies, removed on the pool
    if (!report) {
        QTextStream(stderr) << "sandbench-cli: replay failed: " << errorCodeName(report.error().code) << ": "
                            << terminalSafe(report.error().message) << '\n';
        return report.error().code == ErrorCode::Parse || report.error().code == ErrorCode::InvalidConfig
                        || report.error().code == ErrorCode::InvalidInput || report.error().code == ErrorCode::ConfigError
                ? BadInputExit : EnvironmentErrorExit;
    }
    if (json)
        QTextStream(stdout) << reportJson(*report) << '\n';
    else
        QTextStream(stdout) << report->summary();
    return report->identical ? IdenticalExit : DivergedExit;
}

} // namespace

QString replayHelp()
{
    return QStringLiteral("  replay FILE [--policy P]       run a recorded session again and compare (replay --help)\n");
}

int replayCommand(const QStringList &args)
{
    QString policyFile;
    bool json = false;
    bool allowWider = false;
    bool help = false;
    OptionTable table(QStringLiteral("replay"));
    table.flag({QStringLiteral("--help"), QStringLiteral("-h")}, QStringLiteral("this text"), &help);
    table.flag({QStringLiteral("--json")}, QStringLiteral("print the report as JSON"), &json);
    table.text({QStringLiteral("--policy"), QStringLiteral("--permission-policy")}, QStringLiteral("FILE"),
               QStringLiteral("replay under this policy instead of the recorded one"), &policyFile);
    table.flag({QStringLiteral("--allow-wider-policy")}, QStringLiteral("let --policy grant more than the recording had"), &allowWider);
    // Taken as given and parsed after: a refusal must name the variable, never echo its value.
    QStringList envArgs;
    QString envFile;
    table.add({{QStringLiteral("--env")}, QStringLiteral("NAME=VALUE"), QStringLiteral("a value the recording kept by name only (repeats)"),
               [&envArgs](const QString &v) -> std::optional<QString> {
                   envArgs << v;
                   return std::nullopt;
               }, true});
    table.text({QStringLiteral("--env-file")}, QStringLiteral("FILE"), QStringLiteral("such values as NAME=VALUE lines"), &envFile);
    const auto parsed = table.parse(args);
    if (!parsed) {
        QTextStream(stderr) << "sandbench-cli: replay: " << terminalSafe(parsed.error().message) << "\n\n" << usageText();
        return BadInputExit;
    }
    if (help) {
        QTextStream(stdout) << usageText();
        return 0;
    }
    const QStringList files = parsed->positional + parsed->rest;
    if (files.size() > 1) {
        QTextStream(stderr) << "sandbench-cli: replay: unexpected argument " << terminalSafe(files.at(1)) << "\n\n" << usageText();
        return BadInputExit;
    }
    const QString file = files.value(0);
    if (file.isEmpty()) {
        QTextStream(stderr) << usageText();
        return BadInputExit;
    }
    ReplayValues values;
    if (!envFile.isEmpty()) {
        auto fromFile = readReplayValuesFile(envFile);
        if (!fromFile) {
            QTextStream(stderr) << "sandbench-cli: replay: --env-file " << terminalSafe(fromFile.error().message) << '\n';
            return BadInputExit;
        }
        values = *fromFile;
    }
    for (const QString &arg : std::as_const(envArgs)) {
        auto value = parseReplayValue(arg, QStringLiteral("--env"));
        VoidResult added = value ? addReplayValues(&values, {{value->first, value->second}}, QStringLiteral("--env"))
                                 : VoidResult(std::unexpected(value.error()));
        if (!added) {
            QTextStream(stderr) << "sandbench-cli: replay: " << terminalSafe(added.error().message) << '\n';
            return BadInputExit;
        }
    }
    // The manifest alone says which kind the file is; nothing else is unpacked yet.
    const auto opened = SessionFile::open(file);
    if (const auto *sandbox = opened ? std::get_if<SandboxSessionFile>(&*opened) : nullptr) {
        if (!policyFile.isEmpty()) {
            QTextStream(stderr) << "sandbench-cli: replay: --policy does not apply to a sandbox session\n";
            return BadInputExit;
        }
        return replaySandboxSession(*sandbox, values, json);
    }
    ExecReplayOptions options;
    if (!policyFile.isEmpty()) {
        auto policy = readPolicyFile(policyFile);
        if (!policy) {
            QTextStream(stderr) << "sandbench-cli: " << terminalSafe(policy.error().message) << '\n';
            return BadInputExit;
        }
        options.policy = *policy;
    }
    if (allowWider && !options.policy) {
        QTextStream(stderr) << "sandbench-cli: replay: --allow-wider-policy needs --policy\n";
        return BadInputExit;
    }
    options.allowWiderPolicy = allowWider;
    options.env = values;
    if (!opened) {
        QTextStream(stderr) << "sandbench-cli: bad session bundle: " << terminalSafe(opened.error().message) << '\n';
        return BadInputExit;
    }
    if (const auto *agent = std::get_if<AgentSessionFile>(&*opened))
        return replayAgentSession(*agent, options, json);
    auto bundle = std::get<ExecSessionFile>(*opened).load();
    if (!bundle) {
        QTextStream(stderr) << "sandbench-cli: bad session bundle: " << terminalSafe(bundle.error().message) << '\n';
        return BadInputExit;
    }
    Workbench workbench;
    auto report = runReplayToEnd(*workbench.execReplayer(std::move(*bundle), options, &workbench));
    // The replay's scratch copies are removed on the thread pool: not left behind by the return.
    QThreadPool::globalInstance()->waitForDone();
    if (!report) {
        const bool config = report.error().code == ErrorCode::ConfigError;
        QTextStream(stderr) << "sandbench-cli: replay failed: " << terminalSafe(report.error().message) << '\n';
        if (config && report.error().message.contains(QLatin1String("kept only the name")))
            QTextStream(stderr) << "sandbench-cli: replay: give the values with --env NAME=VALUE or --env-file FILE\n";
        return config ? BadInputExit : EnvironmentErrorExit;
    }
    if (json)
        QTextStream(stdout) << reportJson(*report) << '\n';
    else
        QTextStream(stdout) << report->summary();
    return report->identical ? IdenticalExit : DivergedExit;
}

} // namespace Sandbench::Cli
