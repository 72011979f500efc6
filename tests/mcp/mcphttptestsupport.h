#pragma once

#include "mcp/mcphttpserver.h"
#include "mcp/mcpsession.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QPointer>
#include <QStringList>
#include <QTcpSocket>

#include <functional>
#include <memory>
#include <utility>

namespace Sandbench::Test {

// A session that answers every request with its id and method, and remembers what it got.
// With `delay`, answers wait for releasePending(); with `asyncClose`, closed() comes from the
// event loop, as from a session that still releases sandboxes.
class FakeSession : public McpSession
{
    Q_OBJECT
public:
    explicit FakeSession(QObject *parent);

    QString id() const override { return m_id; }
    bool isInitialized() const override { return m_initialized; }
    QString protocolVersion() const override { return m_protocolVersion; }
    void handle(const QByteArray &message, McpReplyHandler answer) override;
    void close(const QString &reason) override;
    bool isClosed() const override { return m_closed; }

    QByteArray replyTo(const QByteArray &message);
    void releasePending();

    bool delay = false;
    bool asyncClose = false;
    qsizetype padding = 0; // bytes of filler in each echo
    QList<QByteArray> messages;
    QStringList closeReasons;
    QStringList *closeLog = nullptr; // outlives the session (deleted once closed)
    QList<std::pair<QByteArray, McpReplyHandler>> pending;

private:
    QString m_id;
    bool m_initialized = false;
    bool m_closed = false;
    QString m_protocolVersion;
};

struct RawResponse
{
    int status = 0;
    QMap<QByteArray, QByteArray> headers; // names lower-cased
    QByteArray body;
    QByteArray header(const QByteArray &name) const { return headers.value(name); }
};

// A client that writes exact bytes and reads exact responses (each must carry Content-Length).
class RawClient : public QObject
{
    Q_OBJECT
public:
    explicit RawClient(quint16 port);
    bool isConnected() const { return m_socket.state() == QAbstractSocket::ConnectedState; }
    // Written out at once, as a client that sends its request with the connection.
    void send(const QByteArray &bytes)
    {
        m_socket.write(bytes);
        m_socket.flush();
    }
    // Waits (spinning the event loop) for n responses in all; false on timeout or close.
    bool waitForResponses(int n, int timeoutMs = 5000);
    bool waitForClosed(int timeoutMs = 5000);
    void abort() { m_socket.abort(); }
    // A client that stops reading: the kernel's buffers fill, then the server's writes stall.
    void pauseReading();
    void resumeReading();
    QList<RawResponse> responses;
    bool malformed = false; // a response without Content-Length or a bad status line
    int interim = 0; // 1xx answers (100 Continue), which carry no body

private:
    void parse();
    QTcpSocket m_socket;
    QByteArray m_buffer;
    bool m_paused = false;
};

// A server on 127.0.0.1 with fake sessions, and request builders for it.
struct Harness
{
    explicit Harness(std::function<void(McpHttpOptions &)> tweak = {});
    ~Harness();

    // A request to /mcp with the right Host, token, Content-Type and Content-Length; `changes`
    // replace a default header of the same name (a null value removes it) or are appended.
    QByteArray request(const QByteArray &method, const QByteArray &body,
                       const QList<std::pair<QByteArray, QByteArray>> &changes = {},
                       const QByteArray &target = "/mcp") const;
    QByteArray post(const QByteArray &body, const QString &sessionId = {},
                    const QList<std::pair<QByteArray, QByteArray>> &changes = {}) const;
    static QByteArray initializeBody(int id = 1, const QString &version = QStringLiteral("2025-06-18"));
    static QByteArray callBody(int id, const QByteArray &method = "tools/list");
    // Opens a session on its own connection; returns its id (empty on failure).
    QString initialize();
    FakeSession *session(const QString &id) const;

    QString token;
    quint16 port = 0;
    std::unique_ptr<McpHttpServer> server;
    QList<QPointer<FakeSession>> sessions;
    QStringList transports;
    QStringList closeLog; // every session's close reasons, in order
    bool delayNewSessions = false; // sessions made from now on hold their answers
};

} // namespace Sandbench::Test
