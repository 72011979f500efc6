#include "auditfilter.h"

namespace Sandbench {

namespace {

char lowerAscii(char c)
{
    return (c >= 'A' && c <= 'Z') ? char(c + ('a' - 'A')) : c;
}

} // namespace

bool containsCaseInsensitive(QByteArrayView haystack, QByteArrayView lowerNeedle)
{
    if (lowerNeedle.isEmpty())
        return true;
    const qsizetype n = lowerNeedle.size();
    const char first = lowerNeedle.front();
    const char firstUpper = (first >= 'a' && first <= 'z') ? char(first - ('a' - 'A')) : first;
    for (qsizetype i = 0; i + n <= haystack.size(); ++i) {
        const char c = haystack[i];
        if (c != first && c != firstUpper)
            continue;
        qsizetype j = 1;
        while (j < n && lowerAscii(haystack[i + j]) == lowerNeedle[j])
            ++j;
        if (j == n)
            return true;
    }
    return false;
}

bool AuditFilter::matches(const AuditEvent &event) const
{
    if (!kind.isEmpty() && event.kind != kind)
        return false;
    if (decision == Decision::Allow && !event.allowed)
        return false;
    if (decision == Decision::Deny && event.allowed)
        return false;
    if (text.isEmpty())
        return true;
    const auto has = [this](const QString &field) {
        return field.contains(text, Qt::CaseInsensitive);
    };
    return has(event.resource) || has(event.action) || has(event.rule) || has(event.reason);
}

bool AuditFilter::mayMatchLine(QByteArrayView line) const
{
    // Quotes inside JSON strings are escaped, so "kind":"x" can only be the field itself.
    if (!kind.isEmpty()) {
        const QByteArray needle = "\"kind\":\"" + kind.toUtf8() + '"';
        if (!line.contains(needle))
            return false;
    }
    if (decision == Decision::Allow && !line.contains(QByteArrayView("\"decision\":\"allow\"")))
        return false;
    if (decision == Decision::Deny && !line.contains(QByteArrayView("\"decision\":\"deny\"")))
        return false;
    if (!text.isEmpty() && !containsCaseInsensitive(line, text.toLower().toUtf8()))
        return false;
    return true;
}

} // namespace Sandbench
