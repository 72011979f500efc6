#include "brokerprotocol.h"

#include <utility>

namespace Sandbench {

namespace {

class FlatReader
{
public:
    FlatReader(const char *data, qsizetype size) : m_p(data), m_end(data + size) {}

    void skipSpace()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\t' || *m_p == '\r' || *m_p == '\n'))
            ++m_p;
    }
    bool take(char c)
    {
        skipSpace();
        if (m_p < m_end && *m_p == c) {
            ++m_p;
            return true;
        }
        return false;
    }
    bool peek(char c)
    {
        skipSpace();
        return m_p < m_end && *m_p == c;
    }
    bool atEnd()
    {
        skipSpace();
        return m_p >= m_end;
    }

    bool string(QByteArray *out)
    {
        if (!take('"'))
            return false;
        out->clear();
        while (m_p < m_end && *m_p != '"') {
            char c = *m_p++;
            if (static_cast<unsigned char>(c) < 0x20)
                return false;
            if (c != '\\') {
                out->append(c);
                continue;
            }
            if (m_p >= m_end)
                return false;
            c = *m_p++;
            switch (c) {
            case '"': case '\\': case '/': out->append(c); break;
            case 'b': out->append('\b'); break;
            case 'f': out->append('\f'); break;
            case 'n': out->append('\n'); break;
            case 'r': out->append('\r'); break;
            case 't': out->append('\t'); break;
            case 'u': {
                uint code = 0;
                if (!hex4(&code))
                    return false;
                if (code >= 0xd800 && code <= 0xdbff) {
                    uint low = 0;
                    if (m_end - m_p < 6 || m_p[0] != '\\' || m_p[1] != 'u')
                        return false;
                    m_p += 2;
                    if (!hex4(&low) || low < 0xdc00 || low > 0xdfff)
                        return false;
                    code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
                } else if (code >= 0xdc00 && code <= 0xdfff) {
                    return false;
                }
                const char32_t ucs = code;
                out->append(QString::fromUcs4(&ucs, 1).toUtf8());
                break;
            }
            default: return false;
            }
        }
        return take('"');
    }

    bool number(qint64 *out)
    {
        skipSpace();
        bool negative = false;
        if (m_p < m_end && *m_p == '-') {
            negative = true;
            ++m_p;
        }
        if (m_p >= m_end || *m_p < '0' || *m_p > '9')
            return false;
        qint64 value = 0;
        while (m_p < m_end && *m_p >= '0' && *m_p <= '9') {
            if (value > (qint64(1) << 53))
                return false;
            value = value * 10 + (*m_p++ - '0');
        }
        *out = negative ? -value : value;
        return true;
    }

    bool literal(const char *word)
    {
        skipSpace();
        const qsizetype length = qsizetype(qstrlen(word));
        if (m_end - m_p < length || qstrncmp(m_p, word, size_t(length)) != 0)
            return false;
        m_p += length;
        return true;
    }

private:
    bool hex4(uint *out)
    {
        if (m_end - m_p < 4)
            return false;
        uint value = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = *m_p++;
            value <<= 4;
            if (c >= '0' && c <= '9') value |= uint(c - '0');
            else if (c >= 'a' && c <= 'f') value |= uint(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F') value |= uint(c - 'A' + 10);
            else return false;
        }
        *out = value;
        return true;
    }

    const char *m_p;
    const char *m_end;
};

} // namespace

bool parseBrokerRequest(const char *data, qsizetype size, BrokerRequest *request)
{
    FlatReader reader(data, size);
    if (!reader.take('{'))
        return false;
    BrokerRequest out;
    QByteArray key;
    QByteArray text;
    bool first = true;
    // The keys a decision depends on must each come once and with the type the runtime sends:
    // a second "value" or a number where a path belongs is not the runtime we know, and
    // reading it as null would make it a question about every file.
    bool seenId = false, seenPid = false, seenPermission = false, seenValue = false;
    auto once = [](bool *seen) { return !std::exchange(*seen, true); };
    while (!reader.peek('}')) {
        if (!first && !reader.take(','))
            return false;
        first = false;
        if (!reader.string(&key) || !reader.take(':'))
            return false;
        const bool isId = key == "id", isPid = key == "pid", isPermission = key == "permission", isValue = key == "value";
        if ((isId && !once(&seenId)) || (isPid && !once(&seenPid)) || (isPermission && !once(&seenPermission))
            || (isValue && !once(&seenValue)))
            return false;
        if (reader.peek('"')) {
            if (!reader.string(&text) || isId || isPid)
                return false;
            if (isPermission) {
                out.permission = QString::fromUtf8(text);
            } else if (isValue) {
                out.value = QString::fromUtf8(text);
                out.hasValue = true;
            }
        } else if (reader.literal("null")) {
            if (isId || isPid || isPermission)
                return false;
        } else if (reader.literal("true") || reader.literal("false")) {
            if (isId || isPid || isPermission || isValue)
                return false;
        } else {
            qint64 number = 0;
            if (!reader.number(&number) || isPermission || isValue)
                return false;
            if (isId)
                out.id = number;
            else if (isPid)
                out.pid = number;
        }
    }
    reader.take('}');
    if (!reader.atEnd() || out.id < 0 || out.permission.isEmpty())
        return false;
    *request = out;
    return true;
}

QByteArray brokerResponse(qint64 id, bool allow, const QString &reason)
{
    QByteArray out = "{\"id\":" + QByteArray::number(id);
    if (allow) {
        out.append(",\"result\":\"allow\"}\n");
        return out;
    }
    out.append(",\"result\":\"deny\",\"reason\":\"");
    for (const char c : reason.toUtf8()) {
        if (c == '"' || c == '\\') {
            out.append('\\').append(c);
        } else if (static_cast<unsigned char>(c) < 0x20) {
            out.append(' ');
        } else {
            out.append(c);
        }
    }
    out.append("\"}\n");
    return out;
}

} // namespace Sandbench
