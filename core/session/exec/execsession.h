#pragma once

#include "audit/auditevent.h"
#include "common/result.h"
#include "session/sessionarchive.h"
#include "session/exec/execsessionmanifest.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <memory>

class QTemporaryDir;

namespace Sandbench {

// A session file (.sbsession): a gzip'd tar of
//   manifest.json                    what ran, under which rules, and how it ended
//   output/stdout, output/stderr, output/stderr.raw
//   audit.jsonl                      the run's decisions, one JSON line each
//   files/<sha256>                   the inputs, each stored once by content
//   packages/<path>                  the run's npm cache folder (deno-<key>), for offline replays
//   SHA256SUMS                       last: the digest of every other member
//
// A bundle read from disk is extracted into a private folder it owns; its files are found
// there (filePath(), packageDir()) until the last copy of the bundle goes.
class ExecSession
{
public:
    ExecSessionManifest manifest;
    QByteArray stdoutData;
    QByteArray stderrData;   // rewritten, as the caller saw it
    QByteArray rawStderr;
    QList<AuditEvent> auditEvents;

    // Where files/<sha256> and the package cache are on this machine.
    QString contentDir() const { return m_contentDir; }
    QString filePath(const QString &sha256) const;
    QString packageDir() const { return m_packageDir; }
    void setContent(const QString &contentDir, const QString &packageDir, std::shared_ptr<QTemporaryDir> owner);

    // Atomic: a failed or interrupted write leaves an earlier file at `path` as it was.
    VoidResult write(const QString &path) const;
    // Checks everything: the archive, the names, the sizes, the format version and every stored
    // file's digest. Errors are ErrorCode::Parse (bad bundle) or Io (unreadable file).
    static Result<ExecSession> read(const QString &path, const ArchiveLimits &limits = {});

    static QString fileExtension() { return QStringLiteral(".sbsession"); }

private:
    QString m_contentDir;
    QString m_packageDir;
    std::shared_ptr<QTemporaryDir> m_owner;
};


} // namespace Sandbench
