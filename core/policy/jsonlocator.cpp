#include "jsonlocator.h"

#include <cctype>

namespace Sandbench {

namespace {

constexpr int kMaxDepth = 256;

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

} // namespace

JsonLocator::JsonLocator(const QByteArray &json)
    : m_text(json)
{
    skipWhitespace();
    if (m_pos >= m_text.size()) {
        failAt(m_pos, QStringLiteral("the document is empty"));
        return;
    }
    if (!parseValue(QString(), 0, "the start"))
        return;
    skipWhitespace();
    if (m_pos < m_text.size())
        failAt(m_pos, QStringLiteral("unexpected %1 on line %2 after the end of the document (one object per file)")
                              .arg(charAt(m_pos)).arg(lineAt(m_pos)));
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

bool JsonLocator::failAt(qsizetype offset, const QString &message)
{
    if (m_error.isEmpty()) {
        m_error = message;
        m_errorOffset = offset;
    }
    return false;
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

int JsonLocator::lineAt(qsizetype offset) const
{
    return positionOf(m_text, offset).line;
}

// The character at `offset` as a person reads it: '}' or "a line break".
QString JsonLocator::charAt(qsizetype offset) const
{
    if (offset >= m_text.size())
        return QStringLiteral("the end of the document");
    const char c = m_text.at(offset);
    if (c == '\n' || c == '\r')
        return QStringLiteral("a line break");
    if (static_cast<unsigned char>(c) < 0x20)
        return QStringLiteral("a control character");
    return QStringLiteral("'%1'").arg(QString::fromUtf8(m_text.mid(offset, 4)).left(1));
}

bool JsonLocator::parseString(QString *decoded)
{
    QByteArray out;
    const qsizetype openAt = m_pos;
    // A JSON string never spans lines, so a line break (or the end) inside one means its closing
    // quote is missing: say where the string starts, which is where the fault is to be found.
    const auto unclosed = [&] {
        const TextPosition at = positionOf(m_text, openAt);
        return failAt(openAt, QStringLiteral("unclosed string starting on line %1, column %2").arg(at.line).arg(at.column));
    };
    ++m_pos; // opening quote
    while (m_pos < m_text.size()) {
        const auto c = static_cast<unsigned char>(m_text.at(m_pos));
        if (c == '"') {
            ++m_pos;
            if (decoded)
                *decoded = QString::fromUtf8(out);
            return true;
        }
        if (c == '\n' || c == '\r')
            return unclosed();
        if (c < 0x20)
            return failAt(m_pos, QStringLiteral("a control character (U+%1) inside the string on line %2 (write it as \\u%1)")
                                         .arg(QString::number(c, 16).toUpper().rightJustified(4, QLatin1Char('0')))
                                         .arg(lineAt(m_pos)));
        if (c >= 0x80) {
            // UTF-8 checked where it stands: continuation bytes, no overlong forms, no surrogates.
            const int length = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
            char32_t code = c & (0x7f >> length);
            bool valid = length > 0 && m_pos + length <= m_text.size();
            for (int k = 1; valid && k < length; ++k) {
                const auto next = static_cast<unsigned char>(m_text.at(m_pos + k));
                valid = (next & 0xc0) == 0x80;
                code = (code << 6) | (next & 0x3f);
            }
            const char32_t minimum = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
            if (!valid || code < minimum || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
                return failAt(m_pos, QStringLiteral("the string is not valid UTF-8"));
            out.append(m_text.constData() + m_pos, length);
            m_pos += length;
            continue;
        }
        if (c != '\\') {
            out.append(char(c));
            ++m_pos;
            continue;
        }
        const qsizetype escape = m_pos;
        if (m_pos + 1 >= m_text.size())
            break;
        const char e = m_text.at(m_pos + 1);
        m_pos += 2;
        switch (e) {
        case '"': out.append('"'); break;
        case '\\': out.append('\\'); break;
        case '/': out.append('/'); break;
        case 'b': out.append('\b'); break;
        case 'f': out.append('\f'); break;
        case 'n': out.append('\n'); break;
        case 'r': out.append('\r'); break;
        case 't': out.append('\t'); break;
        case 'u': {
            auto unit = [&](qsizetype at) -> int {
                if (at + 4 > m_text.size())
                    return -1;
                int v = 0;
                for (int k = 0; k < 4; ++k) {
                    const int h = hexValue(m_text.at(at + k));
                    if (h < 0)
                        return -1;
                    v = v * 16 + h;
                }
                return v;
            };
            const int first = unit(m_pos);
            if (first < 0)
                return failAt(escape, QStringLiteral("a \\u escape needs four hex digits"));
            m_pos += 4;
            char32_t code = char32_t(first);
            if (first >= 0xd800 && first <= 0xdbff && m_pos + 1 < m_text.size() && m_text.at(m_pos) == '\\'
                && m_text.at(m_pos + 1) == 'u') {
                const int second = unit(m_pos + 2);
                if (second >= 0xdc00 && second <= 0xdfff) {
                    code = QChar::surrogateToUcs4(char16_t(first), char16_t(second));
                    m_pos += 6;
                }
            }
            out.append(QString::fromUcs4(&code, 1).toUtf8());
            break;
        }
        default:
            return failAt(escape, QStringLiteral("unknown escape \\%1 in a string").arg(QLatin1Char(e)));
        }
    }
    return unclosed();
}

bool JsonLocator::parseNumber()
{
    const qsizetype start = m_pos;
    auto digits = [&] {
        const qsizetype from = m_pos;
        while (m_pos < m_text.size() && m_text.at(m_pos) >= '0' && m_text.at(m_pos) <= '9')
            ++m_pos;
        return m_pos - from;
    };
    if (m_text.at(m_pos) == '-')
        ++m_pos;
    const qsizetype intStart = m_pos;
    const qsizetype intDigits = digits();
    if (intDigits == 0 || (intDigits > 1 && m_text.at(intStart) == '0'))
        return failAt(start, QStringLiteral("not a valid number"));
    if (m_pos < m_text.size() && m_text.at(m_pos) == '.') {
        ++m_pos;
        if (digits() == 0)
            return failAt(start, QStringLiteral("not a valid number"));
    }
    if (m_pos < m_text.size() && (m_text.at(m_pos) == 'e' || m_text.at(m_pos) == 'E')) {
        ++m_pos;
        if (m_pos < m_text.size() && (m_text.at(m_pos) == '+' || m_text.at(m_pos) == '-'))
            ++m_pos;
        if (digits() == 0)
            return failAt(start, QStringLiteral("not a valid number"));
    }
    // Found by fuzz_policy: "704e5786" is JSON but no double; Qt refuses it without a position.
    bool ok = false;
    const double value = m_text.mid(start, m_pos - start).toDouble(&ok);
    if (!ok || !qIsFinite(value))
        return failAt(start, QStringLiteral("the number is out of range"));
    return true;
}

bool JsonLocator::parseLiteral()
{
    for (const char *word : {"true", "false", "null"}) {
        const QByteArrayView literal(word);
        if (QByteArrayView(m_text).sliced(m_pos).startsWith(literal)) {
            m_pos += literal.size();
            return true;
        }
    }
    const int line = lineAt(m_pos);
    const char c = m_text.at(m_pos);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
        qsizetype end = m_pos;
        while (end < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text.at(end))) || m_text.at(end) == '_'))
            ++end;
        return failAt(m_pos, QStringLiteral("unknown word '%1' on line %2 (text goes in double quotes; "
                                            "JSON writes true, false and null in lower case)")
                                     .arg(QString::fromUtf8(m_text.mid(m_pos, qMin<qsizetype>(end - m_pos, 40))))
                                     .arg(line));
    }
    return failAt(m_pos, QStringLiteral("unexpected %1 on line %2: expected a value (an object, array, string, "
                                        "number, true, false or null)")
                                 .arg(charAt(m_pos)).arg(line));
}

