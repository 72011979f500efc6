#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>

#include <utility>

namespace Sandbench {

// Visible ASCII only (0x21 to 0x7e): no space, control or 8-bit byte. A request target, a
// session id and the bearer token are all made of these.
bool isVisibleAscii(QByteArrayView s);

// One HTTP/1.1 request as the agent server's HTTP transport received it.
struct HttpRequest
{
    QByteArray method;
    QByteArray target; // origin-form: starts with '/'
    QList<std::pair<QByteArray, QByteArray>> headers; // names lower-cased, values trimmed
    qint64 contentLength = -1; // -1: no Content-Length header
    QByteArray body;

    // The value of the header named `name` (lower case), empty when absent.
    QByteArray header(QByteArrayView name) const;
    qsizetype headerCount(QByteArrayView name) const;
    bool hasHeader(QByteArrayView name) const { return headerCount(name) > 0; }
    // The target without its query.
    QByteArray path() const;
};

struct HttpLimits
{
    qsizetype maxLineBytes = 8 * 1024; // the request line and each header line, CRLF included
    int maxHeaders = 64;
    qsizetype maxHeadBytes = 64 * 1024; // the request line and all header lines together
};

// Reads one request from bytes fed in any split, holding at most one head (maxHeadBytes, in
// lines of at most maxLineBytes) and then exactly the announced body. It stops when the head
// is complete so that the transport can refuse a request (authentication, Host, Origin, size)
// before any of its body is read, and never consumes bytes past the end of its request: what
// follows belongs to the next one. It is strict where leniency lets two parsers disagree on
// where a request ends (request smuggling): CRLF only, no folded or nameless lines, no
// whitespace before a colon, no control characters, exactly one Host, at most one
// Content-Length of plain digits. Transfer-Encoding is kept as a header, never decoded: the
// transport refuses it.
class HttpRequestParser
{
public:
    enum class State { Head, HeadComplete, Body, Complete, Failed };

    explicit HttpRequestParser(HttpLimits limits = {});

    // Consumes bytes of the current request and returns how many; stops (consumes no more)
    // at HeadComplete, Complete and Failed.
    qsizetype feed(QByteArrayView data);
    // After HeadComplete: read a body of `length` bytes (the caller checked it against its
    // cap); with 0 the request is Complete at once.
    void expectBody(qint64 length);
    // Ready for the next request on the same connection.
    void reset();

    State state() const { return m_state; }
    // Whether any byte of the current request arrived (an idle keep-alive connection is not a
    // half-sent request).
    bool started() const { return m_started; }
    const HttpRequest &request() const { return m_request; }
    HttpRequest takeRequest();

    // When Failed: the status to answer (400, 414, 431, 505) and why.
    int errorStatus() const { return m_errorStatus; }
    const QString &errorReason() const { return m_errorReason; }

private:
    bool takeLine(QByteArrayView line);
    bool parseRequestLine(QByteArrayView line);
    bool parseHeaderLine(QByteArrayView line);
    bool finishHead();
    bool failWith(int status, const QString &reason);

    HttpLimits m_limits;
    State m_state = State::Head;
    bool m_started = false;
    bool m_haveRequestLine = false;
    int m_leadingEmptyLines = 0;
    qsizetype m_headBytes = 0;
    QByteArray m_line;
    HttpRequest m_request;
    qint64 m_bodyRemaining = 0;
    int m_errorStatus = 0;
    QString m_errorReason;
};

} // namespace Sandbench
