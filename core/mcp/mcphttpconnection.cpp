#include "mcphttpconnection.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>

#include <climits>

#include <sys/socket.h>

namespace Sandbench {

namespace {

// What the socket itself may hold beyond what the parser took: past it Qt stops reading and
// TCP pushes back on the client.
constexpr qint64 socketReadBufferBytes = 64 * 1024;
constexpr qint64 readChunkBytes = 16 * 1024;
// After a refusal the connection reads and drops what the client still sends for this long,
// so that closing with unread input (which makes the kernel send a reset and drop the answer
// not yet delivered) does not swallow the refusal.
constexpr qint64 maxLingerMs = 2000;

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200: return "OK";
    case 202: return "Accepted";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 417: return "Expectation Failed";
    case 421: return "Misdirected Request";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Unknown";
    }
}

// The client asked to end the connection after this answer.
bool asksToClose(const HttpRequest &request)
{
    for (const QByteArray &option : request.header("connection").split(',')) {
        if (option.trimmed().toLower() == "close")
            return true;
    }
    return false;
}

} // namespace

McpHttpReply McpHttpReply::error(int status, int code, const QString &message, bool close)
{
    McpHttpReply reply;
    reply.status = status;
    reply.contentType = "application/json";
    const QJsonObject error{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
    reply.body = QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                           {QStringLiteral("error"), error},
                                           {QStringLiteral("id"), QJsonValue::Null}})
                     .toJson(QJsonDocument::Compact);
    reply.close = close;
    reply.reason = message;
    return reply;
}

McpHttpConnection::McpHttpConnection(QTcpSocket *socket, HttpLimits limits, qint64 headTimeoutMs,
                                     qint64 idleTimeoutMs, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_parser(limits)
    , m_headTimeoutMs(qMin(headTimeoutMs, idleTimeoutMs))
    , m_idleTimeoutMs(idleTimeoutMs)
{
    socket->setParent(this);
    m_peer = socket->peerAddress().toString() + QLatin1Char(':')
             + QString::number(socket->peerPort());
    socket->setReadBufferSize(socketReadBufferBytes);
    m_deadline.setSingleShot(true);
    connect(&m_deadline, &QTimer::timeout, this, &McpHttpConnection::onDeadline);
    connect(socket, &QTcpSocket::readyRead, this, &McpHttpConnection::processInput);
    connect(socket, &QTcpSocket::bytesWritten, this, &McpHttpConnection::onBytesWritten);
    connect(socket, &QTcpSocket::disconnected, this, &McpHttpConnection::finish);
    connect(socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError error) {
        // A client that closes its side while we still write is gone; so is a reset.
        if (error != QAbstractSocket::SocketTimeoutError)
            finish();
    });
}

void McpHttpConnection::start()
{
    m_deadline.start(int(qMin<qint64>(m_headTimeoutMs, INT_MAX)));
    // What arrived with the connection is read now rather than on a later turn of the event
    // loop, after more connections may have been accepted (and this one evicted for them).
    if (m_socket && m_socket->waitForReadyRead(0))
        return;
    processInput();
}

void McpHttpConnection::authenticate()
{
    if (m_authenticated || m_phase == Phase::Done)
        return;
    m_authenticated = true;
    // The body (and so the request) now has the idle deadline, from the accepted head on.
    if (m_phase == Phase::Deciding || m_phase == Phase::Reading)
        m_deadline.start(int(qMin<qint64>(m_idleTimeoutMs, INT_MAX)));
}

bool McpHttpConnection::isIdle() const
{
    return m_phase == Phase::Reading && m_serial > 0 && !m_parser.started();
}

McpHttpConnection::~McpHttpConnection()
{
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
}