bool JsonLocator::parseValue(const QString &pointer, int depth, const char *after)
{
    skipWhitespace();
    if (m_pos >= m_text.size())
        return failAt(m_pos, QStringLiteral("the document ends where a value should follow '%1'").arg(QLatin1String(after)));
    if (depth > kMaxDepth)
        return failAt(m_pos, QStringLiteral("nested deeper than %1 levels").arg(kMaxDepth));
    m_values.insert(pointer, m_pos);
    const char c = m_text.at(m_pos);
    if (c == '{')
        return parseObject(pointer, depth + 1);
    if (c == '[')
        return parseArray(pointer, depth + 1);
    if (c == '"')
        return parseString(nullptr);
    if (c == '-' || (c >= '0' && c <= '9'))
        return parseNumber();
    if (c == '}' || c == ']' || c == ',' || c == ':')
        return failAt(m_pos, QStringLiteral("unexpected %1 on line %2: a value is missing after '%3'")
                                     .arg(charAt(m_pos)).arg(lineAt(m_pos)).arg(QLatin1String(after)));
    return parseLiteral();
}

bool JsonLocator::startsValue(char c)
{
    return c == '"' || c == '{' || c == '[' || c == '-' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z')
           || (c >= 'A' && c <= 'Z');
}

// After a value inside `open` ('{' or '['): a comma, the closer, or one of the faults people
// make, each named where it is: a missing comma sits right after the value it should follow.
bool JsonLocator::afterMember(qsizetype openAt, qsizetype valueEnd, bool *closed)
{
    const char open = m_text.at(openAt);
    const char close = open == '{' ? '}' : ']';
    const QString opener = QStringLiteral("'%1' on line %2").arg(QLatin1Char(open)).arg(lineAt(openAt));
    skipWhitespace();
    if (m_pos >= m_text.size())
        return failAt(valueEnd, QStringLiteral("unclosed %1: the document ends before its '%2'")
                                        .arg(opener).arg(QLatin1Char(close)));
    const char c = m_text.at(m_pos);
    if (c == close) {
        ++m_pos;
        *closed = true;
        return true;
    }
    if (c == ',') {
        const qsizetype comma = m_pos++;
        skipWhitespace();
        if (m_pos < m_text.size() && m_text.at(m_pos) == close)
            return failAt(comma, QStringLiteral("trailing comma before '%1' on line %2 (JSON allows none)")
                                         .arg(QLatin1Char(close)).arg(lineAt(comma)));
        *closed = false;
        return true;
    }
    if (startsValue(c))
        return failAt(valueEnd, QStringLiteral("missing comma after the value on line %1").arg(lineAt(valueEnd)));
    if (c == '}' || c == ']')
        return failAt(m_pos, QStringLiteral("unexpected %1 on line %2: the %3 is closed with '%4'")
                                     .arg(charAt(m_pos)).arg(lineAt(m_pos)).arg(opener).arg(QLatin1Char(close)));
    return failAt(m_pos, QStringLiteral("unexpected %1 on line %2 after a value: expected ',' or '%3'")
                                 .arg(charAt(m_pos)).arg(lineAt(m_pos)).arg(QLatin1Char(close)));
}

