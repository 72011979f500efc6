#pragma once

#include "common/result.h"
#include "exec/permissionbroker.h"

#include <QHash>
#include <QObject>

namespace Sandbench {

class ApprovalBroker;

// A run's end of the approvals: the ApprovalBroker it owns (its socket in the ApprovalFolder)
// and the hand-off from the permission broker's thread. The broker's thread only posts a
// question here and waits on its own slot; everything about the ApprovalBroker happens on this
// object's thread (the engine's), so the event loop never waits on the runtime and the runtime
// never touches Qt objects of another thread.
class RunAsker : public QObject
{
    Q_OBJECT
public:
    RunAsker(const QString &runId, qint64 timeoutMs, QObject *parent = nullptr);
    ~RunAsker() override;

    VoidResult listen();
    QString socketPath() const;
    // For PermissionBroker::setAsker: callable from any thread while this object lives (the
    // run joins its broker's thread before it goes).
    PermissionBroker::Asker asker();
    // The run ended: every pending question is withdrawn (answered "withdrawn", a deny) and the
    // socket is removed; later questions are withdrawn at once.
    void close();

private:
    void ask(const PermissionBroker::AskQuestion &question, const PermissionBroker::Reply &reply);

    QString m_runId;
    qint64 m_timeoutMs;
    ApprovalBroker *m_approvals = nullptr;
    QHash<QString, PermissionBroker::Reply> m_replies; // pending id -> the waiting check
    bool m_closed = false;
};

} // namespace Sandbench
