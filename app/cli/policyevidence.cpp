#include "policyevidence.h"

#include "common/terminaltext.h"
#include "optiontable.h"
#include "policy/policydiff.h"
#include "policy/policywhatif.h"
#include "session/recordeddecisions.h"

#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace Sandbench::Cli {

namespace {

QString decisionWord(bool allowed)
{
    return allowed ? QStringLiteral("allow") : QStringLiteral("deny");
}

} // namespace

// "ask" where only an ask_* entry matches: the check would be held for a person, which is
// neither of the other two (and no answer in time is a deny).
QString decisionWord(const Decision &decision)
{
    return decision.ask.isEmpty() ? decisionWord(decision.allowed) : QStringLiteral("ask");
}

namespace {

QJsonValue allowRuleJson(const std::optional<AllowRule> &rule)
{
    if (!rule)
        return QJsonValue::Null;
    return QJsonObject{{QStringLiteral("key"), rule->key}, {QStringLiteral("value"), rule->value}};
}

QString where(const LoadedPolicy &policy, const QString &pointer)
{
    if (pointer.isEmpty())
        return {};
    const TextPosition at = JsonLocator(policy.source).valuePosition(pointer);
    return QStringLiteral("%1:%2:%3").arg(policy.path).arg(at.line).arg(at.column);
}

// Reads one recording and the setup it is decided under; prints the error and sets the exit.
bool loadRecording(const QString &path, const LoadedPolicy &policy, bool allowWider, bool allowWiderAsked,
                   const QString &workdir, RecordedDecisions *recorded, DecisionSetup *setup, int *exit)
{
    auto read = readRecordedDecisions(path);
    if (!read) {
        QTextStream(stderr) << "sandbench-cli: policy: " << terminalSafe(read.error().message) << '\n';
        *exit = read.error().code == ErrorCode::Io ? FileErrorExit : BadInputExit;
        return false;
    }
    auto made = decisionSetupFor(*read, policy.policy, policy.baseDir, allowWider);
    if (!made) {
        QTextStream(stderr) << "sandbench-cli: policy: " << terminalSafe(made.error().message) << '\n';
        *exit = BadInputExit;
        return false;
    }
    if (read->source != RecordedDecisions::Source::ExecSession) {
        if (!workdir.isEmpty())
            made->context.workdir = QFileInfo(workdir).absoluteFilePath();
        else if (policy.policy.workdir.isEmpty())
            made->notes << QStringLiteral("the log does not say which workdir the run had: give it with --workdir, "
                                          "or what the workdir allowed is decided as if there was none");
    }
    // Explain and diff only decide under FILE; what a replay would refuse or widen is whatif's.
    if (allowWider && !allowWiderAsked)
        made->notes.removeIf([](const QString &note) {
            return note.startsWith(QLatin1String("widened by the replay policy")) || note.startsWith(QLatin1String("the replay policy allows"));
        });
    *recorded = std::move(*read);
    *setup = std::move(*made);
    return true;
}

struct RecordingArgs
{
    QString policyFile;
    QStringList files;
    bool json = false;
    bool help = false;
    bool allowWider = false;
    QString seq;
    QString workdir;
};

int parseRecordingArgs(const QString &sub, const QStringList &args, bool wider, bool seq, RecordingArgs *out)
{
    OptionTable table(QStringLiteral("policy ") + sub);
    table.flag({QStringLiteral("--help"), QStringLiteral("-h")}, QStringLiteral("this text"), &out->help);
    table.flag({QStringLiteral("--json")}, QStringLiteral("print the report as JSON"), &out->json);
    table.text({QStringLiteral("--policy")}, QStringLiteral("FILE"), QStringLiteral("the policy to decide under"), &out->policyFile);
    if (wider)
        table.flag({QStringLiteral("--allow-wider-policy")}, QStringLiteral("as replay: let FILE grant more than a session holds"),
                   &out->allowWider);
    table.text({QStringLiteral("--workdir")}, QStringLiteral("DIR"),
               QStringLiteral("the workdir the logged run had (an audit log does not say; a session does)"), &out->workdir);
    if (seq)
        table.text({QStringLiteral("--seq")}, QStringLiteral("N"), QStringLiteral("only the decision with this seq"), &out->seq);
    const auto parsed = table.parse(args);
    if (!parsed)
        return usageError(sub, parsed.error().message);
    if (out->help) {
        QTextStream(stdout) << policyUsageText() << '\n' << table.help();
        return OkExit;
    }
    out->files = parsed->positional + parsed->rest;
    if (out->policyFile.isEmpty())
        return usageError(sub, QStringLiteral("--policy FILE is required"));
    if (out->files.isEmpty())
        return usageError(sub, QStringLiteral("give a recording (an audit log or a session)"));
    return -1;
}

} // namespace

