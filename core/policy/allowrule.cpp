#include "allowrule.h"

#include <vector>

namespace Sandbench {

QString AllowRule::displayText() const
{
    return QStringLiteral("\"%1\": \"%2\"").arg(key, value);
}

std::optional<AllowRule> allowRuleFor(const AuditEvent &event)
{
    if (event.resource.isEmpty())
        return std::nullopt;
    if (event.kind == QLatin1String("read"))
        return AllowRule{QStringLiteral("allow_read"), event.resource};
    if (event.kind == QLatin1String("write"))
        return AllowRule{QStringLiteral("allow_write"), event.resource};
    if (event.kind == QLatin1String("net")) {
        // A listen check names the port we would bind; the rest are outgoing connections.
        const bool listen = event.action == QLatin1String("listen");
        return AllowRule{listen ? QStringLiteral("allow_listen") : QStringLiteral("allow_net"),
                         event.resource};
    }
    if (event.kind == QLatin1String("env"))
        return AllowRule{QStringLiteral("allow_env"), event.resource};
    if (event.kind == QLatin1String("run"))
        return AllowRule{QStringLiteral("allow_run"), event.resource};
    return std::nullopt;
}

Policy withRule(const Policy &policy, const AllowRule &rule)
{
    Policy result = policy;
    Permissions &p = result.permissions;
    QStringList *list = nullptr;
    bool *denySwitch = nullptr;
    if (rule.key == QLatin1String("allow_read")) {
        list = &p.allowRead;
        denySwitch = &p.denyFs;
    } else if (rule.key == QLatin1String("allow_write")) {
        list = &p.allowWrite;
        denySwitch = &p.denyFs;
    } else if (rule.key == QLatin1String("allow_net")) {
        list = &p.allowNet;
        denySwitch = &p.denyNet;
    } else if (rule.key == QLatin1String("allow_listen")) {
        list = &p.allowListen;
        denySwitch = &p.denyNet;
    } else if (rule.key == QLatin1String("allow_env")) {
        list = &p.allowEnv;
        denySwitch = &p.denyEnv;
    } else if (rule.key == QLatin1String("allow_run")) {
        list = &p.allowRun;
        denySwitch = &p.denyRun;
    }
    if (!list)
        return result;
    if (!list->contains(rule.value))
        list->append(rule.value);
    *denySwitch = false;
    return result;
}

QStringList lineDiff(const QString &before, const QString &after, int context)
{
    const QStringList a = before.split(QLatin1Char('\n'));
    const QStringList b = after.split(QLatin1Char('\n'));
    const size_t n = size_t(a.size());
    const size_t m = size_t(b.size());
    // Longest common subsequence; policy files are small, so the quadratic table is fine.
    std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
    for (size_t i = n; i-- > 0;)
        for (size_t j = m; j-- > 0;)
            lcs[i][j] = a[qsizetype(i)] == b[qsizetype(j)] ? lcs[i + 1][j + 1] + 1
                                                           : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    struct Line { QChar mark; QString text; };
    std::vector<Line> all;
    size_t i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && a[qsizetype(i)] == b[qsizetype(j)]) {
            all.push_back({QLatin1Char(' '), a[qsizetype(i)]});
            ++i;
            ++j;
        } else if (j < m && (i == n || lcs[i][j + 1] > lcs[i + 1][j])) {
            all.push_back({QLatin1Char('+'), b[qsizetype(j++)]});
        } else {
            all.push_back({QLatin1Char('-'), a[qsizetype(i++)]});
        }
    }
    QStringList out;
    for (size_t k = 0; k < all.size(); ++k) {
        bool near = all[k].mark != QLatin1Char(' ');
        for (int d = 1; !near && d <= context; ++d)
            near = (k >= size_t(d) && all[k - size_t(d)].mark != QLatin1Char(' '))
                   || (k + size_t(d) < all.size() && all[k + size_t(d)].mark != QLatin1Char(' '));
        if (near)
            out << QString(all[k].mark) + QLatin1Char(' ') + all[k].text;
    }
    return out;
}

} // namespace Sandbench
