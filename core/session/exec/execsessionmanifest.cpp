#include "execsessionmanifest.h"

#include "policy/policyfile.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <climits>

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

bool isDigest(const QString &text)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    return hex.match(text).hasMatch();
}

} // namespace

QByteArray ExecSessionManifest::toJson() const
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
    for (const ExecSessionEnvVar &var : environment) {
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
    if (!secretNames.isEmpty())
        root.insert(QStringLiteral("secretNames"), toArray(secretNames));
    if (trafficRecorded) {
        root.insert(QStringLiteral("trafficRecorded"), true);
        root.insert(QStringLiteral("traffic"), traffic.toJson());
        root.insert(QStringLiteral("trafficRedacted"), traffic.redactedJson());
    }
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

namespace {

// Reads fields of a manifest that may come from anyone: a field of the wrong type is an error
// that names it, never a silent default (a string where the policy belongs must not read as
// "no sandbox, no seed").
class FieldReader
{
public:
    explicit FieldReader(const QString &where) : m_where(where) {}

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }

    void fail(const QString &field, const char *expected)
    {
        if (m_error.isEmpty())
            m_error = QStringLiteral("%1: manifest.json: %2 must be %3").arg(m_where, field, QLatin1String(expected));
    }

    QJsonObject object(const QJsonObject &in, const QString &key, const QString &field, bool required = false)
    {
        const QJsonValue v = in.value(key);
        if (v.isUndefined() && !required)
            return {};
        if (!v.isObject())
            fail(field, "an object");
        return v.toObject();
    }
    QString string(const QJsonObject &in, const QString &key, const QString &field)
    {
        const QJsonValue v = in.value(key);
        if (v.isUndefined())
            return {};
        if (!v.isString())
            fail(field, "a string");
        return v.toString();
    }
    // A whole number in [minimum, maximum]; 0 (and an error) otherwise, so that no caller ever
    // converts an out-of-range double (found by fuzz_manifest: 1.8e47 as recordedAtMs).
    qint64 number(const QJsonObject &in, const QString &key, const QString &field,
                  qint64 minimum = -(qint64(1) << 53), qint64 maximum = qint64(1) << 53)
    {
        const QJsonValue v = in.value(key);
        if (v.isUndefined())
            return 0;
        const double d = v.toDouble();
        if (!v.isDouble() || !(d >= double(minimum) && d <= double(maximum)) || d != double(qint64(d))) {
            fail(field, "a whole number in range");
            return 0;
        }
        return qint64(d);
    }
    bool boolean(const QJsonObject &in, const QString &key, const QString &field)
    {
        const QJsonValue v = in.value(key);
        if (v.isUndefined())
            return false;
        if (!v.isBool())
            fail(field, "true or false");
        return v.toBool();
    }
    QStringList strings(const QJsonObject &in, const QString &key, const QString &field)
    {
        const QJsonValue v = in.value(key);
        if (v.isUndefined())
            return {};
        QStringList out;
        if (!v.isArray()) {
            fail(field, "an array of strings");
            return out;
        }
        for (const QJsonValue &item : v.toArray()) {
            if (!item.isString())
                fail(field, "an array of strings");
            out << item.toString();
        }
        return out;
    }

private:
    QString m_where;
    QString m_error;
};

} // namespace

