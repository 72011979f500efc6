#include "approvals/approvalbroker.h"

#include "approvals/approvalfolder.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalServer>
#include <QLocalSocket>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTimer>

#include <sys/stat.h>
#include <unistd.h>

namespace Sandbench {

namespace {

QString pendingId()
{
    quint32 words[3];
    QRandomGenerator::system()->fillRange(words);
    return QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex());
}

QJsonObject failure(const QString &message)
{
    return {{QStringLiteral("ok"), false}, {QStringLiteral("error"), message}};
}

} // namespace

ApprovalBroker::ApprovalBroker(QObject *parent) : QObject(parent) {}

ApprovalBroker::~ApprovalBroker()
{
    if (m_server) {
        const QString path = m_server->fullServerName();
        m_server->close();
        QFile::remove(path); // nothing the server made outlives it
    }
}

VoidResult ApprovalBroker::listen(const QString &name)
{
    static const QRegularExpression valid(QStringLiteral("^[A-Za-z0-9_-]{1,64}$"));
    if (!valid.match(name).hasMatch())
        return std::unexpected(Error{ErrorCode::InvalidInput, QStringLiteral("bad approver socket name \"%1\"").arg(name.left(80))});
    auto dir = ApprovalFolder::ensure();
    if (!dir)
        return std::unexpected(dir.error());
    const QString path = *dir + QLatin1Char('/') + name + QStringLiteral(".sock");
    // A socket left by a server that died (same pid reused) is ours to remove, and so are the
    // sockets of servers killed before they could remove their own.
    QLocalServer::removeServer(path);
    ApprovalFolder::removeStale();
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    m_server->setMaxPendingConnections(maxConnections);
    if (!m_server->listen(path))
        return std::unexpected(Error{ErrorCode::Io, QStringLiteral("cannot listen on %1: %2").arg(path, m_server->errorString())});
    // The folder is 0700 already; the socket's own mode is the second wall.
    ::chmod(QFile::encodeName(path).constData(), 0600);
    connect(m_server, &QLocalServer::newConnection, this, &ApprovalBroker::accept);
    return {};
}

QString ApprovalBroker::socketPath() const
{
    return m_server ? m_server->fullServerName() : QString();
}

void ApprovalBroker::accept()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
        socket->setParent(this);
        connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
        auto uid = ApprovalFolder::peerUid(socket->socketDescriptor());
        // Fail closed: a peer that is not this user, or that cannot be told, gets nothing.
        if (!uid || *uid != geteuid()) {
            emit peerRefused(uid ? quint32(*uid) : quint32(-1));
            socket->abort();
            socket->deleteLater();
            continue;
        }
        // Its own connections only: the pending calls' timers are children too.
        if (findChildren<QLocalSocket *>(Qt::FindDirectChildrenOnly).size() > maxConnections) {
            send(socket, failure(QStringLiteral("too many approvers connected")));
            socket->disconnectFromServer();
            continue;
        }
        socket->setProperty("sandbenchUser", ApprovalFolder::userName(*uid));
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] { readFrom(socket); });
    }
}

void ApprovalBroker::readFrom(QLocalSocket *socket)
{
    while (socket->state() == QLocalSocket::ConnectedState) {
        if (!socket->canReadLine()) {
            if (socket->bytesAvailable() > maxLineBytes) {
                send(socket, failure(QStringLiteral("a line longer than %1 bytes").arg(maxLineBytes)));
                socket->disconnectFromServer();
            }
            return;
        }
        const QByteArray line = socket->readLine(maxLineBytes + 2);
        if (!line.endsWith('\n')) {
            send(socket, failure(QStringLiteral("a line longer than %1 bytes").arg(maxLineBytes)));
            socket->disconnectFromServer();
            return;
        }
        const QJsonObject reply = handle(socket, line);
        if (!reply.isEmpty())
            send(socket, reply);
    }
}

QJsonObject ApprovalBroker::handle(QLocalSocket *socket, const QByteArray &line)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return failure(QStringLiteral("each line must be one JSON object"));
    const QJsonObject o = doc.object();
    const QString op = o.value(QLatin1String("op")).toString();
    if (op == QLatin1String("list") || op == QLatin1String("watch")) {
        QJsonArray list;
        for (const Pending &p : std::as_const(m_pending))
            list.append(pendingJson(p));
        if (op == QLatin1String("watch") && !m_watchers.contains(socket))
            m_watchers << socket;
        return {{QStringLiteral("ok"), true}, {QStringLiteral("pending"), list}};
    }
    static const QStringList answers{QStringLiteral("approve"), QStringLiteral("refuse"), QStringLiteral("end")};
    if (!answers.contains(op))
        return failure(QStringLiteral("unknown op \"%1\" (list, watch, approve, refuse, end)").arg(op.left(40)));
    const QString id = o.value(QLatin1String("id")).toString();
    if (!m_pending.contains(id))
        return failure(QStringLiteral("no call waits with the id \"%1\"").arg(id.left(40)));
    ApprovalDecision d;
    d.by = socket->property("sandbenchUser").toString();
    const QString reason = o.value(QLatin1String("reason")).toString();
    if (reason.size() > 2000)
        return failure(QStringLiteral("a reason of more than 2000 characters"));
    d.reason = reason;
    if (op == QLatin1String("approve")) {
        d.outcome = ApprovalOutcome::Approved;
        // No scope is "once", so an approver that predates scopes still means what it says.
        const QJsonValue scope = o.value(QLatin1String("scope"));
        if (!scope.isUndefined() && scope != QJsonValue(QStringLiteral("once")) && scope != QJsonValue(QStringLiteral("run")))
            return failure(QStringLiteral("\"scope\" is \"once\" or \"run\""));
        d.forRun = scope == QJsonValue(QStringLiteral("run"));
        if (d.forRun && !m_pending.value(id).request.allowForRun)
            return failure(QStringLiteral("this call cannot be approved for the rest of a run"));
        return decide(id, d, o.value(QLatin1String("arguments")));
    }
    if (op == QLatin1String("refuse")) {
        if (reason.trimmed().isEmpty())
            return failure(QStringLiteral("a refusal needs a reason the agent can act on"));
        d.outcome = ApprovalOutcome::Refused;
        return decide(id, d, {});
    }
    d.outcome = ApprovalOutcome::EndSession;
    return decide(id, d, {});
}

