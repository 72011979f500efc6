#include "policyexplain.h"

#include "policy/policylint.h"

#include <QCoreApplication>
#include <QDir>

namespace Sandbench {

namespace {

constexpr const char *kContext = "Sandbench::PolicyExplain";
// The list separator of a listArg phrase ("remove A and B").
const char *const kAnd = QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", " and ");

// One pass over the template: data that holds "%2" is not substituted again.
QString fill(const QString &text, const QStringList &args)
{
    switch (args.size()) {
    case 0: return text;
    case 1: return text.arg(args.at(0));
    default: return text.arg(args.at(0), args.at(1));
    }
}

ExplainPhrase phrase(const char *source, QStringList args = {})
{
    return ExplainPhrase{source, std::move(args), false};
}

ExplainPhrase data(const QString &text)
{
    return ExplainPhrase{"%1", {text}, false};
}

QString denySwitchFor(const QString &kind)
{
    if (kind == QLatin1String("read") || kind == QLatin1String("write"))
        return QStringLiteral("deny_fs");
    if (kind == QLatin1String("net"))
        return QStringLiteral("deny_net");
    if (kind == QLatin1String("env"))
        return QStringLiteral("deny_env");
    if (kind == QLatin1String("run"))
        return QStringLiteral("deny_run");
    return {};
}

bool denySwitchOn(const Policy &policy, const QString &name)
{
    const Permissions &p = policy.permissions;
    return (name == QLatin1String("deny_fs") && p.denyFs) || (name == QLatin1String("deny_net") && p.denyNet)
           || (name == QLatin1String("deny_env") && p.denyEnv) || (name == QLatin1String("deny_run") && p.denyRun);
}

// The deciding rule in words, when it is no entry of the file. The rule's name is data.
ExplainWords defaultRuleWords(const Decision &d)
{
    const QString &r = d.rule;
    if (r == QLatin1String("sandbox"))
        return {d.allowed ? data(r) : phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "%1: nothing allows it"), {r})};
    if (r == QLatin1String("no sandbox"))
        return {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "%1: whatever is not denied is allowed"), {r})};
    if (r.startsWith(QLatin1String("deny_")))
        return {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "%1: nothing allows it"),
                       {QStringLiteral("\"%1\": true").arg(r)})};
    if (r == QLatin1String("workdir"))
        return {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "%1: the run's own folder is readable and writable"), {r})};
    if (r == QLatin1String("entry"))
        return {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "%1: the file being run is readable"), {r})};
    if (r == QLatin1String("sandbench"))
        return {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "%1: Sandbench's own module"), {r})};
    if (r == QLatin1String("protected"))
        return {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain",
                                         "%1: Sandbench keeps the audit log and caches there, no rule reaches it"), {r})};
    if (r == QLatin1String("system"))
        return {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "%1: /proc, /dev and /sys are never part of the sandbox"), {r})};
    if (r == QLatin1String("metadata"))
        return {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain",
                                         "%1: a cloud metadata address, allowed only by an allow_net entry naming it exactly"), {r})};
    if (r == QLatin1String("reserved"))
        return {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "%1: a variable of the runtime's own, never given"), {r})};
    return {data(r)};
}

bool allows(const Policy &policy, const QString &baseDir, const PolicyQuestion &q, const DecisionContext &context)
{
    return PolicyMatcher(matcherSetupFor(policy, baseDir, context)).decide(q.kind, q.value, q.hasValue).allowed;
}

// The entry a deny needs: the resource itself for a list kind, "*" for any program.
std::optional<AllowRule> entryFor(const PolicyQuestion &q, const Decision &d, const PolicyMatcher::Setup &setup)
{
    if (!q.hasValue)
        return q.kind == QLatin1String("run") ? std::optional<AllowRule>(AllowRule{QStringLiteral("allow_run"), QStringLiteral("*")})
                                              : std::nullopt;
    AuditEvent event;
    event.kind = q.kind;
    event.action = d.action;
    event.resource = q.value;
    // A relative path was asked from the workdir, but an entry is read from the base folder:
    // the entry names the file itself.
    if ((q.kind == QLatin1String("read") || q.kind == QLatin1String("write")) && QDir::isRelativePath(q.value))
        event.resource = QDir::cleanPath(QDir(setup.workdir.isEmpty() ? setup.baseDir : setup.workdir).absoluteFilePath(q.value));
    return allowRuleFor(event);
}

