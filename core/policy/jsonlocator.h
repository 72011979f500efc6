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

// QJsonDocument says whether a document is well formed but not where a value stands. This walks
// well-formed JSON once and remembers where each value and each key starts, by JSON Pointer
// ("/permissions/allow_read/2"), so a semantic error can point at its line and column.
class JsonLocator
{
public:
    explicit JsonLocator(const QByteArray &json);

    TextPosition valuePosition(const QString &pointer) const;
    TextPosition keyPosition(const QString &pointer) const;

    // Line and column of a byte offset (for QJsonParseError::offset).
    static TextPosition positionOf(const QByteArray &text, qsizetype offset);

private:
    void parseValue(const QString &pointer);
    void parseObject(const QString &pointer);
    void parseArray(const QString &pointer);
    QString parseString();
    void skipWhitespace();

    QByteArray m_text;
    qsizetype m_pos = 0;
    QHash<QString, qsizetype> m_values;
    QHash<QString, qsizetype> m_keys;
};

} // namespace Sandbench
