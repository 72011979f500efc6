#pragma once

#include "common/result.h"
#include "mcp/mcpsession.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QTimer>

class QTcpServer;

namespace Sandbench {

class McpHttpConnection;
struct McpHttpReply;

struct McpHttpOptions
{
    // Loopback only (127.0.0.1 or ::1): whoever reaches the server runs code.
    QHostAddress address = QHostAddress(QHostAddress::LocalHost);
    quint16 port = 0; // 0: any free port
    // The bearer token every request must carry; at least 32 visible ASCII characters.
    QString token;
    // Above the largest legal call (a 16 MiB write as base64, about 22 MiB), as over stdio.
    qint64 maxBodyBytes = qint64(32) << 20;
    // Counted together; when all are taken, a new connection evicts the oldest one that has not
    // shown the token (then the oldest idle keep-alive one of the token holder), so strangers can
    // never keep the token holder out: only the token holder's own busy connections fill it.
    int maxConnections = 64;
    int maxSessions = 16;
    int maxHeaders = 64;
    qsizetype maxHeaderLineBytes = 8 * 1024;
    qsizetype maxHeadBytes = 64 * 1024; // request line and headers together
    // A new connection's first head must arrive within this: until then it is a stranger's.
    // Every client of this server is a local program that sends its head at once.
    qint64 headTimeoutMs = 5'000;
    // Once the token was shown: a request must arrive whole, and an answer be taken, within this.
    qint64 idleTimeoutMs = 30'000;
    // A session with no call running and no request for this long is closed (its sandboxes
    // released): clients rarely send DELETE, and every session holds a slot. 0: never.
    qint64 sessionIdleTimeoutMs = 30 * 60'000;
};

// The agent server's Streamable HTTP transport (MCP 2025-06-18 and 2025-11-25) on one
// endpoint, /mcp: POST carries one JSON-RPC message and is answered with application/json
// (a request) or 202 (a notification or a response); DELETE ends a session; GET is 405 (no
// server-initiated stream). Each Mcp-Session-Id is one McpSession made by the factory at
// initialize; everything inside a message is the session's to check.
//
// Before any body is read, every request must name this server in Host (DNS rebinding), carry
// no foreign Origin, and carry the bearer token (compared in constant time); bodies are
// bounded, connections and sessions are counted, a stranger's head must arrive within the head
// timeout and a request within the idle timeout, and a connection that has not shown the token
// gives way to a new one (makeRoom). Runs in the event loop, never blocks it.
class McpHttpServer : public QObject
{
    Q_OBJECT
public:
    McpHttpServer(McpSessionFactory factory, McpHttpOptions options, QObject *parent = nullptr);
    // Closes every session ("the server stopped"). A session still closing then outlives the
    // server and deletes itself when it emits closed().
    ~McpHttpServer() override;

    // Checks the options and starts listening; returns the port bound.
    Result<quint16> listen();
    // Stops listening, drops every connection and closes every session. Waits for nothing.
    void close();

    bool isListening() const;
    quint16 port() const { return m_port; }
    // The sessions open (or still closing), connections open.
    int sessionCount() const { return int(m_sessions.size()); }
    int connectionCount() const { return int(m_connections.size()); }

    // A token for McpHttpOptions::token: 256 bits from the system's generator, base64url.
    static QString generateToken();

signals:
    // A request the transport refused (status 4xx or 5xx, why, and the client's address:port),
    // for the front end's log. Answers from a session are not refusals.
    void refused(int status, const QString &reason, const QString &peer);

private:
    struct SessionEntry
    {
        QPointer<McpSession> session;
        bool announced = false; // its id was sent to the client: requests may name it
        bool closing = false;
        int running = 0; // messages handed to it and not answered yet
        qint64 lastActiveMs = 0;
    };

    void onNewConnection();
    // Frees a slot for a new connection if one can be freed; false when every connection is
    // the token holder's and busy.
    bool makeRoom();
    void onHead(McpHttpConnection *connection);
    void onRequest(McpHttpConnection *connection);
    void onPost(McpHttpConnection *connection);
    void onDelete(McpHttpConnection *connection);
    void dispatch(McpHttpConnection *connection, McpSession *session, bool initialize);
    void onAnswer(QPointer<McpHttpConnection> connection, quint64 serial, const QString &sessionId,
                  bool initialize, const QByteArray &reply);
    // The session the request names, or null and the refusal to answer with.
    McpSession *namedSession(McpHttpConnection *connection, McpHttpReply *refusal) const;
    void closeSession(const QString &id, const QString &reason);
    void onSessionClosed(const QString &id);
    void closeIdleSessions();
    void refuse(McpHttpConnection *connection, const McpHttpReply &refusal);

    bool isAuthorized(const QByteArray &authorization) const;
    bool isAllowedHost(const QByteArray &host) const;
    bool isAllowedOrigin(const QByteArray &origin) const;

    McpSessionFactory m_factory;
    McpHttpOptions m_options;
    QTcpServer *m_server = nullptr;
    quint16 m_port = 0;
    QByteArray m_tokenDigest;
    QSet<McpHttpConnection *> m_connections;
    QHash<McpHttpConnection *, quint64> m_opened; // the order connections came in
    quint64 m_nextOpened = 0;
    QHash<QString, SessionEntry> m_sessions;
    QElapsedTimer m_clock;
    QTimer m_idleSweep;
};

} // namespace Sandbench
