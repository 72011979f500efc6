#include "policylearncommand.h"

#include "audit/auditevent.h"
#include "common/boundedfile.h"
#include "common/terminaltext.h"
#include "exec/runtimelocator.h"
#include "policy/learningpolicy.h"
#include "policy/policyfile.h"
#include "policy/policylearner.h"
#include "runoptions.h"
#include "session/agent/agentsession.h"
#include "session/exec/execsession.h"
#include "common/signalwatcher.h"
#include "workbench/workbench.h"

#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cstdio>

#include <unistd.h>

namespace Sandbench::Cli {

namespace {

// 0 written; 1 the observed script failed (the proposal is still written); 2 usage or a bad
// input file; 3 environment (runtime, output file).
enum ExitCode { OkExit = 0, ScriptFailedExit = 1, UsageExit = 2, EnvironmentExit = 3 };

constexpr qint64 maxAuditLogBytes = qint64(256) << 20;
constexpr qsizetype maxEvents = 4'000'000;

struct LearnOptions
{
    QStringList from;       // --from inputs
    QString output;         // -o FILE
    bool json = false;
    bool help = false;
    int askRare = 0;        // --ask-rare N: grants used at most N times become ask_* entries
    QStringList runArgs;    // everything else: the run options and SCRIPT
};

Result<LearnOptions> parseLearnOptions(const QStringList &args)
{
    LearnOptions out;
    bool fromMode = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        if (arg == QLatin1String("--")) {
            out.runArgs << args.mid(i);
            break;
        }
        if (arg == QLatin1String("-o") || arg == QLatin1String("--output")) {
            if (i + 1 >= args.size() || args.at(i + 1).isEmpty())
                return fail(ErrorCode::ConfigError, QStringLiteral("%1: needs a FILE").arg(arg));
            out.output = args.at(++i);
        } else if (arg.startsWith(QLatin1String("--output="))) {
            out.output = arg.mid(9);
        } else if (arg == QLatin1String("--json")) {
            out.json = true;
        } else if (arg == QLatin1String("--ask-rare") || arg.startsWith(QLatin1String("--ask-rare="))) {
            const bool inline_ = arg.contains(QLatin1Char('='));
            if (!inline_ && i + 1 >= args.size())
                return fail(ErrorCode::ConfigError, QStringLiteral("--ask-rare: needs N, the most uses a grant may have to be asked for"));
            const QString value = inline_ ? arg.mid(arg.indexOf(QLatin1Char('=')) + 1) : args.at(++i);
            bool ok = false;
            const int n = value.toInt(&ok);
            if (!ok || n < 1 || n > 1'000'000)
                return fail(ErrorCode::ConfigError, QStringLiteral("--ask-rare: \"%1\" is not a number of uses from 1 to 1000000").arg(value.left(40)));
            out.askRare = n;
        } else if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            out.help = true;
        } else if (arg == QLatin1String("--from")) {
            fromMode = true;
        } else if (fromMode) {
            if (arg.startsWith(QLatin1Char('-')))
                return fail(ErrorCode::ConfigError, QStringLiteral("--from takes audit logs and sessions only, not %1").arg(arg));
            out.from << arg;
        } else {
            out.runArgs << arg;
        }
    }
    if (fromMode && out.from.isEmpty())
        return fail(ErrorCode::ConfigError, QStringLiteral("--from: give at least one audit log (.jsonl) or session (.sbsession, .sbagent)"));
    if (fromMode && !out.runArgs.isEmpty())
        return fail(ErrorCode::ConfigError, QStringLiteral("--from learns from files; run options and a SCRIPT are for observing a run: %1")
                                                    .arg(out.runArgs.join(QLatin1Char(' '))));
    return out;
}

