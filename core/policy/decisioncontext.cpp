#include "decisioncontext.h"

#include <QDir>
#include <QRegularExpression>

namespace Sandbench {

namespace {

QString escapePointerToken(QString token)
{
    return token.replace(QLatin1Char('~'), QStringLiteral("~0")).replace(QLatin1Char('/'), QStringLiteral("~1"));
}

QString unescapePointerToken(QString token)
{
    return token.replace(QStringLiteral("~1"), QStringLiteral("/")).replace(QStringLiteral("~0"), QStringLiteral("~"));
}

QString quoted(const QString &text)
{
    QString out = text;
    out.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

} // namespace

PolicyQuestion questionFor(const AuditEvent &event)
{
    return {event.kind, event.resource, !event.resource.isEmpty()};
}

bool isStartUpLoad(const AuditEvent &event)
{
    return event.kind == QLatin1String("read") && event.action == QLatin1String("load")
           && event.reason == QLatin1String("module graph") && event.allowed;
}

Decision decideRecorded(const PolicyMatcher &matcher, const AuditEvent &event)
{
    if (event.rule == QLatin1String("code") && isStartUpLoad(event))
        return {true, QStringLiteral("load"), QStringLiteral("code"), {}};
    const PolicyQuestion q = questionFor(event);
    Decision d = matcher.decide(q.kind, q.value, q.hasValue);
    if (isStartUpLoad(event)) {
        d.action = QStringLiteral("load");
        if (!d.allowed)
            d = {true, QStringLiteral("load"), QStringLiteral("namespace"), {}};
    }
    return d;
}

PolicyMatcher::Setup matcherSetupFor(const Policy &policy, const QString &baseDir, const DecisionContext &context)
{
    const QString base = baseDir.isEmpty() ? QDir::currentPath() : baseDir;
    QString workdir = context.workdir;
    // As PreparedRun does: the policy's workdir from the base folder. Without one the engine
    // makes a throw-away folder whose name nobody can know afterwards.
    if (workdir.isEmpty() && !policy.workdir.isEmpty())
        workdir = QDir::cleanPath(QDir(base).absoluteFilePath(policy.workdir));
    return {policy, base, workdir, context.entry, context.internal, context.protectedPaths};
}

const QStringList &policyListKeys()
{
    static const QStringList keys = {QStringLiteral("allow_read"), QStringLiteral("allow_write"),
                                     QStringLiteral("allow_net"), QStringLiteral("allow_listen"),
                                     QStringLiteral("allow_env"), QStringLiteral("allow_run"),
                                     QStringLiteral("read_only_dirs"), QStringLiteral("ask_read"),
                                     QStringLiteral("ask_write"), QStringLiteral("ask_net"),
                                     QStringLiteral("ask_env"), QStringLiteral("ask_run")};
    return keys;
}

QStringList *policyList(Policy &policy, const QString &key)
{
    Permissions &p = policy.permissions;
    if (key == QLatin1String("allow_read"))
        return &p.allowRead;
    if (key == QLatin1String("allow_write"))
        return &p.allowWrite;
    if (key == QLatin1String("allow_net"))
        return &p.allowNet;
    if (key == QLatin1String("allow_listen"))
        return &p.allowListen;
    if (key == QLatin1String("allow_env"))
        return &p.allowEnv;
    if (key == QLatin1String("allow_run"))
        return &p.allowRun;
    if (key == QLatin1String("read_only_dirs"))
        return &policy.readOnlyDirs;
    if (key == QLatin1String("ask_read"))
        return &p.askRead;
    if (key == QLatin1String("ask_write"))
        return &p.askWrite;
    if (key == QLatin1String("ask_net"))
        return &p.askNet;
    if (key == QLatin1String("ask_env"))
        return &p.askEnv;
    if (key == QLatin1String("ask_run"))
        return &p.askRun;
    return nullptr;
}

const QStringList *policyList(const Policy &policy, const QString &key)
{
    return policyList(const_cast<Policy &>(policy), key);
}

QString listPointer(const QString &key, qsizetype index)
{
    const QString section = key == QLatin1String("read_only_dirs") ? QStringLiteral("options") : QStringLiteral("permissions");
    return QStringLiteral("/%1/%2/%3").arg(section, key).arg(index);
}

QString rulePointer(const Policy &policy, const QString &rule, const QString &value)
{
    static const QRegularExpression indexed(QStringLiteral("^([a-z_]+)\\[(\\d+|\\*)\\]$"));
    const QRegularExpressionMatch m = indexed.match(rule);
    if (m.hasMatch()) {
        const QString key = m.captured(1);
        const QStringList *list = policyList(policy, key);
        if (!list)
            return {};
        qsizetype index = -1;
        if (m.captured(2) == QLatin1String("*"))
            index = list->indexOf(QStringLiteral("*"));
        else
            index = m.captured(2).toLongLong();
        if (index < 0 || index >= list->size())
            return {};
        return listPointer(key, index);
    }
    if (rule == QLatin1String("workdir") && !policy.workdir.isEmpty())
        return QStringLiteral("/options/workdir");
    if (rule == QLatin1String("env") && policy.env.contains(value))
        return QStringLiteral("/options/env/") + escapePointerToken(value);
    return {};
}

QString entryText(const Policy &policy, const QString &pointer)
{
    const QStringList parts = pointer.split(QLatin1Char('/'));
    if (parts.size() == 4 && parts.at(0).isEmpty()) {
        if (parts.at(1) == QLatin1String("options") && parts.at(2) == QLatin1String("env")) {
            const QString name = unescapePointerToken(parts.at(3));
            return policy.env.contains(name) ? QStringLiteral("\"env\": {%1: …}").arg(quoted(name)) : QString();
        }
        const QStringList *list = policyList(policy, parts.at(2));
        bool ok = false;
        const qsizetype index = parts.at(3).toLongLong(&ok);
        if (!list || !ok || index < 0 || index >= list->size() || listPointer(parts.at(2), index) != pointer)
            return {};
        return QStringLiteral("\"%1[%2]\": %3").arg(parts.at(2)).arg(index).arg(quoted(list->at(index)));
    }
    if (pointer == QLatin1String("/options/workdir") && !policy.workdir.isEmpty())
        return QStringLiteral("\"workdir\": %1").arg(quoted(policy.workdir));
    return {};
}

} // namespace Sandbench
