#include "approvals/approvalwatcher.h"

#include "approvals/approvalfolder.h"

#include <QFileSystemWatcher>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalSocket>

#include <algorithm>

namespace Sandbench {

namespace {
// A server's line: its pending calls' arguments are bounded by the agent server's own limits.
constexpr qsizetype maxLineBytes = qsizetype(64) << 20;
} // namespace

ApprovalWatcher::ApprovalWatcher(QObject *parent) : QObject(parent) {}

ApprovalWatcher::~ApprovalWatcher() = default;

VoidResult ApprovalWatcher::start()
{
    if (m_folder)
        return {};
    if (auto folder = ApprovalFolder::ensure(); !folder)
        return std::unexpected(folder.error());
    m_folder = new QFileSystemWatcher({ApprovalFolder::path()}, this);
    connect(m_folder, &QFileSystemWatcher::directoryChanged, this, &ApprovalWatcher::scan);
    scan();
    return {};
}

void ApprovalWatcher::scan()
{
    for (const QString &path : ApprovalFolder::sockets()) {
        if (m_servers.contains(path) && m_servers[path].socket)
            continue;
        auto *socket = new QLocalSocket(this);
        m_servers[path] = {socket, {}};
        connect(socket, &QLocalSocket::connected, socket, [socket] { socket->write("{\"op\":\"watch\"}\n"); });
        connect(socket, &QLocalSocket::readyRead, this, [this, path] { readFrom(path); });
        auto gone = [this, path, socket] {
            if (m_servers.value(path).socket == socket)
                m_servers.remove(path);
            bool any = false;
            for (auto it = m_serverOf.begin(); it != m_serverOf.end();) {
                if (it.value() == path) {
                    m_pending.remove(it.key());
                    it = m_serverOf.erase(it);
                    any = true;
                } else {
                    ++it;
                }
            }
            socket->deleteLater();
            if (any)
                emit changed();
        };
        connect(socket, &QLocalSocket::disconnected, this, gone);
        connect(socket, &QLocalSocket::errorOccurred, this, [socket, gone](QLocalSocket::LocalSocketError) {
            if (socket->state() != QLocalSocket::ConnectedState)
                gone();
        });
        socket->connectToServer(path);
    }
}

void ApprovalWatcher::readFrom(const QString &path)
{
    Server &server = m_servers[path];
    QLocalSocket *socket = server.socket;
    if (!socket)
        return;
    bool dirty = false;
    while (socket->canReadLine()) {
        const QJsonObject o = QJsonDocument::fromJson(socket->readLine(maxLineBytes)).object();
        const QString event = o.value(QLatin1String("event")).toString();
        if (o.contains(QLatin1String("pending"))) {
            for (const QJsonValue &v : o.value(QLatin1String("pending")).toArray()) {
                const QString id = v.toObject().value(QLatin1String("id")).toString();
                m_pending.insert(id, v.toObject());
                m_serverOf.insert(id, path);
            }
            dirty = true;
        } else if (event == QLatin1String("held")) {
            const QJsonObject call = o.value(QLatin1String("call")).toObject();
            const QString id = call.value(QLatin1String("id")).toString();
            m_pending.insert(id, call);
            m_serverOf.insert(id, path);
            dirty = true;
        } else if (event == QLatin1String("decided")) {
            const QString id = o.value(QLatin1String("id")).toString();
            m_pending.remove(id);
            m_serverOf.remove(id);
            dirty = true;
        } else if (o.contains(QLatin1String("ok")) && !server.asked.isEmpty()) {
            const QString id = server.asked.takeFirst();
            emit answered(id, o.value(QLatin1String("ok")).toBool(),
                          o.value(QLatin1String("ok")).toBool() ? o.value(QLatin1String("decision")).toString()
                                                                : o.value(QLatin1String("error")).toString());
        }
    }
    if (socket->bytesAvailable() > maxLineBytes)
        socket->abort();
    if (dirty)
        emit changed();
}

QList<QJsonObject> ApprovalWatcher::pending() const
{
    QList<QJsonObject> out = m_pending.values();
    std::stable_sort(out.begin(), out.end(), [](const QJsonObject &a, const QJsonObject &b) {
        const qint64 x = a.value(QLatin1String("sinceMs")).toInteger(), y = b.value(QLatin1String("sinceMs")).toInteger();
        return x != y ? x < y : a.value(QLatin1String("id")).toString() < b.value(QLatin1String("id")).toString();
    });
    return out;
}

void ApprovalWatcher::answer(const QString &id, const QString &op, const QString &reason, const QJsonObject &arguments,
                             const QString &scope)
{
    const QString path = m_serverOf.value(id);
    Server *server = m_servers.contains(path) ? &m_servers[path] : nullptr;
    if (!server || !server->socket || server->socket->state() != QLocalSocket::ConnectedState) {
        emit answered(id, false, tr("no server holds this call any more"));
        return;
    }
    QJsonObject request{{QStringLiteral("op"), op}, {QStringLiteral("id"), id}};
    if (!reason.isEmpty())
        request.insert(QStringLiteral("reason"), reason);
    if (!arguments.isEmpty())
        request.insert(QStringLiteral("arguments"), arguments);
    if (!scope.isEmpty())
        request.insert(QStringLiteral("scope"), scope);
    server->asked << id;
    server->socket->write(QJsonDocument(request).toJson(QJsonDocument::Compact) + '\n');
}

} // namespace Sandbench
