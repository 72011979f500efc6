#pragma once

#include "common/result.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace Sandbench {

// One member of a bundle on its way out: either bytes in memory or a file copied at write time.
struct ArchiveMember
{
    QString name;       // relative, '/'-separated
    QByteArray data;    // used when sourcePath and load are empty
    QString sourcePath;
    // Called when the member is written, and its bytes dropped right after: a writer that takes
    // its members from another archive holds one of them at a time.
    std::function<Result<QByteArray>()> load = {};
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

// Reads a bundle member by member without writing anything anywhere: each member's bytes come in
// chunks through read(), hashed and counted as they pass, so a caller keeps only what it needs
// (a manifest, the digest list) and a member it does not need costs a buffer, not its size.
// Holds every bound extractArchive holds: only tar and gzip, safe names, regular files only,
// each member once, `accept` asked for every name, and the entry, per-name and total sizes
// checked on the bytes actually inflated.
class ArchiveReader
{
public:
    ArchiveReader(QString path, ArchiveLimits limits, std::function<bool(const QString &name)> accept);
    ~ArchiveReader();
    ArchiveReader(const ArchiveReader &) = delete;
    ArchiveReader &operator=(const ArchiveReader &) = delete;

    VoidResult open();
    // The next file member's name (folders are skipped), or no value at the end of the archive.
    // The rest of the member before is skipped (and still hashed and bounded).
    Result<std::optional<QString>> next();
    // The next chunk of the current member; empty at its end.
    Result<QByteArrayView> read();
    // The rest of the current member, refused when it has more than `maxBytes` in all.
    // `expectedBytes` (at most maxBytes is trusted) sizes the buffer once rather than growing it.
    Result<QByteArray> readAll(qint64 maxBytes, qint64 expectedBytes = 0);
    // The rest of the current member, read and dropped.
    VoidResult skip();
    // Of the current member, once read() returned empty: its sha256 (hex) and size.
    QByteArray sha256() const;
    qint64 size() const { return m_size; }
    QString path() const { return m_path; }

private:
    struct State;
    QString m_path;
    ArchiveLimits m_limits;
    std::function<bool(const QString &)> m_accept;
    std::unique_ptr<State> m_state;
    qint64 m_size = 0;
};

// The first member of `path`, which must be called `name`, read whole up to `maxBytes` and
// nothing after it: how a reader looks at a manifest without unpacking the rest.
Result<QByteArray> readFirstMember(const QString &path, const QString &name, qint64 maxBytes);

// Checks the digest list a writer put last (see writeArchive) against the digests `extractArchive`
// computed for every member before it: each must match, none may be missing. `what` names the
// file kind in messages ("bundle", "session").
VoidResult checkDigestList(const QByteArray &list, const QMap<QString, QByteArray> &digests,
                           const QString &path, const QString &what);

// True when `name` is a safe relative member name: no empty, "." or ".." parts, not absolute,
// no backslashes or NUL.
bool isSafeMemberName(const QString &name);

} // namespace Sandbench