void explainDeny(Explanation &e, const Policy &policy, const QString &baseDir, const PolicyQuestion &q,
                 const DecisionContext &context)
{
    if (const auto rule = entryFor(q, e.decision, matcherSetupFor(policy, baseDir, context))) {
        const Policy candidate = withRule(policy, *rule);
        if (allows(candidate, baseDir, q, context)) {
            e.allowFlip = rule;
            const QString deny = denySwitchFor(q.kind);
            e.flipWords = {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "add %1"), {rule->displayText()})};
            if (denySwitchOn(policy, deny))
                e.flipWords << phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", " and turn %1 off"),
                                      {QStringLiteral("\"%1\"").arg(deny)});
            // The entry alone in a sandboxed policy: what lint would say of it.
            Policy alone;
            alone.sandbox = true;
            alone = withRule(alone, *rule);
            for (const LintFinding &f : lintPolicy(alone, baseDir)) {
                if (f.severity != LintFinding::Severity::Info && f.pointer.startsWith(QLatin1String("/permissions/"))) {
                    e.flipRisk = QStringLiteral("%1 [%2]").arg(f.message, f.code);
                    break;
                }
            }
            return;
        }
    }
    // No list can: only leaving the sandbox (and every deny switch) would, if even that.
    Policy open = policy;
    open.sandbox = false;
    open.permissions.denyFs = open.permissions.denyNet = open.permissions.denyEnv = open.permissions.denyRun = false;
    if (allows(open, baseDir, q, context))
        e.flipWords = {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain",
                                                "no entry allows it: only a policy without the sandbox (and without deny switches) would"))};
    else
        e.flipWords = {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "nothing in a policy can allow it (%1)"), {e.decision.rule})};
}

void explainAllow(Explanation &e, const Policy &policy, const QString &baseDir, const PolicyQuestion &q,
                  const DecisionContext &context)
{
    // Remove the deciding entry; another may decide next. A handful at most: the lists are short.
    Policy candidate = policy;
    QStringList removed;
    QString rule = e.decision.rule;
    QString pointer = e.rulePointer;
    for (int round = 0; round < 64 && !pointer.isEmpty(); ++round) {
        removed << entryText(candidate, pointer);
        candidate = withoutEntry(candidate, pointer);
        if (round == 0)
            e.removeFlip = pointer;
        const Decision next = PolicyMatcher(matcherSetupFor(candidate, baseDir, context)).decide(q.kind, q.value, q.hasValue);
        if (!next.allowed) {
            e.flipWords = {ExplainPhrase{QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "remove %1"), removed, true}};
            if (removed.size() > 1)
                e.removeFlip.clear(); // no single entry removal denies it
            return;
        }
        rule = next.rule;
        pointer = rulePointer(candidate, next.rule, q.value);
    }
    e.removeFlip.clear();
    e.flipWords.clear();
    if (!removed.isEmpty())
        e.flipWords << ExplainPhrase{QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "removing %1 is not enough: "), removed, true};
    if (rule == QLatin1String("no sandbox")) {
        const QString deny = denySwitchFor(q.kind);
        if (deny.isEmpty())
            e.flipWords << phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "turn %1 on"), {QStringLiteral("\"sandbox\"")});
        else
            e.flipWords << phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "turn %1 or %2 on"),
                                  {QStringLiteral("\"sandbox\""), QStringLiteral("\"%1\"").arg(deny)});
    } else if (rule == QLatin1String("workdir")) {
        e.flipWords << phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain",
                                                "it is inside the workdir, which the run may always read and write: set another workdir"));
    } else {
        e.flipWords << phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "no policy entry decided it (%1)"), {rule});
    }
}

