#include "sessionarchive.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <archive.h>
#include <archive_entry.h>

#include <memory>

namespace Sandbench {

namespace {

struct ArchiveDeleter
{
    void operator()(archive *a) const { archive_write_free(a); }
};
struct ReadArchiveDeleter
{
    void operator()(archive *a) const { archive_read_free(a); }
};
struct EntryDeleter
{
    void operator()(archive_entry *e) const { archive_entry_free(e); }
};

la_ssize_t writeToSaveFile(archive *, void *client, const void *buffer, size_t length)
{
    auto *file = static_cast<QSaveFile *>(client);
    const qint64 written = file->write(static_cast<const char *>(buffer), qint64(length));
    return written == qint64(length) ? la_ssize_t(written) : -1;
}

QString archiveError(archive *a)
{
    const char *text = archive_error_string(a);
    return text ? QString::fromUtf8(text) : QStringLiteral("unknown archive error");
}

std::unexpected<Error> ioError(const QString &message)
{
    return fail(ErrorCode::Io, message);
}

} // namespace

VoidResult checkDigestList(const QByteArray &list, const QMap<QString, QByteArray> &digests,
                           const QString &path, const QString &what)
{
    QMap<QString, QByteArray> listed;
    for (const QByteArray &line : list.split('\n')) {
        if (!line.isEmpty())
            listed.insert(QString::fromUtf8(line.mid(66)), line.left(64));
    }
    for (auto it = digests.cbegin(); it != digests.cend(); ++it) {
        if (listed.value(it.key()) != it.value())
            return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\" does not match its digest (the %3 is corrupted)")
                                                  .arg(path, it.key(), what));
    }
    if (listed.size() != digests.size())
        return fail(ErrorCode::Parse, QStringLiteral("%1: members are missing (the %2 is truncated or corrupted)").arg(path, what));
    return {};
}

bool isSafeMemberName(const QString &name)
{
    if (name.isEmpty() || name.startsWith(QLatin1Char('/')) || name.contains(QLatin1Char('\\'))
        || name.contains(QChar(0)))
        return false;
    const QStringList parts = name.split(QLatin1Char('/'));
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QString &part = parts.at(i);
        // A trailing slash (a folder member) leaves one empty last part.
        if (part.isEmpty() && i + 1 == parts.size() && i > 0)
            continue;
        if (part.isEmpty() || part == QLatin1String(".") || part == QLatin1String(".."))
            return false;
    }
    return true;
}

VoidResult writeArchive(const QString &path, const QList<ArchiveMember> &members, const QString &digestListName)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return ioError(QStringLiteral("%1: cannot write (%2)").arg(path, file.errorString()));
    std::unique_ptr<archive, ArchiveDeleter> out(archive_write_new());
    archive_write_set_format_pax_restricted(out.get());
    archive_write_add_filter_gzip(out.get());
    // Level 1 of gzip: npm packages shrink about as much as with 6, at a fraction of the time.
    archive_write_set_filter_option(out.get(), "gzip", "compression-level", "1");
    archive_write_set_bytes_in_last_block(out.get(), 1);
    if (archive_write_open(out.get(), &file, nullptr, writeToSaveFile, nullptr) != ARCHIVE_OK)
        return ioError(QStringLiteral("%1: %2").arg(path, archiveError(out.get())));
    QByteArray buffer(256 * 1024, Qt::Uninitialized);
    QByteArray digestList;
    auto writeMember = [&](const ArchiveMember &member) -> VoidResult {
        if (!isSafeMemberName(member.name))
            return fail(ErrorCode::Internal, QStringLiteral("refusing to write member name %1").arg(member.name));
        QFile source(member.sourcePath);
        qint64 size = member.data.size();
        if (!member.sourcePath.isEmpty()) {
            if (!source.open(QIODevice::ReadOnly))
                return ioError(QStringLiteral("%1: cannot read (%2)").arg(member.sourcePath, source.errorString()));
            size = source.size();
        }
        std::unique_ptr<archive_entry, EntryDeleter> entry(archive_entry_new());
        archive_entry_set_pathname_utf8(entry.get(), member.name.toUtf8().constData());
        archive_entry_set_filetype(entry.get(), AE_IFREG);
        archive_entry_set_perm(entry.get(), 0644);
        archive_entry_set_size(entry.get(), size);
        if (archive_write_header(out.get(), entry.get()) != ARCHIVE_OK)
            return ioError(QStringLiteral("%1: member %2: %3").arg(path, member.name, archiveError(out.get())));
        QCryptographicHash digest(QCryptographicHash::Sha256);
        qint64 copied = 0;
        while (copied < size) {
            QByteArrayView chunk;
            if (member.sourcePath.isEmpty()) {
                chunk = QByteArrayView(member.data).sliced(copied, qMin<qint64>(buffer.size(), size - copied));
            } else {
                const qint64 n = source.read(buffer.data(), qMin<qint64>(buffer.size(), size - copied));
                if (n <= 0)
                    return ioError(QStringLiteral("%1: changed while being stored").arg(member.sourcePath));
                chunk = QByteArrayView(buffer.constData(), n);
            }
            if (archive_write_data(out.get(), chunk.data(), size_t(chunk.size())) != chunk.size())
                return ioError(QStringLiteral("%1: member %2: %3").arg(path, member.name, archiveError(out.get())));
            digest.addData(chunk);
            copied += chunk.size();
        }
        digestList += digest.result().toHex() + "  " + member.name.toUtf8() + '\n';
        return {};
    };
    for (const ArchiveMember &member : members) {
        if (auto ok = writeMember(member); !ok)
            return ok;
    }
    if (!digestListName.isEmpty()) {
        if (auto ok = writeMember({digestListName, digestList, {}}); !ok)
            return ok;
    }
    if (archive_write_close(out.get()) != ARCHIVE_OK)
        return ioError(QStringLiteral("%1: %2").arg(path, archiveError(out.get())));
    if (!file.commit())
        return ioError(QStringLiteral("%1: cannot write (%2)").arg(path, file.errorString()));
    return {};
}

