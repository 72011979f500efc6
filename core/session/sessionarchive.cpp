#include "sessionarchive.h"

#include "common/boundedfile.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSet>

#include <archive.h>
#include <archive_entry.h>

#include <memory>
#include <optional>

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
        QByteArray loaded;
        if (member.load) {
            auto bytes = member.load();
            if (!bytes)
                return std::unexpected(bytes.error());
            loaded = std::move(*bytes);
        }
        const QByteArray &data = member.load ? loaded : member.data;
        qint64 size = data.size();
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
                chunk = QByteArrayView(data).sliced(copied, qMin<qint64>(buffer.size(), size - copied));
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

struct ArchiveReader::State
{
    std::optional<RegularFile> file; // declared first: closed after `in` is done with it
    std::unique_ptr<archive, ReadArchiveDeleter> in;
    QSet<QString> seen;
    QByteArray buffer = QByteArray(256 * 1024, Qt::Uninitialized);
    QCryptographicHash digest{QCryptographicHash::Sha256};
    QString name;
    qint64 entries = 0;
    qint64 total = 0;
    qint64 entryLimit = 0;
    bool inMember = false;  // between next() and the end of that member's data
    bool ended = false;     // read() gave the member's end
};

ArchiveReader::ArchiveReader(QString path, ArchiveLimits limits, std::function<bool(const QString &)> accept)
    : m_path(std::move(path))
    , m_limits(std::move(limits))
    , m_accept(std::move(accept))
{
}

ArchiveReader::~ArchiveReader() = default;

VoidResult ArchiveReader::open()
{
    // Checked on the opened descriptor like every reader, and that descriptor is what is read:
    // a FIFO or a device is no bundle, also when it is swapped in after a look at the path.
    auto file = RegularFile::open(m_path);
    if (!file)
        return ioError(file.error().message);
    m_state = std::make_unique<State>();
    m_state->file.emplace(std::move(*file));
    m_state->in.reset(archive_read_new());
    archive *in = m_state->in.get();
    // Only what writeArchive makes: no other formats or filters, so no surprise decoders run.
    archive_read_support_format_tar(in);
    archive_read_support_filter_gzip(in);
    archive_read_support_filter_none(in);
    if (archive_read_open_fd(in, m_state->file->fd(), 64 * 1024) != ARCHIVE_OK)
        return fail(ErrorCode::Parse, QStringLiteral("%1: not a session bundle (%2)").arg(m_path, archiveError(in)));
    return {};
}

Result<std::optional<QString>> ArchiveReader::next()
{
    if (!m_state)
        return fail(ErrorCode::Internal, QStringLiteral("%1: not open").arg(m_path));
    State &s = *m_state;
    if (s.inMember && !s.ended) {
        if (auto skipped = skip(); !skipped)
            return std::unexpected(skipped.error());
    }
    s.inMember = false;
    for (;;) {
        archive_entry *entry = nullptr;
        const int status = archive_read_next_header(s.in.get(), &entry);
        if (status == ARCHIVE_EOF)
            return std::optional<QString>();
        if (status != ARCHIVE_OK)
            return fail(ErrorCode::Parse, QStringLiteral("%1: truncated or corrupted after %2 member(s): %3")
                                                  .arg(m_path).arg(s.entries).arg(archiveError(s.in.get())));
        if (++s.entries > m_limits.maxEntries)
            return fail(ErrorCode::Parse, QStringLiteral("%1: more than %2 members").arg(m_path).arg(m_limits.maxEntries));
        const char *rawName = archive_entry_pathname_utf8(entry);
        if (!rawName)
            rawName = archive_entry_pathname(entry);
        const QString name = rawName ? QString::fromUtf8(rawName) : QString();
        if (!isSafeMemberName(name))
            return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\": unsafe name (absolute or with ..)").arg(m_path, name));
        const mode_t type = archive_entry_filetype(entry);
        if (type == AE_IFDIR)
            continue; // folders are made as files need them
        if (type != AE_IFREG || archive_entry_hardlink(entry) || archive_entry_symlink(entry))
            return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\": only regular files are allowed").arg(m_path, name));
        if (!m_accept(name))
            return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\" is not part of the format").arg(m_path, name));
        if (s.seen.contains(name))
            return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\" appears twice").arg(m_path, name));
        s.seen.insert(name);
        s.name = name;
        s.digest.reset();
        m_size = 0;
        s.entryLimit = qMin(m_limits.maxEntryBytes, m_limits.maxNamedEntryBytes.value(name, m_limits.maxEntryBytes));
        s.inMember = true;
        s.ended = false;
        return std::optional<QString>(name);
    }
}

