#include "mcphttptestsupport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Sandbench::Test {

FakeSession::FakeSession(QObject *parent)
    : McpSession(parent)
    , m_id(QString::number(QRandomGenerator::global()->generate64(), 16)
           + QString::number(QRandomGenerator::global()->generate64(), 16))
{
}

QByteArray FakeSession::replyTo(const QByteArray &message)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(message, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return R"({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}})";
    const QJsonObject request = doc.object();
    if (!request.contains(u"id") || request.contains(u"result") || request.contains(u"error"))
        return {};
    const QString method = request.value(QStringLiteral("method")).toString();
    QJsonObject reply{{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, request.value(QStringLiteral("id"))}};
    if (method == u"initialize") {
        const QString version = request.value(QStringLiteral("params")).toObject().value(QStringLiteral("protocolVersion")).toString();
        if (version == u"bad") {
            reply.insert(QStringLiteral("error"), QJsonObject{{u"code"_s, -32602}, {u"message"_s, u"unsupported"_s}});
        } else {
            m_initialized = true;
            m_protocolVersion = version;
            reply.insert(QStringLiteral("result"), QJsonObject{{u"protocolVersion"_s, version}});
        }
    } else {
        reply.insert(QStringLiteral("result"), QJsonObject{{u"echo"_s, method}});
        if (padding > 0) {
            QByteArray padded = QJsonDocument(reply).toJson(QJsonDocument::Compact);
            padded.chop(2); // "}}"
            return padded + R"(,"pad":")" + QByteArray(padding, 'p') + "\"}}";
        }
    }
    return QJsonDocument(reply).toJson(QJsonDocument::Compact);
}

void FakeSession::handle(const QByteArray &message, McpReplyHandler answer)
{
    messages.append(message);
    if (delay)
        pending.append({message, std::move(answer)});
    else
        answer(replyTo(message));
}

void FakeSession::releasePending()
{
    const auto all = std::exchange(pending, {});
    for (const auto &[message, answer] : all)
        answer(replyTo(message));
}

void FakeSession::close(const QString &reason)
{
    if (m_closed)
        return;
    m_closed = true;
    closeReasons.append(reason);
    if (closeLog)
        closeLog->append(reason);
    pending.clear(); // the contract: handlers of cancelled calls are never called
    if (asyncClose)
        QTimer::singleShot(20, this, [this] { emit closed(); });
    else
        emit closed();
}

RawClient::RawClient(quint16 port)
{
    connect(&m_socket, &QTcpSocket::readyRead, this, [this] {
        if (m_paused)
            return;
        m_buffer += m_socket.readAll();
        parse();
    });
    m_socket.connectToHost(QHostAddress::LocalHost, port);
    m_socket.waitForConnected(5000);
}

void RawClient::pauseReading()
{
    m_paused = true;
    m_socket.setReadBufferSize(4096);
}

void RawClient::resumeReading()
{
    m_paused = false;
    m_socket.setReadBufferSize(0);
    m_buffer += m_socket.readAll();
    parse();
}

void RawClient::parse()
{
    while (!malformed) {
        const qsizetype end = m_buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QList<QByteArray> lines = m_buffer.left(end).split('\n');
        RawResponse response;
        const QList<QByteArray> statusLine = lines.first().trimmed().split(' ');
        if (statusLine.size() < 2 || statusLine[0] != "HTTP/1.1") {
            malformed = true;
            return;
        }
        response.status = statusLine[1].toInt();
        if (response.status >= 100 && response.status < 200) {
            ++interim;
            m_buffer.remove(0, end + 4);
            continue;
        }
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines[i].indexOf(':');
            response.headers.insert(lines[i].left(colon).trimmed().toLower(),
                                    lines[i].mid(colon + 1).trimmed());
        }
        bool ok = false;
        const qsizetype length = response.headers.value("content-length").toLongLong(&ok);
        if (!ok) {
            malformed = true;
            return;
        }
        if (m_buffer.size() < end + 4 + length)
            return;
        response.body = m_buffer.mid(end + 4, length);
        m_buffer.remove(0, end + 4 + length);
        responses.append(response);
    }
}

