#pragma once

#include "mcp/httprequestparser.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <utility>

class QTcpSocket;

namespace Sandbench {

// One answer of the agent server's HTTP transport. Every answer carries Content-Length.
struct McpHttpReply
{
    int status = 200;
    QByteArray contentType; // empty with an empty body
    QByteArray body;
    QList<std::pair<QByteArray, QByteArray>> headers;
    bool close = false; // end the connection after it (Connection: close)
    QString reason; // why it was refused, for the log

    // A transport-level refusal: `status` with a JSON-RPC error that has no id, the shape the
    // MCP specification and the official SDK use for HTTP errors.
    static McpHttpReply error(int status, int code, const QString &message, bool close = false);
};

// One client TCP connection: reads one request at a time (the next only once the answer to
// the previous one was written out, so a client that sends without reading fills its own
// socket, not this process), hands its head and then its body to the server, and writes the
// answer. Memory per connection is bounded by one header line, the headers (HttpLimits) and the
// body the server agreed to read; the socket's own buffer is bounded too.
//
// Deadlines, never reset by arriving bytes (a byte a minute keeps nothing open): the first
// request's head must arrive within headTimeoutMs of the connection opening (until then the
// client has not shown the token: it is a stranger, and holds a slot only briefly); once the
// server called authenticate(), a request must arrive whole within idleTimeoutMs of the
// previous answer being written (or of the head being accepted), and an answer must be taken
// by the client within idleTimeoutMs. Only while the session works on the answer is there no
// deadline (a code run takes what it takes).
class McpHttpConnection : public QObject
{
    Q_OBJECT
public:
    McpHttpConnection(QTcpSocket *socket, HttpLimits limits, qint64 headTimeoutMs,
                      qint64 idleTimeoutMs, QObject *parent);
    ~McpHttpConnection() override;

    // Starts the deadline and reads what already arrived: a client that sent its head with
    // the connection is judged before the server accepts another one. Call once, after the
    // signals are connected; the connection may be finished when it returns.
    void start();
    // The head just received carried the token: from now on the idle deadline applies, and
    // the connection is the token holder's.
    void authenticate();
    bool isAuthenticated() const { return m_authenticated; }
    // Answered at least once and no byte of the next request yet: closing it loses nothing.
    bool isIdle() const;
    // Refused and closing: only the end of an answer is still being delivered.
    bool isLingering() const { return m_phase == Phase::Lingering; }

    const HttpRequest &request() const { return m_parser.request(); }
    // Counts requests, so that a late answer to an earlier one can be told apart.
    quint64 serial() const { return m_serial; }
    // Between requestReceived() and reply(): an answer is expected.
    bool isAwaitingReply() const { return m_phase == Phase::Processing; }
    // The client's address and port, for the log.
    const QString &peer() const { return m_peer; }

    // After headReceived(): read the body (length bytes, checked by the caller); then
    // requestReceived() follows.
    void readBody(qint64 length);
    // After headReceived() or requestReceived(). Closes after the answer when asked to, and
    // always when the request's body was not read (the stream cannot be framed past it).
    void reply(const McpHttpReply &reply);
    // Drops the connection now, unsent data included.
    void abort();

signals:
    void headReceived();
    void requestReceived();
    // A request that could not be read (answered and closed by the connection itself).
    void malformed(int status, const QString &reason);
    // The connection is gone; the server forgets it (emitted once).
    void finished();

private:
    enum class Phase { Reading, Deciding, Processing, Writing, Lingering, Done };

    void processInput();
    void onBytesWritten();
    void onDeadline();
    void lingerThenClose();
    void finish();

    QPointer<QTcpSocket> m_socket;
    HttpRequestParser m_parser;
    qint64 m_headTimeoutMs;
    qint64 m_idleTimeoutMs;
    QTimer m_deadline;
    bool m_authenticated = false;
    Phase m_phase = Phase::Reading;
    bool m_closeAfterWrite = false;
    bool m_inProcessInput = false;
    quint64 m_serial = 0;
    QString m_peer;
};

} // namespace Sandbench
