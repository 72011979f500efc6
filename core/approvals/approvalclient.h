#pragma once

#include "common/result.h"

#include <QJsonObject>
#include <QList>

namespace Sandbench {

// The approver's end of the socket, for a front end without an event loop of its own (the
// CLI): asks every server in the ApprovalFolder in turn, blocking, each with a deadline. A
// socket nobody listens on (a server that died) is passed over.
class ApprovalClient
{
public:
    // Every server's pending calls, oldest first; each with its server's "socket" added.
    static Result<QList<QJsonObject>> pending(int timeoutMs = 5000);
    // Sends {"op":..., "id":..., ...} to the server that holds `id`; its reply, or an error
    // naming why no server took it.
    static Result<QJsonObject> answer(const QJsonObject &request, int timeoutMs = 5000);
    // One request on one socket: its one-line reply.
    static Result<QJsonObject> exchange(const QString &socket, const QJsonObject &request, int timeoutMs);
};

} // namespace Sandbench
