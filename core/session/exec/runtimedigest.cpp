#include "runtimedigest.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace Sandbench {

Result<QString> runtimeDigest(const QString &runtimePath, const QString &cacheDir)
{
    const QFileInfo info(runtimePath);
    const QByteArray key = QCryptographicHash::hash(runtimePath.toUtf8() + '|' + QByteArray::number(info.size()) + '|'
                                                            + QByteArray::number(info.lastModified().toMSecsSinceEpoch()),
                                                    QCryptographicHash::Sha256).toHex().left(24);
    const QString stamp = cacheDir + QStringLiteral("/runtime-sha256-") + QString::fromLatin1(key);
    QFile cached(stamp);
    if (cached.open(QIODevice::ReadOnly)) {
        const QString digest = QString::fromLatin1(cached.readAll()).trimmed();
        if (digest.size() == 64)
            return digest;
    }
    QFile binary(runtimePath);
    if (!binary.open(QIODevice::ReadOnly))
        return fail(ErrorCode::Io, QStringLiteral("%1: cannot read (%2)").arg(runtimePath, binary.errorString()));
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!hash.addData(&binary))
        return fail(ErrorCode::Io, QStringLiteral("%1: cannot read").arg(runtimePath));
    const QString digest = QString::fromLatin1(hash.result().toHex());
    QDir().mkpath(cacheDir);
    QSaveFile save(stamp);
    if (save.open(QIODevice::WriteOnly)) {
        save.write(digest.toLatin1());
        save.commit();
    }
    return digest;
}

} // namespace Sandbench
