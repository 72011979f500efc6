#include "auditfilter.h"

#include <algorithm>

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
        m_kindNeedle = '"' + filter.kind.toUtf8() + '"';
    if (filter.decision == AuditFilter::Decision::Allow)
        m_decisionNeedle = "\"allow\"";
    else if (filter.decision == AuditFilter::Decision::Deny)
        m_decisionNeedle = "\"deny\"";
    m_textNeedle = filter.text.toLower().toUtf8();
    // A needle beyond ASCII may match by Unicode case folding ("\u212a" is "k"), which a byte
    // search does not know.
    m_textNeedleAscii = std::all_of(m_textNeedle.cbegin(), m_textNeedle.cend(), [](char c) { return uchar(c) < 0x80; });
}

bool AuditLineMatcher::mayMatch(QByteArrayView line) const
{
    const bool plain = std::all_of(line.cbegin(), line.cend(), [](char c) { return uchar(c) < 0x80 && c != '\\'; });
    if (!plain)
        return true;
    if (!m_kindNeedle.isEmpty() && !line.contains(m_kindNeedle))
        return false;
    if (!m_decisionNeedle.isEmpty() && !line.contains(m_decisionNeedle))
        return false;
    return m_textNeedle.isEmpty() || !m_textNeedleAscii || containsCaseInsensitive(line, m_textNeedle);
}

bool AuditFilter::mayMatchLine(QByteArrayView line) const
{
    return AuditLineMatcher(*this).mayMatch(line);
}

} // namespace Sandbench
