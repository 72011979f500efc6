#include "httprequestparser.h"

#include <limits>

namespace Sandbench {

namespace {

// RFC 9110 token characters (method and header names).
bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    switch (c) {
    case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+': case '-':
    case '.': case '^': case '_': case '`': case '|': case '~':
        return true;
    default:
        return false;
    }
}

bool isToken(QByteArrayView s)
{
    if (s.isEmpty())
        return false;
    for (char c : s) {
        if (!isTokenChar(c))
            return false;
    }
    return true;
}

// Field values: HTAB, SP, visible ASCII and obs-text; no other control character (a NUL or a
// lone CR is how one header line turns into two for another parser).
bool isFieldValue(QByteArrayView s)
{
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && u != '\t') || u == 0x7f)
            return false;
    }
    return true;
}

QByteArrayView trimmedOws(QByteArrayView s)
{
    while (!s.isEmpty() && (s.front() == ' ' || s.front() == '\t'))
        s = s.sliced(1);
    while (!s.isEmpty() && (s.back() == ' ' || s.back() == '\t'))
        s.chop(1);
    return s;
}

} // namespace

bool isVisibleAscii(QByteArrayView s)
{
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (u <= 0x20 || u >= 0x7f)
            return false;
    }
    return true;
}

QByteArray HttpRequest::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers) {
        if (key == name)
            return value;
    }
    return {};
}

qsizetype HttpRequest::headerCount(QByteArrayView name) const
{
    qsizetype count = 0;
    for (const auto &header : headers) {
        if (header.first == name)
            ++count;
    }
    return count;
}

QByteArray HttpRequest::path() const
{
    const qsizetype query = target.indexOf('?');
    return query < 0 ? target : target.left(query);
}

HttpRequestParser::HttpRequestParser(HttpLimits limits)
    : m_limits(limits)
{
}

void HttpRequestParser::reset()
{
    m_state = State::Head;
    m_started = false;
    m_haveRequestLine = false;
    m_leadingEmptyLines = 0;
    m_headBytes = 0;
    m_line.clear();
    m_request = {};
    m_bodyRemaining = 0;
    m_errorStatus = 0;
    m_errorReason.clear();
}

HttpRequest HttpRequestParser::takeRequest()
{
    return std::exchange(m_request, {});
}

bool HttpRequestParser::failWith(int status, const QString &reason)
{
    m_state = State::Failed;
    m_errorStatus = status;
    m_errorReason = reason;
    m_line.clear();
    return false;
}

qsizetype HttpRequestParser::feed(QByteArrayView data)
{
    qsizetype consumed = 0;
    if (!data.isEmpty())
        m_started = true;
    while (consumed < data.size()) {
        if (m_state == State::Body) {
            const qsizetype take = qsizetype(qMin<qint64>(m_bodyRemaining, data.size() - consumed));
            m_request.body.append(data.sliced(consumed, take));
            consumed += take;
            m_bodyRemaining -= take;
            if (m_bodyRemaining == 0)
                m_state = State::Complete;
            continue;
        }
        if (m_state != State::Head)
            break;
        const QByteArrayView rest = data.sliced(consumed);
        const qsizetype newline = rest.indexOf('\n');
        const qsizetype lineEnd = newline < 0 ? rest.size() : newline + 1;
        if (m_line.size() + lineEnd > m_limits.maxLineBytes) {
            failWith(m_haveRequestLine ? 431 : 414,
                     m_haveRequestLine ? QStringLiteral("a header line is too long")
                                       : QStringLiteral("the request line is too long"));
            return consumed + lineEnd;
        }
        if (m_headBytes + lineEnd > m_limits.maxHeadBytes) {
            failWith(431, QStringLiteral("the request head is too large"));
            return consumed + lineEnd;
        }
        m_headBytes += lineEnd;
        m_line.append(rest.first(lineEnd));
        consumed += lineEnd;
        if (newline < 0)
            break;
        const QByteArray line = std::exchange(m_line, {});
        if (!takeLine(line))
            break;
    }
    return consumed;
}