Result<QList<AuditEvent>> readAuditLog(const QString &path)
{
    auto data = readRegularFile(path, maxAuditLogBytes, QStringLiteral("the audit log"));
    if (!data)
        return std::unexpected(data.error());
    QList<AuditEvent> events;
    qsizetype line = 0;
    qsizetype start = 0;
    while (start < data->size()) {
        qsizetype end = data->indexOf('\n', start);
        if (end < 0)
            end = data->size();
        ++line;
        const QByteArray text = data->mid(start, end - start).trimmed();
        start = end + 1;
        if (text.isEmpty())
            continue;
        AuditEvent event;
        QString error;
        if (!AuditEvent::fromJsonLine(text, &event, &error))
            return fail(ErrorCode::Parse, QStringLiteral("%1:%2: not an audit event: %3").arg(path).arg(line).arg(error));
        if (events.size() >= maxEvents)
            return fail(ErrorCode::Parse, QStringLiteral("%1:%2: more than %3 events").arg(path).arg(line).arg(maxEvents));
        events << event;
    }
    return events;
}

Result<QList<AuditEvent>> readAgentSession(const QString &path)
{
    auto session = AgentSession::read(path);
    if (!session)
        return std::unexpected(session.error());
    QList<AuditEvent> events;
    for (const AgentCall &call : session->calls) {
        for (qsizetype i = 0; i < call.decisions.size(); ++i) {
            AuditEvent event;
            QString error;
            if (!AuditEvent::fromJsonLine(QJsonDocument(call.decisions.at(i)).toJson(QJsonDocument::Compact), &event, &error))
                return fail(ErrorCode::Parse, QStringLiteral("%1: call %2, decision %3: not an audit event: %4")
                                                      .arg(path).arg(call.seq).arg(i + 1).arg(error));
            if (events.size() >= maxEvents)
                return fail(ErrorCode::Parse, QStringLiteral("%1: more than %2 events").arg(path).arg(maxEvents));
            events << event;
        }
    }
    return events;
}

struct Inputs
{
    QList<AuditEvent> events;
    QStringList workdirs; // of sessions that name one
};

Result<Inputs> readInputs(const QStringList &paths)
{
    Inputs inputs;
    for (const QString &path : paths) {
        Result<QList<AuditEvent>> events;
        if (path.endsWith(ExecSession::fileExtension())) {
            auto session = ExecSession::read(path);
            if (!session)
                return std::unexpected(session.error());
            events = session->auditEvents;
            if (!session->manifest.workdir.isEmpty())
                inputs.workdirs << session->manifest.workdir;
        } else if (path.endsWith(AgentSession::fileExtension())) {
            events = readAgentSession(path);
        } else {
            events = readAuditLog(path);
        }
        if (!events)
            return std::unexpected(events.error());
        if (inputs.events.size() + events->size() > maxEvents)
            return fail(ErrorCode::Parse, QStringLiteral("%1: more than %2 events in all").arg(path).arg(maxEvents));
        inputs.events << *events;
    }
    inputs.workdirs.removeDuplicates();
    return inputs;
}

QJsonObject proposalJson(const PolicyProposal &proposal)
{
    QJsonArray grants;
    for (const LearnedGrant &grant : proposal.grants)
        grants << QJsonObject{{QStringLiteral("list"), grant.list}, {QStringLiteral("entry"), grant.entry},
                              {QStringLiteral("uses"), grant.uses}, {QStringLiteral("wasDenied"), grant.wasDenied}};
    QJsonArray widenings;
    for (const Widening &widening : proposal.widenings)
        widenings << QJsonObject{{QStringLiteral("list"), widening.list}, {QStringLiteral("what"), widening.what},
                                 {QStringLiteral("covers"), QJsonArray::fromStringList(widening.covers)},
                                 {QStringLiteral("why"), widening.why}};
    QJsonArray refusals;
    for (const Refusal &refusal : proposal.refusals)
        refusals << QJsonObject{{QStringLiteral("list"), refusal.list}, {QStringLiteral("what"), refusal.what},
                                {QStringLiteral("covers"), QJsonArray::fromStringList(refusal.covers)},
                                {QStringLiteral("why"), refusal.why}, {QStringLiteral("wasDenied"), refusal.wasDenied}};
    return {{QStringLiteral("policy"), QJsonDocument::fromJson(policyToJson(proposal.policy)).object()},
            {QStringLiteral("grants"), grants},
            {QStringLiteral("widenings"), widenings},
            {QStringLiteral("refusals"), refusals},
            {QStringLiteral("notes"), QJsonArray::fromStringList(proposal.notes)}};
}

