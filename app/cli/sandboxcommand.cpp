#include "sandboxcommand.h"

#include "common/terminaltext.h"
#include "optiontable.h"
#include "sandboxcreatecommand.h"
#include "sandboxlifecyclecommand.h"
#include "sandboxsnapshotcommand.h"

#include <memory>
#include <tuple>

#include "audit/auditwriter.h"
#include "sandbox/sandboxenventry.h"
#include "sandbox/sandboxpool.h"
#include "sandbox/sandboxsecret.h"
#include "session/sandbox/sandboxsessionrecorder.h"
#include "workbench/workbench.h"

#include <QFile>
#include <QRegularExpression>
#include <QSocketNotifier>
#include <QTextStream>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <optional>
#include <unistd.h>

namespace Sandbench::Cli {

namespace {

// The sandboxes of the local engine, through the same Workbench the GUI stands on.
WorkbenchOptions sandboxOptions(const PoolOptions &pool = {})
{
    WorkbenchOptions options;
    options.sandboxProviders = dockerProviderFactory();
    options.pool = pool;
    return options;
}

int g_signalPipe[2] = {-1, -1};

void onSignal(int sig)
{
    const char c = char(sig);
    [[maybe_unused]] auto n = ::write(g_signalPipe[1], &c, 1);
}

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

int failWith(const Error &e)
{
    err() << "sandbench-cli sandbox: " << errorCodeName(e.code) << ": " << terminalSafe(e.message) << Qt::endl;
    return e.code == ErrorCode::InvalidInput || e.code == ErrorCode::InvalidConfig ? 2 : 1;
}

int usageError(const QString &message)
{
    err() << "sandbench-cli sandbox: " << terminalSafe(message) << "\n\n" << sandboxHelp();
    return 2;
}

QString formatRemaining(qint64 ms)
{
    if (ms <= 0)
        return QStringLiteral("expired");
    const qint64 s = ms / 1000;
    return s >= 3600 ? QStringLiteral("%1h%2m").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'))
                     : QStringLiteral("%1m%2s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

void addSecondsOption(OptionTable &table, const QString &name, const QString &help, qint64 *ms)
{
    table.add({{name}, QStringLiteral("SECONDS"), help, [ms](const QString &v) -> std::optional<QString> {
        const auto n = wholeNumber(v, 1, maxLifetimeSeconds);
        if (!n)
            return QStringLiteral("a number of seconds from 1 to %1 (24 h, the longest a sandbox lives)").arg(maxLifetimeSeconds);
        *ms = *n * 1000;
        return std::nullopt;
    }});
}

void addSandboxOptions(OptionTable &table, SandboxOptions &so)
{
    auto *o = &so;
    table.text({QStringLiteral("--image")}, QStringLiteral("I"), QStringLiteral("the image"), &o->image);
    table.text({QStringLiteral("--from")}, QStringLiteral("NAME"), QStringLiteral("start from a snapshot"), &o->snapshot);
    table.add({{QStringLiteral("--network")}, QStringLiteral("none|all|allow:HOST[,HOST...]"), QStringLiteral("network kind"),
               [o](const QString &v) -> std::optional<QString> {
        // The entries themselves are checked by the pool, before anything is made.
        if (v.startsWith(QLatin1String("allow:"))) {
            o->network.kind = NetworkKind::Domains;
            o->network.domains = v.size() > 6 ? v.mid(6).split(QLatin1Char(',')) : QStringList();
            return std::nullopt;
        }
        const auto kind = networkKindFromName(v);
        if (!kind || *kind == NetworkKind::Domains)
            return QStringLiteral("none, all or allow:HOST[,HOST...]");
        o->network.kind = *kind;
        o->network.domains.clear();
        return std::nullopt;
    }});
    table.add({{QStringLiteral("--port")}, QStringLiteral("P"), QStringLiteral("a port to publish"), [o](const QString &v) -> std::optional<QString> {
        const auto port = wholeNumber(v, 1, 65535);
        if (!port)
            return QStringLiteral("a port from 1 to 65535");
        o->ports << int(*port);
        return std::nullopt;
    }, true});
    addSecondsOption(table, QStringLiteral("--lifetime"), QStringLiteral("the sandbox's lifetime"), &o->lifetimeMs);
    table.add({{QStringLiteral("--memory")}, QStringLiteral("MIB"), QStringLiteral("memory"), [o](const QString &v) -> std::optional<QString> {
        const auto mib = wholeNumber(v, 16, 256 * 1024);
        if (!mib)
            return QStringLiteral("a number of MiB from 16 to 262144");
        o->memoryMiB = int(*mib);
        return std::nullopt;
    }});
    table.add({{QStringLiteral("--cpus")}, QStringLiteral("N"), QStringLiteral("CPUs"), [o](const QString &v) -> std::optional<QString> {
        const auto cpus = decimalNumber(v, 0.01, 1024);
        if (!cpus)
            return QStringLiteral("a number of CPUs from 0.01 to 1024");
        o->cpus = *cpus;
        return std::nullopt;
    }});
    // Checked by the pool's rules as it is read; a refusal names the entry, never its value.
    auto envCount = std::make_shared<int>(0);
    table.add({{QStringLiteral("--env")}, QStringLiteral("K=V"), QStringLiteral("a variable"), [o, envCount](const QString &v) -> std::optional<QString> {
        const QString where = QStringLiteral("--env #%1").arg(++*envCount);
        auto entry = parseEnvEntry(v, where);
        if (!entry)
            return entry.error().message;
        if (o->env.contains(entry->first))
            return QStringLiteral("%1: %2 is given twice").arg(where, entry->first);
        o->env.insert(entry->first, entry->second);
        return std::nullopt;
    }, true, true});
}

namespace {

int runSandbox(const QStringList &args)
{
    SandboxOptions so;
    so.lifetimeMs = 600'000;
    qint64 execTimeoutMs = 0; // 0: as long as the lifetime
    QStringList argv;
    QString recordFile;
    QString auditFile;
    bool recordEnvValues = false;
    bool recordCredentials = false;
    bool screenshot = false;
    bool rawOutput = false;
    // One table for every value, checked before any engine is asked.
    OptionTable table(QStringLiteral("sandbox run"));
    addSandboxOptions(table, so);
    table.text({QStringLiteral("--record")}, QStringLiteral("FILE"), QStringLiteral("save a sandbox session"), &recordFile);
    table.flag({QStringLiteral("--record-env-values")}, QStringLiteral("store environment values too"), &recordEnvValues);
    table.flag({QStringLiteral("--record-credentials")}, QStringLiteral("keep credential headers in recorded traffic"),
               &recordCredentials);
    table.flag({QStringLiteral("--screenshot")}, QStringLiteral("add a screenshot of the desktop"), &screenshot);
    table.flag({QStringLiteral("--raw-output")}, QStringLiteral("pass control characters through"), &rawOutput);
    table.text({QStringLiteral("--audit-log")}, QStringLiteral("FILE"), QStringLiteral("write the sandbox's connections (JSONL)"), &auditFile);
    int warm = 0;
    table.add({{QStringLiteral("--warm")}, QStringLiteral("N"), QStringLiteral("warm sandboxes the pool keeps"), [&warm](const QString &v) -> std::optional<QString> {
        const auto n = wholeNumber(v, 0, 16);
        if (!n)
            return QStringLiteral("a number from 0 to 16");
        warm = int(*n);
        return std::nullopt;
    }});
    // The value never on the command line: from the variable NAME of this process, or a file.
    // Parsed after the table, so that a refused spec is not echoed whole (someone may have
    // typed a value into it); the messages name the secret, never a value.
    QStringList secretSpecs;
    table.add({{QStringLiteral("--secret")}, QStringLiteral("NAME@HOST[,HOST...][=file:PATH]"),
               QStringLiteral("a secret the sandbox sees only as a placeholder"), [&secretSpecs](const QString &v) -> std::optional<QString> {
        secretSpecs << v;
        return std::nullopt;
    }, true});
    addSecondsOption(table, QStringLiteral("--exec-timeout"), QStringLiteral("the command's timeout"), &execTimeoutMs);
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(parsed.error().message);
    if (!parsed->positional.isEmpty())
        return usageError(QStringLiteral("unexpected argument %1: the command goes after --").arg(parsed->positional.constFirst()));
    for (const QString &spec : secretSpecs) {
        auto secret = SandboxSecrets::parseSpec(spec);
        if (!secret)
            return usageError(QStringLiteral("--secret: %1").arg(secret.error().message));
        so.secrets << *secret;
    }
    argv = parsed->rest;
    if (argv.isEmpty())
        return usageError(QStringLiteral("no command after --"));
    if (execTimeoutMs > so.lifetimeMs)
        return usageError(QStringLiteral("--exec-timeout cannot be longer than --lifetime"));
    // Both only shape what is saved: without a session file they would do nothing.
    if (recordFile.isEmpty() && (recordEnvValues || screenshot || recordCredentials))
        return usageError(QStringLiteral("%1 needs --record FILE")
                                  .arg(recordEnvValues ? QStringLiteral("--record-env-values")
                                                       : recordCredentials ? QStringLiteral("--record-credentials") : QStringLiteral("--screenshot")));
    // A recording must be replayable offline: with `all` the sandbox's connections go around
    // the egress proxy, so there would be nothing to answer them from, and the replay would
    // silently run without them. Refused rather than saved incomplete.
    if (!recordFile.isEmpty() && so.network.kind == NetworkKind::All)
        return usageError(QStringLiteral("--record cannot record the traffic of --network all (it does not pass the egress proxy); "
                                         "use --network allow:HOST[,HOST...] to record it, or --network none"));
    if (!recordFile.isEmpty() && so.network.kind == NetworkKind::Domains)
        so.traffic = TrafficCapture::Record;

    PoolOptions po;
    // With --warm the command's sandbox is claimed from the warm pool (the create waits for
    // the first warm one of its shape): the claim path end to end, env applied at claim.
    po.maxSandboxes = std::max(1, warm);
    po.warm = warm;
    po.warmImage = so.image;
    po.maxLifetimeMs = so.lifetimeMs;
    po.maxExecTimeoutMs = so.lifetimeMs;
    po.execTimeoutMs = execTimeoutMs > 0 ? execTimeoutMs : so.lifetimeMs;
    // The person at the terminal is the one who sets the pool up, so --network all is theirs
    // to give.
    po.network = {NetworkKind::None, NetworkKind::All, NetworkKind::Domains};
    if (!auditFile.isEmpty() && so.network.kind != NetworkKind::Domains)
        return usageError(QStringLiteral("--audit-log records the connections of --network allow:..."));
    AuditWriter audit;
    if (!auditFile.isEmpty()) {
        if (auto opened = audit.open(auditFile); !opened)
            return failWith(opened.error());
    }
    Workbench workbench(sandboxOptions(po));
    auto pool = workbench.sandboxPool();
    if (!pool)
        return failWith(pool.error());

    // Ctrl-C and SIGTERM cancel the command and release the container; a self-pipe carries the
    // signal into the event loop.
    if (::pipe(g_signalPipe) != 0)
        return failWith({ErrorCode::Internal, QStringLiteral("pipe failed")});
    QSocketNotifier notifier(g_signalPipe[0], QSocketNotifier::Read);
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    int caught = 0;

    Operation<Sandbox *> *createOp = (*pool)->create(so);
    QObject::connect(&notifier, &QSocketNotifier::activated, createOp, [&] {
        char c = 0;
        [[maybe_unused]] auto n = ::read(g_signalPipe[0], &c, 1);
        caught = c;
        createOp->cancel();
    });
    auto sandbox = waitFor(createOp);
    if (!sandbox)
        return caught ? 128 + caught : failWith(sandbox.error());
    Sandbox *s = *sandbox;
    quint64 auditSeq = 0;
    if (SandboxBackend *backend = s->backend()) {
        QObject::connect(backend, &SandboxBackend::networkEvent, backend, [&audit, &auditSeq](const AuditEvent &event) {
            AuditEvent numbered = event;
            numbered.seq = ++auditSeq;
            if (audit.isOpen() && !audit.write(numbered))
                err() << "sandbench-cli sandbox: the audit log could not be written" << Qt::endl;
            if (event.action == QLatin1String("proxy"))
                err() << "sandbench-cli sandbox: " << terminalSafe(event.reason) << Qt::endl;
        });
    }
    // Checked before CMD runs, so a wrong image costs nothing but the sandbox.
    if (screenshot && !s->features().desktop) {
        waitFor(s->release(), 30'000);
        return failWith({ErrorCode::InvalidInput,
                         QStringLiteral("--screenshot needs an image with a desktop (such as sandbench/desktop:2); %1 has none")
                                 .arg(s->image())});
    }
    for (int port : so.ports) {
        if (auto url = s->url(port))
            err() << "sandbench-cli sandbox: port " << port << " is at " << url->toString() << Qt::endl;
    }

    ExecOptions eo;
    if (!::isatty(STDIN_FILENO)) {
        QFile in;
        if (in.open(stdin, QIODevice::ReadOnly))
            eo.stdinData = in.readAll();
    }
    SandboxSessionRecorder recorder(s);
    recorder.setRecordEnvValues(recordEnvValues);
    if (so.traffic == TrafficCapture::Record) {
        // The secrets with the placeholders the proxy gave them: both are redacted wherever
        // they appear, --record-credentials or not.
        TrafficRedaction redaction;
        redaction.keepCredentials = recordCredentials;
        const QList<SandboxProxySecret> secrets = s->backend() ? s->backend()->proxySecrets() : QList<SandboxProxySecret>();
        for (const SandboxProxySecret &secret : secrets)
            redaction.secrets << TrafficRedaction::Secret{secret.name, secret.value, secret.placeholder};
        if (secrets.size() < so.secrets.size()) {
            waitFor(s->release(), 30'000);
            return failWith({ErrorCode::Internal, QStringLiteral("the sandbox has no egress proxy whose secrets could be redacted")});
        }
        recorder.recordTraffic(redaction);
    }
    ExecJob *job = recordFile.isEmpty() ? s->exec(argv, eo) : recorder.exec(argv, eo);
    // On a terminal the command's output is data, not commands to the terminal (see run).
    const bool filterOut = !rawOutput && ::isatty(STDOUT_FILENO) == 1;
    const bool filterErr = !rawOutput && ::isatty(STDERR_FILENO) == 1;
    auto outFilter = std::make_shared<TerminalFilter>();
    auto errFilter = std::make_shared<TerminalFilter>();
    QObject::connect(job, &ExecJob::output, job, [=](Sandbench::SandboxStream stream, const QByteArray &data) {
        const bool out = stream == Sandbench::SandboxStream::Stdout;
        FILE *f = out ? stdout : stderr;
        const QByteArray shown = (out ? filterOut : filterErr) ? (out ? outFilter : errFilter)->filter(data) : data;
        std::fwrite(shown.constData(), 1, size_t(shown.size()), f);
        std::fflush(f);
    });
    QObject::connect(&notifier, &QSocketNotifier::activated, job, [&] {
        char c = 0;
        [[maybe_unused]] auto n = ::read(g_signalPipe[0], &c, 1);
        caught = c;
        job->cancel();
    });
    auto result = waitFor(job);
    for (const auto &[enabled, filter, file] : {std::tuple{filterOut, outFilter, stdout}, std::tuple{filterErr, errFilter, stderr}}) {
        if (enabled) {
            const QByteArray rest = filter->flush();
            std::fwrite(rest.constData(), 1, size_t(rest.size()), file);
            std::fflush(file);
        }
    }
    // The screen as CMD left it, as a step of the session (the display outlives CMD).
    std::optional<Error> screenshotError;
    if (screenshot && result && !caught) {
        Operation<QByteArray> *shot = recorder.screenshot();
        QObject::connect(&notifier, &QSocketNotifier::activated, shot, [&] {
            char c = 0;
            [[maybe_unused]] auto n = ::read(g_signalPipe[0], &c, 1);
            caught = c;
            shot->cancel();
        });
        if (auto png = waitFor(shot, 120'000); !png)
            screenshotError = png.error();
    }
    auto released = waitFor(s->release(), 30'000);
    if (!released)
        err() << "sandbench-cli sandbox: the sandbox was not released: " << terminalSafe(released.error().message) << Qt::endl;
    if (caught)
        return 128 + caught;
    // The container ended under the command: its lifetime was over (or it was removed from
    // outside), which is not the command's own status, nor its timeout's 124.
    const bool lifetimeOver = QDateTime::currentDateTimeUtc() >= s->expiresAt().addMSecs(-1500);
    if ((!result && result.error().code == ErrorCode::Gone) || (result && !result->timedOut && lifetimeOver)) {
        err() << "sandbench-cli sandbox: " << (lifetimeOver ? "the sandbox's lifetime ended before the command did"
                                                            : "the sandbox ended before the command did")
              << Qt::endl;
        return 1;
    }
    if (!result)
        return failWith(result.error());
    if (!recordFile.isEmpty()) {
        for (const QString &problem : recorder.trafficErrors())
            err() << "sandbench-cli sandbox: a request was not recorded: " << terminalSafe(problem) << Qt::endl;
        if (auto written = recorder.session().write(recordFile); !written)
            return failWith(written.error());
        err() << "sandbench-cli sandbox: recorded to " << recordFile << Qt::endl;
    }
    // After saving: the session keeps the failed screenshot as a step, like any failed call.
    if (screenshotError) {
        screenshotError->message.prepend(QStringLiteral("the screenshot failed: "));
        return failWith(*screenshotError);
    }
    if (result->truncated)
        err() << "sandbench-cli sandbox: output was truncated" << Qt::endl;
    if (result->timedOut) {
        err() << "sandbench-cli sandbox: the command timed out" << Qt::endl;
        return 124;
    }
    return result->exitCode.value_or(1);
}

int listCommand()
{
    Workbench workbench(sandboxOptions());
    auto provider = workbench.sandboxProvider();
    if (!provider)
        return failWith(provider.error());
    auto list = waitFor((*provider)->listSandboxes(), 30'000);
    if (!list)
        return failWith(list.error());
    QTextStream out(stdout);
    out << QStringLiteral("%1  %2  %3  %4  %5  %6\n")
               .arg(QStringLiteral("ID"), -12).arg(QStringLiteral("NAME"), -22)
               .arg(QStringLiteral("IMAGE"), -20).arg(QStringLiteral("STATE"), -7).arg(QStringLiteral("REMAINING"), -9)
               .arg(QStringLiteral("OWNER"));
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const SandboxInfo &info : *list) {
        // A persistent one (sandbox create, forks) outlives its maker on purpose: it is no
        // orphan, and its lifetime alone ends it.
        const QString owner = info.persist ? QStringLiteral("persistent")
                              : info.ownerAlive ? QStringLiteral("alive") : QStringLiteral("dead (orphan)");
        out << QStringLiteral("%1  %2  %3  %4  %5  %6\n")
                   .arg(terminalSafe(info.id.left(12)), -12).arg(terminalSafe(info.name), -22).arg(terminalSafe(info.image), -20)
                   .arg(terminalSafe(info.state), -7).arg(formatRemaining(now.msecsTo(info.expires)), -9).arg(owner);
    }
    return 0;
}

int removeCommand(const QStringList &args)
{
    bool all = false;
    OptionTable table(QStringLiteral("sandbox rm"));
    table.flag({QStringLiteral("--all")}, QStringLiteral("every Sandbench sandbox on the engine"), &all);
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(parsed.error().message);
    const QStringList named = parsed->positional + parsed->rest;
    if (all ? !named.isEmpty() : named.size() != 1)
        return usageError(QStringLiteral("rm takes one ID or --all"));
    Workbench workbench(sandboxOptions());
    auto provider = workbench.sandboxProvider();
    if (!provider)
        return failWith(provider.error());
    QStringList ids;
    if (all) {
        auto list = waitFor((*provider)->listSandboxes(), 30'000);
        if (!list)
            return failWith(list.error());
        for (const SandboxInfo &info : *list)
            ids << info.id;
    } else {
        ids << named.constFirst();
    }
    int status = 0;
    for (const QString &id : ids) {
        auto r = waitFor((*provider)->removeSandbox(id), 60'000);
        if (!r)
            status = failWith(r.error());
        else
            QTextStream(stdout) << "removed " << id.left(12) << Qt::endl;
    }
    return status;
}

} // namespace

QString sandboxHelp()
{
    return QStringLiteral(
        "  sandbox run [--image I] [--network none|all|allow:HOST[,HOST...]] [--audit-log FILE] [--port P] [--lifetime SECONDS]\n"
        "              [--exec-timeout SECONDS] [--memory MIB] [--cpus N] [--env K=V]\n"
        "              [--secret NAME@HOST[,HOST...][=file:PATH]]\n"
        "              [--raw-output] [--warm N]\n"
        "              [--record FILE [--record-env-values] [--record-credentials] [--screenshot]] -- CMD ARGS...\n"
        "               run CMD in a new locked-down sandbox (default image sandbench/base:1,\n"
        "               lifetime 600 s), stream its output, release it; exits with CMD's status,\n"
        "               124 when CMD ran past --exec-timeout (default: the lifetime), 1 with a\n"
        "               message when the sandbox's lifetime ended first;\n"
        "               --record saves a sandbox session for `replay FILE` with the names of the\n"
        "               environment variables; --record-env-values also stores their values;\n"
        "               with --network allow:... it also records the HTTP(S) traffic (credential\n"
        "               headers and secrets redacted; --record-credentials keeps the headers, never\n"
        "               a secret's value), which `replay` serves offline; --network all is refused\n"
        "               --screenshot adds a screenshot of the desktop once CMD has run, which\n"
        "               the replay compares (needs an image with a desktop: sandbench/desktop:2)\n"
        "               --secret (with --network allow:...) gives CMD $NAME as a placeholder; the\n"
        "               egress proxy puts the value of this process's variable NAME (or of the file\n"
        "               PATH) in its place in request headers sent over HTTPS to HOST only\n"
        "               On a terminal CMD's control characters are escaped; --raw-output passes them;\n"
        "               --warm N: the pool keeps N warm sandboxes and CMD's is claimed from them\n"
        "  sandbox ls   list Sandbench's sandboxes on the engine: state (running, paused), remaining\n"
        "               lifetime, owner (alive, dead (orphan), or persistent: made by create or fork)\n"
        "  sandbox rm ID|--all\n"
        "               remove one sandbox (id prefix or name) or all of them\n"
        "  sandbox run --from NAME ...\n"
        "               run in a new sandbox holding snapshot NAME's files\n")
        + sandboxCreateHelp() + sandboxLifecycleHelp() + snapshotHelp();
}

int sandboxCommand(const QStringList &args)
{
    if (args.isEmpty())
        return usageError(QStringLiteral("missing run, ls or rm"));
    const QString sub = args.first();
    if (sub == QLatin1String("run"))
        return runSandbox(args.mid(1));
    if (sub == QLatin1String("ls")) {
        if (const auto parsed = OptionTable(QStringLiteral("sandbox ls")).parse(args.mid(1)); !parsed)
            return usageError(parsed.error().message);
        else if (!parsed->positional.isEmpty() || !parsed->rest.isEmpty())
            return usageError(QStringLiteral("ls takes no arguments"));
        return listCommand();
    }
    if (sub == QLatin1String("rm"))
        return removeCommand(args.mid(1));
    if (isSandboxCreateCommand(sub))
        return sandboxCreateCommand(sub, args.mid(1));
    if (isSandboxLifecycleCommand(sub))
        return sandboxLifecycleCommand(sub, args.mid(1));
    if (isSnapshotCommand(sub))
        return snapshotCommand(sub, args.mid(1));
    return usageError(QStringLiteral("unknown sandbox command '%1'").arg(sub));
}

} // namespace Sandbench::Cli
