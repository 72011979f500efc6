#pragma once

#include "common/result.h"

#include <QByteArray>
#include <QString>

namespace Sandbench {

// A file named by someone else may be /dev/zero, a FIFO with no writer or a file that grows
// while it is read. These open it without blocking, check on the opened descriptor that it is
// a regular file (so what is checked is what is read) and never read more than a cap.

// An open descriptor of a regular file (O_CLOEXEC), or an error naming `path` and why.
class RegularFile
{
public:
    static Result<RegularFile> open(const QString &path);
    RegularFile(RegularFile &&other) noexcept;
    RegularFile &operator=(RegularFile &&other) noexcept;
    RegularFile(const RegularFile &) = delete;
    RegularFile &operator=(const RegularFile &) = delete;
    ~RegularFile();

    int fd() const { return m_fd; }
    qint64 size() const { return m_size; } // at open time
    // Up to `length` bytes from `offset`; fewer at the end of the file, also when it shrank.
    QByteArray readAt(qint64 offset, qint64 length) const;

private:
    explicit RegularFile(int fd, qint64 size) : m_fd(fd), m_size(size) {}
    int m_fd = -1;
    qint64 m_size = 0;
};

// The whole of a regular file of at most `maxBytes` (checked on the descriptor, and again while
// reading, since the file may grow). `what` names the file's role in errors ("the policy").
Result<QByteArray> readRegularFile(const QString &path, qint64 maxBytes, const QString &what);

} // namespace Sandbench
