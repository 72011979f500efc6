#pragma once

#include "common/result.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>

class QFileSystemWatcher;
class QLocalSocket;

namespace Sandbench {

// The approver's end for a front end with an event loop (the Approvals panel): one watching
// connection per server socket of the ApprovalFolder, new servers picked up as their sockets
// appear; the pending calls of all of them, kept current, and answers sent without waiting.
class ApprovalWatcher : public QObject
{
    Q_OBJECT
public:
    explicit ApprovalWatcher(QObject *parent = nullptr);
    ~ApprovalWatcher() override;

    // Starts watching; the error names the approvals folder and why it is refused (not this
    // user's, not 0700), so a front end never shows "nothing waits" while calls wait unseen.
    VoidResult start();
    // Every server's held calls, oldest first.
    QList<QJsonObject> pending() const;
    // op: approve (arguments: an edit, or empty), refuse (reason needed), end. scope: empty
    // ("once"), or "run" for a run's held permission check (its "scopes" list it).
    void answer(const QString &id, const QString &op, const QString &reason = {}, const QJsonObject &arguments = {},
                const QString &scope = {});

signals:
    void changed();
    // The server's reply to answer(): ok, or why not (a bad edit, an id answered already).
    void answered(const QString &id, bool ok, const QString &message);

private:
    struct Server
    {
        QPointer<QLocalSocket> socket;
        QList<QString> asked; // ids of answers sent, replies come in this order
    };
    void scan();
    void readFrom(const QString &path);

    QFileSystemWatcher *m_folder = nullptr;
    QHash<QString, Server> m_servers;           // by socket path
    QHash<QString, QJsonObject> m_pending;      // by id
    QHash<QString, QString> m_serverOf;         // id -> socket path
};

} // namespace Sandbench