QString proposalText(const PolicyProposal &proposal)
{
    QString text;
    QTextStream out(&text);
    for (const LearnedGrant &grant : proposal.grants)
        out << "grant   " << grant.list << ' ' << grant.entry << "  (" << grant.uses << (grant.uses == 1 ? " use" : " uses")
            << (grant.wasDenied ? ", was denied: the code wanted it" : "") << ")\n";
    for (const Widening &widening : proposal.widenings)
        out << "widen   " << widening.list << ' ' << widening.what << ": " << widening.why << "\n          covers "
            << widening.covers.join(QStringLiteral(", ")) << '\n';
    for (const Refusal &refusal : proposal.refusals) {
        out << "refuse  " << (refusal.list.isEmpty() ? QString() : refusal.list + QLatin1Char(' ')) << refusal.what << ": "
            << refusal.why << (refusal.wasDenied ? " (was denied)" : "") << '\n';
        if (!refusal.covers.isEmpty())
            out << "          kept exact: " << refusal.covers.join(QStringLiteral(", ")) << '\n';
    }
    for (const QString &note : proposal.notes)
        out << "note    " << note << '\n';
    if (proposal.grants.isEmpty())
        out << "note    the code used nothing that needs a grant\n";
    return text;
}

SensitiveContext sensitiveContext()
{
    SensitiveContext context;
    context.cacheDirs << engineCacheDir({});
    if (const QString denoDir = qEnvironmentVariable("DENO_DIR"); !denoDir.isEmpty())
        context.cacheDirs << QDir::cleanPath(QDir::current().absoluteFilePath(denoDir));
    return context;
}

struct Observed
{
    QList<AuditEvent> events;
    int exitCode = 0;
};

// Runs the script exactly as `run` does, under the learning policy, and keeps every decision.
Result<Observed> observe(ExecRequest request, bool rawOutput)
{
    request.policy = learningPolicy(request.policy);
    request.observe = true;
    Workbench workbench;
    QEventLoop loop;
    Observed observed;
    std::optional<Error> failure;
    SignalWatcher watcher;
    QObject::connect(&watcher, &SignalWatcher::signalled, &workbench, &Workbench::stopRun);
    QObject::connect(&workbench, &Workbench::permissionsDecided, &loop,
                     [&](const QList<AuditEvent> &batch) { observed.events << batch; });
    // The code's output goes to stderr either way (stdout is the proposal's); on a terminal its
    // control characters are escaped, as `run` does, unless --raw-output.
    const bool filtered = !rawOutput && ::isatty(STDERR_FILENO) == 1;
    TerminalFilter filter;
    const auto emitOutput = [](const QByteArray &data) {
        std::fwrite(data.constData(), 1, size_t(data.size()), stderr);
        std::fflush(stderr);
    };
    QObject::connect(&workbench, &Workbench::output, &loop, [&](ExecStream, const QByteArray &data) {
        emitOutput(filtered ? filter.filter(data) : data);
    });
    QObject::connect(&workbench, &Workbench::runFailed, &loop, [&](int, const Error &error) {
        failure = error;
        loop.quit();
    });
    QObject::connect(&workbench, &Workbench::runFinished, &loop, [&](int, const ExecResult &result) {
        observed.exitCode = result.exitCode.value_or(-1);
        if (result.timedOut || result.memoryExceeded)
            observed.exitCode = -1;
        loop.quit();
    });
    workbench.startRun(request, request.entrypoint.isEmpty() ? QStringLiteral("(code)") : QFileInfo(request.entrypoint).fileName());
    loop.exec();
    if (filtered)
        emitOutput(filter.flush());
    if (failure)
        return std::unexpected(*failure);
    return observed;
}

} // namespace

