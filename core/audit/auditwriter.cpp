#include "auditwriter.h"

#include <QDir>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace Sandbench {

AuditWriter::~AuditWriter()
{
    close();
}

VoidResult AuditWriter::open(const QString &path)
{
    close();
    QDir().mkpath(QFileInfo(path).absolutePath());
    m_fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (m_fd < 0)
        return fail(ErrorCode::ConfigError, QStringLiteral("--audit-log %1: cannot open: %2")
                                                    .arg(path, QString::fromLocal8Bit(std::strerror(errno))));
    return {};
}

bool AuditWriter::write(const AuditEvent &event)
{
    if (m_fd < 0)
        return true;
    QByteArray line = event.toJsonLine();
    line.append('\n');
    const char *data = line.constData();
    qsizetype left = line.size();
    while (left > 0) {
        const ssize_t written = ::write(m_fd, data, size_t(left));
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            return false;
        data += written;
        left -= written;
    }
    return true;
}

void AuditWriter::close()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

} // namespace Sandbench