QJsonObject explanationJson(const Explanation &e, const LoadedPolicy &policy)
{
    QJsonObject o{{QStringLiteral("allowed"), e.decision.allowed},
                  {QStringLiteral("decision"), decisionWord(e.decision)},
                  {QStringLiteral("action"), e.decision.action},
                  {QStringLiteral("rule"), e.decision.rule},
                  {QStringLiteral("ruleText"), e.ruleText},
                  {QStringLiteral("rulePointer"), e.rulePointer},
                  {QStringLiteral("reason"), e.decision.reason},
                  {QStringLiteral("flip"), e.flip},
                  {QStringLiteral("allowFlip"), allowRuleJson(e.allowFlip)},
                  {QStringLiteral("removeFlip"), e.removeFlip},
                  {QStringLiteral("flipRisk"), e.flipRisk}};
    if (!e.rulePointer.isEmpty()) {
        const TextPosition at = JsonLocator(policy.source).valuePosition(e.rulePointer);
        o.insert(QStringLiteral("line"), at.line);
        o.insert(QStringLiteral("column"), at.column);
    }
    return o;
}

void printExplanation(QTextStream &out, const Explanation &e, const LoadedPolicy &policy, const QString &indent)
{
    out << indent << "decided by: " << terminalSafe(e.ruleText);
    if (!e.rulePointer.isEmpty())
        out << " (" << terminalSafe(where(policy, e.rulePointer)) << ')';
    out << '\n';
    if (!e.decision.reason.isEmpty())
        out << indent << "reason:     " << terminalSafe(e.decision.reason) << '\n';
    out << indent << (e.decision.allowed ? "to deny:    " : "to allow:   ") << terminalSafe(e.flip) << '\n';
    if (!e.flipRisk.isEmpty())
        out << indent << "but:        " << terminalSafe(e.flipRisk) << '\n';
}

int explainCommand(const QStringList &args)
{
    RecordingArgs a;
    if (const int rc = parseRecordingArgs(QStringLiteral("explain"), args, false, true, &a); rc >= 0)
        return rc;
    std::optional<qint64> only;
    if (!a.seq.isEmpty()) {
        only = wholeNumber(a.seq, 1, std::numeric_limits<qint64>::max());
        if (!only)
            return usageError(QStringLiteral("explain"), badValue(QStringLiteral("--seq"), a.seq, QStringLiteral("a decision's seq (1, 2, ...)")));
    }
    if (a.files.size() != 1)
        return usageError(QStringLiteral("explain"), QStringLiteral("give one recording"));
    LoadedPolicy policy;
    if (const int rc = loadPolicy(a.policyFile, &policy); rc != OkExit)
        return rc;
    RecordedDecisions recorded;
    DecisionSetup setup;
    int exit = OkExit;
    if (!loadRecording(a.files.first(), policy, true, false, a.workdir, &recorded, &setup, &exit))
        return exit;
    // One explanation per distinct question: a log asks the same thing many times.
    QHash<QString, Explanation> cache;
    QJsonArray list;
    QTextStream out(stdout);
    bool anyDenied = false;
    bool found = false;
    for (const AuditEvent &event : recorded.events) {
        if ((only && event.seq != quint64(*only)) || event.rule == QLatin1String("sandbench"))
            continue;
        found = true;
        const QString key = event.kind + QChar(0) + event.resource + QChar(0) + QChar(isStartUpLoad(event) ? u'1' : u'0');
        auto it = cache.find(key);
        if (it == cache.end())
            it = cache.insert(key, explainDecision(setup.policy, setup.baseDir, event, setup.context));
        const Explanation &e = *it;
        anyDenied = anyDenied || !e.decision.allowed;
        if (a.json) {
            QJsonObject o = explanationJson(e, policy);
            o.insert(QStringLiteral("seq"), double(event.seq));
            o.insert(QStringLiteral("kind"), event.kind);
            o.insert(QStringLiteral("resource"), event.resource);
            o.insert(QStringLiteral("recorded"), decisionWord(event.allowed));
            list.append(o);
        } else {
            out << '#' << event.seq << ' ' << terminalSafe(event.kind) << ' ' << terminalSafe(event.resource) << ": "
                << decisionWord(e.decision) << " (recorded: " << decisionWord(event.allowed) << ")\n";
            printExplanation(out, e, policy, QStringLiteral("    "));
        }
    }
    if (only && !found) {
        QTextStream(stderr) << "sandbench-cli: policy explain: no decision with seq " << *only << " in "
                            << terminalSafe(a.files.first()) << '\n';
        return BadInputExit;
    }
    if (a.json)
        out << QJsonDocument(QJsonObject{{QStringLiteral("policy"), policy.path},
                                         {QStringLiteral("recording"), recorded.path},
                                         {QStringLiteral("source"), recorded.sourceName()},
                                         {QStringLiteral("decisions"), list},
                                         {QStringLiteral("notes"), QJsonArray::fromStringList(recorded.notes + setup.notes)}})
                        .toJson(QJsonDocument::Compact)
            << '\n';
    else
        for (const QString &note : recorded.notes + setup.notes)
            out << "note: " << terminalSafe(note) << '\n';
    return anyDenied ? FindingExit : OkExit;
}

