#include "sandboxsnapshot.h"

#include <QCryptographicHash>

namespace Sandbench {

QString snapshotDigest(const QString &imageId, const QString &archiveDigest)
{
    const QByteArray both = imageId.toUtf8() + '\n' + archiveDigest.toUtf8();
    return QStringLiteral("sha256:") + QString::fromLatin1(QCryptographicHash::hash(both, QCryptographicHash::Sha256).toHex());
}

Result<void> validateSnapshotName(const QString &name)
{
    auto bad = [](const QString &why) { return std::unexpected(Error{ErrorCode::InvalidInput, why}); };
    if (name.isEmpty())
        return bad(QStringLiteral("a snapshot name must not be empty"));
    if (name.size() > 64)
        return bad(QStringLiteral("snapshot name is %1 characters long; at most 64").arg(name.size()));
    for (qsizetype i = 0; i < name.size(); ++i) {
        const char16_t c = name.at(i).unicode();
        const bool alnum = (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9');
        if (alnum || (i > 0 && (c == u'.' || c == u'_' || c == u'-')))
            continue;
        const QString shown = c >= 0x20 && c < 0x7f ? QStringLiteral("'%1'").arg(QChar(c))
                                                     : QStringLiteral("U+%1").arg(int(c), 4, 16, QLatin1Char('0')).toUpper();
        return bad(QStringLiteral("snapshot name has %1 at position %2; names are lower-case letters, digits "
                                  "and . _ - (not first)")
                       .arg(shown).arg(i + 1));
    }
    return {};
}

} // namespace Sandbench
