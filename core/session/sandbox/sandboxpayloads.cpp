#include "sandboxpayloads.h"

#include <QMutexLocker>
#include <QRegularExpression>

namespace Sandbench {

namespace {

bool isFormatMember(const QString &name)
{
    static const QRegularExpression files(QStringLiteral("^files/[0-9a-f]{64}$"));
    return name == QLatin1String("manifest.json") || name == QLatin1String("SHA256SUMS") || files.match(name).hasMatch();
}

} // namespace

SandboxPayloadRef SandboxPayloads::add(const QByteArray &data)
{
    const SandboxPayloadRef ref = payloadRefOf(data);
    QMutexLocker lock(&m_mutex);
    if (!m_memory.contains(ref.sha256)) {
        m_memory.insert(ref.sha256, data);
        m_memoryBytes += data.size();
    }
    return ref;
}

void SandboxPayloads::setArchive(const QString &path, const ArchiveLimits &limits)
{
    QMutexLocker lock(&m_mutex);
    m_archive = path;
    m_limits = limits;
}

qint64 SandboxPayloads::bytesInMemory() const
{
    QMutexLocker lock(&m_mutex);
    return m_memoryBytes;
}

Result<QByteArray> SandboxPayloads::load(const SandboxPayloadRef &ref, const QString &what, qint64 maxBytes) const
{
    const QString member = QStringLiteral("files/") + ref.sha256;
    if (ref.size > maxBytes)
        return fail(ErrorCode::LimitExceeded, QStringLiteral("%1 (%2, %3 bytes) is larger than the %4 bytes that may be loaded at once")
                                              .arg(what, member).arg(ref.size).arg(maxBytes));
    // Nothing is the same nothing everywhere: a step's unset output needs no member.
    if (ref == payloadRefOf({}))
        return QByteArray();
    QString archive;
    ArchiveLimits limits;
    {
        QMutexLocker lock(&m_mutex);
        if (auto it = m_memory.constFind(ref.sha256); it != m_memory.cend())
            return *it;
        archive = m_archive;
        limits = m_limits;
    }
    if (archive.isEmpty())
        return fail(ErrorCode::Internal, QStringLiteral("%1 (%2) is not in the session").arg(what, member));
    // One member out of the archive: the ones before it are inflated and dropped, never kept.
    ArchiveReader reader(archive, limits, isFormatMember);
    if (auto opened = reader.open(); !opened)
        return std::unexpected(opened.error());
    for (;;) {
        auto next = reader.next();
        if (!next)
            return std::unexpected(next.error());
        if (!*next)
            return fail(ErrorCode::Parse, QStringLiteral("%1: %2 (%3) is missing (the file changed since it was opened)")
                                                  .arg(archive, what, member));
        if (**next != member)
            continue;
        auto bytes = reader.readAll(maxBytes, ref.size);
        if (!bytes)
            return fail(bytes.error().code, QStringLiteral("%1: %2").arg(what, bytes.error().message));
        if (reader.sha256() != ref.sha256.toLatin1() || bytes->size() != ref.size)
            return fail(ErrorCode::Parse, QStringLiteral("%1: %2 (%3) does not match its digest (the file changed since it was opened)")
                                                  .arg(archive, what, member));
        return *bytes;
    }
}

} // namespace Sandbench
