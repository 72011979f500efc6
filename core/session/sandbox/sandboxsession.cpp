#include "sandboxsession.h"

#include "sandbox/sandboxsnapshot.h"

#include "session/sandbox/sandboxstepjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

namespace Sandbench {

namespace {

const QString manifestName = QStringLiteral("manifest.json");
const QString digestListName = QStringLiteral("SHA256SUMS");
const QString filesPrefix = QStringLiteral("files/");
// Enough of a member to tell a PNG by its signature.
constexpr qsizetype kHeadBytes = 8;

// The kind and version, checked before any other member is read: a newer file is refused
// without inflating its members.
} // namespace

Result<QJsonObject> SandboxSession::checkManifest(const QByteArray &bytes, const QString &path)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (!doc.isObject())
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: %2").arg(path, error.errorString()));
    const QJsonObject manifest = doc.object();
    const QString kind = manifest.value(QStringLiteral("kind")).toString();
    if (kind != SandboxSession::kindName)
        return fail(ErrorCode::Parse, QStringLiteral("%1: not a sandbox session (kind \"%2\")").arg(path, kind));
    const QJsonValue version = manifest.value(QStringLiteral("formatVersion"));
    if (!version.isDouble() || version.toInt() < 1)
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json has no valid formatVersion").arg(path));
    if (version.toInt() > SandboxSession::currentFormatVersion)
        return fail(ErrorCode::Parse, QStringLiteral("%1: formatVersion %2 is newer than this Sandbench reads (%3); update Sandbench")
                                              .arg(path).arg(version.toInt()).arg(SandboxSession::currentFormatVersion));
    return manifest;
}

namespace {

// The recorded traffic of a sandbox part, if it says it has one: every exchange checked by
// RecordedTraffic::fromJson, and each body it names must be a member of that size (a body is
// served to the replay's sandbox, so one the file lacks or has otherwise is refused here).
Result<std::optional<RecordedTraffic>> trafficFromManifest(const QJsonObject &sandbox, NetworkKind network,
                                                           const SandboxMembers &members, const QString &path)
{
    const bool recorded = sandbox.value(QStringLiteral("trafficRecorded")).toBool();
    if (!recorded) {
        if (sandbox.contains(QStringLiteral("traffic")) || sandbox.contains(QStringLiteral("trafficRedacted")))
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: sandbox: traffic, but the session says none was recorded").arg(path));
        return std::optional<RecordedTraffic>();
    }
    if (network != NetworkKind::Domains)
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: sandbox: recorded traffic with network %2 (only allow is recorded)")
                                          .arg(path, networkKindName(network)));
    auto traffic = RecordedTraffic::fromJson(sandbox.value(QStringLiteral("traffic")).toArray(),
                                             sandbox.value(QStringLiteral("trafficRedacted")).toArray());
    if (!traffic)
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: sandbox: %2").arg(path, traffic.error().message));
    const SandboxPayloadRef none = payloadRefOf({});
    for (qsizetype i = 0; i < traffic->exchanges.size(); ++i) {
        const RecordedExchange &e = traffic->exchanges.at(i);
        for (const auto &[ref, which] : {std::pair{e.requestBody, "request"}, std::pair{e.responseBody, "response"}}) {
            if (ref == none)
                continue;
            const auto it = members.constFind(ref.sha256);
            if (it == members.cend())
                return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: sandbox: recorded request %2: its %3 body files/%4 is not in the session")
                                                  .arg(path).arg(i + 1).arg(QLatin1String(which), ref.sha256));
            if (it->size != ref.size)
                return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: sandbox: recorded request %2: its %3 body files/%4 has %5 bytes, the manifest says %6")
                                                  .arg(path).arg(i + 1).arg(QLatin1String(which), ref.sha256).arg(it->size).arg(ref.size));
        }
    }
    return std::optional<RecordedTraffic>(std::move(*traffic));
}