Result<QByteArrayView> ArchiveReader::read()
{
    if (!m_state || !m_state->inMember || m_state->ended)
        return QByteArrayView();
    State &s = *m_state;
    const la_ssize_t n = archive_read_data(s.in.get(), s.buffer.data(), size_t(s.buffer.size()));
    if (n < 0)
        return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\" is truncated or corrupted: %3")
                                              .arg(m_path, s.name, archiveError(s.in.get())));
    if (n == 0) {
        s.ended = true;
        return QByteArrayView();
    }
    m_size += n;
    s.total += n;
    if (m_size > s.entryLimit)
        return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\" is larger than %3 bytes").arg(m_path, s.name).arg(s.entryLimit));
    if (s.total > m_limits.maxTotalBytes)
        return fail(ErrorCode::Parse, QStringLiteral("%1: more than %2 bytes in all").arg(m_path).arg(m_limits.maxTotalBytes));
    const QByteArrayView chunk(s.buffer.constData(), n);
    s.digest.addData(chunk);
    return chunk;
}

Result<QByteArray> ArchiveReader::readAll(qint64 maxBytes, qint64 expectedBytes)
{
    QByteArray out;
    if (expectedBytes > 0)
        out.reserve(qMin(expectedBytes, maxBytes));
    for (;;) {
        auto chunk = read();
        if (!chunk)
            return std::unexpected(chunk.error());
        if (chunk->isEmpty())
            return out;
        if (out.size() + chunk->size() > maxBytes)
            return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\" is larger than %3 bytes")
                                                  .arg(m_path, m_state->name).arg(maxBytes));
        out.append(*chunk);
    }
}

VoidResult ArchiveReader::skip()
{
    for (;;) {
        auto chunk = read();
        if (!chunk)
            return std::unexpected(chunk.error());
        if (chunk->isEmpty())
            return {};
    }
}

QByteArray ArchiveReader::sha256() const
{
    return m_state ? m_state->digest.result().toHex() : QByteArray();
}

Result<QByteArray> readFirstMember(const QString &path, const QString &name, qint64 maxBytes)
{
    ArchiveLimits limits;
    limits.maxEntryBytes = maxBytes;
    // Anything goes past the first member: the reader stops before it.
    ArchiveReader reader(path, limits, [](const QString &) { return true; });
    if (auto opened = reader.open(); !opened)
        return std::unexpected(opened.error());
    auto first = reader.next();
    if (!first)
        return std::unexpected(first.error());
    if (!*first || **first != name)
        return fail(ErrorCode::Parse, QStringLiteral("%1: no %2 as first member (not a session)").arg(path, name));
    return reader.readAll(maxBytes);
}

VoidResult extractArchive(const QString &path, const QString &destination, const ArchiveLimits &limits,
                          const std::function<bool(const QString &)> &accept,
                          const std::function<VoidResult(const QString &, const QString &, const QByteArray &)> &onMember)
{
    ArchiveReader reader(path, limits, accept);
    if (auto opened = reader.open(); !opened)
        return opened;
    const QDir root(destination);
    for (;;) {
        auto next = reader.next();
        if (!next)
            return std::unexpected(next.error());
        if (!*next)
            return {};
        const QString &name = **next;
        const QString target = root.filePath(name);
        // The reader refuses a name twice; the file system also catches "a" and then "a/b".
        if (QFileInfo::exists(target))
            return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\" appears twice").arg(path, name));
        root.mkpath(QFileInfo(target).path());
        QFile out(target);
        if (!out.open(QIODevice::WriteOnly | QIODevice::NewOnly))
            return ioError(QStringLiteral("%1: cannot write (%2)").arg(target, out.errorString()));
        for (;;) {
            auto chunk = reader.read();
            if (!chunk)
                return std::unexpected(chunk.error());
            if (chunk->isEmpty())
                break;
            if (out.write(chunk->data(), chunk->size()) != chunk->size())
                return ioError(QStringLiteral("%1: cannot write (%2)").arg(target, out.errorString()));
        }
        out.close();
        if (auto ok = onMember(name, target, reader.sha256()); !ok)
            return ok;
    }
}

} // namespace Sandbench
