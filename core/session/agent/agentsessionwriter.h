#pragma once

#include "common/result.h"

#include <QFile>
#include <QJsonObject>
#include <QLockFile>
#include <QString>

#include <memory>

namespace Sandbench {

// Writes one agent session (see AgentSession for the lines) as it happens: every line is one
// write(2) of the whole line and its newline, made before the call it records is answered, so a
// server killed at any point leaves every answered call in the file and at most one partial
// line at its end. While the session is open a lock file beside it (NAME.lock) says a live
// server holds it; a dead server's lock is stale (QLockFile knows it by the pid).
class AgentSessionWriter
{
public:
    // Creates a new file in `folder` (made if missing, 0700), named after the time and a
    // random suffix, 0600, never replacing one, and writes the header. `header` holds the
    // header's fields but the kind and the format version, which are the writer's.
    static Result<std::unique_ptr<AgentSessionWriter>> create(const QString &folder, QJsonObject header);
    ~AgentSessionWriter();

    QString path() const { return m_path; }
    // Appends one event line; fails (and keeps failing) once a write failed.
    VoidResult append(const QJsonObject &event);
    // Appends a line already encoded (a long one made off the event loop), checked to be one
    // JSON object on one line.
    VoidResult appendEncoded(const QByteArray &line);
    // Writes the end line and lets go of the lock; appending after is refused.
    VoidResult close(const QString &reason);
    bool isClosed() const { return m_closed; }

    static QString lockPathFor(const QString &sessionPath) { return sessionPath + QStringLiteral(".lock"); }
    // Whether a live process holds the session at `path` (its lock is held and not stale).
    static bool isLive(const QString &path);

private:
    AgentSessionWriter() = default;
    VoidResult writeLine(QByteArray line);

    QFile m_file;
    QString m_path;
    std::unique_ptr<QLockFile> m_lock;
    std::optional<Error> m_failed;
    bool m_closed = false;
};

} // namespace Sandbench
