#include "policycommand.h"

#include "common/boundedfile.h"
#include "common/terminaltext.h"
#include "optiontable.h"
#include "policyevidence.h"
#include "policy/policyexplain.h"
#include "policy/policyfile.h"
#include "policy/policylint.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace Sandbench::Cli {

QString policyUsageText()
{
    return QStringLiteral(
            "Usage: sandbench-cli policy SUBCOMMAND [options]\n\n"
            "Answers questions about a policy file from evidence, running nothing:\n"
            "  check   --policy FILE (--read PATH | --write PATH | --net HOST:PORT | --env NAME | --run CMD)\n"
            "          allowed or denied, the rule that decides, the smallest change that flips it\n"
            "  explain --policy FILE AUDIT [--seq N] [--workdir DIR]\n"
            "          each recorded decision (or one) as FILE decides it, and its flip\n"
            "  diff    --policy FILE AUDIT... [--workdir DIR]\n"
            "          grants no recorded request used; denials with the entry that would allow each\n"
            "  whatif  --policy FILE AUDIT|SESSION [--allow-wider-policy] [--workdir DIR]\n"
            "          the recorded decisions that go the other way under FILE\n"
            "  lint    FILE\n"
            "          entries that break containment (error), grant broadly (warning), or are\n"
            "          shadowed, duplicated or missing (info)\n"
            "  learn   a policy from recordings (policy learn --help)\n\n"
            "AUDIT is an audit log (.jsonl), an exec session (.sbsession) or an agent session (.sbagent).\n"
            "A session is decided as `replay SESSION --policy FILE` would decide it (its workdir, entry\n"
            "and contained policy); a log has no workdir unless --workdir gives it. Relative entries\n"
            "of FILE are taken from the current folder, as `run --policy FILE` takes them.\n"
            "Every subcommand takes --json: one JSON document on stdout.\n\n"
            "Exit status: 0 allowed / nothing found; 1 denied (check, explain), a denial or unused\n"
            "grant (diff), a flip (whatif), an error-severity finding (lint); 2 bad options or input;\n"
            "3 a file that cannot be read.\n");
}

namespace {

QString usageText()
{
    return policyUsageText();
}

} // namespace

// A policy for analysis: sensitive roots are read (lint reports them), nothing is granted.
int loadPolicy(const QString &path, LoadedPolicy *out)
{
    auto bytes = readRegularFile(path, kMaxPolicyFileBytes, QStringLiteral("the policy"));
    if (!bytes) {
        QTextStream(stderr) << "sandbench-cli: policy: " << terminalSafe(bytes.error().message) << '\n';
        return bytes.error().code == ErrorCode::Io ? FileErrorExit : BadInputExit;
    }
    out->path = path;
    out->source = *bytes;
    // Relative entries from the current folder, as `run --policy FILE` takes them.
    out->baseDir = QDir::currentPath();
    PolicyParseOptions options;
    options.allowSensitiveRoots = true;
    options.baseDir = out->baseDir;
    auto policy = parsePolicy(*bytes, path, options);
    if (!policy) {
        QTextStream(stderr) << "sandbench-cli: policy: " << terminalSafe(policy.error().message) << '\n';
        return BadInputExit;
    }
    out->policy = *policy;
    return OkExit;
}

int usageError(const QString &sub, const QString &message)
{
    QTextStream(stderr) << "sandbench-cli: policy " << sub << ": " << terminalSafe(message) << "\n\n" << usageText();
    return BadInputExit;
}

