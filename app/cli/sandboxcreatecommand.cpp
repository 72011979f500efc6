#include "sandboxcreatecommand.h"

#include "common/terminaltext.h"
#include "optiontable.h"
#include "sandboxcommand.h"
#include "common/signalwatcher.h"

#include "sandbox/sandboxpool.h"
#include "workbench/workbench.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cstdio>
#include <memory>
#include <tuple>
#include <unistd.h>

namespace Sandbench::Cli {

namespace {

void printJson(const QJsonObject &object)
{
    QTextStream(stdout) << QJsonDocument(object).toJson(QJsonDocument::Compact) << Qt::endl;
}

int failWith(const QString &sub, const Error &e, bool json)
{
    if (json)
        printJson({{QStringLiteral("ok"), false}, {QStringLiteral("error"), errorCodeName(e.code)}, {QStringLiteral("message"), e.message}});
    QTextStream(stderr) << "sandbench-cli sandbox " << sub << ": " << errorCodeName(e.code) << ": " << terminalSafe(e.message) << Qt::endl;
    return e.code == ErrorCode::InvalidInput || e.code == ErrorCode::InvalidConfig || e.code == ErrorCode::LimitExceeded ? 2 : 1;
}

int usageError(const QString &sub, const QString &message)
{
    QTextStream(stderr) << "sandbench-cli sandbox " << sub << ": " << terminalSafe(message) << "\n\n" << sandboxCreateHelp();
    return 2;
}

WorkbenchOptions workbenchOptions(const PoolOptions &pool)
{
    WorkbenchOptions options;
    options.sandboxProviders = dockerProviderFactory();
    options.pool = pool;
    return options;
}

int create(const QStringList &args)
{
    const QString sub = QStringLiteral("create");
    SandboxOptions so;
    so.lifetimeMs = 600'000;
    bool json = false;
    OptionTable table(QStringLiteral("sandbox create"));
    addSandboxOptions(table, so);
    table.flag({QStringLiteral("--json")}, QStringLiteral("one JSON object on stdout"), &json);
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(sub, parsed.error().message);
    if (!parsed->positional.isEmpty() || !parsed->rest.isEmpty())
        return usageError(sub, QStringLiteral("create takes no command: run one with `sandbox exec ID -- CMD`"));
    // Its egress proxy (and the secrets it holds) lives in the process that starts it, which
    // ends with this command.
    if (so.network.kind == NetworkKind::Domains)
        return usageError(sub, QStringLiteral("--network allow:... needs this command to keep running: use `sandbox run`"));
    so.persist = true;
    PoolOptions po;
    po.maxSandboxes = 1;
    po.maxLifetimeMs = so.lifetimeMs;
    po.maxExecTimeoutMs = so.lifetimeMs;
    po.execTimeoutMs = so.lifetimeMs;
    po.network = {NetworkKind::None, NetworkKind::All};
    Workbench workbench(workbenchOptions(po));
    auto pool = workbench.sandboxPool();
    if (!pool)
        return failWith(sub, pool.error(), json);
    Operation<Sandbox *> *op = (*pool)->create(so);
    // Stopped before it is made, a create removes what it had started.
    SignalWatcher watcher;
    int caught = 0;
    QObject::connect(&watcher, &SignalWatcher::signalled, op, [&caught, op](int signal) {
        caught = signal;
        op->cancel();
    });
    auto made = waitFor(op);
    if (!made)
        return caught ? 128 + caught : failWith(sub, made.error(), json);
    Sandbox *s = *made;
    if (json) {
        printJson({{QStringLiteral("ok"), true}, {QStringLiteral("id"), s->id()}, {QStringLiteral("image"), s->image()},
                   {QStringLiteral("expires"), s->expiresAt().toString(Qt::ISODateWithMs)}});
    } else {
        for (int port : so.ports) {
            if (auto url = s->url(port))
                QTextStream(stderr) << "sandbench-cli sandbox create: port " << port << " is at " << url->toString() << Qt::endl;
        }
        QTextStream(stdout) << s->id() << Qt::endl;
    }
    return 0;
}

int exec(const QStringList &args)
{
    const QString sub = QStringLiteral("exec");
    bool json = false;
    bool rawOutput = false;
    qint64 timeoutMs = 0; // 0: what is left of the sandbox's lifetime
    OptionTable table(QStringLiteral("sandbox exec"));
    table.flag({QStringLiteral("--json")}, QStringLiteral("the result as one JSON object on stdout"), &json);
    table.flag({QStringLiteral("--raw-output")}, QStringLiteral("pass control characters through"), &rawOutput);
    addSecondsOption(table, QStringLiteral("--exec-timeout"), QStringLiteral("the command's timeout"), &timeoutMs);
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(sub, parsed.error().message);
    if (parsed->positional.size() != 1)
        return usageError(sub, QStringLiteral("exec takes one sandbox ID, then -- CMD ARGS..."));
    if (parsed->rest.isEmpty())
        return usageError(sub, QStringLiteral("no command after --"));
    const QString id = parsed->positional.constFirst();

    // As long as the provider lets any sandbox live: it holds the command to what is left of
    // this sandbox's lifetime.
    qint64 longestMs = 0;
    {
        Workbench probe(workbenchOptions({}));
        auto provider = probe.sandboxProvider();
        if (!provider)
            return failWith(sub, provider.error(), json);
        longestMs = (*provider)->maxLifetimeMs();
    }
    PoolOptions po;
    po.maxSandboxes = 1;
    po.maxLifetimeMs = longestMs;
    po.maxExecTimeoutMs = longestMs;
    po.execTimeoutMs = longestMs;
    Workbench workbench(workbenchOptions(po));
    auto pool = workbench.sandboxPool();
    if (!pool)
        return failWith(sub, pool.error(), json);
    ExecOptions eo;
    eo.timeoutMs = timeoutMs;
    if (!::isatty(STDIN_FILENO)) {
        QFile in;
        if (in.open(stdin, QIODevice::ReadOnly))
            eo.stdinData = in.readAll();
    }
    ExecJob *job = (*pool)->execSandbox(id, parsed->rest, eo);
    const bool filterOut = !rawOutput && ::isatty(STDOUT_FILENO) == 1;
    const bool filterErr = !rawOutput && ::isatty(STDERR_FILENO) == 1;
    auto outFilter = std::make_shared<TerminalFilter>();
    auto errFilter = std::make_shared<TerminalFilter>();
    // With --json the output is in the object (whole, up to the pool's cap), not streamed.
    if (!json) {
        QObject::connect(job, &ExecJob::output, job, [=](SandboxStream stream, const QByteArray &data) {
            const bool out = stream == SandboxStream::Stdout;
            const QByteArray shown = (out ? filterOut : filterErr) ? (out ? outFilter : errFilter)->filter(data) : data;
            std::fwrite(shown.constData(), 1, size_t(shown.size()), out ? stdout : stderr);
            std::fflush(out ? stdout : stderr);
        });
    }
    SignalWatcher watcher;
    int caught = 0;
    QObject::connect(&watcher, &SignalWatcher::signalled, job, [&caught, job](int signal) {
        caught = signal;
        job->cancel();
    });
    auto result = waitFor(job);
    if (!json) {
        for (auto [enabled, filter, file] : {std::tuple{filterOut, outFilter, stdout}, std::tuple{filterErr, errFilter, stderr}}) {
            if (enabled) {
                const QByteArray rest = filter->flush();
                std::fwrite(rest.constData(), 1, size_t(rest.size()), file);
                std::fflush(file);
            }
        }
    }
    if (caught)
        return 128 + caught;
    if (!result)
        return failWith(sub, result.error(), json);
    const int status = result->timedOut ? 124 : result->exitCode.value_or(1);
    if (json) {
        QJsonObject o{{QStringLiteral("ok"), true}, {QStringLiteral("id"), id},
                      {QStringLiteral("stdout"), QString::fromUtf8(result->stdoutData)},
                      {QStringLiteral("stderr"), QString::fromUtf8(result->stderrData)},
                      {QStringLiteral("timedOut"), result->timedOut}, {QStringLiteral("truncated"), result->truncated}};
        if (result->exitCode)
            o.insert(QStringLiteral("exitCode"), *result->exitCode);
        printJson(o);
    } else if (result->truncated) {
        QTextStream(stderr) << "sandbench-cli sandbox exec: output was truncated" << Qt::endl;
    }
    if (result->timedOut && !json)
        QTextStream(stderr) << "sandbench-cli sandbox exec: the command timed out" << Qt::endl;
    return status;
}

} // namespace

bool isSandboxCreateCommand(const QString &sub)
{
    return sub == QLatin1String("create") || sub == QLatin1String("exec");
}

int sandboxCreateCommand(const QString &sub, const QStringList &args)
{
    return sub == QLatin1String("create") ? create(args) : exec(args);
}

QString sandboxCreateHelp()
{
    return QStringLiteral(
        "  sandbox create [--image I] [--from NAME] [--network none|all] [--port P] [--lifetime SECONDS]\n"
        "                 [--memory MIB] [--cpus N] [--env K=V] [--json]\n"
        "               make a locked-down sandbox that outlives this command and print its id;\n"
        "               it runs until its lifetime (default 600 s) ends or `sandbox rm ID`\n"
        "  sandbox exec ID [--exec-timeout SECONDS] [--raw-output] [--json] -- CMD ARGS...\n"
        "               run CMD in a sandbox of ours (not a paused one), stream its output; exits\n"
        "               with CMD's status, 124 past --exec-timeout (default: the lifetime left)\n");
}

} // namespace Sandbench::Cli
