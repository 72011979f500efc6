#include "mcphttpserver.h"

#include "mcp/httprequestparser.h"
#include "mcp/mcphttpconnection.h"

#include <QCryptographicHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTcpSocket>

#include <memory>

namespace Sandbench {

namespace {

constexpr qsizetype minTokenLength = 32;
constexpr qsizetype maxSessionIdLength = 256;

// Constant time in the bytes compared (both are digests of the same length, so the length
// of what a client sent tells nothing either).
bool equalInConstantTime(const QByteArray &a, const QByteArray &b)
{
    if (a.size() != b.size())
        return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

struct MessageKind
{
    bool initialize = false;
    bool expectsAnswer = true;
};

// Only enough of the message to route it: whether it is an initialize request, and whether it
// is a notification or a response (202). Anything else, JSON or not, is the session's to judge.
MessageKind peek(const QByteArray &body)
{
    MessageKind kind;
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (!doc.isObject())
        return kind;
    const QJsonObject message = doc.object();
    const bool hasId = message.contains(QLatin1String("id"));
    const bool isResponse = message.contains(QLatin1String("result"))
                            || message.contains(QLatin1String("error"));
    const bool hasMethod = message.value(QLatin1String("method")).isString();
    kind.initialize = hasId && !isResponse
                      && message.value(QLatin1String("method")).toString()
                             == QLatin1String("initialize");
    kind.expectsAnswer = !(isResponse || (hasMethod && !hasId));
    return kind;
}

// A JSON-RPC error with a null id answers a message that could not be read at all (-32700,
// -32600): the official SDK's server sends those with 400.
bool isUnreadableMessageError(const QByteArray &reply)
{
    const QJsonObject answer = QJsonDocument::fromJson(reply).object();
    return answer.contains(QLatin1String("error")) && answer.value(QLatin1String("id")).isNull();
}

QByteArray mediaType(const QByteArray &contentType)
{
    const qsizetype semicolon = contentType.indexOf(';');
    return (semicolon < 0 ? contentType : contentType.left(semicolon)).trimmed().toLower();
}

} // namespace

McpHttpServer::McpHttpServer(McpSessionFactory factory, McpHttpOptions options, QObject *parent)
    : QObject(parent)
    , m_factory(std::move(factory))
    , m_options(std::move(options))
{
    m_clock.start();
    connect(&m_idleSweep, &QTimer::timeout, this, &McpHttpServer::closeIdleSessions);
}

McpHttpServer::~McpHttpServer()
{
    close();
    // Sessions still closing finish on their own (their sandboxes are being released).
    for (auto it = m_sessions.begin(); it != m_sessions.end(); ++it) {
        if (McpSession *session = it->session) {
            session->disconnect(this);
            session->setParent(nullptr);
            connect(session, &McpSession::closed, session, &QObject::deleteLater);
        }
    }
    m_sessions.clear();
}

QString McpHttpServer::generateToken()
{
    QByteArray bytes(32, Qt::Uninitialized);
    QRandomGenerator::system()->generate(reinterpret_cast<quint32 *>(bytes.data()),
                                         reinterpret_cast<quint32 *>(bytes.data() + bytes.size()));
    return QString::fromLatin1(
        bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

bool McpHttpServer::isListening() const
{
    return m_server && m_server->isListening();
}

Result<quint16> McpHttpServer::listen()
{
    if (isListening())
        return fail(ErrorCode::InvalidInput, QStringLiteral("the agent server is already listening"));
    const QString address = m_options.address.toString();
    const bool loopback =
        (m_options.address.protocol() == QAbstractSocket::IPv4Protocol && address == QLatin1String("127.0.0.1"))
        || (m_options.address.protocol() == QAbstractSocket::IPv6Protocol && address == QLatin1String("::1"));
    if (!loopback)
        return fail(ErrorCode::ConfigError,
                    QStringLiteral("the agent server listens on 127.0.0.1 or ::1 only, not %1: "
                                   "whoever reaches it runs code")
                        .arg(address.isEmpty() ? QStringLiteral("(no address)") : address));
    const QByteArray token = m_options.token.toUtf8();
    if (token.size() < minTokenLength || !isVisibleAscii(token))
        return fail(ErrorCode::ConfigError,
                    QStringLiteral("the agent server's token must be at least %1 visible ASCII "
                                   "characters")
                        .arg(minTokenLength));
    if (m_options.maxBodyBytes <= 0 || m_options.maxConnections < 1 || m_options.maxSessions < 1
        || m_options.maxHeaders < 8 || m_options.maxHeaderLineBytes < 256
        || m_options.maxHeadBytes < m_options.maxHeaderLineBytes || m_options.idleTimeoutMs <= 0
        || m_options.headTimeoutMs <= 0
        || m_options.sessionIdleTimeoutMs < 0)
        return fail(ErrorCode::ConfigError, QStringLiteral("the agent server's limits must be positive"));

    delete m_server;
    m_server = new QTcpServer(this);
    connect(m_server, &QTcpServer::newConnection, this, &McpHttpServer::onNewConnection);
    if (!m_server->listen(m_options.address, m_options.port))
        return fail(ErrorCode::EnvironmentError,
                    QStringLiteral("the agent server cannot listen on %1:%2: %3")
                        .arg(address)
                        .arg(m_options.port)
                        .arg(m_server->errorString()));
    m_port = m_server->serverPort();
    m_tokenDigest = QCryptographicHash::hash(token, QCryptographicHash::Sha256);
    if (m_options.sessionIdleTimeoutMs > 0)
        m_idleSweep.start(int(qBound(qint64(10), m_options.sessionIdleTimeoutMs / 4, qint64(60'000))));
    return m_port;
}

void McpHttpServer::close()
{
    if (m_server)
        m_server->close();
    m_idleSweep.stop();
    const QSet<McpHttpConnection *> connections = std::exchange(m_connections, {});
    m_opened.clear();
    for (McpHttpConnection *connection : connections) {
        connection->disconnect(this);
        connection->abort();
        connection->deleteLater();
    }
    const QStringList ids = m_sessions.keys();
    for (const QString &id : ids)
        closeSession(id, QStringLiteral("the server stopped"));
}

void McpHttpServer::onNewConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        if (m_connections.size() >= m_options.maxConnections && !makeRoom()) {
            socket->abort();
            socket->deleteLater();
            continue;
        }
        HttpLimits limits;
        limits.maxHeaders = m_options.maxHeaders;
        limits.maxLineBytes = m_options.maxHeaderLineBytes;
        limits.maxHeadBytes = m_options.maxHeadBytes;
        auto *connection = new McpHttpConnection(socket, limits, m_options.headTimeoutMs,
                                                 m_options.idleTimeoutMs, this);
        m_connections.insert(connection);
        m_opened.insert(connection, m_nextOpened++);
        connect(connection, &McpHttpConnection::headReceived, this,
                [this, connection] { onHead(connection); });
        connect(connection, &McpHttpConnection::requestReceived, this,
                [this, connection] { onRequest(connection); });
        connect(connection, &McpHttpConnection::malformed, this,
                [this, connection](int status, const QString &reason) {
                    emit refused(status, reason, connection->peer());
                });
        connect(connection, &McpHttpConnection::finished, this, [this, connection] {
            m_connections.remove(connection);
            m_opened.remove(connection);
            connection->deleteLater();
        });
        connection->start(); // may finish it
    }
}

bool McpHttpServer::makeRoom()
{
    // All clients share 127.0.0.1, so no limit per address can tell the token holder from a
    // stranger: only the token can. A stranger's connection (no head with the token yet, or
    // refused and closing) gives way to a newcomer, oldest first, so one that reconnects in a
    // loop only evicts its own; and every newcomer reads what it brought at once (start()),
    // so a token holder's head is judged before the next connection is even accepted. Then
    // the token holder's idle keep-alive connections (it reconnects, as with any server that
    // closes an idle connection). A connection waiting for its answer is never closed.
    McpHttpConnection *victim = nullptr;
    int victimRank = 3;
    quint64 victimOpened = 0;
    for (McpHttpConnection *connection : std::as_const(m_connections)) {
        // A token holder's connection closing after its answer is as good as idle: the answer
        // has reached the kernel.
        const bool done = connection->isIdle() || connection->isLingering();
        const int rank = !connection->isAuthenticated() ? (connection->isLingering() ? 0 : 1)
                         : done                          ? 2
                                                         : 3;
        const quint64 opened = m_opened.value(connection);
        if (rank < victimRank || (rank == victimRank && rank < 3 && opened < victimOpened)) {
            victim = connection;
            victimRank = rank;
            victimOpened = opened;
        }
    }
    if (!victim)
        return false;
    victim->disconnect(this);
    m_connections.remove(victim);
    m_opened.remove(victim);
    victim->abort();
    victim->deleteLater();
    return true;
}

bool McpHttpServer::isAuthorized(const QByteArray &authorization) const
{
    const qsizetype space = authorization.indexOf(' ');
    if (space < 0 || authorization.left(space).toLower() != "bearer")
        return false;
    const QByteArray presented = authorization.mid(space + 1).trimmed();
    return equalInConstantTime(QCryptographicHash::hash(presented, QCryptographicHash::Sha256),
                               m_tokenDigest);
}

bool McpHttpServer::isAllowedHost(const QByteArray &host) const
{
    const QByteArray port = ':' + QByteArray::number(m_port);
    const QByteArray lower = host.toLower();
    return lower == "127.0.0.1" + port || lower == "localhost" + port || lower == "[::1]" + port;
}

bool McpHttpServer::isAllowedOrigin(const QByteArray &origin) const
{
    const QByteArray port = ':' + QByteArray::number(m_port);
    return origin == "http://127.0.0.1" + port || origin == "http://localhost" + port
           || origin == "http://[::1]" + port;
}

void McpHttpServer::onHead(McpHttpConnection *connection)
{
    const HttpRequest &request = connection->request();
    // Host first: a page that rebinds its own name to 127.0.0.1 sends its name here.
    if (!isAllowedHost(request.header("host")))
        return refuse(connection, 
            McpHttpReply::error(421, -32000, QStringLiteral("Host does not name this server"), true));
    if (request.headerCount("origin") > 1
        || (request.hasHeader("origin") && !isAllowedOrigin(request.header("origin"))))
        return refuse(connection, 
            McpHttpReply::error(403, -32000, QStringLiteral("Forbidden: Origin not allowed"), true));
    if (request.headerCount("authorization") != 1 || !isAuthorized(request.header("authorization"))) {
        McpHttpReply refusal = McpHttpReply::error(401, -32000, QStringLiteral("Unauthorized"), true);
        refusal.headers.emplaceBack("WWW-Authenticate", "Bearer");
        return refuse(connection, refusal);
    }
    connection->authenticate();
    if (request.path() != "/mcp")
        return refuse(connection, McpHttpReply::error(404, -32000, QStringLiteral("Not Found")));
    if (request.hasHeader("transfer-encoding"))
        return refuse(connection, McpHttpReply::error(
            501, -32000, QStringLiteral("Transfer-Encoding is not supported; send Content-Length"), true));
    if (request.hasHeader("expect") && request.header("expect").toLower() != "100-continue")
        return refuse(connection, 
            McpHttpReply::error(417, -32000, QStringLiteral("only Expect: 100-continue is known")));
    if (request.method == "POST") {
        if (request.contentLength < 0)
            return refuse(connection, 
                McpHttpReply::error(411, -32000, QStringLiteral("Content-Length is required")));
        if (request.contentLength > m_options.maxBodyBytes)
            return refuse(connection, McpHttpReply::error(
                413, -32000,
                QStringLiteral("the message is larger than %1 bytes").arg(m_options.maxBodyBytes)));
        if (mediaType(request.header("content-type")) != "application/json")
            return refuse(connection, McpHttpReply::error(
                415, -32000, QStringLiteral("Content-Type must be application/json")));
        return connection->readBody(request.contentLength);
    }
    if (request.method == "GET" || request.method == "DELETE") {
        if (request.contentLength > 0)
            return refuse(connection, 
                McpHttpReply::error(400, -32000, QStringLiteral("a %1 has no body")
                                                     .arg(QString::fromLatin1(request.method))));
        return connection->readBody(0);
    }
    McpHttpReply refusal = McpHttpReply::error(405, -32000, QStringLiteral("Method Not Allowed"));
    refusal.headers.emplaceBack("Allow", "POST, DELETE");
    refuse(connection, refusal);
}

void McpHttpServer::onRequest(McpHttpConnection *connection)
{
    const QByteArray &method = connection->request().method;
    if (method == "POST")
        return onPost(connection);
    if (method == "DELETE")
        return onDelete(connection);
    // GET would open a stream for messages from the server; this server sends none.
    McpHttpReply refusal = McpHttpReply::error(405, -32000, QStringLiteral("Method Not Allowed"));
    refusal.headers.emplaceBack("Allow", "POST, DELETE");
    refuse(connection, refusal);
}

McpSession *McpHttpServer::namedSession(McpHttpConnection *connection, McpHttpReply *refusal) const
{
    const HttpRequest &request = connection->request();
    if (request.headerCount("mcp-session-id") != 1) {
        *refusal = McpHttpReply::error(
            400, -32000, QStringLiteral("Bad Request: Mcp-Session-Id header is required"));
        return nullptr;
    }
    const auto it = m_sessions.constFind(QString::fromLatin1(request.header("mcp-session-id")));
    if (it == m_sessions.cend() || !it->announced || it->closing || !it->session
        || it->session->isClosed()) {
        *refusal = McpHttpReply::error(404, -32001, QStringLiteral("Session not found"));
        return nullptr;
    }
    // Absent means the client predates the header (2025-03-26): accepted.
    const qsizetype versions = request.headerCount("mcp-protocol-version");
    if (versions > 1
        || (versions == 1
            && QString::fromLatin1(request.header("mcp-protocol-version"))
                   != it->session->protocolVersion())) {
        *refusal = McpHttpReply::error(
            400, -32000, QStringLiteral("Bad Request: unsupported MCP-Protocol-Version"));
        return nullptr;
    }
    return it->session;
}

void McpHttpServer::onPost(McpHttpConnection *connection)
{
    const HttpRequest &request = connection->request();
    const MessageKind kind = peek(request.body);
    if (!kind.initialize || request.hasHeader("mcp-session-id")) {
        McpHttpReply refusal;
        if (McpSession *session = namedSession(connection, &refusal))
            return dispatch(connection, session, false);
        return refuse(connection, refusal);
    }
    if (m_sessions.size() >= m_options.maxSessions)
        return refuse(connection, McpHttpReply::error(
            503, -32000, QStringLiteral("too many sessions: end one (DELETE) and try again")));
    McpSession *session = m_factory ? m_factory(QStringLiteral("http"), this) : nullptr;
    if (!session)
        return refuse(connection, 
            McpHttpReply::error(500, -32603, QStringLiteral("no session could be made")));
    const QString id = session->id();
    // The id is a header value and the key to the session: it must be one, and be new.
    if (id.isEmpty() || id.size() > maxSessionIdLength || !isVisibleAscii(id.toLatin1())
        || m_sessions.contains(id)) {
        session->close(QStringLiteral("the session id is unusable"));
        session->deleteLater();
        return refuse(connection, 
            McpHttpReply::error(500, -32603, QStringLiteral("the session id is unusable")));
    }
    m_sessions.insert(id, SessionEntry{session, false, false});
    connect(session, &McpSession::closed, this, [this, id] { onSessionClosed(id); });
    dispatch(connection, session, true);
}

void McpHttpServer::dispatch(McpHttpConnection *connection, McpSession *session, bool initialize)
{
    QPointer<McpHttpServer> self(this);
    QPointer<McpHttpConnection> target(connection);
    const quint64 serial = connection->serial();
    const QString id = session->id();
    auto answered = std::make_shared<bool>(false);
    if (const auto it = m_sessions.find(id); it != m_sessions.end()) {
        ++it->running;
        it->lastActiveMs = m_clock.elapsed();
    }
    session->handle(connection->request().body,
                    [self, target, serial, id, initialize, answered](const QByteArray &reply) {
                        // Once per message, and never into a server or a connection gone.
                        if (!self || std::exchange(*answered, true))
                            return;
                        self->onAnswer(target, serial, id, initialize, reply);
                    });
}

void McpHttpServer::onAnswer(QPointer<McpHttpConnection> connection, quint64 serial,
                             const QString &sessionId, bool initialize, const QByteArray &reply)
{
    const bool waiting = connection && m_connections.contains(connection.data())
                         && connection->serial() == serial && connection->isAwaitingReply();
    bool announce = false;
    const auto it = m_sessions.find(sessionId);
    if (it != m_sessions.end()) {
        --it->running;
        it->lastActiveMs = m_clock.elapsed();
    }
    if (initialize) {
        if (it != m_sessions.end() && !it->announced) {
            if (waiting && !it->closing && it->session && it->session->isInitialized()
                && !it->session->isClosed()) {
                it->announced = true;
                announce = true;
            } else {
                // Refused, or no one left to learn its id: the session would only hold a slot.
                const QString reason = waiting ? QStringLiteral("initialize failed")
                                               : QStringLiteral("the client left during initialize");
                QMetaObject::invokeMethod(
                    this, [this, sessionId, reason] { closeSession(sessionId, reason); },
                    Qt::QueuedConnection);
            }
        }
    }
    if (!waiting)
        return; // the client left: its answer is dropped
    McpHttpReply answer;
    if (reply.isEmpty()) {
        answer.status = 202;
    } else {
        answer.status = isUnreadableMessageError(reply) ? 400 : 200;
        answer.contentType = "application/json";
        answer.body = reply;
    }
    if (announce)
        answer.headers.emplaceBack("Mcp-Session-Id", sessionId.toLatin1());
    connection->reply(answer);
}

void McpHttpServer::onDelete(McpHttpConnection *connection)
{
    McpHttpReply refusal;
    McpSession *session = namedSession(connection, &refusal);
    if (!session)
        return refuse(connection, refusal);
    closeSession(session->id(), QStringLiteral("client ended the session"));
    McpHttpReply done;
    done.status = 200;
    connection->reply(done);
}

void McpHttpServer::closeSession(const QString &id, const QString &reason)
{
    const auto it = m_sessions.find(id);
    if (it == m_sessions.end() || it->closing)
        return;
    it->closing = true;
    // Still counted until closed(): its sandboxes are released by then, not before.
    if (QPointer<McpSession> session = it->session)
        session->close(reason); // may emit closed() at once, erasing the entry
}

void McpHttpServer::refuse(McpHttpConnection *connection, const McpHttpReply &refusal)
{
    emit refused(refusal.status, refusal.reason, connection->peer());
    connection->reply(refusal);
}

void McpHttpServer::onSessionClosed(const QString &id)
{
    const auto it = m_sessions.find(id);
    if (it == m_sessions.end())
        return;
    QPointer<McpSession> session = it->session;
    m_sessions.erase(it);
    if (session)
        session->deleteLater();
}

void McpHttpServer::closeIdleSessions()
{
    const qint64 now = m_clock.elapsed();
    QStringList idle;
    for (auto it = m_sessions.cbegin(); it != m_sessions.cend(); ++it) {
        if (it->announced && !it->closing && it->running == 0
            && now - it->lastActiveMs >= m_options.sessionIdleTimeoutMs)
            idle.append(it.key());
    }
    for (const QString &id : std::as_const(idle))
        closeSession(id, QStringLiteral("the session was idle for too long"));
}

} // namespace Sandbench