bool JsonLocator::parseObject(const QString &pointer, int depth)
{
    const qsizetype openAt = m_pos++;
    QHash<QString, qsizetype> seen;
    skipWhitespace();
    if (m_pos < m_text.size() && m_text.at(m_pos) == '}') {
        ++m_pos;
        return true;
    }
    for (;;) {
        skipWhitespace();
        if (m_pos >= m_text.size())
            return failAt(m_pos, QStringLiteral("unclosed '{' on line %1: the document ends before its '}'")
                                         .arg(lineAt(openAt)));
        if (m_text.at(m_pos) != '"') {
            const char c = m_text.at(m_pos);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
                return failAt(m_pos, QStringLiteral("the key on line %1 needs double quotes").arg(lineAt(m_pos)));
            return failAt(m_pos, QStringLiteral("unexpected %1 on line %2: expected a key in double quotes")
                                         .arg(charAt(m_pos)).arg(lineAt(m_pos)));
        }
        const qsizetype keyStart = m_pos;
        QString key;
        if (!parseString(&key))
            return false;
        const qsizetype keyEnd = m_pos;
        if (seen.contains(key))
            return failAt(keyStart, QStringLiteral("duplicate key \"%1\" on line %2 (first on line %3)")
                                            .arg(key).arg(lineAt(keyStart)).arg(lineAt(seen.value(key))));
        seen.insert(key, keyStart);
        const QString child = pointer + QLatin1Char('/') + key;
        m_keys.insert(child, keyStart);
        skipWhitespace();
        if (m_pos >= m_text.size() || m_text.at(m_pos) != ':')
            return failAt(keyEnd, QStringLiteral("missing ':' after the key \"%1\" on line %2").arg(key).arg(lineAt(keyEnd)));
        ++m_pos;
        if (!parseValue(child, depth, ":"))
            return false;
        bool closed = false;
        if (!afterMember(openAt, m_pos, &closed))
            return false;
        if (closed)
            return true;
    }
}

bool JsonLocator::parseArray(const QString &pointer, int depth)
{
    const qsizetype openAt = m_pos++;
    int index = 0;
    skipWhitespace();
    if (m_pos < m_text.size() && m_text.at(m_pos) == ']') {
        ++m_pos;
        return true;
    }
    for (;;) {
        if (!parseValue(pointer + QLatin1Char('/') + QString::number(index), depth, index == 0 ? "[" : ","))
            return false;
        ++index;
        bool closed = false;
        if (!afterMember(openAt, m_pos, &closed))
            return false;
        if (closed)
            return true;
    }
}

} // namespace Sandbench
