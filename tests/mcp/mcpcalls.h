#pragma once

// The agent server's calls as a transport makes them, for tests that drive an McpSession
// directly: JSON-RPC messages, an answer waited for, and the fields tests read from one.
#include "mcp/mcpsession.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

namespace Sandbench::Test {

constexpr int kMcpAnswerMs = 60'000;

inline QByteArray rpc(int id, const QString &method, const QJsonObject &params = {})
{
    return QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id},
                                     {QStringLiteral("method"), method}, {QStringLiteral("params"), params}})
        .toJson(QJsonDocument::Compact);
}

inline QByteArray toolCall(int id, const QString &name, const QJsonObject &arguments)
{
    return rpc(id, QStringLiteral("tools/call"), {{QStringLiteral("name"), name}, {QStringLiteral("arguments"), arguments}});
}

inline QByteArray codeRun(int id, const QString &code)
{
    return toolCall(id, QStringLiteral("code.run"), {{QStringLiteral("code"), code}});
}

// Sends one message and waits for its answer: {"timeout": true} when none came in time (a
// notification has none).
inline QJsonObject ask(McpSession *session, const QByteArray &message, int timeoutMs = kMcpAnswerMs)
{
    bool answered = false;
    QByteArray reply;
    session->handle(message, [&](const QByteArray &r) {
        answered = true;
        reply = r;
    });
    QElapsedTimer clock;
    clock.start();
    while (!answered && clock.elapsed() < timeoutMs)
        QTest::qWait(5);
    if (!answered)
        return {{QStringLiteral("timeout"), true}};
    return QJsonDocument::fromJson(reply).object();
}

inline QJsonObject structured(const QJsonObject &reply)
{
    return reply.value(QLatin1String("result")).toObject().value(QLatin1String("structuredContent")).toObject();
}

inline QString stdoutOf(const QJsonObject &reply)
{
    return structured(reply).value(QLatin1String("stdout")).toString();
}

} // namespace Sandbench::Test
