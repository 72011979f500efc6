#include "approvals/approvalfolder.h"

#include <QDir>
#include <QFile>

#include <cstring>
#include <ctime>

#include <pwd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace Sandbench {

QString ApprovalFolder::path()
{
    const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
    if (!runtime.isEmpty() && runtime.startsWith('/'))
        return QFile::decodeName(runtime) + QStringLiteral("/sandbench-approvals");
    return QStringLiteral("/tmp/sandbench-approvals-%1").arg(geteuid());
}

Result<QString> ApprovalFolder::ensure()
{
    const QString dir = path();
    const QByteArray native = QFile::encodeName(dir);
    if (::mkdir(native.constData(), 0700) != 0 && errno != EEXIST)
        return std::unexpected(Error{ErrorCode::Io, QStringLiteral("cannot make the approvals folder %1: %2").arg(dir, QString::fromLocal8Bit(strerror(errno)))});
    struct stat st{};
    // lstat: a symlink planted in /tmp by someone else is not followed.
    if (::lstat(native.constData(), &st) != 0 || !S_ISDIR(st.st_mode))
        return std::unexpected(Error{ErrorCode::Io, QStringLiteral("the approvals folder %1 is not a folder").arg(dir)});
    if (st.st_uid != geteuid() || (st.st_mode & 077) != 0)
        return std::unexpected(Error{ErrorCode::PermissionDenied,
                                     QStringLiteral("the approvals folder %1 must be this user's with mode 0700 (it is uid %2, mode %3)")
                                             .arg(dir).arg(st.st_uid).arg(st.st_mode & 07777, 4, 8, QLatin1Char('0'))});
    return dir;
}

QStringList ApprovalFolder::sockets()
{
    QStringList out;
    auto dir = ensure();
    if (!dir)
        return out;
    const QDir d(*dir);
    for (const QString &name : d.entryList({QStringLiteral("*.sock")}, QDir::System | QDir::Files, QDir::Name))
        out << d.filePath(name);
    return out;
}

namespace {

// No listener at `path`: a connect is refused. Anything else (it answers, it is full, the name
// is too long to try) counts as alive, so that only a socket surely dead is removed.
bool nobodyListens(const QByteArray &path)
{
    sockaddr_un address{};
    if (path.size() >= qsizetype(sizeof address.sun_path))
        return false;
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path, path.constData(), size_t(path.size()));
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0)
        return false;
    const bool refused = ::connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0 && errno == ECONNREFUSED;
    ::close(fd);
    return refused;
}

} // namespace

int ApprovalFolder::removeStale(int minAgeSeconds)
{
    int removed = 0;
    const time_t now = ::time(nullptr);
    for (const QString &socket : sockets()) {
        const QByteArray native = QFile::encodeName(socket);
        struct stat st{};
        // Only this user's sockets in this user's 0700 folder; a file of another kind is left.
        if (::lstat(native.constData(), &st) != 0 || !S_ISSOCK(st.st_mode) || st.st_uid != geteuid())
            continue;
        if (now - st.st_mtime < minAgeSeconds || !nobodyListens(native))
            continue;
        if (::unlink(native.constData()) == 0)
            ++removed;
    }
    return removed;
}

Result<uid_t> ApprovalFolder::peerUid(qintptr fd)
{
    struct ucred cred{};
    socklen_t len = sizeof cred;
    if (::getsockopt(int(fd), SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 || len != sizeof cred)
        return std::unexpected(Error{ErrorCode::Io, QStringLiteral("cannot tell who is at the other end of the approver socket")});
    return cred.uid;
}

QString ApprovalFolder::userName(uid_t uid)
{
    struct passwd pw{};
    struct passwd *found = nullptr;
    char buffer[4096];
    if (::getpwuid_r(uid, &pw, buffer, sizeof buffer, &found) == 0 && found)
        return QString::fromLocal8Bit(found->pw_name);
    return QStringLiteral("uid %1").arg(uid);
}

} // namespace Sandbench
