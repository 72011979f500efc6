#include "boundedfile.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandbench {

Result<RegularFile> RegularFile::open(const QString &path)
{
    const QByteArray name = QFile::encodeName(path);
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    const int fd = ::open(name.constData(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0)
        return fail(ErrorCode::Io, QStringLiteral("%1: cannot open: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno))));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return fail(ErrorCode::Io, QStringLiteral("%1: not a regular file (a device, FIFO, socket or folder cannot be read as one)").arg(path));
    }
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0)
        ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    return RegularFile(fd, qint64(st.st_size));
}

RegularFile::RegularFile(RegularFile &&other) noexcept : m_fd(other.m_fd), m_size(other.m_size)
{
    other.m_fd = -1;
}

RegularFile &RegularFile::operator=(RegularFile &&other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = other.m_fd;
        m_size = other.m_size;
        other.m_fd = -1;
    }
    return *this;
}

RegularFile::~RegularFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

QByteArray RegularFile::readAt(qint64 offset, qint64 length) const
{
    QByteArray out;
    if (m_fd < 0 || offset < 0 || length <= 0)
        return out;
    // Never allocate past the file's end as it is now: a log that shrank under its reader would
    // otherwise cost a full window's allocation for every row it no longer holds.
    struct stat info {};
    if (::fstat(m_fd, &info) == 0) {
        if (offset >= info.st_size)
            return out;
        length = qMin<qint64>(length, info.st_size - offset);
    }
    out.resize(length);
    qint64 done = 0;
    while (done < length) {
        const ssize_t n = ::pread(m_fd, out.data() + done, size_t(length - done), off_t(offset + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        done += n;
    }
    out.resize(done);
    return out;
}

Result<QByteArray> readRegularFile(const QString &path, qint64 maxBytes, const QString &what)
{
    auto file = RegularFile::open(path);
    if (!file)
        return std::unexpected(file.error());
    const auto tooLarge = [&] {
        return fail(ErrorCode::Parse, QStringLiteral("%1:1:1: %2 is larger than %3 bytes").arg(path, what).arg(maxBytes));
    };
    if (file->size() > maxBytes)
        return tooLarge();
    // One byte more than allowed tells a file that grew since fstat from one that fits.
    QByteArray data = file->readAt(0, maxBytes + 1);
    if (data.size() > maxBytes)
        return tooLarge();
    return data;
}

} // namespace Sandbench