QString policyLearnHelp()
{
    return QStringLiteral("Usage: sandbench-cli policy learn [run options] SCRIPT [-- ARGS] [-o FILE] [--json] [--ask-rare N]\n"
                          "       sandbench-cli policy learn --from AUDIT.jsonl|SESSION.sbsession|AGENT.sbagent... [-o FILE] [--json]\n"
                          "                                  [--ask-rare N]\n\n"
                          "Proposes the least-privilege policy (sandbox: true) that allows what the code used.\n"
                          "With SCRIPT, runs it in observe mode: whatever the run options do not deny is allowed and\n"
                          "audited, except credential and system places (~/.ssh, /etc, /proc, ...), writes outside the\n"
                          "workdir and starting programs, which are denied (and proposed, marked \"was denied\").\n"
                          "The code's output goes to stderr. The policy goes to FILE (written atomically) or stdout;\n"
                          "what was widened, refused and noted goes to stderr, or with --json one document\n"
                          "{policy, grants, widenings, refusals, notes} to stdout.\n"
                          "--ask-rare N: a grant used at most N times (a folder's: its files together) goes to the\n"
                          "ask_* list instead of allow_*, so each use waits for a person (allow_listen has none).\n\n"
                          "Exit status: 0 proposal written; 1 the observed script failed (the proposal is still written);\n"
                          "  2 usage error or an unreadable input (file:line); 3 environment error (runtime, output file).\n");
}

int runPolicyLearnCommand(const QStringList &args)
{
    QTextStream err(stderr);
    auto options = parseLearnOptions(args);
    if (!options) {
        err << "sandbench-cli policy learn: " << terminalSafe(options.error().message) << '\n';
        return UsageExit;
    }
    if (options->help) {
        QTextStream(stdout) << policyLearnHelp();
        return OkExit;
    }
    LearnContext context;
    context.sensitive = sensitiveContext();
    QList<AuditEvent> events;
    QString workdir;
    int scriptExit = 0;
    if (!options->from.isEmpty()) {
        auto inputs = readInputs(options->from);
        if (!inputs) {
            err << "sandbench-cli policy learn: " << terminalSafe(inputs.error().message) << '\n';
            return UsageExit;
        }
        events = inputs->events;
        if (inputs->workdirs.size() == 1)
            workdir = inputs->workdirs.constFirst();
    } else {
        auto run = parseRunOptions(options->runArgs);
        if (!run) {
            err << "sandbench-cli policy learn: " << terminalSafe(run.error().message) << '\n';
            return UsageExit;
        }
        if (run->showHelp || run->showVersion) {
            QTextStream(stdout) << policyLearnHelp() << '\n' << runOptionsHelp();
            return OkExit;
        }
        if (run->request.entrypoint.isEmpty() && run->request.code.isEmpty()) {
            err << "sandbench-cli policy learn: give a SCRIPT to observe, or --from FILES\n";
            return UsageExit;
        }
        if (!run->record.path.isEmpty()) {
            err << "sandbench-cli policy learn: --record is not for observe runs (record the run with `run --record`, then learn --from it)\n";
            return UsageExit;
        }
        workdir = run->request.policy.workdir;
        context.entry = run->request.entrypoint;
        auto observed = observe(run->request, run->rawOutput);
        if (!observed) {
            const bool config = observed.error().code == ErrorCode::ConfigError;
            err << "sandbench-cli policy learn: " << (config ? "configuration error: " : "environment error: ")
                << terminalSafe(observed.error().message) << '\n';
            return config ? UsageExit : EnvironmentExit;
        }
        events = observed->events;
        scriptExit = observed->exitCode;
    }
    context.workdir = workdir;
    PolicyProposal proposal = PolicyLearner(context).learn(events);
    PolicyLearner::askForRareUses(proposal, options->askRare);
    // The same workdir again: what it allowed without a grant is allowed again.
    proposal.policy.workdir = workdir;
    if (!options->output.isEmpty()) {
        if (auto written = writePolicyFile(options->output, proposal.policy); !written) {
            err << "sandbench-cli policy learn: " << terminalSafe(written.error().message) << '\n';
            return EnvironmentExit;
        }
    }
    if (options->json) {
        QTextStream(stdout) << QJsonDocument(proposalJson(proposal)).toJson(QJsonDocument::Indented);
    } else {
        if (options->output.isEmpty())
            QTextStream(stdout) << policyToJson(proposal.policy);
        for (const QString &line : proposalText(proposal).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            err << terminalSafe(line) << '\n';
    }
    if (scriptExit != 0) {
        err << "sandbench-cli policy learn: the observed script did not succeed (exit " << scriptExit
            << "); the proposal covers what it did until then\n";
        return ScriptFailedExit;
    }
    return OkExit;
}

} // namespace Sandbench::Cli
