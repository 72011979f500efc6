#include "sandboxsession.h"

#include "sandbox/sandbox.h"
#include "sandbox/sandboxpool.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextStream>

namespace Sandbench {

namespace {

const QString manifestName = QStringLiteral("manifest.json");
const QString digestListName = QStringLiteral("SHA256SUMS");
const QString filesPrefix = QStringLiteral("files/");
const QString endMarker = QStringLiteral("<end>");

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

QJsonObject stepToJson(const SandboxSessionStep &step, ContentStore &store)
{
    QJsonObject o;
    if (step.kind == SandboxSessionStep::Kind::Exec) {
        o.insert(QStringLiteral("kind"), QStringLiteral("exec"));
        o.insert(QStringLiteral("argv"), QJsonArray::fromStringList(step.argv));
        o.insert(QStringLiteral("cwd"), step.cwd);
        o.insert(QStringLiteral("envNames"), QJsonArray::fromStringList(step.envNames));
        if (step.stdinData)
            o.insert(QStringLiteral("stdin"), store.add(*step.stdinData));
        o.insert(QStringLiteral("timeoutMs"), double(step.timeoutMs));
        o.insert(QStringLiteral("exitCode"), step.exitCode ? QJsonValue(*step.exitCode) : QJsonValue());
        o.insert(QStringLiteral("stdout"), store.add(step.stdoutData));
        o.insert(QStringLiteral("stderr"), store.add(step.stderrData));
        o.insert(QStringLiteral("timedOut"), step.timedOut);
        o.insert(QStringLiteral("truncated"), step.truncated);
        o.insert(QStringLiteral("durationMs"), double(step.durationMs));
    } else {
        o.insert(QStringLiteral("kind"), QStringLiteral("write"));
        o.insert(QStringLiteral("path"), step.path);
        o.insert(QStringLiteral("data"), store.add(step.data));
    }
    if (step.error) {
        o.insert(QStringLiteral("error"), *step.error);
        o.insert(QStringLiteral("errorCode"), step.errorCode);
    }
    return o;
}

// Every digest the manifest names, so the reader can check each is present.
using Contents = QMap<QString, QByteArray>;

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
    const QString kind = o.value(QStringLiteral("kind")).toString();
    if (kind == QLatin1String("exec")) {
        step.kind = SandboxSessionStep::Kind::Exec;
        step.argv = stringList(o.value(QStringLiteral("argv")));
        if (step.argv.isEmpty())
            return bad(QStringLiteral("an exec without argv"));
        step.cwd = o.value(QStringLiteral("cwd")).toString();
        step.envNames = stringList(o.value(QStringLiteral("envNames")));
        if (o.contains(QStringLiteral("stdin"))) {
            QByteArray in;
            if (!content(QStringLiteral("stdin"), &in))
                return bad(QStringLiteral("its stdin is missing from files/"));
            step.stdinData = in;
        }
        step.timeoutMs = qint64(o.value(QStringLiteral("timeoutMs")).toDouble());
        const QJsonValue exit = o.value(QStringLiteral("exitCode"));
        if (exit.isDouble())
            step.exitCode = exit.toInt();
        if (!content(QStringLiteral("stdout"), &step.stdoutData) || !content(QStringLiteral("stderr"), &step.stderrData))
            return bad(QStringLiteral("its output is missing from files/"));
        step.timedOut = o.value(QStringLiteral("timedOut")).toBool();
        step.truncated = o.value(QStringLiteral("truncated")).toBool();
        step.durationMs = qint64(o.value(QStringLiteral("durationMs")).toDouble());
    } else if (kind == QLatin1String("write")) {
        step.kind = SandboxSessionStep::Kind::Write;
        step.path = o.value(QStringLiteral("path")).toString();
        if (step.path.isEmpty())
            return bad(QStringLiteral("a write without path"));
        if (!content(QStringLiteral("data"), &step.data))
            return bad(QStringLiteral("its data is missing from files/"));
    } else {
        return bad(QStringLiteral("unknown kind \"%1\"").arg(kind));
    }
    if (o.contains(QStringLiteral("error"))) {
        step.error = o.value(QStringLiteral("error")).toString();
        step.errorCode = o.value(QStringLiteral("errorCode")).toString();
    }
    return step;
}

QString errorText(const Error &e)
{
    return errorCodeName(e.code) + QStringLiteral(": ") + e.message;
}

// What a step ended with, as compared (error messages carry ids and paths, so only the code).
QString outcomeText(const SandboxSessionStep &step)
{
    if (step.error)
        return QStringLiteral("failed (%1)").arg(step.errorCode);
    if (step.kind == SandboxSessionStep::Kind::Write)
        return QStringLiteral("written");
    if (step.timedOut)
        return QStringLiteral("timed out");
    return step.exitCode ? QStringLiteral("exit %1").arg(*step.exitCode) : QStringLiteral("stopped");
}

// The first line that differs, for people; binary lines are shown by size and digest.
QString lineText(const QByteArray &line)
{
    const QString text = QString::fromUtf8(line);
    bool printable = text.toUtf8() == line;
    for (const QChar c : text) {
        if (c.unicode() < 0x20 && c != QLatin1Char('\t') && c != QLatin1Char('\r'))
            printable = false;
    }
    if (!printable)
        return QStringLiteral("<%1 binary bytes, sha256 %2>").arg(line.size()).arg(sha256Hex(line).left(12));
    return text.size() > 200 ? text.left(200) + QStringLiteral("…") : text;
}

std::optional<Divergence> stepDifference(ReplayStream stream, qint64 step, const QByteArray &recorded,
                                         const QByteArray &replayed)
{
    if (recorded == replayed)
        return std::nullopt;
    const QList<QByteArray> a = recorded.split('\n');
    const QList<QByteArray> b = replayed.split('\n');
    for (qsizetype i = 0; i < qMax(a.size(), b.size()); ++i) {
        const bool haveA = i < a.size();
        const bool haveB = i < b.size();
        if (haveA && haveB && a.at(i) == b.at(i))
            continue;
        return Divergence{stream, step, haveA ? lineText(a.at(i)) : endMarker, haveB ? lineText(b.at(i)) : endMarker};
    }
    return std::nullopt;
}

} // namespace