// Fills the English texts the CLI prints from the words.
Explanation finished(Explanation e)
{
    e.ruleText = englishText(e.ruleWords);
    e.flip = englishText(e.flipWords);
    return e;
}

} // namespace

QString ExplainPhrase::english() const
{
    return listArg ? QString::fromUtf8(source).arg(args.join(QString::fromUtf8(kAnd)))
                   : fill(QString::fromUtf8(source), args);
}

QString ExplainPhrase::translated() const
{
    const QString text = QCoreApplication::translate(kContext, source);
    return listArg ? text.arg(args.join(QCoreApplication::translate(kContext, kAnd))) : fill(text, args);
}

QString englishText(const ExplainWords &words)
{
    QString out;
    for (const ExplainPhrase &p : words)
        out += p.english();
    return out;
}

QString translatedText(const ExplainWords &words)
{
    QString out;
    for (const ExplainPhrase &p : words)
        out += p.translated();
    return out;
}

Policy withoutEntry(const Policy &policy, const QString &pointer)
{
    Policy out = policy;
    const QStringList parts = pointer.split(QLatin1Char('/'));
    if (pointer == QLatin1String("/options/workdir")) {
        out.workdir.clear();
    } else if (parts.size() == 4 && parts.at(1) == QLatin1String("options") && parts.at(2) == QLatin1String("env")) {
        QString name = parts.at(3);
        name.replace(QStringLiteral("~1"), QStringLiteral("/")).replace(QStringLiteral("~0"), QStringLiteral("~"));
        out.env.remove(name);
    } else if (parts.size() == 4) {
        QStringList *list = policyList(out, parts.at(2));
        bool ok = false;
        const qsizetype index = parts.at(3).toLongLong(&ok);
        if (list && ok && index >= 0 && index < list->size() && listPointer(parts.at(2), index) == pointer)
            list->removeAt(index);
    }
    return out;
}

Explanation explainDecision(const Policy &policy, const QString &baseDir, const PolicyQuestion &question,
                            const DecisionContext &context)
{
    Explanation e;
    e.decision = PolicyMatcher(matcherSetupFor(policy, baseDir, context)).decide(question.kind, question.value, question.hasValue);
    // A held check is decided by a person; the entry that holds it is the rule to show.
    const bool held = !e.decision.ask.isEmpty();
    e.rulePointer = rulePointer(policy, held ? e.decision.ask : e.decision.rule, question.value);
    e.ruleWords = e.rulePointer.isEmpty() ? defaultRuleWords(e.decision) : ExplainWords{data(entryText(policy, e.rulePointer))};
    if (held)
        e.ruleWords = {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain", "held for a person by %1"),
                              {e.rulePointer.isEmpty() ? e.decision.ask : entryText(policy, e.rulePointer)})};
    if (e.decision.allowed)
        explainAllow(e, policy, baseDir, question, context);
    else
        explainDeny(e, policy, baseDir, question, context);
    return finished(std::move(e));
}

Explanation explainDecision(const Policy &policy, const QString &baseDir, const AuditEvent &event,
                            const DecisionContext &context)
{
    if (isStartUpLoad(event)) {
        // The start-up graph is mounted whatever the policy says: no entry added or removed
        // changes this decision.
        const Decision d = decideRecorded(PolicyMatcher(matcherSetupFor(policy, baseDir, context)), event);
        Explanation e;
        if (d.rule == QLatin1String("code") || d.rule == QLatin1String("namespace")) {
            e.decision = d;
            e.ruleWords = {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain",
                                                    "%1: a module of the start-up graph, which the run's namespace holds"),
                                  {d.rule})};
        } else {
            e = explainDecision(policy, baseDir, questionFor(event), context);
            e.decision.action = d.action;
        }
        e.allowFlip.reset();
        e.removeFlip.clear();
        e.flipWords = {phrase(QT_TRANSLATE_NOOP("Sandbench::PolicyExplain",
                                                "nothing in a policy denies it: a module of the start-up graph is always readable"))};
        return finished(std::move(e));
    }
    return explainDecision(policy, baseDir, questionFor(event), context);
}

} // namespace Sandbench
