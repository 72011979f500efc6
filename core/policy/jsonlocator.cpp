#include "jsonlocator.h"

namespace Sandbench {

JsonLocator::JsonLocator(const QByteArray &json)
    : m_text(json)
{
    skipWhitespace();
    parseValue(QString());
}

TextPosition JsonLocator::positionOf(const QByteArray &text, qsizetype offset)
{
    TextPosition position;
    offset = qBound<qsizetype>(0, offset, text.size());
    const qsizetype lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    position.line = int(text.left(offset).count('\n')) + 1;
    position.column = int(QString::fromUtf8(text.mid(lineStart, offset - lineStart)).size()) + 1;
    return position;
}

TextPosition JsonLocator::valuePosition(const QString &pointer) const
{
    return positionOf(m_text, m_values.value(pointer, 0));
}

TextPosition JsonLocator::keyPosition(const QString &pointer) const
{
    if (m_keys.contains(pointer))
        return positionOf(m_text, m_keys.value(pointer));
    return valuePosition(pointer);
}

void JsonLocator::skipWhitespace()
{
    while (m_pos < m_text.size()) {
        const char c = m_text.at(m_pos);
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        ++m_pos;
    }
}

QString JsonLocator::parseString()
{
    // Only keys need decoding; escapes other than \" and \\ do not occur in our key names,
    // and a key with them simply will not match a known name.
    QByteArray out;
    ++m_pos; // opening quote
    while (m_pos < m_text.size() && m_text.at(m_pos) != '"') {
        if (m_text.at(m_pos) == '\\' && m_pos + 1 < m_text.size())
            ++m_pos;
        out.append(m_text.at(m_pos++));
    }
    ++m_pos; // closing quote
    return QString::fromUtf8(out);
}

void JsonLocator::parseValue(const QString &pointer)
{
    skipWhitespace();
    if (m_pos >= m_text.size())
        return;
    m_values.insert(pointer, m_pos);
    const char c = m_text.at(m_pos);
    if (c == '{') {
        parseObject(pointer);
    } else if (c == '[') {
        parseArray(pointer);
    } else if (c == '"') {
        parseString();
    } else {
        while (m_pos < m_text.size() && !QByteArrayView(",]} \t\r\n").contains(m_text.at(m_pos)))
            ++m_pos;
    }
}

void JsonLocator::parseObject(const QString &pointer)
{
    ++m_pos;
    for (;;) {
        skipWhitespace();
        if (m_pos >= m_text.size() || m_text.at(m_pos) == '}') {
            ++m_pos;
            return;
        }
        if (m_text.at(m_pos) == ',') {
            ++m_pos;
            continue;
        }
        const qsizetype keyStart = m_pos;
        const QString key = parseString();
        const QString child = pointer + QLatin1Char('/') + key;
        m_keys.insert(child, keyStart);
        skipWhitespace();
        if (m_pos < m_text.size() && m_text.at(m_pos) == ':')
            ++m_pos;
        parseValue(child);
    }
}

void JsonLocator::parseArray(const QString &pointer)
{
    ++m_pos;
    int index = 0;
    for (;;) {
        skipWhitespace();
        if (m_pos >= m_text.size() || m_text.at(m_pos) == ']') {
            ++m_pos;
            return;
        }
        if (m_text.at(m_pos) == ',') {
            ++m_pos;
            continue;
        }
        parseValue(pointer + QLatin1Char('/') + QString::number(index++));
    }
}

} // namespace Sandbench
