#pragma once

#include "audit/auditevent.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace Sandbench {

// What the audit browser shows: a kind (empty = every kind), a decision and a piece of text
// looked for in the resource, action, rule and reason. Kept apart from the model so the same
// test runs on a parsed event (live runs) and on a raw JSON line (a large file, where parsing
// every line would make filtering several times slower).
struct AuditFilter
{
    enum class Decision { Any, Allow, Deny };

    QString kind;
    Decision decision = Decision::Any;
    QString text;

    bool isEmpty() const { return kind.isEmpty() && decision == Decision::Any && text.isEmpty(); }
    bool matches(const AuditEvent &event) const;

    // Cheap test on a line as AuditEvent::toJsonLine() writes it: false means the line cannot
    // match; true means it may (confirm with matches() on the parsed event when needsParse()).
    bool mayMatchLine(QByteArrayView line) const;
    // Always when filtering: the needles only rule lines out; what is kept is what the parsed
    // event says, so a line that only looks like a match (or is unreadable) is never shown.
    bool needsParse() const { return !isEmpty(); }

    bool operator==(const AuditFilter &) const = default;
};

// Case-insensitive for ASCII letters; enough for paths, hosts and variable names.
bool containsCaseInsensitive(QByteArrayView haystack, QByteArrayView lowerNeedle);

// AuditFilter::mayMatchLine() with its needles built once, for scanning a million lines.
class AuditLineMatcher
{
public:
    explicit AuditLineMatcher(const AuditFilter &filter);
    bool mayMatch(QByteArrayView line) const;

private:
    QByteArray m_kindNeedle;
    QByteArray m_decisionNeedle;
    QByteArray m_textNeedle; // lower case
};

} // namespace Sandbench
