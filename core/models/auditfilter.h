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

    // Cheap test on a raw JSON line: false means the parsed line cannot match; true means it
    // may (confirm with matches() on the parsed event). It only rules out what it can prove: a
    // line with escapes or bytes beyond ASCII, or a needle beyond ASCII, is always parsed.
    bool mayMatchLine(QByteArrayView line) const;
    // Always when filtering: the needles only rule lines out; what is kept is what the parsed
    // event says, so a line that only looks like a match (or is unreadable) is never shown.
    bool needsParse() const { return !isEmpty(); }

    bool operator==(const AuditFilter &) const = default;
};

// Case-insensitive for ASCII letters; enough for paths, hosts and variable names.
bool containsCaseInsensitive(QByteArrayView haystack, QByteArrayView lowerNeedle);

// AuditFilter::mayMatchLine() with its needles built once, for scanning a million lines. A line
// that is plain ASCII without a backslash holds every string value verbatim, whatever its
// whitespace or key order: what it lacks, the parse cannot find. Any other line is parsed.
class AuditLineMatcher
{
public:
    explicit AuditLineMatcher(const AuditFilter &filter);
    bool mayMatch(QByteArrayView line) const;

private:
    QByteArray m_kindNeedle;     // "kind", with its quotes
    QByteArray m_decisionNeedle; // "allow" or "deny", with their quotes
    QByteArray m_textNeedle;     // lower case
    bool m_textNeedleAscii = true;
};

} // namespace Sandbench
