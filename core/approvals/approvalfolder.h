#pragma once

#include "common/result.h"

#include <QString>
#include <QStringList>

#include <sys/types.h>

namespace Sandbench {

// Where servers' approver sockets live: $XDG_RUNTIME_DIR/sandbench-approvals, else
// /tmp/sandbench-approvals-UID; a folder of this user's with mode 0700, or nothing is served or
// asked there (a folder of someone else's, or open to others, is refused, never repaired).
struct ApprovalFolder
{
    static QString path();
    // Makes the folder when missing; checks its owner and mode either way.
    static Result<QString> ensure();
    // The sockets in it (NAME.sock), for approvers; empty when there is no folder.
    static QStringList sockets();
    // Removes the sockets no server listens on any more (one killed with SIGKILL had no chance
    // to), older than `minAgeSeconds` so that a server between its bind and its listen keeps its
    // own. Returns how many were removed.
    static int removeStale(int minAgeSeconds = 10);
    // The uid of the process at the other end of a connected Unix socket (SO_PEERCRED).
    static Result<uid_t> peerUid(qintptr fd);
    static QString userName(uid_t uid);
};

} // namespace Sandbench