Result<SandboxSession> fromManifest(const QJsonObject &manifest, const SandboxMembers &members, const QString &path)
{
    using F = FieldType;
    const QJsonObject sandboxPart = manifest.value(QStringLiteral("sandbox")).toObject();
    auto wrongType = checkFieldTypes(manifest, {{"formatVersion", F::Integer}, {"application", F::Object},
                                              {"recordedAtMs", F::Integer}, {"sandbox", F::Object}, {"steps", F::Array}});
    if (!wrongType)
        wrongType = checkFieldTypes(sandboxPart, {{"image", F::String}, {"network", F::String}, {"envNames", F::Strings},
                                                {"envValuesRecorded", F::Bool}, {"envValues", F::Object},
                                                {"snapshot", F::String}, {"snapshotDigest", F::String},
                                                {"trafficRecorded", F::Bool}, {"traffic", F::Array}, {"trafficRedacted", F::Strings}});
    if (!wrongType && !manifest.value(QStringLiteral("steps")).isArray())
        wrongType = QStringLiteral("\"steps\" is missing");
    if (wrongType)
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: %2").arg(path, *wrongType));
    SandboxSession session;
    session.formatVersion = manifest.value(QStringLiteral("formatVersion")).toInt();
    session.applicationVersion = manifest.value(QStringLiteral("application")).toObject().value(QStringLiteral("version")).toString();
    session.recordedAtMs = manifest.value(QStringLiteral("recordedAtMs")).toInteger(0);
    const QJsonObject sandbox = manifest.value(QStringLiteral("sandbox")).toObject();
    session.image = sandbox.value(QStringLiteral("image")).toString();
    session.snapshot = sandbox.value(QStringLiteral("snapshot")).toString();
    session.snapshotDigest = sandbox.value(QStringLiteral("snapshotDigest")).toString();
    if (!session.snapshot.isEmpty() || !session.snapshotDigest.isEmpty()) {
        static const QRegularExpression digestRe(QRegularExpression::anchoredPattern(QStringLiteral("sha256:[0-9a-f]{64}")));
        if (auto name = validateSnapshotName(session.snapshot); !name)
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: sandbox: %2").arg(path, name.error().message));
        if (!digestRe.match(session.snapshotDigest).hasMatch())
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: sandbox: snapshot %2 without a sha256 digest").arg(path, session.snapshot));
    }
    const auto network = networkKindFromName(sandbox.value(QStringLiteral("network")).toString());
    if (!network)
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: unknown network kind").arg(path));
    session.network = *network;
    session.envNames = stringList(sandbox.value(QStringLiteral("envNames")));
    session.envValuesRecorded = sandbox.value(QStringLiteral("envValuesRecorded")).toBool();
    if (auto problem = envValuesFromJson(sandbox.value(QStringLiteral("envValues")), session.envNames, &session.envValues))
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: sandbox: %2").arg(path, *problem));
    const QJsonArray stepArray = manifest.value(QStringLiteral("steps")).toArray();
    for (qsizetype i = 0; i < stepArray.size(); ++i) {
        if (!stepArray.at(i).isObject())
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: step %2 is not an object").arg(path).arg(i + 1));
        auto step = stepFromJson(stepArray.at(i).toObject(), i + 1, members, path);
        if (!step)
            return std::unexpected(step.error());
        // Values in a file that says none were kept: written by something else, trust none of it.
        const auto *exec = step->as<SandboxExecStep>();
        if (!session.envValuesRecorded && exec && !exec->envValues.isEmpty())
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: step %2: env values, but the session says none were recorded")
                                                  .arg(path).arg(i + 1));
        session.steps.append(*step);
    }
    if (!session.envValuesRecorded && !session.envValues.isEmpty())
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: sandbox: env values, but the session says none were recorded").arg(path));
    if (auto traffic = trafficFromManifest(sandbox, session.network, members, path); !traffic)
        return std::unexpected(traffic.error());
    else if (*traffic) {
        session.trafficRecorded = true;
        session.traffic = std::move(**traffic);
    }
    return session;
}

} // namespace

