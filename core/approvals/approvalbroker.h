#pragma once

#include "approvals/approvaltypes.h"
#include "common/result.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QPointer>

#include <functional>

class QLocalServer;
class QLocalSocket;
class QTimer;

namespace Sandbench {

// Holds calls for a person and answers them from the approver socket: one per server, in the
// ApprovalFolder, mode 0600, and only a peer of this process's own uid (SO_PEERCRED) is
// served; the user it is decides "by". The protocol is JSON lines (docs/ARCHITECTURE.md).
class ApprovalBroker : public QObject
{
    Q_OBJECT
public:
    static constexpr qsizetype maxLineBytes = 64 * 1024;
    static constexpr int maxConnections = 32;
    static constexpr int maxPending = 1000;

    explicit ApprovalBroker(QObject *parent = nullptr);
    ~ApprovalBroker() override;

    // Listens on ApprovalFolder/NAME.sock (NAME: letters, digits, '-' and '_').
    VoidResult listen(const QString &name);
    QString socketPath() const;

    using Answer = std::function<void(const ApprovalDecision &)>;
    // Holds the request until it is answered or times out; `answer` runs once, never after
    // `owner` is gone (then the request is withdrawn). Returns the pending id.
    Result<QString> ask(const ApprovalRequest &request, QObject *owner, Answer answer);
    void withdraw(const QString &id);
    void withdrawAll();
    int pendingCount() const { return int(m_pending.size()); }

signals:
    void peerRefused(quint32 uid);
    void pendingChanged();

private:
    struct Pending
    {
        QString id;
        ApprovalRequest request;
        qint64 sinceMs = 0;
        QElapsedTimer clock;
        QPointer<QObject> owner;
        QTimer *timer = nullptr;
        Answer answer;
    };
    void accept();
    void readFrom(QLocalSocket *socket);
    QJsonObject handle(QLocalSocket *socket, const QByteArray &line);
    QJsonObject decide(const QString &id, ApprovalDecision decision, const QJsonValue &arguments);
    void resolve(const QString &id, ApprovalDecision decision);
    QJsonObject pendingJson(const Pending &p) const;
    void broadcast(const QJsonObject &event);
    static void send(QLocalSocket *socket, const QJsonObject &o);

    QLocalServer *m_server = nullptr;
    QHash<QString, Pending> m_pending;
    QList<QPointer<QLocalSocket>> m_watchers;
};

} // namespace Sandbench
