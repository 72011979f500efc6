#include "execsession.h"

#include "common/privateroot.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QSet>
#include <QTemporaryDir>

namespace Sandbench {

namespace {

const QString manifestName = QStringLiteral("manifest.json");
const QString auditName = QStringLiteral("audit.jsonl");
const QString stdoutName = QStringLiteral("output/stdout");
const QString stderrName = QStringLiteral("output/stderr");
const QString rawStderrName = QStringLiteral("output/stderr.raw");
const QString digestListName = QStringLiteral("SHA256SUMS"); // last: every other member's digest

QByteArray auditJsonl(const QList<AuditEvent> &events)
{
    QByteArray out;
    for (const AuditEvent &event : events)
        out += event.toJsonLine() + '\n';
    return out;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Only the packages and the engine's "already fetched" stamp: the runtime's other caches (code
// cache, transpiled modules named after this machine's paths) are rebuilt by a replay in a few
// milliseconds and would make up most of the bundle.
bool isPackageMember(const QString &name)
{
    return name == QLatin1String(".sandbench-prefetched") || name.startsWith(QLatin1String("npm/"));
}

} // namespace

QString ExecSession::filePath(const QString &sha256) const
{
    return m_contentDir + QStringLiteral("/files/") + sha256;
}

void ExecSession::setContent(const QString &contentDir, const QString &packageDir, std::shared_ptr<QTemporaryDir> owner)
{
    m_contentDir = contentDir;
    m_packageDir = packageDir;
    m_owner = std::move(owner);
}

VoidResult ExecSession::write(const QString &path) const
{
    // The manifest goes first, so a reader refuses a newer format before extracting anything.
    QList<ArchiveMember> members = {{manifestName, manifest.toJson(), {}},
                                    {stdoutName, stdoutData, {}},
                                    {stderrName, stderrData, {}},
                                    {rawStderrName, rawStderr, {}},
                                    {auditName, auditJsonl(auditEvents), {}}};
    QSet<QString> digests;
    for (const QString &sha : manifest.workdirFiles)
        digests.insert(sha);
    for (const QString &sha : manifest.inputFiles)
        digests.insert(sha);
    if (!manifest.entrySha256.isEmpty())
        digests.insert(manifest.entrySha256);
    for (const RecordedExchange &e : manifest.traffic.exchanges) {
        digests.insert(e.requestBody.sha256);
        digests.insert(e.responseBody.sha256);
    }
    QStringList sorted(digests.cbegin(), digests.cend());
    sorted.sort();
    for (const QString &sha : std::as_const(sorted))
        members.append({QStringLiteral("files/") + sha, {}, filePath(sha)});
    if (!manifest.packageCacheName.isEmpty() && !m_packageDir.isEmpty()) {
        QStringList names;
        QDirIterator it(m_packageDir, QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString name = QDir(m_packageDir).relativeFilePath(it.next());
            if (isPackageMember(name))
                names << name;
        }
        names.sort();
        for (const QString &name : std::as_const(names))
            members.append({QStringLiteral("packages/") + name, {}, m_packageDir + QLatin1Char('/') + name});
    }
    return writeArchive(path, members, digestListName);
}

Result<ExecSession> ExecSession::read(const QString &path, const ArchiveLimits &limits)
{
    auto made = makePrivateFolder(QStringLiteral("sandbench-session"));
    if (!made)
        return std::unexpected(made.error());
    std::shared_ptr<QTemporaryDir> owner = std::move(*made);
    const QString root = QFileInfo(owner->path()).canonicalFilePath();
    const QString name = QFileInfo(path).fileName();
    ExecSession bundle;
    bool haveManifest = false;
    bool haveDigests = false;
    QMap<QString, QByteArray> digests;
    auto accept = [&](const QString &member) {
        if (!haveManifest)
            return member == manifestName; // first, always
        if (haveDigests)
            return false; // nothing after the digest list
        if (member == digestListName)
            return true;
        return member == auditName || member == stdoutName || member == stderrName || member == rawStderrName
                || (member.startsWith(QLatin1String("files/")) && member.count(QLatin1Char('/')) == 1)
                || (member.startsWith(QLatin1String("packages/")) && !bundle.manifest.packageCacheName.isEmpty());
    };
    auto onMember = [&](const QString &member, const QString &extracted, const QByteArray &sha) -> VoidResult {
        if (member == digestListName) {
            haveDigests = true;
            return checkDigestList(readAll(extracted), digests, path, QStringLiteral("bundle"));
        }
        digests.insert(member, sha);
        if (member == manifestName) {
            auto parsed = ExecSessionManifest::fromJson(readAll(extracted), path);
            if (!parsed)
                return std::unexpected(parsed.error());
            bundle.manifest = *parsed;
            haveManifest = true;
        } else if (member.startsWith(QLatin1String("files/")) && member.mid(6) != QString::fromLatin1(sha)) {
            return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\" does not match its digest (the bundle is corrupted)")
                                                  .arg(path, member));
        }
        return {};
    };
    if (auto ok = extractArchive(path, root, withInMemoryBounds(limits, manifestName, digestListName), accept, onMember); !ok) {
        if (!haveManifest && ok.error().message.contains(QLatin1String("is not part of the format")))
            return fail(ErrorCode::Parse, QStringLiteral("%1: no manifest.json as first member (not a session bundle)").arg(path));
        return std::unexpected(ok.error());
    }
    if (!haveManifest)
        return fail(ErrorCode::Parse, QStringLiteral("%1: no manifest.json (empty or not a session bundle)").arg(path));
    if (!haveDigests)
        return fail(ErrorCode::Parse, QStringLiteral("%1: no SHA256SUMS member at the end (truncated bundle?)").arg(path));
    const ExecSessionManifest &m = bundle.manifest;
    auto needFile = [&](const QString &sha, const QString &forWhat) -> VoidResult {
        if (!QFileInfo(root + QStringLiteral("/files/") + sha).isFile())
            return fail(ErrorCode::Parse, QStringLiteral("%1: files/%2 (for %3) is missing").arg(path, sha, forWhat));
        return {};
    };
    for (auto it = m.workdirFiles.cbegin(); it != m.workdirFiles.cend(); ++it) {
        if (auto ok = needFile(it.value(), it.key()); !ok)
            return std::unexpected(ok.error());
    }
    for (auto it = m.inputFiles.cbegin(); it != m.inputFiles.cend(); ++it) {
        if (auto ok = needFile(it.value(), it.key()); !ok)
            return std::unexpected(ok.error());
    }
    if (!m.entrySha256.isEmpty()) {
        if (auto ok = needFile(m.entrySha256, m.entrypoint); !ok)
            return std::unexpected(ok.error());
    }
    for (qsizetype i = 0; i < m.traffic.exchanges.size(); ++i) {
        const RecordedExchange &e = m.traffic.exchanges.at(i);
        for (const SandboxPayloadRef &body : {e.requestBody, e.responseBody}) {
            const QString what = QStringLiteral("recorded request %1").arg(i + 1);
            if (auto ok = needFile(body.sha256, what); !ok)
                return std::unexpected(ok.error());
            if (QFileInfo(root + QStringLiteral("/files/") + body.sha256).size() != body.size)
                return fail(ErrorCode::Parse, QStringLiteral("%1: files/%2 (for %3) is not of the size the manifest says").arg(path, body.sha256, what));
        }
    }
    for (const QString &member : {stdoutName, stderrName, rawStderrName, auditName}) {
        if (!QFileInfo(root + QLatin1Char('/') + member).isFile())
            return fail(ErrorCode::Parse, QStringLiteral("%1: %2 is missing (truncated bundle?)").arg(path, member));
    }
    bundle.stdoutData = readAll(root + QLatin1Char('/') + stdoutName);
    bundle.stderrData = readAll(root + QLatin1Char('/') + stderrName);
    bundle.rawStderr = readAll(root + QLatin1Char('/') + rawStderrName);
    const QList<QByteArray> lines = readAll(root + QLatin1Char('/') + auditName).split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines.at(i).trimmed().isEmpty())
            continue;
        AuditEvent event;
        QString error;
        if (!AuditEvent::fromJsonLine(lines.at(i), &event, &error))
            return fail(ErrorCode::Parse, QStringLiteral("%1: audit.jsonl:%2: %3").arg(path).arg(i + 1).arg(error));
        bundle.auditEvents.append(event);
    }
    // The package cache is moved under the name the engine looks for: <cache>/deno-<key>.
    QString packageDir;
    if (!m.packageCacheName.isEmpty()) {
        QDir(root).mkpath(QStringLiteral("cache"));
        packageDir = root + QStringLiteral("/cache/") + m.packageCacheName;
        if (QFileInfo(root + QStringLiteral("/packages")).isDir() && !QDir().rename(root + QStringLiteral("/packages"), packageDir))
            return fail(ErrorCode::Io, QStringLiteral("cannot move the packages of %1 into place").arg(name));
        QDir().mkpath(packageDir);
    }
    bundle.setContent(root, packageDir, owner);
    return bundle;
}

} // namespace Sandbench