ArchiveLimits withInMemoryBounds(ArchiveLimits limits, const QString &manifestName, const QString &digestListName)
{
    if (!limits.maxNamedEntryBytes.contains(manifestName))
        limits.maxNamedEntryBytes.insert(manifestName, qint64(16) << 20);
    if (!limits.maxNamedEntryBytes.contains(digestListName))
        limits.maxNamedEntryBytes.insert(digestListName, qint64(64) << 20);
    return limits;
}

VoidResult extractArchive(const QString &path, const QString &destination, const ArchiveLimits &limits,
                          const std::function<bool(const QString &)> &accept,
                          const std::function<VoidResult(const QString &, const QString &, const QByteArray &)> &onMember)
{
    if (!QFileInfo(path).isFile())
        return ioError(QStringLiteral("%1: no such file").arg(path));
    std::unique_ptr<archive, ReadArchiveDeleter> in(archive_read_new());
    // Only what writeArchive makes: no other formats or filters, so no surprise decoders run.
    archive_read_support_format_tar(in.get());
    archive_read_support_filter_gzip(in.get());
    archive_read_support_filter_none(in.get());
    if (archive_read_open_filename(in.get(), QFile::encodeName(path).constData(), 64 * 1024) != ARCHIVE_OK)
        return fail(ErrorCode::Parse, QStringLiteral("%1: not a session bundle (%2)").arg(path, archiveError(in.get())));
    const QDir root(destination);
    qint64 entries = 0;
    qint64 total = 0;
    QByteArray buffer(256 * 1024, Qt::Uninitialized);
    for (;;) {
        archive_entry *entry = nullptr;
        const int status = archive_read_next_header(in.get(), &entry);
        if (status == ARCHIVE_EOF)
            break;
        if (status != ARCHIVE_OK)
            return fail(ErrorCode::Parse, QStringLiteral("%1: truncated or corrupted after %2 member(s): %3")
                                                  .arg(path).arg(entries).arg(archiveError(in.get())));
        if (++entries > limits.maxEntries)
            return fail(ErrorCode::Parse, QStringLiteral("%1: more than %2 members").arg(path).arg(limits.maxEntries));
        const char *rawName = archive_entry_pathname_utf8(entry);
        if (!rawName)
            rawName = archive_entry_pathname(entry);
        const QString name = rawName ? QString::fromUtf8(rawName) : QString();
        if (!isSafeMemberName(name))
            return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\": unsafe name (absolute or with ..)").arg(path, name));
        const mode_t type = archive_entry_filetype(entry);
        if (type == AE_IFDIR)
            continue; // folders are made as files need them
        if (type != AE_IFREG || archive_entry_hardlink(entry) || archive_entry_symlink(entry))
            return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\": only regular files are allowed").arg(path, name));
        if (!accept(name))
            return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\" is not part of the format").arg(path, name));
        const QString target = root.filePath(name);
        if (QFileInfo::exists(target))
            return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\" appears twice").arg(path, name));
        root.mkpath(QFileInfo(target).path());
        QFile out(target);
        if (!out.open(QIODevice::WriteOnly | QIODevice::NewOnly))
            return ioError(QStringLiteral("%1: cannot write (%2)").arg(target, out.errorString()));
        QCryptographicHash digest(QCryptographicHash::Sha256);
        qint64 size = 0;
        const qint64 entryLimit = qMin(limits.maxEntryBytes, limits.maxNamedEntryBytes.value(name, limits.maxEntryBytes));
        for (;;) {
            const la_ssize_t n = archive_read_data(in.get(), buffer.data(), size_t(buffer.size()));
            if (n == 0)
                break;
            if (n < 0)
                return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\" is truncated or corrupted: %3")
                                                      .arg(path, name, archiveError(in.get())));
            size += n;
            total += n;
            if (size > entryLimit)
                return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\" is larger than %3 bytes").arg(path, name).arg(entryLimit));
            if (total > limits.maxTotalBytes)
                return fail(ErrorCode::Parse, QStringLiteral("%1: more than %2 bytes in all").arg(path).arg(limits.maxTotalBytes));
            digest.addData(QByteArrayView(buffer.constData(), n));
            if (out.write(buffer.constData(), n) != n)
                return ioError(QStringLiteral("%1: cannot write (%2)").arg(target, out.errorString()));
        }
        out.close();
        if (auto ok = onMember(name, target, digest.result().toHex()); !ok)
            return ok;
    }
    return {};
}

} // namespace Sandbench
