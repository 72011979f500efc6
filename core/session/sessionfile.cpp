#include "sessionfile.h"

#include "common/boundedfile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Sandbench {

Result<OpenedSessionFile> SessionFile::open(const QString &path)
{
    if (auto file = RegularFile::open(path); file && AgentSession::looksLikeOne(file->readAt(0, 64)))
        return AgentSessionFile{path};
    auto bytes = readFirstMember(path, QStringLiteral("manifest.json"), maxManifestBytes);
    if (!bytes)
        return std::unexpected(bytes.error());
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(*bytes, &error);
    if (!doc.isObject())
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: %2").arg(path, error.errorString()));
    const QJsonValue kind = doc.object().value(QStringLiteral("kind"));
    if (kind.isUndefined()) {
        // Exec sessions came first and have no kind.
        auto manifest = ExecSessionManifest::fromJson(*bytes, path);
        if (!manifest)
            return std::unexpected(manifest.error());
        return ExecSessionFile{path, std::move(*manifest)};
    }
    if (kind.toString() == SandboxSession::kindName) {
        auto manifest = SandboxSession::checkManifest(*bytes, path);
        if (!manifest)
            return std::unexpected(manifest.error());
        return SandboxSessionFile{path, manifest->value(QStringLiteral("formatVersion")).toInt(),
                                  manifest->value(QStringLiteral("sandbox")).toObject().value(QStringLiteral("image")).toString(),
                                  manifest->value(QStringLiteral("steps")).toArray().size()};
    }
    return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: unknown session kind \"%2\" (a newer Sandbench may read it)")
                                          .arg(path, kind.toString().left(40)));
}

} // namespace Sandbench
