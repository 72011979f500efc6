#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

namespace Sandbench {

struct TextPosition
{
    int line = 1;   // 1-based
    int column = 1; // 1-based, in characters of the line
};

// QJsonDocument says whether a document is well formed but not where a value stands, and it
// quietly keeps the last of two equal keys. This walks the JSON once, strictly (RFC 8259: no raw
// control characters in strings, no trailing commas, no duplicate keys), remembers where each
// value and each key starts, by JSON Pointer ("/permissions/allow_read/2", keys decoded with
// their escapes), and the first error at the exact character where it is.
class JsonLocator
{
public:
    explicit JsonLocator(const QByteArray &json);

    TextPosition valuePosition(const QString &pointer) const;
    TextPosition keyPosition(const QString &pointer) const;
    bool hasValue(const QString &pointer) const { return m_values.contains(pointer); }

    // The first syntax error or duplicate key, in words a person knows and at the character
    // where the fault is ("missing comma after the value on line 12" points just after that
    // value); empty when the document is well formed. parsePolicy prints it for the CLI too.
    QString error() const { return m_error; }
    TextPosition errorPosition() const { return positionOf(m_text, m_errorOffset); }
    qsizetype errorOffset() const { return m_errorOffset; }

    // Line and column of a byte offset.
    static TextPosition positionOf(const QByteArray &text, qsizetype offset);

private:
    // `after` is the token before the value (":", ",", "["), named when the value is missing.
    bool parseValue(const QString &pointer, int depth, const char *after);
    bool afterMember(qsizetype openAt, qsizetype valueEnd, bool *closed);
    static bool startsValue(char c);
    int lineAt(qsizetype offset) const;
    QString charAt(qsizetype offset) const;
    bool parseObject(const QString &pointer, int depth);
    bool parseArray(const QString &pointer, int depth);
    bool parseString(QString *decoded);
    bool parseNumber();
    bool parseLiteral();
    bool failAt(qsizetype offset, const QString &message);
    void skipWhitespace();

    QByteArray m_text;
    qsizetype m_pos = 0;
    QHash<QString, qsizetype> m_values;
    QHash<QString, qsizetype> m_keys;
    QString m_error;
    qsizetype m_errorOffset = 0;
};

} // namespace Sandbench
