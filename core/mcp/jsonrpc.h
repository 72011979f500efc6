#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace Sandbench {

// JSON-RPC 2.0 as MCP uses it: one message per call (batches were dropped in 2025-06-18).
namespace JsonRpc {

enum Code : int {
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602,
    InternalError = -32603,
};

struct Message
{
    enum class Kind { Request, Notification, Response };
    Kind kind = Kind::Request;
    QJsonValue id;      // a string or an integer for requests and responses
    QString method;
    QJsonObject params; // absent params read as {}
};

struct Failure
{
    int code = InvalidRequest;
    QString message;
    QJsonValue id = QJsonValue::Null; // the request's id when it could be read
};

// Reads one message from bytes nobody vouches for: not JSON (or not UTF-8) is ParseError; a
// JSON value that is not a well-formed request, notification or response is InvalidRequest,
// with the id when it has a usable one. An array is refused (no batches in the versions we speak).
std::optional<Message> parse(const QByteArray &bytes, Failure *failure);

QByteArray result(const QJsonValue &id, const QJsonObject &result);
QByteArray error(const QJsonValue &id, int code, const QString &message, const QJsonValue &data = {});

} // namespace JsonRpc

} // namespace Sandbench