QJsonObject ApprovalBroker::decide(const QString &id, ApprovalDecision decision, const QJsonValue &arguments)
{
    const Pending &p = m_pending[id];
    decision.arguments = p.request.arguments;
    if (decision.outcome == ApprovalOutcome::Approved && !arguments.isUndefined() && !arguments.isNull()) {
        if (!p.request.validate)
            return failure(QStringLiteral("this call's arguments cannot be edited"));
        auto checked = p.request.validate(arguments);
        if (!checked)
            return failure(QStringLiteral("the edited arguments: %1").arg(checked.error().message));
        if (*checked != p.request.arguments) {
            decision.outcome = ApprovalOutcome::Edited;
            decision.arguments = *checked;
        }
    }
    resolve(id, decision);
    QJsonObject reply{{QStringLiteral("ok"), true}, {QStringLiteral("decision"), approvalOutcomeName(decision.outcome)}};
    if (decision.forRun)
        reply.insert(QStringLiteral("scope"), QStringLiteral("run"));
    return reply;
}

Result<QString> ApprovalBroker::ask(const ApprovalRequest &request, QObject *owner, Answer answer)
{
    if (m_pending.size() >= maxPending)
        return std::unexpected(Error{ErrorCode::LimitExceeded, QStringLiteral("%1 calls wait for approval already").arg(maxPending)});
    Pending p;
    p.id = pendingId();
    p.request = request;
    p.sinceMs = QDateTime::currentMSecsSinceEpoch();
    p.clock.start();
    p.owner = owner;
    p.answer = std::move(answer);
    p.timer = new QTimer(this);
    p.timer->setSingleShot(true);
    // A coarse timer may fire 5% early: the timeout is a promise to the person, not a hint.
    p.timer->setTimerType(Qt::PreciseTimer);
    const QString id = p.id;
    connect(p.timer, &QTimer::timeout, this, [this, id] { resolve(id, {ApprovalOutcome::TimedOut, {}, {}, {}, 0, 0}); });
    if (owner)
        connect(owner, &QObject::destroyed, this, [this, id] { withdraw(id); });
    p.timer->start(std::max(1, request.timeoutMs));
    m_pending.insert(id, p);
    broadcast({{QStringLiteral("event"), QStringLiteral("held")}, {QStringLiteral("call"), pendingJson(p)}});
    emit pendingChanged();
    return id;
}

void ApprovalBroker::withdrawAll()
{
    const QStringList ids = m_pending.keys();
    for (const QString &id : ids)
        withdraw(id);
}

void ApprovalBroker::withdraw(const QString &id)
{
    const auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    it->answer = nullptr; // the owner is gone: nobody to tell
    resolve(id, {ApprovalOutcome::Withdrawn, {}, {}, {}, 0, 0});
}

void ApprovalBroker::resolve(const QString &id, ApprovalDecision decision)
{
    const auto it = m_pending.find(id);
    if (it == m_pending.end())
        return;
    Pending p = std::move(*it);
    m_pending.erase(it);
    p.timer->deleteLater();
    decision.atMs = QDateTime::currentMSecsSinceEpoch();
    decision.waitedMs = p.clock.elapsed();
    if (decision.outcome == ApprovalOutcome::TimedOut || decision.outcome == ApprovalOutcome::Withdrawn)
        decision.arguments = {};
    broadcast({{QStringLiteral("event"), QStringLiteral("decided")}, {QStringLiteral("id"), id},
               {QStringLiteral("decision"), approvalOutcomeName(decision.outcome)}, {QStringLiteral("by"), decision.by}});
    emit pendingChanged();
    if (p.answer && (p.owner || decision.outcome != ApprovalOutcome::Withdrawn))
        p.answer(decision);
}

QJsonObject ApprovalBroker::pendingJson(const Pending &p) const
{
    return {{QStringLiteral("id"), p.id},
            {QStringLiteral("server"), p.request.server},
            {QStringLiteral("session"), p.request.session},
            {QStringLiteral("tool"), p.request.tool},
            {QStringLiteral("arguments"), p.request.arguments},
            {QStringLiteral("sinceMs"), p.sinceMs},
            {QStringLiteral("timeoutMs"), p.request.timeoutMs},
            {QStringLiteral("heldBy"), p.request.heldBy},
            {QStringLiteral("scopes"), p.request.allowForRun ? QJsonArray{QStringLiteral("once"), QStringLiteral("run")}
                                                              : QJsonArray{QStringLiteral("once")}},
            // A run's permission check has no arguments to change: approvers offer no edit.
            {QStringLiteral("editable"), bool(p.request.validate)}};
}

void ApprovalBroker::broadcast(const QJsonObject &event)
{
    m_watchers.removeAll(nullptr);
    for (const QPointer<QLocalSocket> &w : std::as_const(m_watchers))
        send(w, event);
}

void ApprovalBroker::send(QLocalSocket *socket, const QJsonObject &o)
{
    if (socket && socket->state() == QLocalSocket::ConnectedState)
        socket->write(QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n');
}

} // namespace Sandbench