bool SandboxSession::operator==(const SandboxSession &o) const
{
    return formatVersion == o.formatVersion && applicationVersion == o.applicationVersion && recordedAtMs == o.recordedAtMs
           && image == o.image && snapshot == o.snapshot && snapshotDigest == o.snapshotDigest && network == o.network && envNames == o.envNames
           && envValuesRecorded == o.envValuesRecorded && envValues == o.envValues && steps == o.steps
           && trafficRecorded == o.trafficRecorded && traffic.exchanges == o.traffic.exchanges && traffic.redacted == o.traffic.redacted;
}

Result<QByteArray> SandboxSession::load(qsizetype index, SandboxPayloadKind kind, qint64 maxBytes) const
{
    const QString what = QStringLiteral("step %1: its %2").arg(index + 1).arg(payloadKindName(kind));
    if (index < 0 || index >= steps.size())
        return fail(ErrorCode::InvalidInput, QStringLiteral("step %1: there is no such step").arg(index + 1));
    const auto ref = payloadOf(steps.at(index), kind);
    if (!ref)
        return fail(ErrorCode::InvalidInput, QStringLiteral("%1: the step has none").arg(what));
    return payloads->load(*ref, what, maxBytes);
}

VoidResult SandboxSession::write(const QString &path) const
{
    QJsonArray stepArray;
    // Each payload once, by content, in the order the steps name them.
    QList<ArchiveMember> contents;
    QSet<QString> stored;
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const SandboxStep &step = steps.at(i);
        stepArray.append(stepToJson(step, envValuesRecorded));
        for (const SandboxPayloadRef &ref : payloadsOf(step)) {
            if (stored.contains(ref.sha256))
                continue;
            stored.insert(ref.sha256);
            const QString what = QStringLiteral("step %1: a payload").arg(i + 1);
            // Loaded as it is written and dropped after: one payload in memory at a time.
            contents.append({filesPrefix + ref.sha256, {}, {}, [payloads = payloads, ref, what] {
                                 return payloads->load(ref, what, ArchiveLimits{}.maxEntryBytes);
                             }});
        }
    }
    // The bodies of the recorded traffic, each once, like the steps' payloads.
    for (qsizetype i = 0; trafficRecorded && i < traffic.exchanges.size(); ++i) {
        const RecordedExchange &e = traffic.exchanges.at(i);
        for (const SandboxPayloadRef &ref : {e.requestBody, e.responseBody}) {
            if (stored.contains(ref.sha256))
                continue;
            stored.insert(ref.sha256);
            const QString what = QStringLiteral("recorded request %1: a body").arg(i + 1);
            contents.append({filesPrefix + ref.sha256, {}, {}, [payloads = payloads, ref, what] {
                                 return payloads->load(ref, what, ArchiveLimits{}.maxEntryBytes);
                             }});
        }
    }
    QJsonObject root{
        {QStringLiteral("kind"), kindName},
        {QStringLiteral("formatVersion"), formatVersion},
        {QStringLiteral("application"), QJsonObject{{QStringLiteral("name"), QStringLiteral("sandbench")},
                                                    {QStringLiteral("version"), applicationVersion}}},
        {QStringLiteral("recordedAtMs"), double(recordedAtMs)},
        {QStringLiteral("steps"), stepArray}};
    QJsonObject sandbox{{QStringLiteral("image"), image},
                        {QStringLiteral("network"), networkKindName(network)},
                        {QStringLiteral("envNames"), QJsonArray::fromStringList(envNames)}};
    if (!snapshot.isEmpty()) {
        sandbox.insert(QStringLiteral("snapshot"), snapshot);
        sandbox.insert(QStringLiteral("snapshotDigest"), snapshotDigest);
    }
    // Written only when on: a session recorded without values is the file it always was.
    if (envValuesRecorded) {
        sandbox.insert(QStringLiteral("envValuesRecorded"), true);
        sandbox.insert(QStringLiteral("envValues"), envValuesToJson(envValues));
    }
    if (trafficRecorded) {
        sandbox.insert(QStringLiteral("trafficRecorded"), true);
        sandbox.insert(QStringLiteral("traffic"), traffic.toJson());
        sandbox.insert(QStringLiteral("trafficRedacted"), traffic.redactedJson());
    }
    root.insert(QStringLiteral("sandbox"), sandbox);
    // The manifest goes first, so a reader refuses a newer format before extracting anything.
    QList<ArchiveMember> members{{manifestName, QJsonDocument(root).toJson(QJsonDocument::Indented), {}}};
    members.append(contents);
    return writeArchive(path, members, digestListName);
}

