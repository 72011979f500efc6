#include "allowscope.h"

#include "policy/netrule.h"
#include "policy/policyfile.h"
#include "policy/policylint.h"
#include "policy/sensitivepaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QHash>

namespace Sandbench {

namespace {

void offerPath(AllowCandidate &c, AllowScope::Kind kind, const QString &key, const QString &path,
               const QString &label, const QString &homeDir)
{
    QString reason = sensitiveRootReason(path, homeDir);
    if (reason.isEmpty() && kind == AllowScope::Kind::Folder)
        reason = sensitiveFolderReason(path, SensitiveContext{homeDir, {}});
    if (!reason.isEmpty()) {
        c.refused << QCoreApplication::translate("AllowScope", "%1 (%2): %3").arg(label, path, reason);
        return;
    }
    c.scopes << AllowScope{kind, AllowRule{key, path}, label};
}

void filesScopes(AllowCandidate &c, const AllowRule &exact, const QString &homeDir)
{
    const QString path = exact.value;
    if (!QDir::isAbsolutePath(path)) {
        c.scopes << AllowScope{AllowScope::Kind::Exact, exact, QCoreApplication::translate("AllowScope", "this file")};
        return;
    }
    const QString clean = QDir::cleanPath(path);
    offerPath(c, AllowScope::Kind::Exact, exact.key, clean, QCoreApplication::translate("AllowScope", "this file"), homeDir);

    const qsizetype slash = clean.lastIndexOf(QLatin1Char('/'));
    const QString folder = slash <= 0 ? QStringLiteral("/") : clean.left(slash);
    if (folder != clean)
        offerPath(c, AllowScope::Kind::Folder, exact.key, folder, QCoreApplication::translate("AllowScope", "its folder"), homeDir);
}

void netScopes(AllowCandidate &c, const AllowRule &exact)
{
    c.scopes << AllowScope{AllowScope::Kind::Exact, exact, QCoreApplication::translate("AllowScope", "this host and port")};
    const std::optional<NetAddress> address = NetAddress::parse(exact.value);
    if (!address || !address->port)
        return;
    if (isMetadataAddress(*address)) {
        c.refused << QCoreApplication::translate("AllowScope", "the host on any port: %1 is a cloud metadata endpoint").arg(address->host);
        return;
    }
    c.scopes << AllowScope{AllowScope::Kind::AnyPort, AllowRule{exact.key, address->host},
                           QCoreApplication::translate("AllowScope", "the host, any port")};
    if (address->isIp)
        return;
    // "*.example.com" matches names below example.com, not example.com itself: the wildcard is
    // only worth offering for a name with a parent that is itself a registrable name.
    const QStringList labels = address->host.split(QLatin1Char('.'));
    if (labels.size() < 3)
        return;
    const QString parent = labels.mid(1).join(QLatin1Char('.'));
    c.scopes << AllowScope{AllowScope::Kind::Subdomains,
                           AllowRule{exact.key, QStringLiteral("*.") + parent},
                           QCoreApplication::translate("AllowScope", "every name under %1").arg(parent)};
}

} // namespace

AllowCandidate allowCandidateFor(const AuditEvent &event, const QString &homeDir)
{
    AllowCandidate c;
    c.event = event;
    c.denials = 1;
    const std::optional<AllowRule> exact = allowRuleFor(event);
    if (event.allowed || !exact)
        return c;
    if (exact->key == QLatin1String("allow_read") || exact->key == QLatin1String("allow_write"))
        filesScopes(c, *exact, homeDir);
    else if (exact->key == QLatin1String("allow_net"))
        netScopes(c, *exact);
    else if (exact->key == QLatin1String("allow_listen"))
        c.scopes << AllowScope{AllowScope::Kind::Exact, *exact, QCoreApplication::translate("AllowScope", "this address and port")};
    else if (exact->key == QLatin1String("allow_env"))
        c.scopes << AllowScope{AllowScope::Kind::Exact, *exact, QCoreApplication::translate("AllowScope", "this variable")};
    else if (exact->key == QLatin1String("allow_run"))
        c.scopes << AllowScope{AllowScope::Kind::Exact, *exact, QCoreApplication::translate("AllowScope", "this program")};
    return c;
}

QList<AllowCandidate> allowCandidates(const QList<AuditEvent> &events, const QString &homeDir)
{
    QList<AllowCandidate> out;
    QHash<QString, qsizetype> seen;
    for (const AuditEvent &event : events) {
        if (event.allowed || event.unreadable)
            continue;
        const std::optional<AllowRule> exact = allowRuleFor(event);
        if (!exact)
            continue;
        const QString key = exact->key + QChar(0) + exact->value;
        if (const auto it = seen.constFind(key); it != seen.cend()) {
            ++out[*it].denials;
            continue;
        }
        seen.insert(key, out.size());
        out << allowCandidateFor(event, homeDir);
    }
    return out;
}

void flagCautions(QList<AllowCandidate> &candidates, const Policy &policy, const QString &baseDir)
{
    // The rules that break containment are each about one entry, so each candidate is linted in
    // a policy of its own rule alone: a cost that does not grow with the policy, for the
    // thousands of distinct denials "Allow All Denials" can bring.
    for (AllowCandidate &c : candidates) {
        c.caution.clear();
        if (c.scopes.isEmpty())
            continue;
        const AllowRule &rule = c.scopes.constFirst().rule;
        if (withRule(policy, rule) == policy)
            continue; // already granted: nothing this row adds
        Policy alone;
        alone.sandbox = true;
        QStringList errors;
        for (const LintFinding &f : lintPolicy(withRule(alone, rule), baseDir))
            if (f.severity == LintFinding::Severity::Error)
                errors << QStringLiteral("%1 [%2]").arg(f.message, f.code);
        c.caution = errors.join(QLatin1Char('\n'));
    }
}

Policy withRules(const Policy &policy, const QList<AllowRule> &rules)
{
    Policy result = policy;
    for (const AllowRule &rule : rules)
        result = withRule(result, rule);
    return result;
}

} // namespace Sandbench
