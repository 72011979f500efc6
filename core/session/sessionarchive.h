#pragma once

#include "common/result.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>

#include <functional>

namespace Sandbench {

// One member of a bundle on its way out: either bytes in memory or a file copied at write time.
struct ArchiveMember
{
    QString name;       // relative, '/'-separated
    QByteArray data;    // used when sourcePath is empty
    QString sourcePath;
};

// What a reader accepts from a file it did not write. A bundle may come from anyone, so every
// bound is checked on the bytes actually read, never on the sizes the headers claim.
struct ArchiveLimits
{
    qint64 maxEntries = 200000;
    qint64 maxTotalBytes = qint64(4) << 30;
    qint64 maxEntryBytes = qint64(1) << 30;
    // Tighter bounds for members that are read into memory whole (a manifest that inflates to
    // 1 GiB of whitespace is refused while it is inflated, not after).
    QMap<QString, qint64> maxNamedEntryBytes;
};

// The bounds of a format's members that a reader holds in memory whole: the manifest (16 MiB)
// and the digest list (64 MiB), whatever `limits` allows other members.
ArchiveLimits withInMemoryBounds(ArchiveLimits limits, const QString &manifestName, const QString &digestListName);

// tar (pax) with gzip through libarchive. Writing is atomic: the archive goes to a QSaveFile,
// so a crash or a failed write leaves an earlier file at `path` untouched.
// With `digestListName`, a last member of that name lists "<sha256>  <name>" for every other
// member, so a reader can tell any damaged byte (gzip alone lets some through).
VoidResult writeArchive(const QString &path, const QList<ArchiveMember> &members,
                        const QString &digestListName = {});

// Extracts `path` into `destination` (an existing empty folder). `accept` is asked for each
// member name (after the generic checks: no absolute names, no "..", regular files and folders
// only) and says whether the name belongs to the format; `onMember` sees each extracted file and
// may refuse it (for a digest mismatch, a newer format version...); it gets the file's sha256
// (hex), computed while extracting.
VoidResult extractArchive(const QString &path, const QString &destination, const ArchiveLimits &limits,
                          const std::function<bool(const QString &name)> &accept,
                          const std::function<VoidResult(const QString &name, const QString &extractedPath,
                                                                   const QByteArray &sha256)> &onMember);

// Checks the digest list a writer put last (see writeArchive) against the digests `extractArchive`
// computed for every member before it: each must match, none may be missing. `what` names the
// file kind in messages ("bundle", "session").
VoidResult checkDigestList(const QByteArray &list, const QMap<QString, QByteArray> &digests,
                           const QString &path, const QString &what);

// True when `name` is a safe relative member name: no empty, "." or ".." parts, not absolute,
// no backslashes or NUL.
bool isSafeMemberName(const QString &name);

} // namespace Sandbench
