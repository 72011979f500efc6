#include "mcp/sessionworkdir.h"

#include "common/privateroot.h"

#include "common/filecopy.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

namespace Sandbench {

namespace {

constexpr qint64 maxEntries = 20000;
constexpr qint64 maxBytes = qint64(1) << 30;

} // namespace

Result<std::unique_ptr<QTemporaryDir>> makeSessionWorkdir(const QString &source)
{
    auto made = makePrivateFolder(QStringLiteral("sandbench-mcp"));
    if (!made)
        return std::unexpected(Error{made.error().code, QStringLiteral("cannot make a session workdir: %1").arg(made.error().message)});
    std::unique_ptr<QTemporaryDir> dir = std::move(*made);
    if (source.isEmpty())
        return dir;
    const QDir from(source);
    qint64 entries = 0, bytes = 0;
    QDirIterator it(source, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        const QFileInfo info = it.fileInfo();
        if (++entries > maxEntries)
            return std::unexpected(Error{ErrorCode::LimitExceeded, QStringLiteral("--workdir %1 has more than %2 entries").arg(source).arg(maxEntries)});
        const QString target = QDir(dir->path()).filePath(from.relativeFilePath(info.filePath()));
        if (info.isSymLink())
            continue;
        if (info.isDir()) {
            if (!QDir().mkpath(target))
                return std::unexpected(Error{ErrorCode::Io, QStringLiteral("cannot make %1").arg(target)});
        } else if (info.isFile()) {
            bytes += info.size();
            if (bytes > maxBytes)
                return std::unexpected(Error{ErrorCode::LimitExceeded, QStringLiteral("--workdir %1 holds more than 1 GiB").arg(source)});
            QDir().mkpath(QFileInfo(target).path());
            if (!copyFile(info.filePath(), target))
                return std::unexpected(Error{ErrorCode::Io, QStringLiteral("cannot copy %1").arg(info.filePath())});
        }
    }
    return dir;
}

} // namespace Sandbench