namespace {

int checkCommand(const QStringList &args)
{
    QString policyFile;
    QString read, write, net, env, run;
    bool json = false;
    bool help = false;
    OptionTable table(QStringLiteral("policy check"));
    table.flag({QStringLiteral("--help"), QStringLiteral("-h")}, QStringLiteral("this text"), &help);
    table.flag({QStringLiteral("--json")}, QStringLiteral("print the answer as JSON"), &json);
    table.text({QStringLiteral("--policy")}, QStringLiteral("FILE"), QStringLiteral("the policy to ask"), &policyFile);
    table.text({QStringLiteral("--read")}, QStringLiteral("PATH"), QStringLiteral("may the code read PATH"), &read);
    table.text({QStringLiteral("--write")}, QStringLiteral("PATH"), QStringLiteral("may the code write PATH"), &write);
    table.text({QStringLiteral("--net")}, QStringLiteral("HOST:PORT"), QStringLiteral("may the code connect"), &net);
    table.text({QStringLiteral("--env")}, QStringLiteral("NAME"), QStringLiteral("may the code read a variable"), &env);
    table.text({QStringLiteral("--run")}, QStringLiteral("CMD"), QStringLiteral("may the code start a program"), &run);
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(QStringLiteral("check"), parsed.error().message);
    if (help) {
        QTextStream(stdout) << "Usage: sandbench-cli policy check --policy FILE QUESTION [--json]\n\n" << table.help();
        return OkExit;
    }
    if (!parsed->positional.isEmpty() || !parsed->rest.isEmpty())
        return usageError(QStringLiteral("check"), QStringLiteral("unexpected argument %1").arg((parsed->positional + parsed->rest).first()));
    if (policyFile.isEmpty())
        return usageError(QStringLiteral("check"), QStringLiteral("--policy FILE is required"));
    QList<PolicyQuestion> questions;
    const std::pair<const char *, const QString *> asked[] = {{"read", &read}, {"write", &write}, {"net", &net}, {"env", &env}, {"run", &run}};
    for (const auto &[kind, value] : asked) {
        if (!value->isEmpty())
            questions.append({QLatin1String(kind), *value, true});
    }
    if (questions.size() != 1)
        return usageError(QStringLiteral("check"), QStringLiteral("ask exactly one of --read, --write, --net, --env, --run"));
    LoadedPolicy policy;
    if (const int rc = loadPolicy(policyFile, &policy); rc != OkExit)
        return rc;
    const PolicyQuestion &q = questions.first();
    // A relative path is asked from where the command runs, as a person typing it means it.
    PolicyQuestion question = q;
    if ((q.kind == QLatin1String("read") || q.kind == QLatin1String("write")) && QDir::isRelativePath(q.value))
        question.value = QDir::current().absoluteFilePath(q.value);
    const Explanation e = explainDecision(policy.policy, policy.baseDir, question);
    if (json) {
        QJsonObject o = explanationJson(e, policy);
        o.insert(QStringLiteral("kind"), question.kind);
        o.insert(QStringLiteral("value"), question.value);
        QTextStream(stdout) << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
    } else {
        QTextStream out(stdout);
        out << decisionWord(e.decision) << ' ' << question.kind << ' ' << terminalSafe(question.value) << '\n';
        printExplanation(out, e, policy, QStringLiteral("  "));
    }
    return e.decision.allowed ? OkExit : FindingExit;
}

int lintCommand(const QStringList &args)
{
    bool json = false;
    bool help = false;
    OptionTable table(QStringLiteral("policy lint"));
    table.flag({QStringLiteral("--help"), QStringLiteral("-h")}, QStringLiteral("this text"), &help);
    table.flag({QStringLiteral("--json")}, QStringLiteral("print the findings as JSON"), &json);
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(QStringLiteral("lint"), parsed.error().message);
    if (help) {
        QTextStream(stdout) << "Usage: sandbench-cli policy lint FILE [--json]\n\n" << table.help();
        return OkExit;
    }
    const QStringList files = parsed->positional + parsed->rest;
    if (files.size() != 1)
        return usageError(QStringLiteral("lint"), QStringLiteral("give one policy file"));
    LoadedPolicy policy;
    if (const int rc = loadPolicy(files.first(), &policy); rc != OkExit)
        return rc;
    LintOptions options;
    options.policyPath = policy.path;
    const QList<LintFinding> findings = lintPolicy(policy.policy, policy.baseDir, policy.source, options);
    bool anyError = false;
    QJsonArray list;
    QTextStream out(stdout);
    for (const LintFinding &f : findings) {
        anyError = anyError || f.severity == LintFinding::Severity::Error;
        if (json) {
            list.append(QJsonObject{{QStringLiteral("severity"), severityName(f.severity)},
                                    {QStringLiteral("code"), f.code},
                                    {QStringLiteral("message"), f.message},
                                    {QStringLiteral("pointer"), f.pointer},
                                    {QStringLiteral("line"), f.position.line},
                                    {QStringLiteral("column"), f.position.column}});
        } else {
            out << terminalSafe(policy.path) << ':' << f.position.line << ':' << f.position.column << ": "
                << severityName(f.severity) << ": " << terminalSafe(f.message) << " [" << f.code << "]\n";
        }
    }
    if (json)
        out << QJsonDocument(QJsonObject{{QStringLiteral("policy"), policy.path}, {QStringLiteral("findings"), list}})
                        .toJson(QJsonDocument::Compact)
            << '\n';
    else if (findings.isEmpty())
        out << terminalSafe(policy.path) << ": no findings\n";
    return anyError ? FindingExit : OkExit;
}

} // namespace

QString policyHelp()
{
    return QStringLiteral("  policy SUB                     check, explain, diff, whatif, lint, learn (policy --help)\n");
}

int policyCommand(const QStringList &args)
{
    const QString sub = args.value(0);
    const QStringList rest = args.mid(1);
    if (sub.isEmpty()) {
        QTextStream(stderr) << usageText();
        return BadInputExit;
    }
    if (sub == QLatin1String("--help") || sub == QLatin1String("-h") || sub == QLatin1String("help")) {
        QTextStream(stdout) << usageText();
        return OkExit;
    }
    if (sub == QLatin1String("check"))
        return checkCommand(rest);
    if (sub == QLatin1String("lint"))
        return lintCommand(rest);
    if (sub == QLatin1String("explain"))
        return explainCommand(rest);
    if (sub == QLatin1String("diff"))
        return diffCommand(rest);
    if (sub == QLatin1String("whatif"))
        return whatifCommand(rest);
    QTextStream(stderr) << "sandbench-cli: policy: unknown subcommand '" << terminalSafe(sub)
                        << "' (check, explain, diff, whatif, lint, learn)\n\n" << usageText();
    return BadInputExit;
}

} // namespace Sandbench::Cli
