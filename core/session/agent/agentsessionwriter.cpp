#include "session/agent/agentsessionwriter.h"

#include "session/agent/agentsession.h"
#include "common/boundedfile.h"

#include <QDateTime>
#include <QDir>
#include <QJsonDocument>
#include <QRandomGenerator>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandbench {

namespace {

Error io(const QString &message)
{
    return {ErrorCode::Io, message};
}

} // namespace

Result<std::unique_ptr<AgentSessionWriter>> AgentSessionWriter::create(const QString &folder, QJsonObject header)
{
    if (!QDir().mkpath(folder))
        return std::unexpected(io(QStringLiteral("cannot make the record folder %1").arg(folder)));
    ::chmod(QFile::encodeName(folder).constData(), 0700);
    std::unique_ptr<AgentSessionWriter> w(new AgentSessionWriter);
    const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    for (int attempt = 0; attempt < 8; ++attempt) {
        const QString name = QStringLiteral("agent-%1-%2%3").arg(stamp).arg(QRandomGenerator::system()->generate() & 0xffffff, 6, 16, QLatin1Char('0'))
                                     .arg(AgentSession::fileExtension());
        const QString path = QDir(folder).filePath(name);
        // O_EXCL: a name someone else made (a symlink planted in the folder) is never opened.
        const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0) {
            if (errno == EEXIST)
                continue;
            return std::unexpected(io(QStringLiteral("cannot create %1: %2").arg(path, QString::fromLocal8Bit(strerror(errno)))));
        }
        if (!w->m_file.open(fd, QIODevice::WriteOnly | QIODevice::Unbuffered, QFileDevice::AutoCloseHandle)) {
            ::close(fd);
            return std::unexpected(io(QStringLiteral("cannot open %1").arg(path)));
        }
        w->m_path = path;
        w->m_lock = std::make_unique<QLockFile>(lockPathFor(path));
        w->m_lock->setStaleLockTime(0); // only a dead pid makes it stale, never its age
        w->m_lock->tryLock(0);
        // The kind first, whatever order the rest is in, so a reader knows the file by its
        // first bytes (QJsonDocument sorts keys).
        header.remove(QStringLiteral("kind"));
        header.remove(QStringLiteral("formatVersion"));
        QByteArray line = "{\"kind\":\"" + AgentSession::kindName.toUtf8() + "\",\"formatVersion\":"
                + QByteArray::number(AgentSession::currentFormatVersion);
        const QByteArray rest = QJsonDocument(header).toJson(QJsonDocument::Compact);
        line += rest.size() > 2 ? ',' + rest.mid(1) : QByteArray("}");
        if (auto ok = w->writeLine(line); !ok)
            return std::unexpected(ok.error());
        return w;
    }
    return std::unexpected(io(QStringLiteral("cannot find a free session name in %1").arg(folder)));
}

AgentSessionWriter::~AgentSessionWriter()
{
    // A session never closed (its server is stopping without saying why) stays without an end
    // line, as a crashed one would: readers take it for what it is.
    if (m_lock)
        m_lock->unlock();
}

VoidResult AgentSessionWriter::append(const QJsonObject &event)
{
    return writeLine(QJsonDocument(event).toJson(QJsonDocument::Compact));
}

VoidResult AgentSessionWriter::appendEncoded(const QByteArray &line)
{
    if (!line.startsWith('{') || !line.endsWith('}') || line.contains('\n'))
        return std::unexpected(Error{ErrorCode::Internal, QStringLiteral("not one JSON object on one line")});
    return writeLine(line);
}

VoidResult AgentSessionWriter::writeLine(QByteArray line)
{
    if (m_closed)
        return std::unexpected(Error{ErrorCode::Internal, QStringLiteral("the session %1 is closed").arg(path())});
    if (m_failed)
        return std::unexpected(*m_failed);
    line.append('\n');
    // One write of the whole line, repeated only for what a short write left.
    qint64 done = 0;
    while (done < line.size()) {
        const ssize_t n = ::write(m_file.handle(), line.constData() + done, size_t(line.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            m_failed = io(QStringLiteral("cannot write to the session %1: %2").arg(path(), QString::fromLocal8Bit(strerror(errno))));
            return std::unexpected(*m_failed);
        }
        done += n;
    }
    return {};
}

VoidResult AgentSessionWriter::close(const QString &reason)
{
    if (m_closed)
        return {};
    auto ok = append({{QStringLiteral("type"), QStringLiteral("end")},
                      {QStringLiteral("atMs"), QDateTime::currentMSecsSinceEpoch()},
                      {QStringLiteral("reason"), reason}});
    m_closed = true;
    m_file.close();
    if (m_lock)
        m_lock->unlock();
    return ok;
}

bool AgentSessionWriter::isLive(const QString &path)
{
    // QLockFile opens the lock with a plain open(): a FIFO put there would hold the caller (the
    // Live list's scan) for good. Only a regular file can be a lock.
    if (!RegularFile::open(lockPathFor(path)))
        return false;
    QLockFile lock(lockPathFor(path));
    lock.setStaleLockTime(0);
    qint64 pid = 0;
    QString host, app;
    if (!lock.getLockInfo(&pid, &host, &app))
        return false;
    // Held by this process (a server that reads its own sessions) or by another living one.
    if (pid == qint64(::getpid()))
        return true;
    return pid > 0 && ::kill(pid_t(pid), 0) == 0;
}

} // namespace Sandbench