int diffCommand(const QStringList &args)
{
    RecordingArgs a;
    if (const int rc = parseRecordingArgs(QStringLiteral("diff"), args, false, false, &a); rc >= 0)
        return rc;
    LoadedPolicy policy;
    if (const int rc = loadPolicy(a.policyFile, &policy); rc != OkExit)
        return rc;
    // Each recording under its own context; the policy's entries are the same in all of them.
    PolicyUsage total;
    QHash<QString, qsizetype> denialAt;
    QStringList notes;
    for (const QString &file : a.files) {
        RecordedDecisions recorded;
        DecisionSetup setup;
        int exit = OkExit;
        if (!loadRecording(file, policy, true, false, a.workdir, &recorded, &setup, &exit))
            return exit;
        notes << recorded.notes << setup.notes;
        const PolicyUsage usage = comparePolicyWithAudit(setup.policy, setup.baseDir, recorded.events, policy.source, setup.context);
        if (total.grants.isEmpty()) {
            total.grants = usage.grants;
            for (GrantUse &g : total.grants) {
                g.uses = 0;
                g.seqs.clear();
            }
        }
        for (qsizetype i = 0; i < usage.grants.size() && i < total.grants.size(); ++i) {
            total.grants[i].uses += usage.grants.at(i).uses;
            total.grants[i].seqs += usage.grants.at(i).seqs.mid(0, GrantUse::maxSeqs - total.grants[i].seqs.size());
        }
        for (const DenialHit &hit : usage.denials) {
            const QString key = hit.kind + QChar(0) + hit.action + QChar(0) + hit.resource;
            if (auto it = denialAt.find(key); it != denialAt.end()) {
                total.denials[*it].count += hit.count;
            } else {
                denialAt.insert(key, total.denials.size());
                total.denials.append(hit);
            }
        }
        total.events += usage.events;
        total.allowed += usage.allowed;
        total.denied += usage.denied;
    }
    QTextStream out(stdout);
    const QList<GrantUse> unused = total.unusedGrants();
    if (a.json) {
        QJsonArray grants;
        for (const GrantUse &g : total.grants)
            grants.append(QJsonObject{{QStringLiteral("key"), g.key}, {QStringLiteral("index"), double(g.index)},
                                      {QStringLiteral("value"), g.value}, {QStringLiteral("pointer"), g.pointer},
                                      {QStringLiteral("line"), g.position.line}, {QStringLiteral("column"), g.position.column},
                                      {QStringLiteral("uses"), double(g.uses)}});
        QJsonArray denials;
        for (const DenialHit &d : total.denials)
            denials.append(QJsonObject{{QStringLiteral("kind"), d.kind}, {QStringLiteral("action"), d.action},
                                       {QStringLiteral("resource"), d.resource}, {QStringLiteral("count"), double(d.count)},
                                       {QStringLiteral("firstSeq"), d.seqs.isEmpty() ? 0.0 : double(d.seqs.first())},
                                       {QStringLiteral("rule"), d.rule}, {QStringLiteral("allowRule"), allowRuleJson(d.allowRule)},
                                       {QStringLiteral("insertPointer"), d.insertPointer},
                                       {QStringLiteral("allowRisk"), d.allowRisk}});
        out << QJsonDocument(QJsonObject{{QStringLiteral("policy"), policy.path},
                                         {QStringLiteral("decisions"), double(total.events)},
                                         {QStringLiteral("allowed"), double(total.allowed)},
                                         {QStringLiteral("denied"), double(total.denied)},
                                         {QStringLiteral("grants"), grants},
                                         {QStringLiteral("unused"), double(unused.size())},
                                         {QStringLiteral("denials"), denials},
                                         {QStringLiteral("notes"), QJsonArray::fromStringList(notes)}})
                        .toJson(QJsonDocument::Compact)
            << '\n';
    } else {
        out << terminalSafe(policy.path) << " against " << a.files.size() << (a.files.size() == 1 ? " recording: " : " recordings: ")
            << total.events << " decisions, " << total.allowed << " allowed, " << total.denied << " denied\n";
        out << "Grants:\n";
        if (total.grants.isEmpty())
            out << "  (none)\n";
        for (const GrantUse &g : total.grants)
            out << "  " << terminalSafe(where(policy, g.pointer)) << "  " << g.key << '[' << g.index << "] \""
                << terminalSafe(g.value) << "\"  " << (g.uses == 1 ? QStringLiteral("1 use") : g.uses ? QStringLiteral("%1 uses").arg(g.uses) : QStringLiteral("unused")) << '\n';
        out << "Denied:\n";
        if (total.denials.isEmpty())
            out << "  (none)\n";
        for (const DenialHit &d : total.denials)
            out << "  " << terminalSafe(d.kind) << ' ' << terminalSafe(d.action) << ' ' << terminalSafe(d.resource) << "  " << d.count << "x, first #"
                << (d.seqs.isEmpty() ? 0 : d.seqs.first()) << ", by " << d.rule << ": "
                << (d.allowRule ? QStringLiteral("add ") + terminalSafe(d.allowRule->displayText()) : QStringLiteral("no entry allows it"))
                << (d.allowRisk.isEmpty() ? QString() : QStringLiteral("\n      but: ") + terminalSafe(d.allowRisk)) << '\n';
        for (const QString &note : notes)
            out << "note: " << terminalSafe(note) << '\n';
    }
    return unused.isEmpty() && total.denials.isEmpty() ? OkExit : FindingExit;
}

