#include "sessionmanifest.h"

#include "policy/policyfile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace Sandbench {

namespace {

QJsonArray toArray(const QStringList &list)
{
    return QJsonArray::fromStringList(list);
}

QJsonObject toObject(const QMap<QString, QString> &map)
{
    QJsonObject object;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        object.insert(it.key(), it.value());
    return object;
}

QStringList stringList(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &item : value.toArray())
        out << item.toString();
    return out;
}

bool isDigest(const QString &text)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    return hex.match(text).hasMatch();
}

} // namespace

QByteArray SessionManifest::toJson() const
{
    QJsonObject root;
    root.insert(QStringLiteral("formatVersion"), formatVersion);
    root.insert(QStringLiteral("application"), QJsonObject{{QStringLiteral("name"), QStringLiteral("sandbench")},
                                                           {QStringLiteral("version"), applicationVersion}});
    root.insert(QStringLiteral("runtime"), QJsonObject{{QStringLiteral("name"), QStringLiteral("deno")},
                                                       {QStringLiteral("version"), runtimeVersion},
                                                       {QStringLiteral("sha256"), runtimeSha256}});
    root.insert(QStringLiteral("recordedAtMs"), double(recordedAtMs));
    root.insert(QStringLiteral("policy"), QJsonDocument::fromJson(policyToJson(policy)).object());
    QJsonObject run{{QStringLiteral("baseDir"), baseDir}, {QStringLiteral("args"), toArray(args)},
                    {QStringLiteral("workdir"), workdir}};
    if (policy.seed)
        run.insert(QStringLiteral("seed"), double(*policy.seed));
    if (policy.freezeTimeMs)
        run.insert(QStringLiteral("freezeTimeMs"), double(*policy.freezeTimeMs));
    if (!entrypoint.isEmpty()) {
        run.insert(QStringLiteral("entrypoint"), entrypoint);
        run.insert(QStringLiteral("entrySha256"), entrySha256);
    } else {
        run.insert(QStringLiteral("code"), code);
    }
    root.insert(QStringLiteral("run"), run);
    root.insert(QStringLiteral("workdirFiles"), toObject(workdirFiles));
    root.insert(QStringLiteral("workdirDirs"), toArray(workdirDirs));
    root.insert(QStringLiteral("inputFiles"), toObject(inputFiles));
    root.insert(QStringLiteral("packages"), QJsonObject{{QStringLiteral("cacheName"), packageCacheName},
                                                        {QStringLiteral("files"), double(packageFileCount)},
                                                        {QStringLiteral("bytes"), double(packageBytes)}});
    QJsonArray env;
    for (const SessionEnvVar &var : environment) {
        QJsonObject item{{QStringLiteral("name"), var.name}, {QStringLiteral("source"), var.source}};
        if (var.value)
            item.insert(QStringLiteral("value"), *var.value);
        env.append(item);
    }
    root.insert(QStringLiteral("environment"), QJsonObject{{QStringLiteral("valuesRecorded"), environmentValuesRecorded},
                                                           {QStringLiteral("variables"), env}});
    QJsonObject result{{QStringLiteral("timedOut"), outcome.timedOut},
                       {QStringLiteral("cancelled"), outcome.cancelled},
                       {QStringLiteral("truncated"), outcome.truncated},
                       {QStringLiteral("memoryExceeded"), outcome.memoryExceeded},
                       {QStringLiteral("durationMs"), double(outcome.durationMs)},
                       {QStringLiteral("stdoutTotalBytes"), double(outcome.stdoutTotalBytes)},
                       {QStringLiteral("stderrTotalBytes"), double(outcome.stderrTotalBytes)},
                       {QStringLiteral("auditEventsDropped"), double(outcome.auditEventsDropped)},
                       {QStringLiteral("allowCount"), outcome.allowCount},
                       {QStringLiteral("denyCount"), outcome.denyCount}};
    result.insert(QStringLiteral("exitCode"), outcome.exitCode ? QJsonValue(*outcome.exitCode) : QJsonValue());
    root.insert(QStringLiteral("result"), result);
    root.insert(QStringLiteral("notes"), toArray(notes));
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Result<SessionManifest> SessionManifest::fromJson(const QByteArray &json, const QString &where)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: %2 at offset %3")
                                              .arg(where, error.errorString()).arg(error.offset));
    const QJsonObject root = doc.object();
    SessionManifest m;
    const QJsonValue version = root.value(QStringLiteral("formatVersion"));
    if (!version.isDouble() || version.toInt() < 1)
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json has no valid formatVersion").arg(where));
    m.formatVersion = version.toInt();
    if (m.formatVersion > currentFormatVersion)
        return fail(ErrorCode::Parse, QStringLiteral("%1: formatVersion %2 is newer than this Sandbench reads (%3); update Sandbench")
                                              .arg(where).arg(m.formatVersion).arg(currentFormatVersion));
    m.applicationVersion = root.value(QStringLiteral("application")).toObject().value(QStringLiteral("version")).toString();
    const QJsonObject runtime = root.value(QStringLiteral("runtime")).toObject();
    m.runtimeVersion = runtime.value(QStringLiteral("version")).toString();
    m.runtimeSha256 = runtime.value(QStringLiteral("sha256")).toString();
    m.recordedAtMs = qint64(root.value(QStringLiteral("recordedAtMs")).toDouble());

    auto policy = parsePolicy(QJsonDocument(root.value(QStringLiteral("policy")).toObject()).toJson(),
                              where + QStringLiteral(":manifest.json:policy"));
    if (!policy)
        return fail(ErrorCode::Parse, policy.error().message);
    m.policy = *policy;
    const QJsonObject run = root.value(QStringLiteral("run")).toObject();
    m.baseDir = run.value(QStringLiteral("baseDir")).toString();
    m.args = stringList(run.value(QStringLiteral("args")));
    m.workdir = run.value(QStringLiteral("workdir")).toString();
    m.code = run.value(QStringLiteral("code")).toString();
    m.entrypoint = run.value(QStringLiteral("entrypoint")).toString();
    m.entrySha256 = run.value(QStringLiteral("entrySha256")).toString();
    if (m.code.isEmpty() == m.entrypoint.isEmpty())
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: the run needs exactly one of code and entrypoint").arg(where));
    if (!m.entrypoint.isEmpty() && !isDigest(m.entrySha256))
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: bad entrySha256").arg(where));

    auto readMap = [&](const QString &key, QMap<QString, QString> *into, bool absolute) -> VoidResult {
        const QJsonObject object = root.value(key).toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString path = it.key();
            const bool shapeOk = absolute ? path.startsWith(QLatin1Char('/'))
                                          : (!path.startsWith(QLatin1Char('/')) && !path.split(QLatin1Char('/')).contains(QStringLiteral("..")));
            if (!shapeOk || path.isEmpty() || !isDigest(it.value().toString()))
                return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: %2: bad entry \"%3\"").arg(where, key, path));
            into->insert(path, it.value().toString());
        }
        return {};
    };
    if (auto ok = readMap(QStringLiteral("workdirFiles"), &m.workdirFiles, false); !ok)
        return std::unexpected(ok.error());
    if (auto ok = readMap(QStringLiteral("inputFiles"), &m.inputFiles, true); !ok)
        return std::unexpected(ok.error());
    m.workdirDirs = stringList(root.value(QStringLiteral("workdirDirs")));
    for (const QString &dir : std::as_const(m.workdirDirs)) {
        if (dir.isEmpty() || dir.startsWith(QLatin1Char('/')) || dir.split(QLatin1Char('/')).contains(QStringLiteral("..")))
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: workdirDirs: bad entry \"%2\"").arg(where, dir));
    }
    const QJsonObject packages = root.value(QStringLiteral("packages")).toObject();
    m.packageCacheName = packages.value(QStringLiteral("cacheName")).toString();
    static const QRegularExpression cacheName(QStringLiteral("^deno-[0-9a-z]+$"));
    if (!m.packageCacheName.isEmpty() && !cacheName.match(m.packageCacheName).hasMatch())
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: bad packages.cacheName").arg(where));
    m.packageFileCount = qint64(packages.value(QStringLiteral("files")).toDouble());
    m.packageBytes = qint64(packages.value(QStringLiteral("bytes")).toDouble());

    const QJsonObject env = root.value(QStringLiteral("environment")).toObject();
    m.environmentValuesRecorded = env.value(QStringLiteral("valuesRecorded")).toBool();
    for (const QJsonValue &item : env.value(QStringLiteral("variables")).toArray()) {
        const QJsonObject object = item.toObject();
        SessionEnvVar var{object.value(QStringLiteral("name")).toString(), object.value(QStringLiteral("source")).toString(), {}};
        if (object.value(QStringLiteral("value")).isString())
            var.value = object.value(QStringLiteral("value")).toString();
        if (var.name.isEmpty())
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: an environment variable has no name").arg(where));
        m.environment.append(var);
    }

    const QJsonObject result = root.value(QStringLiteral("result")).toObject();
    if (result.value(QStringLiteral("exitCode")).isDouble())
        m.outcome.exitCode = result.value(QStringLiteral("exitCode")).toInt();
    m.outcome.timedOut = result.value(QStringLiteral("timedOut")).toBool();
    m.outcome.cancelled = result.value(QStringLiteral("cancelled")).toBool();
    m.outcome.truncated = result.value(QStringLiteral("truncated")).toBool();
    m.outcome.memoryExceeded = result.value(QStringLiteral("memoryExceeded")).toBool();
    m.outcome.durationMs = qint64(result.value(QStringLiteral("durationMs")).toDouble());
    m.outcome.stdoutTotalBytes = qint64(result.value(QStringLiteral("stdoutTotalBytes")).toDouble());
    m.outcome.stderrTotalBytes = qint64(result.value(QStringLiteral("stderrTotalBytes")).toDouble());
    m.outcome.auditEventsDropped = qint64(result.value(QStringLiteral("auditEventsDropped")).toDouble());
    m.outcome.allowCount = result.value(QStringLiteral("allowCount")).toInt();
    m.outcome.denyCount = result.value(QStringLiteral("denyCount")).toInt();
    m.notes = stringList(root.value(QStringLiteral("notes")));
    return m;
}

} // namespace Sandbench