VoidResult SandboxSession::write(const QString &path) const
{
    ContentStore store;
    QJsonArray stepArray;
    for (const SandboxSessionStep &step : steps)
        stepArray.append(stepToJson(step, store));
    const QJsonObject root{
        {QStringLiteral("kind"), kindName},
        {QStringLiteral("formatVersion"), formatVersion},
        {QStringLiteral("application"), QJsonObject{{QStringLiteral("name"), QStringLiteral("sandbench")},
                                                    {QStringLiteral("version"), applicationVersion}}},
        {QStringLiteral("recordedAtMs"), double(recordedAtMs)},
        {QStringLiteral("sandbox"), QJsonObject{{QStringLiteral("image"), image},
                                                {QStringLiteral("network"), networkKindName(network)},
                                                {QStringLiteral("envNames"), QJsonArray::fromStringList(envNames)}}},
        {QStringLiteral("steps"), stepArray}};
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
    if (auto ok = extractArchive(path, root, limits, accept, onMember); !ok) {
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
    session.recordedAtMs = qint64(manifest.value(QStringLiteral("recordedAtMs")).toDouble());
    const QJsonObject sandbox = manifest.value(QStringLiteral("sandbox")).toObject();
    session.image = sandbox.value(QStringLiteral("image")).toString();
    const auto network = networkKindFromName(sandbox.value(QStringLiteral("network")).toString());
    if (!network)
        return fail(ErrorCode::Parse, QStringLiteral("%1: manifest.json: unknown network kind").arg(path));
    session.network = *network;
    session.envNames = stringList(sandbox.value(QStringLiteral("envNames")));
    const QJsonArray stepArray = manifest.value(QStringLiteral("steps")).toArray();
    for (qsizetype i = 0; i < stepArray.size(); ++i) {
        auto step = stepFromJson(stepArray.at(i).toObject(), i + 1, contents, path);
        if (!step)
            return std::unexpected(step.error());
        session.steps.append(*step);
    }
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
    extractArchive(path, QFileInfo(dir.path()).canonicalFilePath(), {},
                   [](const QString &member) { return member == manifestName; }, onMember);
    return kind;
}

SandboxSessionRecorder::SandboxSessionRecorder(Sandbox *sandbox, QObject *parent)
    : QObject(parent)
    , m_sandbox(sandbox)
{
    m_session.applicationVersion = QStringLiteral(SANDBENCH_VERSION);
    m_session.recordedAtMs = QDateTime::currentMSecsSinceEpoch();
    m_session.image = sandbox->image();
    m_session.network = sandbox->options().network.kind;
    m_session.envNames = sandbox->options().env.keys();
}

ExecJob *SandboxSessionRecorder::exec(const QStringList &argv, const ExecOptions &options, CancelToken *cancel)
{
    SandboxSessionStep step;
    step.kind = SandboxSessionStep::Kind::Exec;
    step.argv = argv;
    step.cwd = options.cwd;
    step.envNames = options.env.keys();
    step.stdinData = options.stdinData;
    step.timeoutMs = options.timeoutMs;
    const qsizetype index = m_session.steps.size();
    m_session.steps.append(step);
    ExecJob *job = m_sandbox->exec(argv, options, cancel);
    // Connected before the caller can connect: the result is read before a waitFor() takes it.
    connect(job, &SandboxOperation::finished, this, [this, job, index] {
        SandboxSessionStep &s = m_session.steps[index];
        const Result<SandboxExecResult> &r = job->result();
        if (!r) {
            s.error = errorText(r.error());
            s.errorCode = errorCodeName(r.error().code);
            return;
        }
        s.exitCode = r->exitCode;
        s.stdoutData = r->stdoutData;
        s.stderrData = r->stderrData;
        s.timedOut = r->timedOut;
        s.truncated = r->truncated;
        s.durationMs = r->durationMs;
    });
    return job;
}

VoidOperation *SandboxSessionRecorder::writeFile(const QString &path, const QByteArray &data)
{
    SandboxSessionStep step;
    step.kind = SandboxSessionStep::Kind::Write;
    step.path = path;
    step.data = data;
    const qsizetype index = m_session.steps.size();
    m_session.steps.append(step);
    VoidOperation *op = m_sandbox->writeFile(path, data);
    connect(op, &SandboxOperation::finished, this, [this, op, index] {
        if (const VoidResult &r = op->result(); !r) {
            m_session.steps[index].error = errorText(r.error());
            m_session.steps[index].errorCode = errorCodeName(r.error().code);
        }
    });
    return op;
}

Result<ReplayReport> SandboxReplayer::runSync(const SandboxSession &session, SandboxPool *pool)
{
    ReplayReport report;
    const PoolOptions &limits = pool->options();
    SandboxOptions so;
    so.lifetimeMs = limits.maxLifetimeMs;
    so.image = session.image;
    if (session.network == NetworkKind::All && limits.network.contains(NetworkKind::All))
        so.network.kind = NetworkKind::All;
    else if (session.network != NetworkKind::None)
        report.notes << QStringLiteral("recorded with network %1, replayed without network").arg(networkKindName(session.network));
    if (!session.envNames.isEmpty())
        report.notes << QStringLiteral("environment values were not recorded: %1").arg(session.envNames.join(QLatin1Char(' ')));

    // The pool bounds every call itself; these waits only guard against a provider that hangs.
    const int callWait = int(qMin<qint64>(limits.callTimeoutMs + 60'000, INT_MAX));
    auto created = waitFor(pool->create(so), callWait);
    if (!created)
        return std::unexpected(created.error());
    Sandbox *sandbox = *created;

    std::optional<Divergence> stdoutDiff, stderrDiff, exitDiff;
    QStringList missingEnv;
    for (qsizetype i = 0; i < session.steps.size(); ++i) {
        const SandboxSessionStep &rec = session.steps.at(i);
        SandboxSessionStep rep = rec;
        rep.error.reset();
        rep.errorCode.clear();
        if (rec.kind == SandboxSessionStep::Kind::Write) {
            if (auto r = waitFor(sandbox->writeFile(rec.path, rec.data), callWait); !r) {
                rep.error = errorText(r.error());
                rep.errorCode = errorCodeName(r.error().code);
            }
        } else {
            for (const QString &name : rec.envNames) {
                if (!missingEnv.contains(name))
                    missingEnv << name;
            }
            ExecOptions eo;
            eo.cwd = rec.cwd;
            eo.stdinData = rec.stdinData;
            eo.timeoutMs = qMin(rec.timeoutMs, limits.maxExecTimeoutMs);
            const qint64 execWait = (eo.timeoutMs > 0 ? eo.timeoutMs : limits.execTimeoutMs) + limits.callTimeoutMs;
            auto r = waitFor(sandbox->exec(rec.argv, eo), int(qMin<qint64>(execWait, INT_MAX)));
            rep.exitCode.reset();
            rep.timedOut = false;
            if (!r) {
                rep.error = errorText(r.error());
                rep.errorCode = errorCodeName(r.error().code);
                rep.stdoutData.clear();
                rep.stderrData.clear();
            } else {
                rep.exitCode = r->exitCode;
                rep.stdoutData = r->stdoutData;
                rep.stderrData = r->stderrData;
                rep.timedOut = r->timedOut;
            }
        }
        const qint64 number = i + 1;
        if (!stdoutDiff)
            stdoutDiff = stepDifference(ReplayStream::Stdout, number, rec.stdoutData, rep.stdoutData);
        if (!stderrDiff)
            stderrDiff = stepDifference(ReplayStream::Stderr, number, rec.stderrData, rep.stderrData);
        if (!exitDiff && outcomeText(rec) != outcomeText(rep))
            exitDiff = Divergence{ReplayStream::Exit, number, outcomeText(rec), outcomeText(rep)};
    }
    if (!missingEnv.isEmpty())
        report.notes << QStringLiteral("command environment values were not recorded: %1").arg(missingEnv.join(QLatin1Char(' ')));
    if (auto released = waitFor(sandbox->release(), callWait); !released)
        report.notes << QStringLiteral("the replay sandbox was not released: %1").arg(released.error().message);

    for (const auto &d : {stdoutDiff, stderrDiff, exitDiff}) {
        if (d)
            report.divergences.append(*d);
    }
    report.identical = report.divergences.isEmpty();
    return report;
}

QString SandboxReplayer::summary(const ReplayReport &report)
{
    QString text;
    QTextStream out(&text);
    if (report.identical) {
        out << "identical\n";
    } else {
        const Divergence &d = report.divergences.first();
        out << "diverged: " << replayStreamName(d.stream) << " at step " << d.index
            << "\n  recorded: " << d.recorded << "\n  replayed: " << d.replayed << '\n';
        for (qsizetype i = 1; i < report.divergences.size(); ++i) {
            const Divergence &other = report.divergences.at(i);
            out << "also differs: " << replayStreamName(other.stream) << " at step " << other.index << '\n';
        }
    }
    for (const QString &note : report.notes)
        out << "note: " << note << '\n';
    return text;
}

} // namespace Sandbench
