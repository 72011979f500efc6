#pragma once

#include "common/result.h"
#include "session/sessionarchive.h"
#include "session/sandbox/sandboxstep.h"

#include <QByteArray>
#include <QHash>
#include <QMutex>
#include <QString>

namespace Sandbench {

// Where the payloads of a sandbox session's steps are: in memory for a session being recorded
// (the recorder adds each output as it comes), in the archive for a session read from a file.
// Copies of a session share one store; load() may be called from any thread.
class SandboxPayloads
{
public:
    // What one load() returns at most unless the caller asks for less: a step's output shown or
    // replayed is held whole, so a file cannot make a reader hold more than this at once.
    static constexpr qint64 defaultMaxLoadBytes = qint64(256) << 20;
    // Payloads up to this size are kept in memory when a session is read (up to
    // maxKeptBytes in all): the many small outputs of a session are then loaded without reading
    // the archive again, and what is kept stays bounded whatever the file holds.
    static constexpr qint64 maxKeptPayloadBytes = qint64(64) << 10;
    static constexpr qint64 maxKeptBytes = qint64(16) << 20;

    // Keeps `data` in memory and refers to it.
    SandboxPayloadRef add(const QByteArray &data);
    // Payloads not in memory are read from this archive's files/<sha256>, under these limits.
    void setArchive(const QString &path, const ArchiveLimits &limits);
    QString archivePath() const { return m_archive; }

    // The bytes `ref` stands for, checked against its digest and size (the file may have changed
    // since it was opened). A payload larger than maxBytes is refused before a byte of it is
    // read; `what` names it in messages ("step 3: its stdout").
    Result<QByteArray> load(const SandboxPayloadRef &ref, const QString &what,
                            qint64 maxBytes = defaultMaxLoadBytes) const;
    // Bytes held in memory now (the recorder's payloads, or the small ones kept on reading).
    qint64 bytesInMemory() const;

private:
    mutable QMutex m_mutex;
    QHash<QString, QByteArray> m_memory;
    qint64 m_memoryBytes = 0;
    QString m_archive;
    ArchiveLimits m_limits;
};

} // namespace Sandbench