Result<SandboxSession> SandboxSession::read(const QString &path, const ArchiveLimits &limits)
{
    bool haveManifest = false;
    bool haveDigests = false;
    auto accept = [&](const QString &member) {
        if (!haveManifest)
            return member == manifestName;
        if (haveDigests)
            return false;
        return member == digestListName
                || (member.startsWith(filesPrefix) && member.count(QLatin1Char('/')) == 1 && isDigest(member.mid(6)));
    };
    const ArchiveLimits bounded = withInMemoryBounds(limits, manifestName, digestListName);
    ArchiveReader reader(path, bounded, accept);
    if (auto opened = reader.open(); !opened)
        return std::unexpected(opened.error());
    QJsonObject manifest;
    QMap<QString, QByteArray> digests;
    SandboxMembers members;
    auto payloads = std::make_shared<SandboxPayloads>();
    qint64 kept = 0;
    for (;;) {
        auto next = reader.next();
        if (!next) {
            if (!haveManifest && next.error().message.contains(QLatin1String("is not part of the format")))
                return fail(ErrorCode::Parse, QStringLiteral("%1: no manifest.json as first member (not a session)").arg(path));
            return std::unexpected(next.error());
        }
        if (!*next)
            break;
        const QString member = **next;
        if (member == manifestName || member == digestListName) {
            // Both are bounded by withInMemoryBounds while they inflate.
            auto bytes = reader.readAll(bounded.maxNamedEntryBytes.value(member));
            if (!bytes)
                return std::unexpected(bytes.error());
            if (member == digestListName) {
                haveDigests = true;
                if (auto ok = checkDigestList(*bytes, digests, path, QStringLiteral("session")); !ok)
                    return std::unexpected(ok.error());
                continue;
            }
            auto parsed = checkManifest(*bytes, path);
            if (!parsed)
                return std::unexpected(parsed.error());
            manifest = *parsed;
            haveManifest = true;
            digests.insert(member, reader.sha256());
            continue;
        }
        // A payload: hashed as it streams past, kept only when small (and then bounded in all).
        QByteArray head;
        QByteArray small;
        bool keep = kept < SandboxPayloads::maxKeptBytes;
        for (;;) {
            auto chunk = reader.read();
            if (!chunk)
                return std::unexpected(chunk.error());
            if (chunk->isEmpty())
                break;
            if (head.size() < kHeadBytes)
                head.append(chunk->first(qMin<qsizetype>(chunk->size(), kHeadBytes - head.size())));
            keep = keep && small.size() + chunk->size() <= SandboxPayloads::maxKeptPayloadBytes;
            if (keep)
                small.append(*chunk);
            else
                small.clear();
        }
        const QByteArray sha = reader.sha256();
        if (member.mid(6) != QString::fromLatin1(sha))
            return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\" does not match its digest (the session is corrupted)")
                                                  .arg(path, member));
        digests.insert(member, sha);
        members.insert(member.mid(6), {reader.size(), head});
        if (keep && kept + small.size() <= SandboxPayloads::maxKeptBytes) {
            kept += small.size();
            payloads->add(small);
        }
    }
    if (!haveManifest)
        return fail(ErrorCode::Parse, QStringLiteral("%1: no manifest.json (empty or not a session)").arg(path));
    if (!haveDigests)
        return fail(ErrorCode::Parse, QStringLiteral("%1: no SHA256SUMS member at the end (truncated session?)").arg(path));
    auto session = fromManifest(manifest, members, path);
    if (!session)
        return session;
    payloads->setArchive(path, bounded);
    session->payloads = std::move(payloads);
    return session;
}

} // namespace Sandbench