bool HttpRequestParser::takeLine(QByteArrayView line)
{
    // line ends with '\n'.
    if (line.size() < 2 || line[line.size() - 2] != '\r')
        return failWith(400, QStringLiteral("a line does not end with CRLF"));
    line.chop(2);
    if (!m_haveRequestLine) {
        if (line.isEmpty()) {
            // RFC 9112 2.2: an empty line before the request line is ignored; a few at most.
            if (++m_leadingEmptyLines > 4)
                return failWith(400, QStringLiteral("empty lines instead of a request"));
            return true;
        }
        return parseRequestLine(line);
    }
    if (line.isEmpty())
        return finishHead();
    return parseHeaderLine(line);
}

bool HttpRequestParser::parseRequestLine(QByteArrayView line)
{
    const qsizetype firstSpace = line.indexOf(' ');
    const qsizetype lastSpace = line.lastIndexOf(' ');
    if (firstSpace <= 0 || lastSpace <= firstSpace + 1)
        return failWith(400, QStringLiteral("a malformed request line"));
    const QByteArrayView method = line.first(firstSpace);
    const QByteArrayView target = line.sliced(firstSpace + 1, lastSpace - firstSpace - 1);
    const QByteArrayView version = line.sliced(lastSpace + 1);
    if (!isToken(method))
        return failWith(400, QStringLiteral("a malformed method"));
    if (!target.startsWith('/') || !isVisibleAscii(target))
        return failWith(400, QStringLiteral("the request target is not a path"));
    if (version != "HTTP/1.1") {
        const bool looksLikeHttp = version.size() == 8 && version.startsWith("HTTP/")
                                   && version[6] == '.';
        return failWith(looksLikeHttp ? 505 : 400, QStringLiteral("only HTTP/1.1 is served"));
    }
    m_request.method = method.toByteArray();
    m_request.target = target.toByteArray();
    m_haveRequestLine = true;
    return true;
}

bool HttpRequestParser::parseHeaderLine(QByteArrayView line)
{
    if (line.front() == ' ' || line.front() == '\t')
        return failWith(400, QStringLiteral("a folded header line"));
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0 || !isToken(line.first(colon)))
        return failWith(400, QStringLiteral("a malformed header name"));
    const QByteArrayView value = trimmedOws(line.sliced(colon + 1));
    if (!isFieldValue(value))
        return failWith(400, QStringLiteral("a control character in a header value"));
    if (m_request.headers.size() >= m_limits.maxHeaders)
        return failWith(431, QStringLiteral("too many header lines"));
    m_request.headers.append({line.first(colon).toByteArray().toLower(), value.toByteArray()});
    return true;
}

bool HttpRequestParser::finishHead()
{
    if (m_request.headerCount("host") != 1)
        return failWith(400, QStringLiteral("a request needs exactly one Host header"));
    const qsizetype lengths = m_request.headerCount("content-length");
    if (lengths > 1)
        return failWith(400, QStringLiteral("more than one Content-Length"));
    if (lengths == 1) {
        const QByteArray value = m_request.header("content-length");
        if (value.isEmpty())
            return failWith(400, QStringLiteral("a malformed Content-Length"));
        qint64 length = 0;
        for (char c : value) {
            if (c < '0' || c > '9')
                return failWith(400, QStringLiteral("a malformed Content-Length"));
            // Saturate rather than overflow: any such length is over every cap.
            if (length > (std::numeric_limits<qint64>::max() - 9) / 10)
                length = std::numeric_limits<qint64>::max();
            else
                length = length * 10 + (c - '0');
        }
        m_request.contentLength = length;
    }
    m_state = State::HeadComplete;
    return false; // stop feeding: the transport decides on the head first
}

void HttpRequestParser::expectBody(qint64 length)
{
    Q_ASSERT(m_state == State::HeadComplete);
    m_bodyRemaining = qMax<qint64>(0, length);
    m_state = m_bodyRemaining == 0 ? State::Complete : State::Body;
}

} // namespace Sandbench