bool RawClient::waitForResponses(int n, int timeoutMs)
{
    (void)QTest::qWaitFor([&] { return responses.size() >= n || malformed || !isConnected(); },
                          timeoutMs);
    // A close may come right after the last response: parse what arrived.
    parse();
    return responses.size() >= n;
}

bool RawClient::waitForClosed(int timeoutMs)
{
    return QTest::qWaitFor([&] { return m_socket.state() == QAbstractSocket::UnconnectedState; },
                           timeoutMs);
}

Harness::Harness(std::function<void(McpHttpOptions &)> tweak)
    : token(McpHttpServer::generateToken())
{
    McpHttpOptions options;
    options.token = token;
    options.idleTimeoutMs = 5000;
    if (tweak)
        tweak(options);
    server = std::make_unique<McpHttpServer>(
        [this](const QString &transport, QObject *parent) {
            transports.append(transport);
            auto *session = new FakeSession(parent);
            session->delay = delayNewSessions;
            session->closeLog = &closeLog;
            sessions.append(session);
            return session;
        },
        options);
    const Result<quint16> bound = server->listen();
    if (bound)
        port = *bound;
    else
        qWarning() << "listen failed:" << bound.error().message;
}

Harness::~Harness()
{
    server.reset();
}

QByteArray Harness::request(const QByteArray &method, const QByteArray &body,
                            const QList<std::pair<QByteArray, QByteArray>> &changes,
                            const QByteArray &target) const
{
    QList<std::pair<QByteArray, QByteArray>> headers{
        {"Host", "127.0.0.1:" + QByteArray::number(port)},
        {"Authorization", "Bearer " + token.toLatin1()},
        {"Content-Type", "application/json"},
        {"Accept", "application/json, text/event-stream"},
    };
    if (method == "POST" || !body.isEmpty())
        headers.append({"Content-Length", QByteArray::number(body.size())});
    for (const auto &[name, value] : changes) {
        bool replaced = false;
        for (qsizetype i = 0; i < headers.size(); ++i) {
            if (headers[i].first.compare(name, Qt::CaseInsensitive) == 0) {
                if (value.isNull())
                    headers.removeAt(i);
                else
                    headers[i].second = value;
                replaced = true;
                break;
            }
        }
        if (!replaced && !value.isNull())
            headers.append({name, value});
    }
    QByteArray out = method + ' ' + target + " HTTP/1.1\r\n";
    for (const auto &[name, value] : headers)
        out += name + ": " + value + "\r\n";
    return out + "\r\n" + body;
}

QByteArray Harness::post(const QByteArray &body, const QString &sessionId,
                         const QList<std::pair<QByteArray, QByteArray>> &changes) const
{
    auto all = changes;
    if (!sessionId.isEmpty())
        all.prepend({"Mcp-Session-Id", sessionId.toLatin1()});
    return request("POST", body, all);
}

QByteArray Harness::initializeBody(int id, const QString &version)
{
    return QJsonDocument(QJsonObject{{u"jsonrpc"_s, u"2.0"_s},
                                     {u"id"_s, id},
                                     {u"method"_s, u"initialize"_s},
                                     {u"params"_s, QJsonObject{{u"protocolVersion"_s, version}}}})
        .toJson(QJsonDocument::Compact);
}

QByteArray Harness::callBody(int id, const QByteArray &method)
{
    return R"({"jsonrpc":"2.0","id":)" + QByteArray::number(id) + R"(,"method":")" + method + "\"}";
}

QString Harness::initialize()
{
    RawClient client(port);
    client.send(post(initializeBody()));
    if (!client.waitForResponses(1) || client.responses[0].status != 200)
        return {};
    return QString::fromLatin1(client.responses[0].header("mcp-session-id"));
}

FakeSession *Harness::session(const QString &id) const
{
    for (const auto &session : sessions) {
        if (session && session->id() == id)
            return session;
    }
    return nullptr;
}

} // namespace Sandbench::Test
