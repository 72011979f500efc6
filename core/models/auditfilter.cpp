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
    const char *data = haystack.data();
    for (qsizetype i = 0; i + n <= haystack.size(); ++i) {
        const char c = data[i];
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

AuditLineMatcher::AuditLineMatcher(const AuditFilter &filter)
{
    if (!filter.kind.isEmpty())
        m_kindNeedle = "\"kind\":\"" + filter.kind.toUtf8() + '"';
    if (filter.decision == AuditFilter::Decision::Allow)
        m_decisionNeedle = "\"decision\":\"allow\"";
    else if (filter.decision == AuditFilter::Decision::Deny)
        m_decisionNeedle = "\"decision\":\"deny\"";
    m_textNeedle = filter.text.toLower().toUtf8();
}

bool AuditLineMatcher::mayMatch(QByteArrayView line) const
{
    // Quotes inside JSON strings are escaped, so "kind":"x" can only be the field itself.
    if (!m_kindNeedle.isEmpty() && !line.contains(m_kindNeedle))
        return false;
    if (!m_decisionNeedle.isEmpty() && !line.contains(m_decisionNeedle))
        return false;
    return m_textNeedle.isEmpty() || containsCaseInsensitive(line, m_textNeedle);
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
