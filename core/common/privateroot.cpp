#include "privateroot.h"

#include <QDir>
#include <QFile>

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace Sandbench {

namespace {

Error environment(const QString &message)
{
    return {ErrorCode::EnvironmentError, message};
}

bool privateFolderOfMine(const QString &path, mode_t modeMask)
{
    struct stat st {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISDIR(st.st_mode)
            && st.st_uid == ::geteuid() && (st.st_mode & modeMask) == 0;
}

} // namespace

Result<QString> privateRoot()
{
    // The runtime folder must be this user's alone already; a shared or foreign one is not used.
    const QString runtimeDir = qEnvironmentVariable("XDG_RUNTIME_DIR");
    const bool useRuntimeDir = QDir::isAbsolutePath(runtimeDir) && privateFolderOfMine(QDir::cleanPath(runtimeDir), 077);
    const QString root = useRuntimeDir ? QDir::cleanPath(runtimeDir) + QStringLiteral("/sandbench")
                                       : QDir::tempPath() + QStringLiteral("/sandbench-%1").arg(::geteuid());
    const QByteArray native = QFile::encodeName(root);
    if (::mkdir(native.constData(), 0700) != 0 && errno != EEXIST)
        return std::unexpected(environment(QStringLiteral("cannot create the private folder %1: %2").arg(root, QString::fromLocal8Bit(strerror(errno)))));
    struct stat st {};
    if (::lstat(native.constData(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::geteuid())
        return std::unexpected(environment(QStringLiteral("%1 is not a folder of this user's (a link, a file or someone else's): Sandbench keeps its private files there and will not use it")
                                                   .arg(root)));
    if ((st.st_mode & 077) != 0 && ::chmod(native.constData(), 0700) != 0)
        return std::unexpected(environment(QStringLiteral("cannot make %1 private (0700)").arg(root)));
    return root;
}

Result<std::unique_ptr<QTemporaryDir>> makePrivateFolder(const QString &prefix)
{
    auto root = privateRoot();
    if (!root)
        return std::unexpected(root.error());
    auto dir = std::make_unique<QTemporaryDir>(*root + QLatin1Char('/') + prefix + QStringLiteral("-XXXXXX"));
    if (!dir->isValid())
        return std::unexpected(environment(QStringLiteral("cannot create a private folder in %1: %2").arg(*root, dir->errorString())));
    return dir;
}

} // namespace Sandbench