void McpHttpConnection::processInput()
{
    if (!m_socket || m_inProcessInput)
        return;
    // The server may answer inside the signals emitted here; the loop re-checks the phase.
    m_inProcessInput = true;
    while (m_socket && m_phase == Phase::Reading) {
        if (m_parser.state() == HttpRequestParser::State::Complete) {
            m_phase = Phase::Processing;
            m_deadline.stop();
            ++m_serial;
            emit requestReceived();
            continue;
        }
        const qint64 available = m_socket->bytesAvailable();
        if (available <= 0)
            break;
        const QByteArray chunk = m_socket->peek(qMin(available, readChunkBytes));
        const qsizetype used = m_parser.feed(chunk);
        m_socket->skip(used);
        switch (m_parser.state()) {
        case HttpRequestParser::State::Failed:
            emit malformed(m_parser.errorStatus(), m_parser.errorReason());
            reply(McpHttpReply::error(m_parser.errorStatus(), -32600, m_parser.errorReason(), true));
            break;
        case HttpRequestParser::State::HeadComplete:
            m_phase = Phase::Deciding;
            emit headReceived();
            break;
        default:
            break;
        }
    }
    m_inProcessInput = false;
    if (m_phase == Phase::Lingering && m_socket)
        m_socket->skip(m_socket->bytesAvailable());
}

void McpHttpConnection::readBody(qint64 length)
{
    if (m_phase != Phase::Deciding)
        return;
    m_parser.expectBody(length);
    m_phase = Phase::Reading;
    // A client that waits for this before sending the body (curl does, above 1 KiB) learns
    // that its head was accepted; one refused never had to send the body at all.
    if (length > 0 && m_parser.request().header("expect").toLower() == "100-continue")
        m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
    if (!m_inProcessInput)
        processInput();
}

void McpHttpConnection::reply(const McpHttpReply &reply)
{
    if (!m_socket || (m_phase != Phase::Reading && m_phase != Phase::Deciding
                      && m_phase != Phase::Processing))
        return;
    m_closeAfterWrite = reply.close || m_parser.state() != HttpRequestParser::State::Complete
                        || asksToClose(m_parser.request());
    // A response to HEAD has no body, whatever it says.
    const QByteArray body = m_parser.request().method == "HEAD" ? QByteArray() : reply.body;
    QByteArray out = "HTTP/1.1 " + QByteArray::number(reply.status) + ' '
                     + reasonPhrase(reply.status) + "\r\n";
    if (!reply.contentType.isEmpty())
        out += "Content-Type: " + reply.contentType + "\r\n";
    out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    out += "Cache-Control: no-store\r\n";
    for (const auto &[name, value] : reply.headers)
        out += name + ": " + value + "\r\n";
    if (m_closeAfterWrite)
        out += "Connection: close\r\n";
    else if (m_idleTimeoutMs >= 2000)
        out += "Keep-Alive: timeout=" + QByteArray::number(m_idleTimeoutMs / 1000) + "\r\n";
    out += "\r\n";
    out += body;
    m_phase = Phase::Writing;
    m_deadline.start(int(qMin<qint64>(m_idleTimeoutMs, INT_MAX)));
    m_socket->write(out);
}

void McpHttpConnection::onBytesWritten()
{
    if (!m_socket || m_phase != Phase::Writing || m_socket->bytesToWrite() > 0)
        return;
    if (m_closeAfterWrite) {
        lingerThenClose();
        return;
    }
    m_parser.reset();
    m_phase = Phase::Reading;
    m_deadline.start(int(qMin<qint64>(m_idleTimeoutMs, INT_MAX)));
    processInput();
}

void McpHttpConnection::lingerThenClose()
{
    m_phase = Phase::Lingering;
    // FIN after the answer; then drop input until the client closes or the linger ends.
    ::shutdown(int(m_socket->socketDescriptor()), SHUT_WR);
    m_socket->skip(m_socket->bytesAvailable());
    m_deadline.start(int(qMin(m_idleTimeoutMs, maxLingerMs)));
}

void McpHttpConnection::onDeadline()
{
    // A request or an answer not taken in time, or the end of the linger.
    abort();
}

void McpHttpConnection::abort()
{
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
    finish();
}

void McpHttpConnection::finish()
{
    if (m_phase == Phase::Done)
        return;
    m_phase = Phase::Done;
    m_deadline.stop();
    emit finished();
}

} // namespace Sandbench