Result<ExecSessionManifest> ExecSessionManifest::fromJson(const QByteArray &json, const QString &where)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: %2 at offset %3")
                                              .arg(where, error.errorString()).arg(error.offset));
    const QJsonObject root = doc.object();
    ExecSessionManifest m;
    const QJsonValue version = root.value(QStringLiteral("formatVersion"));
    if (!version.isDouble() || version.toInt() < 1)
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json has no valid formatVersion").arg(where));
    m.formatVersion = version.toInt();
    if (m.formatVersion > currentFormatVersion)
        return fail(ErrorCode::Parse, QStringLiteral("%1: formatVersion %2 is newer than this Sandbench reads (%3); update Sandbench")
                                              .arg(where).arg(m.formatVersion).arg(currentFormatVersion));
    FieldReader f(where);
    auto failed = [&f]() { return fail(ErrorCode::Parse, f.error()); };
    const QJsonObject application = f.object(root, QStringLiteral("application"), QStringLiteral("application"));
    m.applicationVersion = f.string(application, QStringLiteral("version"), QStringLiteral("application.version"));
    const QJsonObject runtime = f.object(root, QStringLiteral("runtime"), QStringLiteral("runtime"));
    m.runtimeVersion = f.string(runtime, QStringLiteral("version"), QStringLiteral("runtime.version"));
    m.runtimeSha256 = f.string(runtime, QStringLiteral("sha256"), QStringLiteral("runtime.sha256"));
    m.recordedAtMs = qint64(f.number(root, QStringLiteral("recordedAtMs"), QStringLiteral("recordedAtMs")));
    const QJsonObject policyObject = f.object(root, QStringLiteral("policy"), QStringLiteral("policy"), true);
    const QJsonObject run = f.object(root, QStringLiteral("run"), QStringLiteral("run"), true);
    if (f.failed())
        return failed();

    // The recorded policy is a record of the original run, never a grant (see replaypolicy.h):
    // paths such as "/" are kept as written.
    auto policy = parsePolicy(QJsonDocument(policyObject).toJson(),
                              where + QStringLiteral(":manifest.json:policy"), PolicyParseOptions{true, QStringLiteral("/"), {}});
    if (!policy)
        return fail(ErrorCode::Parse, policy.error().message);
    m.policy = *policy;
    m.baseDir = f.string(run, QStringLiteral("baseDir"), QStringLiteral("run.baseDir"));
    m.args = f.strings(run, QStringLiteral("args"), QStringLiteral("run.args"));
    m.workdir = f.string(run, QStringLiteral("workdir"), QStringLiteral("run.workdir"));
    m.code = f.string(run, QStringLiteral("code"), QStringLiteral("run.code"));
    m.entrypoint = f.string(run, QStringLiteral("entrypoint"), QStringLiteral("run.entrypoint"));
    m.entrySha256 = f.string(run, QStringLiteral("entrySha256"), QStringLiteral("run.entrySha256"));
    if (f.failed())
        return failed();
    // Where the replay mounts its copies: absolute, clean paths only.
    auto cleanAbsolute = [](const QString &path) {
        return path.startsWith(QLatin1Char('/')) && QDir::cleanPath(path) == path && !path.contains(QChar(0));
    };
    if (!m.workdir.isEmpty() && (!cleanAbsolute(m.workdir) || m.workdir == QLatin1String("/")))
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: run.workdir must be a clean absolute folder other than /").arg(where));
    if (!m.baseDir.isEmpty() && !cleanAbsolute(m.baseDir))
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: run.baseDir must be a clean absolute path").arg(where));
    if (!m.entrypoint.isEmpty() && !cleanAbsolute(m.entrypoint))
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: run.entrypoint must be a clean absolute path").arg(where));
    if (m.code.isEmpty() == m.entrypoint.isEmpty())
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: the run needs exactly one of code and entrypoint").arg(where));
    if (!m.entrypoint.isEmpty() && !isDigest(m.entrySha256))
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: bad entrySha256").arg(where));
    for (const char *key : {"seed", "freezeTimeMs"})
        f.number(run, QLatin1String(key), QStringLiteral("run.%1").arg(QLatin1String(key)));

    auto readMap = [&](const QString &key, QMap<QString, QString> *into, bool absolute) -> VoidResult {
        const QJsonObject object = f.object(root, key, key);
        if (f.failed())
            return fail(ErrorCode::Parse, f.error());
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString path = it.key();
            const bool shapeOk = absolute ? cleanAbsolute(path)
                                          : (!path.startsWith(QLatin1Char('/')) && !path.split(QLatin1Char('/')).contains(QStringLiteral(".."))
                                             && !path.contains(QChar(0)));
            if (!shapeOk || path.isEmpty() || !it.value().isString() || !isDigest(it.value().toString()))
                return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: %2: bad entry \"%3\"").arg(where, key, path));
            into->insert(path, it.value().toString());
        }
        return {};
    };
    if (auto ok = readMap(QStringLiteral("workdirFiles"), &m.workdirFiles, false); !ok)
        return std::unexpected(ok.error());
    if (auto ok = readMap(QStringLiteral("inputFiles"), &m.inputFiles, true); !ok)
        return std::unexpected(ok.error());
    m.workdirDirs = f.strings(root, QStringLiteral("workdirDirs"), QStringLiteral("workdirDirs"));
    if (f.failed())
        return failed();
    for (const QString &dir : std::as_const(m.workdirDirs)) {
        if (dir.isEmpty() || dir.startsWith(QLatin1Char('/')) || dir.split(QLatin1Char('/')).contains(QStringLiteral("..")))
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: workdirDirs: bad entry \"%2\"").arg(where, dir));
    }
    const QJsonObject packages = f.object(root, QStringLiteral("packages"), QStringLiteral("packages"));
    m.packageCacheName = f.string(packages, QStringLiteral("cacheName"), QStringLiteral("packages.cacheName"));
    static const QRegularExpression cacheName(QStringLiteral("^deno-[0-9a-z]+$"));
    if (!m.packageCacheName.isEmpty() && !cacheName.match(m.packageCacheName).hasMatch())
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: bad packages.cacheName").arg(where));
    m.packageFileCount = qint64(f.number(packages, QStringLiteral("files"), QStringLiteral("packages.files")));
    m.packageBytes = qint64(f.number(packages, QStringLiteral("bytes"), QStringLiteral("packages.bytes")));

    const QJsonObject env = f.object(root, QStringLiteral("environment"), QStringLiteral("environment"));
    m.environmentValuesRecorded = f.boolean(env, QStringLiteral("valuesRecorded"), QStringLiteral("environment.valuesRecorded"));
    const QJsonValue variables = env.value(QStringLiteral("variables"));
    if (!variables.isUndefined() && !variables.isArray())
        f.fail(QStringLiteral("environment.variables"), "an array");
    if (f.failed())
        return failed();
    for (const QJsonValue &item : variables.toArray()) {
        if (!item.isObject())
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: environment.variables items must be objects").arg(where));
        const QJsonObject object = item.toObject();
        ExecSessionEnvVar var{f.string(object, QStringLiteral("name"), QStringLiteral("environment.variables[].name")),
                          f.string(object, QStringLiteral("source"), QStringLiteral("environment.variables[].source")), {}};
        const QJsonValue value = object.value(QStringLiteral("value"));
        if (value.isString())
            var.value = value.toString();
        else if (!value.isUndefined() && !value.isNull())
            f.fail(QStringLiteral("environment.variables[].value"), "a string");
        if (f.failed())
            return failed();
        if (var.name.isEmpty())
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: an environment variable has no name").arg(where));
        if (var.value && !m.environmentValuesRecorded)
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: env values, but the bundle says none were recorded").arg(where));
        m.environment.append(var);
    }

    const QJsonObject result = f.object(root, QStringLiteral("result"), QStringLiteral("result"));
    const QJsonValue exitCode = result.value(QStringLiteral("exitCode"));
    if (exitCode.isDouble())
        m.outcome.exitCode = int(f.number(result, QStringLiteral("exitCode"), QStringLiteral("result.exitCode"), INT_MIN, INT_MAX));
    else if (!exitCode.isUndefined() && !exitCode.isNull())
        f.fail(QStringLiteral("result.exitCode"), "a number or null");
    m.outcome.timedOut = f.boolean(result, QStringLiteral("timedOut"), QStringLiteral("result.timedOut"));
    m.outcome.cancelled = f.boolean(result, QStringLiteral("cancelled"), QStringLiteral("result.cancelled"));
    m.outcome.truncated = f.boolean(result, QStringLiteral("truncated"), QStringLiteral("result.truncated"));
    m.outcome.memoryExceeded = f.boolean(result, QStringLiteral("memoryExceeded"), QStringLiteral("result.memoryExceeded"));
    m.outcome.durationMs = qint64(f.number(result, QStringLiteral("durationMs"), QStringLiteral("result.durationMs")));
    m.outcome.stdoutTotalBytes = qint64(f.number(result, QStringLiteral("stdoutTotalBytes"), QStringLiteral("result.stdoutTotalBytes")));
    m.outcome.stderrTotalBytes = qint64(f.number(result, QStringLiteral("stderrTotalBytes"), QStringLiteral("result.stderrTotalBytes")));
    m.outcome.auditEventsDropped = qint64(f.number(result, QStringLiteral("auditEventsDropped"), QStringLiteral("result.auditEventsDropped")));
    m.outcome.allowCount = int(f.number(result, QStringLiteral("allowCount"), QStringLiteral("result.allowCount"), 0, INT_MAX));
    m.outcome.denyCount = int(f.number(result, QStringLiteral("denyCount"), QStringLiteral("result.denyCount"), 0, INT_MAX));
    m.notes = f.strings(root, QStringLiteral("notes"), QStringLiteral("notes"));
    if (f.failed())
        return failed();
    if (root.contains(QStringLiteral("secretNames"))) {
        m.secretNames = f.strings(root, QStringLiteral("secretNames"), QStringLiteral("secretNames"));
        if (f.failed())
            return failed();
        static const QRegularExpression envName(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]{0,127}$"));
        if (m.secretNames.size() > 256)
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: more than 256 secretNames").arg(where));
        for (const QString &name : std::as_const(m.secretNames)) {
            if (!envName.match(name).hasMatch() || name.startsWith(QLatin1String("DENO_"), Qt::CaseInsensitive))
                return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: secretNames: bad name \"%2\"").arg(where, name.left(130)));
        }
    }
    // Every exchange checked (RecordedTraffic::fromJson); ExecSession::read checks each body is
    // a member of its size.
    const QJsonValue recorded = root.value(QStringLiteral("trafficRecorded"));
    if (!recorded.isUndefined() && !recorded.isBool())
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: trafficRecorded is not true or false").arg(where));
    m.trafficRecorded = recorded.toBool(false);
    const QJsonValue traffic = root.value(QStringLiteral("traffic"));
    const QJsonValue redacted = root.value(QStringLiteral("trafficRedacted"));
    if (!m.trafficRecorded && (!traffic.isUndefined() || !redacted.isUndefined()))
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: traffic, but the session says none was recorded").arg(where));
    if (m.trafficRecorded) {
        if (!traffic.isArray() || !redacted.isArray())
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: traffic and trafficRedacted must be arrays").arg(where));
        auto parsed = RecordedTraffic::fromJson(traffic.toArray(), redacted.toArray());
        if (!parsed)
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: %2").arg(where, parsed.error().message));
        m.traffic = std::move(*parsed);
    }
    return m;
}

} // namespace Sandbench
