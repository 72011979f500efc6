#include "sandboxsession.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>

namespace Sandbench {

namespace {

const QString manifestName = QStringLiteral("manifest.json");
const QString digestListName = QStringLiteral("SHA256SUMS");
constexpr qint64 kMaxInMemoryBytes = qint64(512) << 20;
const QString filesPrefix = QStringLiteral("files/");

QString sha256Hex(const QByteArray &data)
{
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

bool isDigest(const QString &text)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    return hex.match(text).hasMatch();
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QStringList stringList(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &item : value.toArray())
        out << item.toString();
    return out;
}

// Content goes into files/<sha256> so that a binary output survives byte for byte and a
// repeated output (the empty stderr of most commands) is stored once.
class ContentStore
{
public:
    QString add(const QByteArray &data)
    {
        const QString sha = sha256Hex(data);
        m_members.insert(sha, data);
        return sha;
    }
    QList<ArchiveMember> members() const
    {
        QList<ArchiveMember> out;
        for (auto it = m_members.cbegin(); it != m_members.cend(); ++it)
            out.append({filesPrefix + it.key(), it.value(), {}});
        return out;
    }

private:
    QMap<QString, QByteArray> m_members;
};

// X11 coordinates are 16-bit: anything larger in a file is not a place on a screen.
constexpr int maxCoordinate = 32767;
// What Desktop::scroll accepts at once.
constexpr int maxScrollNotches = 100;

QString inputName(SandboxSessionStep::Input input)
{
    switch (input) {
    case SandboxSessionStep::Input::Click: return QStringLiteral("click");
    case SandboxSessionStep::Input::Move: return QStringLiteral("move");
    case SandboxSessionStep::Input::Scroll: return QStringLiteral("scroll");
    case SandboxSessionStep::Input::Type: return QStringLiteral("type");
    case SandboxSessionStep::Input::Key: return QStringLiteral("key");
    }
    return {};
}

QString buttonName(MouseButton button)
{
    switch (button) {
    case MouseButton::Left: return QStringLiteral("left");
    case MouseButton::Middle: return QStringLiteral("middle");
    case MouseButton::Right: return QStringLiteral("right");
    }
    return {};
}

QJsonObject mapToJson(const QMap<QString, QString> &map)
{
    QJsonObject o;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

// Env values as written by mapToJson: an object of strings, each named in `names`.
std::optional<QString> mapFromJson(const QJsonValue &value, const QStringList &names, QMap<QString, QString> *out)
{
    if (value.isUndefined())
        return std::nullopt;
    if (!value.isObject())
        return QStringLiteral("envValues is not an object");
    const QJsonObject o = value.toObject();
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        if (!it.value().isString())
            return QStringLiteral("the value of %1 is not a string").arg(it.key().left(64));
        if (!names.contains(it.key()))
            return QStringLiteral("a value for %1, which is not among its envNames").arg(it.key().left(64));
        out->insert(it.key(), it.value().toString());
    }
    return std::nullopt;
}

// An integer member within [low, high]; missing, fractional or out of range gives no value.
std::optional<int> intIn(const QJsonObject &o, const QString &key, int low, int high)
{
    const QJsonValue value = o.value(key);
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (d != std::floor(d) || d < low || d > high)
        return std::nullopt;
    return int(d);
}

// Step values are written only with `values` (the session's envValuesRecorded): a session that
// says it keeps names only never leaks a value someone put in a step.
QJsonObject stepToJson(const SandboxSessionStep &step, bool values, ContentStore &store)
{
    QJsonObject o;
    switch (step.kind) {
    case SandboxSessionStep::Kind::Exec:
        o.insert(QStringLiteral("kind"), QStringLiteral("exec"));
        o.insert(QStringLiteral("argv"), QJsonArray::fromStringList(step.argv));
        o.insert(QStringLiteral("cwd"), step.cwd);
        o.insert(QStringLiteral("envNames"), QJsonArray::fromStringList(step.envNames));
        // Absent unless recorded: a file without values reads as it did before they existed.
        if (values && !step.envValues.isEmpty())
            o.insert(QStringLiteral("envValues"), mapToJson(step.envValues));
        if (step.stdinData)
            o.insert(QStringLiteral("stdin"), store.add(*step.stdinData));
        o.insert(QStringLiteral("timeoutMs"), double(step.timeoutMs));
        o.insert(QStringLiteral("exitCode"), step.exitCode ? QJsonValue(*step.exitCode) : QJsonValue());
        o.insert(QStringLiteral("stdout"), store.add(step.stdoutData));
        o.insert(QStringLiteral("stderr"), store.add(step.stderrData));
        o.insert(QStringLiteral("timedOut"), step.timedOut);
        o.insert(QStringLiteral("truncated"), step.truncated);
        o.insert(QStringLiteral("durationMs"), double(step.durationMs));
        break;
    case SandboxSessionStep::Kind::Write:
        o.insert(QStringLiteral("kind"), QStringLiteral("write"));
        o.insert(QStringLiteral("path"), step.path);
        o.insert(QStringLiteral("data"), store.add(step.data));
        break;
    case SandboxSessionStep::Kind::Screenshot:
        o.insert(QStringLiteral("kind"), QStringLiteral("screenshot"));
        if (!step.error)
            o.insert(QStringLiteral("png"), store.add(step.data));
        break;
    case SandboxSessionStep::Kind::Input:
        o.insert(QStringLiteral("kind"), QStringLiteral("input"));
        o.insert(QStringLiteral("action"), inputName(step.input));
        switch (step.input) {
        case SandboxSessionStep::Input::Click:
            o.insert(QStringLiteral("button"), buttonName(step.button));
            o.insert(QStringLiteral("count"), step.count);
            Q_FALLTHROUGH();
        case SandboxSessionStep::Input::Move:
            o.insert(QStringLiteral("x"), step.x);
            o.insert(QStringLiteral("y"), step.y);
            break;
        case SandboxSessionStep::Input::Scroll:
            o.insert(QStringLiteral("x"), step.x);
            o.insert(QStringLiteral("y"), step.y);
            o.insert(QStringLiteral("dx"), step.dx);
            o.insert(QStringLiteral("dy"), step.dy);
            break;
        case SandboxSessionStep::Input::Type:
        case SandboxSessionStep::Input::Key:
            o.insert(QStringLiteral("text"), step.text);
            break;
        }
        break;
    }
    if (step.error) {
        o.insert(QStringLiteral("error"), *step.error);
        o.insert(QStringLiteral("errorCode"), step.errorCode);
    }
    return o;
}

// Every digest the manifest names, so the reader can check each is present.
using Contents = QMap<QString, QByteArray>;

// The arguments of an input step, checked as the Desktop API checks them: a file may come from
// anyone, and a replay should refuse it as a whole rather than fail halfway through.
std::optional<QString> inputFromJson(const QJsonObject &o, SandboxSessionStep *step)
{
    const QString action = o.value(QStringLiteral("action")).toString();
    auto point = [&]() -> std::optional<QString> {
        const auto x = intIn(o, QStringLiteral("x"), 0, maxCoordinate);
        const auto y = intIn(o, QStringLiteral("y"), 0, maxCoordinate);
        if (!x || !y)
            return QStringLiteral("a %1 needs x and y from 0 to %2").arg(action).arg(maxCoordinate);
        step->x = *x;
        step->y = *y;
        return std::nullopt;
    };
    if (action == QLatin1String("click")) {
        step->input = SandboxSessionStep::Input::Click;
        const QString button = o.value(QStringLiteral("button")).toString();
        if (button == QLatin1String("left"))
            step->button = MouseButton::Left;
        else if (button == QLatin1String("middle"))
            step->button = MouseButton::Middle;
        else if (button == QLatin1String("right"))
            step->button = MouseButton::Right;
        else
            return QStringLiteral("a click with an unknown button \"%1\"").arg(button.left(40));
        const auto count = intIn(o, QStringLiteral("count"), 1, 3);
        if (!count)
            return QStringLiteral("a click needs a count from 1 to 3");
        step->count = *count;
        return point();
    }
    if (action == QLatin1String("move")) {
        step->input = SandboxSessionStep::Input::Move;
        return point();
    }
    if (action == QLatin1String("scroll")) {
        step->input = SandboxSessionStep::Input::Scroll;
        const auto dx = intIn(o, QStringLiteral("dx"), -maxScrollNotches, maxScrollNotches);
        const auto dy = intIn(o, QStringLiteral("dy"), -maxScrollNotches, maxScrollNotches);
        if (!dx || !dy)
            return QStringLiteral("a scroll needs dx and dy from %1 to %2").arg(-maxScrollNotches).arg(maxScrollNotches);
        step->dx = *dx;
        step->dy = *dy;
        return point();
    }
    if (action == QLatin1String("type") || action == QLatin1String("key")) {
        const bool typing = action == QLatin1String("type");
        step->input = typing ? SandboxSessionStep::Input::Type : SandboxSessionStep::Input::Key;
        step->text = o.value(QStringLiteral("text")).toString();
        if (step->text.isEmpty() || step->text.size() > Desktop::maxTypeLength)
            return QStringLiteral("a %1 needs a text of 1 to %2 characters").arg(action).arg(Desktop::maxTypeLength);
        // The names Desktop::key accepts: letters, digits, '_' and '+', groups separated by spaces.
        static const QRegularExpression combo(QStringLiteral("^[A-Za-z0-9_+]+( [A-Za-z0-9_+]+)*$"));
        if (!typing && !combo.match(step->text).hasMatch())
            return QStringLiteral("\"%1\" is not a key combination").arg(step->text.left(40));
        return std::nullopt;
    }
    return QStringLiteral("an input with an unknown action \"%1\"").arg(action.left(40));
}

Result<SandboxSessionStep> stepFromJson(const QJsonObject &o, qsizetype number, const Contents &contents,
                                        const QString &where)
{
    auto bad = [&](const QString &what) {
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: step %2: %3").arg(where).arg(number).arg(what));
    };
    auto content = [&](const QString &key, QByteArray *out) -> bool {
        const QString sha = o.value(key).toString();
        if (!isDigest(sha) || !contents.contains(sha))
            return false;
        *out = contents.value(sha);
        return true;
    };
    SandboxSessionStep step;
    if (o.contains(QStringLiteral("error"))) {
        step.error = o.value(QStringLiteral("error")).toString();
        step.errorCode = o.value(QStringLiteral("errorCode")).toString();
    }
    const QString kind = o.value(QStringLiteral("kind")).toString();
    if (kind == QLatin1String("exec")) {
        step.kind = SandboxSessionStep::Kind::Exec;
        step.argv = stringList(o.value(QStringLiteral("argv")));
        if (step.argv.isEmpty())
            return bad(QStringLiteral("an exec without argv"));
        step.cwd = o.value(QStringLiteral("cwd")).toString();
        step.envNames = stringList(o.value(QStringLiteral("envNames")));
        if (auto problem = mapFromJson(o.value(QStringLiteral("envValues")), step.envNames, &step.envValues))
            return bad(*problem);
        if (o.contains(QStringLiteral("stdin"))) {
            QByteArray in;
            if (!content(QStringLiteral("stdin"), &in))
                return bad(QStringLiteral("its stdin is missing from files/"));
            step.stdinData = in;
        }
        // toInteger, never a cast of toDouble: a crafted 1e300 would make the cast undefined.
        step.timeoutMs = std::max<qint64>(0, o.value(QStringLiteral("timeoutMs")).toInteger(0));
        const QJsonValue exit = o.value(QStringLiteral("exitCode"));
        if (exit.isDouble())
            step.exitCode = exit.toInt();
        if (!content(QStringLiteral("stdout"), &step.stdoutData) || !content(QStringLiteral("stderr"), &step.stderrData))
            return bad(QStringLiteral("its output is missing from files/"));
        step.timedOut = o.value(QStringLiteral("timedOut")).toBool();
        step.truncated = o.value(QStringLiteral("truncated")).toBool();
        step.durationMs = std::max<qint64>(0, o.value(QStringLiteral("durationMs")).toInteger(0));
    } else if (kind == QLatin1String("write")) {
        step.kind = SandboxSessionStep::Kind::Write;
        step.path = o.value(QStringLiteral("path")).toString();
        if (step.path.isEmpty())
            return bad(QStringLiteral("a write without path"));
        if (!content(QStringLiteral("data"), &step.data))
            return bad(QStringLiteral("its data is missing from files/"));
    } else if (kind == QLatin1String("screenshot")) {
        step.kind = SandboxSessionStep::Kind::Screenshot;
        // A failed screenshot has no picture; a taken one must have a PNG.
        if (!step.error) {
            if (!content(QStringLiteral("png"), &step.data))
                return bad(QStringLiteral("its PNG is missing from files/"));
            if (!step.data.startsWith("\x89PNG\r\n\x1a\n"))
                return bad(QStringLiteral("its screenshot is not a PNG"));
        }
    } else if (kind == QLatin1String("input")) {
        step.kind = SandboxSessionStep::Kind::Input;
        if (auto problem = inputFromJson(o, &step))
            return bad(*problem);
    } else {
        return bad(QStringLiteral("unknown kind \"%1\" (a newer Sandbench may read it)").arg(kind.left(40)));
    }
    return step;
}

} // namespace

void SandboxSessionStep::setError(const Error &e)
{
    error = errorCodeName(e.code) + QStringLiteral(": ") + e.message;
    errorCode = errorCodeName(e.code);
}

VoidResult SandboxSession::write(const QString &path) const
{
    ContentStore store;
    QJsonArray stepArray;
    for (const SandboxSessionStep &step : steps)
        stepArray.append(stepToJson(step, envValuesRecorded, store));
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
    // Written only when on: a session recorded without values is the file it always was.
    if (envValuesRecorded) {
        sandbox.insert(QStringLiteral("envValuesRecorded"), true);
        sandbox.insert(QStringLiteral("envValues"), mapToJson(envValues));
    }
    root.insert(QStringLiteral("sandbox"), sandbox);
    // The manifest goes first, so a reader refuses a newer format before extracting anything.
    QList<ArchiveMember> members{{manifestName, QJsonDocument(root).toJson(QJsonDocument::Indented), {}}};
    members.append(store.members());
    return writeArchive(path, members, digestListName);
}

Result<SandboxSession> SandboxSession::read(const QString &path, const ArchiveLimits &limits)
{
    QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/sandbench-sandbox-session-XXXXXX"));
    if (!dir.isValid())
        return fail(ErrorCode::Io, QStringLiteral("cannot create a folder in %1").arg(QDir::tempPath()));
    const QString root = QFileInfo(dir.path()).canonicalFilePath();
    QJsonObject manifest;
    bool haveManifest = false;
    bool haveDigests = false;
    QMap<QString, QByteArray> digests;
    Contents contents;
    auto accept = [&](const QString &member) {
        if (!haveManifest)
            return member == manifestName;
        if (haveDigests)
            return false;
        return member == digestListName
                || (member.startsWith(filesPrefix) && member.count(QLatin1Char('/')) == 1 && isDigest(member.mid(6)));
    };
    auto onMember = [&](const QString &member, const QString &extracted, const QByteArray &sha) -> VoidResult {
        if (member == digestListName) {
            haveDigests = true;
            return checkDigestList(readAll(extracted), digests, path, QStringLiteral("session"));
        }
        digests.insert(member, sha);
        if (member == manifestName) {
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(readAll(extracted), &error);
            if (!doc.isObject())
                return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: %2").arg(path, error.errorString()));
            manifest = doc.object();
            const QString kind = manifest.value(QStringLiteral("kind")).toString();
            if (kind != kindName)
                return fail(ErrorCode::Parse, QStringLiteral("%1: not a sandbox session (kind \"%2\")").arg(path, kind));
            const QJsonValue version = manifest.value(QStringLiteral("formatVersion"));
            if (!version.isDouble() || version.toInt() < 1)
                return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json has no valid formatVersion").arg(path));
            if (version.toInt() > currentFormatVersion)
                return fail(ErrorCode::Parse, QStringLiteral("%1: formatVersion %2 is newer than this Sandbench reads (%3); update Sandbench")
                                                      .arg(path).arg(version.toInt()).arg(currentFormatVersion));
            haveManifest = true;
        } else {
            if (member.mid(6) != QString::fromLatin1(sha))
                return fail(ErrorCode::Parse, QStringLiteral("%1: member \"%2\" does not match its digest (the session is corrupted)")
                                                      .arg(path, member));
            contents.insert(member.mid(6), readAll(extracted));
            // Held in memory from here: the folder need not keep a second copy.
            QFile::remove(extracted);
        }
        return {};
    };
    // Step outputs and screenshots are held in memory once read: their sum is bounded too, so a
    // session of three nearly-1-GiB members is refused rather than held at 3 GB.
    ArchiveLimits bounded = withInMemoryBounds(limits, manifestName, digestListName);
    bounded.maxTotalBytes = qMin(bounded.maxTotalBytes, kMaxInMemoryBytes);
    if (auto ok = extractArchive(path, root, bounded, accept, onMember); !ok) {
        if (!haveManifest && ok.error().message.contains(QLatin1String("is not part of the format")))
            return fail(ErrorCode::Parse, QStringLiteral("%1: no manifest.json as first member (not a session)").arg(path));
        return std::unexpected(ok.error());
    }
    if (!haveManifest)
        return fail(ErrorCode::Parse, QStringLiteral("%1: no manifest.json (empty or not a session)").arg(path));
    if (!haveDigests)
        return fail(ErrorCode::Parse, QStringLiteral("%1: no SHA256SUMS member at the end (truncated session?)").arg(path));

    SandboxSession session;
    session.formatVersion = manifest.value(QStringLiteral("formatVersion")).toInt();
    session.applicationVersion = manifest.value(QStringLiteral("application")).toObject().value(QStringLiteral("version")).toString();
    session.recordedAtMs = manifest.value(QStringLiteral("recordedAtMs")).toInteger(0);
    const QJsonObject sandbox = manifest.value(QStringLiteral("sandbox")).toObject();
    session.image = sandbox.value(QStringLiteral("image")).toString();
    const auto network = networkKindFromName(sandbox.value(QStringLiteral("network")).toString());
    if (!network)
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: unknown network kind").arg(path));
    session.network = *network;
    session.envNames = stringList(sandbox.value(QStringLiteral("envNames")));
    session.envValuesRecorded = sandbox.value(QStringLiteral("envValuesRecorded")).toBool();
    if (auto problem = mapFromJson(sandbox.value(QStringLiteral("envValues")), session.envNames, &session.envValues))
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: sandbox: %2").arg(path, *problem));
    const QJsonArray stepArray = manifest.value(QStringLiteral("steps")).toArray();
    for (qsizetype i = 0; i < stepArray.size(); ++i) {
        auto step = stepFromJson(stepArray.at(i).toObject(), i + 1, contents, path);
        if (!step)
            return std::unexpected(step.error());
        // Values in a file that says none were kept: written by something else, trust none of it.
        if (!session.envValuesRecorded && !step->envValues.isEmpty())
            return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: step %2: env values, but the session says none were recorded")
                                                  .arg(path).arg(i + 1));
        session.steps.append(*step);
    }
    if (!session.envValuesRecorded && !session.envValues.isEmpty())
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: sandbox: env values, but the session says none were recorded").arg(path));
    return session;
}

std::optional<QString> SandboxSession::manifestKind(const QString &path)
{
    QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/sandbench-session-kind-XXXXXX"));
    if (!dir.isValid())
        return std::nullopt;
    std::optional<QString> kind;
    // Stops right after the first member: the rest of a large bundle need not be unpacked.
    auto onMember = [&](const QString &, const QString &extracted, const QByteArray &) -> VoidResult {
        const QJsonDocument doc = QJsonDocument::fromJson(readAll(extracted));
        if (doc.isObject())
            kind = doc.object().value(QStringLiteral("kind")).toString();
        return fail(ErrorCode::Cancelled, QStringLiteral("manifest read"));
    };
    extractArchive(path, QFileInfo(dir.path()).canonicalFilePath(), withInMemoryBounds({}, manifestName, digestListName),
                   [](const QString &member) { return member == manifestName; }, onMember);
    return kind;
}

} // namespace Sandbench
