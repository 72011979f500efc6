#include "terminaltext.h"

namespace Sandbench {

namespace {

bool isControl(char32_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

QString hexEscape(char32_t c)
{
    if (c <= 0xff)
        return QStringLiteral("\\x%1").arg(uint(c), 2, 16, QLatin1Char('0'));
    return QStringLiteral("\\u%1").arg(uint(c), 4, 16, QLatin1Char('0'));
}

QString controlEscape(char32_t c)
{
    switch (c) {
    case '\n': return QStringLiteral("\\n");
    case '\r': return QStringLiteral("\\r");
    case '\t': return QStringLiteral("\\t");
    case 0x1b: return QStringLiteral("\\e");
    default: return hexEscape(c);
    }
}

// Calls `each` with every code point; unpaired surrogates come as themselves.
template<typename F>
void forEachCodePoint(const QString &text, F each)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            each(QChar::surrogateToUcs4(c, text.at(i + 1)));
            ++i;
        } else {
            each(char32_t(c.unicode()));
        }
    }
}

} // namespace

bool isFormattingCharacter(char32_t c)
{
    if (c == 0x00ad || c == 0x061c || c == 0x180e || (c >= 0x200b && c <= 0x200f) || (c >= 0x2028 && c <= 0x202e)
        || (c >= 0x2060 && c <= 0x206f) || c == 0xfeff || (c >= 0xfff9 && c <= 0xfffb)
        || (c >= 0xd800 && c <= 0xdfff) || (c >= 0xe0000 && c <= 0xe007f))
        return true;
    // Drawn as nothing at all: the combining grapheme joiner and the Hangul fillers, which make
    // a name look empty or like another.
    if (c == 0x034f || c == 0x115f || c == 0x1160 || c == 0x3164 || c == 0xffa0)
        return true;
    // Every other format character Unicode knows (Cf: U+0600..U+0605, U+110BD, U+1BCA0.. and
    // those added later), and noncharacters; by category, so none is missed by a list.
    if (c > 0x10ffff)
        return true;
    switch (QChar::category(c)) {
    case QChar::Other_Format:
    case QChar::Other_Surrogate:
    case QChar::Separator_Line:
    case QChar::Separator_Paragraph:
        return true;
    default:
        return (c & 0xfffe) == 0xfffe || (c >= 0xfdd0 && c <= 0xfdef);
    }
}

QString terminalSafe(const QString &text)
{
    QString out;
    out.reserve(text.size());
    forEachCodePoint(text, [&out](char32_t c) {
        if (c == '\\')
            out += QStringLiteral("\\\\");
        else if (isControl(c))
            out += controlEscape(c);
        else if (isFormattingCharacter(c))
            out += hexEscape(c);
        else
            out += QString::fromUcs4(&c, 1);
    });
    return out;
}

namespace {

QString visible(const QString &text, bool keepLines)
{
    QString out;
    out.reserve(text.size());
    forEachCodePoint(text, [&out, keepLines](char32_t c) {
        if (keepLines && (c == '\n' || c == '\t'))
            out += QChar(char16_t(c));
        else if (c < 0x20)
            out += QChar(char16_t(0x2400 + c));
        else if (c == 0x7f)
            out += QChar(char16_t(0x2421));
        else if (isControl(c) || isFormattingCharacter(c))
            out += QStringLiteral("\u27e6U+%1\u27e7").arg(QString::number(uint(c), 16).toUpper().rightJustified(4, QLatin1Char('0')));
        else
            out += QString::fromUcs4(&c, 1);
    });
    return out;
}

} // namespace

QString visibleText(const QString &text)
{
    return visible(text, false);
}

QString visibleLines(const QString &text)
{
    return visible(text, true);
}

QVariant visibleForRole(const QVariant &value, int role)
{
    const bool lines = role == Qt::ToolTipRole || role == Qt::WhatsThisRole;
    if (role != Qt::DisplayRole && !lines && role != Qt::StatusTipRole && role != Qt::AccessibleTextRole
        && role != Qt::AccessibleDescriptionRole)
        return value;
    if (value.typeId() == QMetaType::QString)
        return lines ? visibleLines(value.toString()) : visibleText(value.toString());
    if (value.typeId() == QMetaType::QStringList) {
        QStringList list = value.toStringList();
        for (QString &item : list)
            item = lines ? visibleLines(item) : visibleText(item);
        return list;
    }
    return value;
}

bool hasHiddenCharacters(const QString &text, bool linesAllowed)
{
    bool hidden = false;
    forEachCodePoint(text, [&](char32_t c) {
        if (linesAllowed && (c == '\n' || c == '\t'))
            return;
        hidden = hidden || isControl(c) || isFormattingCharacter(c);
    });
    return hidden;
}

QByteArray TerminalFilter::filter(QByteArrayView chunk)
{
    QByteArray data = m_pending + chunk.toByteArray();
    m_pending.clear();
    QByteArray out;
    out.reserve(data.size());
    qsizetype i = 0;
    while (i < data.size()) {
        const auto b = static_cast<unsigned char>(data.at(i));
        if (b < 0x80) {
            if (b == '\n' || b == '\t' || (b >= 0x20 && b != 0x7f))
                out.append(char(b));
            else
                out.append(controlEscape(b).toLatin1());
            ++i;
            continue;
        }
        const int length = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
        if (length == 0 || b > 0xf4) {
            out.append(hexEscape(b).toLatin1());
            ++i;
            continue;
        }
        if (i + length > data.size()) {
            // Possibly cut by the chunk: keep it if what is there so far is a valid start.
            bool prefix = true;
            for (qsizetype k = i + 1; k < data.size(); ++k)
                prefix = prefix && (static_cast<unsigned char>(data.at(k)) & 0xc0) == 0x80;
            if (prefix) {
                m_pending = data.mid(i);
                break;
            }
        }
        // Decoded by hand: continuation bytes, no overlong forms, no surrogates, at most U+10FFFF.
        char32_t code = b & (0x7f >> length);
        bool valid = i + length <= data.size();
        for (int k = 1; valid && k < length; ++k) {
            const auto next = static_cast<unsigned char>(data.at(i + k));
            valid = (next & 0xc0) == 0x80;
            code = (code << 6) | (next & 0x3f);
        }
        const char32_t minimum = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
        if (!valid || code < minimum || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
            out.append(hexEscape(b).toLatin1());
            ++i;
            continue;
        }
        if (isControl(code) || isFormattingCharacter(code))
            out.append(hexEscape(code).toLatin1());
        else
            out.append(data.mid(i, length));
        i += length;
    }
    return out;
}

QByteArray TerminalFilter::flush()
{
    QByteArray out;
    for (const char b : std::as_const(m_pending))
        out.append(hexEscape(static_cast<unsigned char>(b)).toLatin1());
    m_pending.clear();
    return out;
}

} // namespace Sandbench
