#include "mcp/jsonrpc.h"

#include <QJsonDocument>
#include <QJsonParseError>

namespace Sandbench::JsonRpc {

namespace {

bool usableId(const QJsonValue &id)
{
    // Strings and integers; a fractional number or anything else is not an id a client can match.
    if (id.isString())
        return true;
    if (id.isDouble()) {
        const double d = id.toDouble();
        return d == double(qint64(d)) && d > -9007199254740992.0 && d < 9007199254740992.0;
    }
    return false;
}

std::optional<Message> refuse(Failure *failure, int code, QString message, QJsonValue id = QJsonValue::Null)
{
    if (failure)
        *failure = {code, std::move(message), std::move(id)};
    return std::nullopt;
}

} // namespace

std::optional<Message> parse(const QByteArray &bytes, Failure *failure)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return refuse(failure, ParseError,
                      QStringLiteral("not JSON: %1 at byte %2").arg(parseError.errorString()).arg(parseError.offset));
    if (doc.isArray())
        return refuse(failure, InvalidRequest, QStringLiteral("batches are not supported: send one message at a time"));
    if (!doc.isObject())
        return refuse(failure, InvalidRequest, QStringLiteral("a message is a JSON object"));
    const QJsonObject o = doc.object();
    const QJsonValue id = o.value(QLatin1String("id"));
    const bool hasId = o.contains(QLatin1String("id"));
    const QJsonValue replyId = hasId && usableId(id) ? id : QJsonValue(QJsonValue::Null);
    if (o.value(QLatin1String("jsonrpc")) != QLatin1String("2.0"))
        return refuse(failure, InvalidRequest, QStringLiteral("\"jsonrpc\" must be \"2.0\""), replyId);
    if (hasId && !usableId(id))
        return refuse(failure, InvalidRequest, QStringLiteral("\"id\" must be a string or an integer"));

    Message m;
    m.id = id;
    if (o.contains(QLatin1String("method"))) {
        const QJsonValue method = o.value(QLatin1String("method"));
        if (!method.isString() || method.toString().isEmpty())
            return refuse(failure, InvalidRequest, QStringLiteral("\"method\" must be a non-empty string"), replyId);
        m.method = method.toString();
        m.kind = hasId ? Message::Kind::Request : Message::Kind::Notification;
        if (o.contains(QLatin1String("params"))) {
            const QJsonValue params = o.value(QLatin1String("params"));
            if (!params.isObject())
                return refuse(failure, InvalidParams, QStringLiteral("\"params\" must be an object"), replyId);
            m.params = params.toObject();
        }
        return m;
    }
    if (hasId && (o.contains(QLatin1String("result")) || o.contains(QLatin1String("error")))) {
        m.kind = Message::Kind::Response;
        return m;
    }
    return refuse(failure, InvalidRequest, QStringLiteral("neither a request, a notification nor a response"), replyId);
}

QByteArray result(const QJsonValue &id, const QJsonObject &result)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                     {QStringLiteral("id"), id},
                                     {QStringLiteral("result"), result}})
            .toJson(QJsonDocument::Compact);
}

QByteArray error(const QJsonValue &id, int code, const QString &message, const QJsonValue &data)
{
    QJsonObject e{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
    if (!data.isUndefined() && !data.isNull())
        e.insert(QStringLiteral("data"), data);
    return QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                     {QStringLiteral("id"), id},
                                     {QStringLiteral("error"), e}})
            .toJson(QJsonDocument::Compact);
}

} // namespace Sandbench::JsonRpc