int whatifCommand(const QStringList &args)
{
    RecordingArgs a;
    if (const int rc = parseRecordingArgs(QStringLiteral("whatif"), args, true, false, &a); rc >= 0)
        return rc;
    if (a.files.size() != 1)
        return usageError(QStringLiteral("whatif"), QStringLiteral("give one recording"));
    LoadedPolicy policy;
    if (const int rc = loadPolicy(a.policyFile, &policy); rc != OkExit)
        return rc;
    RecordedDecisions recorded;
    DecisionSetup setup;
    int exit = OkExit;
    if (!loadRecording(a.files.first(), policy, a.allowWider, a.allowWider, a.workdir, &recorded, &setup, &exit))
        return exit;
    const WhatIfReport report = whatIf(setup.policy, setup.baseDir, recorded.events, setup.context);
    const QStringList notes = recorded.notes + setup.notes;
    QTextStream out(stdout);
    if (a.json) {
        QJsonArray flips;
        for (const DecisionFlip &f : report.flips)
            flips.append(QJsonObject{{QStringLiteral("seq"), double(f.seq)}, {QStringLiteral("event"), double(f.event)},
                                     {QStringLiteral("kind"), f.kind}, {QStringLiteral("action"), f.action},
                                     {QStringLiteral("resource"), f.resource}, {QStringLiteral("was"), decisionWord(f.wasAllowed)},
                                     {QStringLiteral("now"), f.askNow.isEmpty() ? decisionWord(f.nowAllowed) : QStringLiteral("ask")}, {QStringLiteral("ruleWas"), f.ruleWas},
                                     {QStringLiteral("ruleNow"), f.ruleNow}, {QStringLiteral("reasonNow"), f.reasonNow}});
        out << QJsonDocument(QJsonObject{{QStringLiteral("policy"), policy.path},
                                         {QStringLiteral("recording"), recorded.path},
                                         {QStringLiteral("source"), recorded.sourceName()},
                                         {QStringLiteral("compared"), double(report.compared)},
                                         {QStringLiteral("flips"), flips},
                                         {QStringLiteral("notes"), QJsonArray::fromStringList(notes)}})
                        .toJson(QJsonDocument::Compact)
            << '\n';
    } else {
        out << report.flips.size() << " of " << report.compared << " decisions flip under " << terminalSafe(policy.path) << '\n';
        for (const DecisionFlip &f : report.flips)
            out << "  #" << f.seq << ' ' << terminalSafe(f.kind) << ' ' << terminalSafe(f.action) << ' ' << terminalSafe(f.resource) << ": "
                << decisionWord(f.wasAllowed) << " -> " << (f.askNow.isEmpty() ? decisionWord(f.nowAllowed) : QStringLiteral("ask")) << " (now by " << terminalSafe(f.ruleNow)
                << ", was " << terminalSafe(f.ruleWas) << ")\n";
        for (const QString &note : notes)
            out << "note: " << terminalSafe(note) << '\n';
    }
    return report.flips.isEmpty() ? OkExit : FindingExit;
}

} // namespace Sandbench::Cli
