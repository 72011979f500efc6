#include "approvals/approvalclient.h"

#include "approvals/approvalbroker.h"
#include "approvals/approvalfolder.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalSocket>

#include <algorithm>

namespace Sandbench {

Result<QJsonObject> ApprovalClient::exchange(const QString &socketPath, const QJsonObject &request, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    QLocalSocket socket;
    socket.connectToServer(socketPath);
    if (!socket.waitForConnected(int(deadline.remainingTime())))
        return std::unexpected(Error{ErrorCode::Io, QStringLiteral("%1: %2").arg(socketPath, socket.errorString())});
    socket.write(QJsonDocument(request).toJson(QJsonDocument::Compact) + '\n');
    if (!socket.waitForBytesWritten(int(deadline.remainingTime())))
        return std::unexpected(Error{ErrorCode::Io, QStringLiteral("%1: %2").arg(socketPath, socket.errorString())});
    // A server's reply is bounded like the approver's lines, plus the pending calls' arguments.
    constexpr qsizetype maxReply = qsizetype(64) << 20;
    while (!socket.canReadLine()) {
        if (socket.bytesAvailable() > maxReply || deadline.hasExpired() || !socket.waitForReadyRead(int(deadline.remainingTime())))
            return std::unexpected(Error{ErrorCode::TimedOut, QStringLiteral("%1: no answer").arg(socketPath)});
    }
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(socket.readLine(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return std::unexpected(Error{ErrorCode::Parse, QStringLiteral("%1: a reply that is not one JSON object").arg(socketPath)});
    return doc.object();
}

Result<QList<QJsonObject>> ApprovalClient::pending(int timeoutMs)
{
    if (auto dir = ApprovalFolder::ensure(); !dir)
        return std::unexpected(dir.error());
    QList<QJsonObject> out;
    for (const QString &socket : ApprovalFolder::sockets()) {
        auto reply = exchange(socket, {{QStringLiteral("op"), QStringLiteral("list")}}, timeoutMs);
        if (!reply || !reply->value(QLatin1String("ok")).toBool())
            continue;
        for (const QJsonValue &v : reply->value(QLatin1String("pending")).toArray()) {
            QJsonObject o = v.toObject();
            o.insert(QStringLiteral("socket"), socket);
            out << o;
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const QJsonObject &a, const QJsonObject &b) {
        return a.value(QLatin1String("sinceMs")).toInteger() < b.value(QLatin1String("sinceMs")).toInteger();
    });
    return out;
}

Result<QJsonObject> ApprovalClient::answer(const QJsonObject &request, int timeoutMs)
{
    if (auto dir = ApprovalFolder::ensure(); !dir)
        return std::unexpected(dir.error());
    const QString id = request.value(QLatin1String("id")).toString();
    for (const QString &socket : ApprovalFolder::sockets()) {
        auto list = exchange(socket, {{QStringLiteral("op"), QStringLiteral("list")}}, timeoutMs);
        if (!list)
            continue;
        bool holds = false;
        for (const QJsonValue &v : list->value(QLatin1String("pending")).toArray())
            holds = holds || v.toObject().value(QLatin1String("id")).toString() == id;
        if (holds)
            return exchange(socket, request, timeoutMs);
    }
    return std::unexpected(Error{ErrorCode::InvalidInput, QStringLiteral("no server holds a call with the id \"%1\" (answered, timed out, or never held)").arg(id.left(40))});
}

} // namespace Sandbench
