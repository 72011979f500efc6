#include "session/agent/agentsession.h"

#include "common/boundedfile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

namespace Sandbench {

namespace {

constexpr qint64 chunkBytes = qint64(1) << 20;
// How the writer starts an exec session's line: such a line may be far longer than any other,
// so the reader knows it by this prefix and skips it without holding it.
const QByteArray execPrefix = QByteArrayLiteral("{\"type\":\"execSession\",\"seq\":");

Error parseError(const QString &path, qint64 line, const QString &message)
{
    return {ErrorCode::Parse, QStringLiteral("%1:%2: %3").arg(path).arg(line).arg(message)};
}

// One line's fields, checked for their types where they stand.
class LineReader
{
public:
    LineReader(const QString &path, qint64 line, const QJsonObject &o) : m_path(path), m_line(line), m_o(o) {}

    std::optional<Error> error;

    QString string(const char *key, bool required = true)
    {
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isString())
            return v.toString();
        if (required || !v.isUndefined())
            fail(key, QStringLiteral("a string"));
        return {};
    }
    qint64 integer(const char *key, bool required = true)
    {
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isDouble() && v.toDouble() == double(qint64(v.toDouble())))
            return qint64(v.toDouble());
        if (required || !v.isUndefined())
            fail(key, QStringLiteral("an integer"));
        return 0;
    }
    QJsonObject object(const char *key, bool required = true)
    {
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isObject())
            return v.toObject();
        if (required || !v.isUndefined())
            fail(key, QStringLiteral("an object"));
        return {};
    }
    QJsonArray array(const char *key)
    {
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isArray())
            return v.toArray();
        if (!v.isUndefined())
            fail(key, QStringLiteral("an array"));
        return {};
    }

private:
    void fail(const char *key, const QString &what)
    {
        if (!error)
            error = parseError(m_path, m_line, QStringLiteral("\"%1\" must be %2").arg(QLatin1String(key), what));
    }
    QString m_path;
    qint64 m_line;
    QJsonObject m_o;
};

VoidResult readHeader(AgentSession &s, const QJsonObject &o)
{
    if (o.value(QLatin1String("kind")) != AgentSession::kindName)
        return std::unexpected(parseError(s.path, 1, QStringLiteral("not an agent session (its first line has no \"kind\":\"%1\")").arg(AgentSession::kindName)));
    LineReader r(s.path, 1, o);
    s.formatVersion = int(r.integer("formatVersion"));
    s.applicationVersion = r.string("applicationVersion");
    s.recordedAtMs = r.integer("recordedAtMs");
    s.transport = r.string("transport");
    s.pid = r.integer("pid", false);
    s.server = r.object("server");
    if (r.error)
        return std::unexpected(*r.error);
    if (s.formatVersion < 1 || s.formatVersion > AgentSession::currentFormatVersion)
        return std::unexpected(parseError(s.path, 1, QStringLiteral("format version %1 is newer than this Sandbench reads (%2)")
                                                           .arg(s.formatVersion).arg(AgentSession::currentFormatVersion)));
    return {};
}

VoidResult readEvent(AgentSession &s, qint64 lineNumber, const QJsonObject &o)
{
    LineReader r(s.path, lineNumber, o);
    const QString type = r.string("type");
    if (r.error)
        return std::unexpected(*r.error);
    if (s.ended)
        return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("a \"%1\" line after the session's end").arg(type)));
    if (type == QLatin1String("initialize")) {
        s.protocolVersion = r.string("protocolVersion");
        const QJsonObject client = r.object("client", false);
        s.clientName = client.value(QLatin1String("name")).toString();
        s.clientVersion = client.value(QLatin1String("version")).toString();
    } else if (type == QLatin1String("call")) {
        if (s.calls.size() >= AgentSession::maxCalls)
            return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("more than %1 calls").arg(AgentSession::maxCalls)));
        AgentCall c;
        c.seq = r.integer("seq");
        c.atMs = r.integer("atMs");
        c.durationMs = r.integer("durationMs");
        c.tool = r.string("tool");
        c.arguments = r.object("arguments");
        c.result = r.object("result", false);
        c.approval = r.object("approval", false);
        if (!c.approval.isEmpty() && !c.approval.value(QLatin1String("decision")).isString())
            return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("\"approval\" needs a \"decision\"")));
        if (s.heldAtMs.contains(c.seq))
            c.heldAtMs = s.heldAtMs.value(c.seq);
        const QJsonObject refused = r.object("refused", false);
        if (const QJsonValue cancelled = o.value(QLatin1String("cancelled")); !cancelled.isUndefined()) {
            if (!cancelled.isBool())
                return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("\"cancelled\" must be true or false")));
            c.cancelled = cancelled.toBool();
        }
        for (const QJsonValue &d : r.array("decisions")) {
            if (!d.isObject())
                return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("\"decisions\" must hold objects")));
            c.decisions << d.toObject();
        }
        if (r.error)
            return std::unexpected(*r.error);
        if (o.contains(QLatin1String("refused"))) {
            LineReader rr(s.path, lineNumber, refused);
            c.refusedCode = int(rr.integer("code"));
            c.refusedMessage = rr.string("message");
            if (rr.error)
                return std::unexpected(*rr.error);
        } else if (!o.contains(QLatin1String("result"))) {
            return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("a call needs \"result\" or \"refused\"")));
        }
        if (c.seq < 1 || c.seq > AgentSession::maxCalls)
            return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("\"seq\" must be from 1 to %1").arg(AgentSession::maxCalls)));
        if (s.callIndex.contains(c.seq))
            return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("call %1 is recorded twice").arg(c.seq)));
        s.callIndex.insert(c.seq, s.calls.size());
        s.calls << c;
    } else if (type == QLatin1String("held")) {
        const qint64 seq = r.integer("seq");
        const qint64 at = r.integer("atMs");
        r.string("tool");
        r.object("arguments");
        if (r.error)
            return std::unexpected(*r.error);
        if (seq < 1 || seq > AgentSession::maxCalls || s.heldAtMs.contains(seq) || s.callIndex.contains(seq))
            return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("a \"held\" line for call %1, which is not a new call").arg(seq)));
        s.heldAtMs.insert(seq, at);
    } else if (type == QLatin1String("net")) {
        if (s.connections.size() >= AgentSession::maxConnections)
            return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("more than %1 connections").arg(AgentSession::maxConnections)));
        AgentConnection c;
        c.atMs = r.integer("atMs");
        c.toolSet = r.string("toolSet");
        c.event = r.object("event");
        if (r.error)
            return std::unexpected(*r.error);
        if (c.event.value(QLatin1String("kind")).toString() != QLatin1String("net"))
            return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("a \"net\" line's \"event\" must be of kind \"net\"")));
        s.connections << c;
    } else if (type == QLatin1String("end")) {
        s.ended = true;
        s.endReason = r.string("reason");
    } else {
        return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("unknown line type \"%1\"").arg(type)));
    }
    if (r.error)
        return std::unexpected(*r.error);
    return {};
}

// An exec session's line, known by its prefix: the call it belongs to. Its data is read and
// checked only when it is asked for.
VoidResult noteExecSession(AgentSession &s, qint64 lineNumber, const QByteArray &prefixAndMore, qint64 offset)
{
    qsizetype at = execPrefix.size();
    qint64 seq = 0;
    int digits = 0;
    while (at < prefixAndMore.size() && digits < 7 && std::isdigit(uchar(prefixAndMore.at(at)))) {
        seq = seq * 10 + (prefixAndMore.at(at++) - '0');
        ++digits;
    }
    if (digits == 0 || !prefixAndMore.mid(at).startsWith(",\"data\":\""))
        return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("an exec session line must be {\"type\":\"execSession\",\"seq\":N,\"data\":\"...\"}")));
    if (const auto it = s.callIndex.constFind(seq); it != s.callIndex.cend() && s.calls[*it].isCodeRun()) {
        AgentCall &c = s.calls[*it];
        if (c.execSessionOffset >= 0)
            return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("call %1 has two exec sessions").arg(seq)));
        c.execSessionOffset = offset;
        return {};
    }
    return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("an exec session for call %1, which is no code.run before it").arg(seq)));
}

} // namespace

bool AgentSession::looksLikeOne(const QByteArray &head)
{
    return head.startsWith("{\"kind\":\"" + kindName.toLatin1() + '"');
}

Result<AgentSession> AgentSession::read(const QString &path)
{
    AgentSession s;
    s.path = path;
    auto more = readMore(s);
    if (!more)
        return std::unexpected(more.error());
    if (s.recordedAtMs == 0 && s.transport.isEmpty())
        return std::unexpected(parseError(path, 1, QStringLiteral("the file has no complete header line")));
    return s;
}

Result<bool> AgentSession::readMore(AgentSession &s)
{
    auto file = RegularFile::open(s.path);
    if (!file)
        return std::unexpected(file.error());
    qint64 offset = s.bytesRead;
    const qint64 size = file->size();
    qint64 lineNumber = s.linesRead;
    bool grew = false;
    QByteArray line;
    qint64 lineStart = offset;
    bool skipping = false; // inside a long exec session line
    while (offset < size) {
        const QByteArray chunk = file->readAt(offset, qMin(chunkBytes, size - offset));
        if (chunk.isEmpty())
            break;
        qsizetype from = 0;
        while (from < chunk.size()) {
            const qsizetype nl = chunk.indexOf('\n', from);
            const qsizetype end = nl < 0 ? chunk.size() : nl;
            if (!skipping)
                line.append(chunk.constData() + from, end - from);
            if (!skipping && line.size() >= execPrefix.size() + 16 && line.startsWith(execPrefix))
                skipping = true; // keep what identifies it; drop the data
            if (skipping && line.size() > execPrefix.size() + 16)
                line.truncate(execPrefix.size() + 16);
            const qint64 lineBytes = offset + end - lineStart;
            if (lineBytes > (skipping ? maxLineBytes : maxCallLineBytes))
                return std::unexpected(parseError(s.path, lineNumber + 1, QStringLiteral("the line is over %1 MiB")
                                                                                  .arg((skipping ? maxLineBytes : maxCallLineBytes) >> 20)));
            if (nl < 0)
                break;
            ++lineNumber;
            if (lineNumber == 1) {
                QJsonParseError pe;
                const QJsonDocument doc = QJsonDocument::fromJson(line, &pe);
                if (pe.error != QJsonParseError::NoError || !doc.isObject())
                    return std::unexpected(parseError(s.path, 1, QStringLiteral("the header is not a JSON object")));
                if (auto ok = readHeader(s, doc.object()); !ok)
                    return std::unexpected(ok.error());
            } else if (skipping || line.startsWith(execPrefix)) {
                if (auto ok = noteExecSession(s, lineNumber, line, lineStart); !ok)
                    return std::unexpected(ok.error());
            } else {
                QJsonParseError pe;
                const QJsonDocument doc = QJsonDocument::fromJson(line, &pe);
                if (pe.error != QJsonParseError::NoError || !doc.isObject())
                    return std::unexpected(parseError(s.path, lineNumber, QStringLiteral("not a JSON object: %1 at column %2")
                                                                                 .arg(pe.errorString()).arg(pe.offset + 1)));
                if (auto ok = readEvent(s, lineNumber, doc.object()); !ok)
                    return std::unexpected(ok.error());
            }
            grew = true;
            line.clear();
            skipping = false;
            from = nl + 1;
            lineStart = offset + from;
            s.bytesRead = lineStart;
            s.linesRead = lineNumber;
        }
        offset += chunk.size();
    }
    // Bytes after the last newline: a line still being written, or cut off by a crash.
    s.lastLineCut = s.bytesRead < size;
    return grew;
}

Result<QByteArray> AgentSession::execSessionData(qsizetype index) const
{
    if (index < 0 || index >= calls.size() || calls.at(index).execSessionOffset < 0)
        return std::unexpected(Error{ErrorCode::InvalidInput, QStringLiteral("call %1 has no exec session in %2").arg(index + 1).arg(path)});
    auto file = RegularFile::open(path);
    if (!file)
        return std::unexpected(file.error());
    const qint64 start = calls.at(index).execSessionOffset;
    QByteArray line;
    for (qint64 at = start; at < file->size();) {
        const QByteArray chunk = file->readAt(at, qMin(chunkBytes, file->size() - at));
        if (chunk.isEmpty())
            break;
        const qsizetype nl = chunk.indexOf('\n');
        line.append(nl < 0 ? chunk : chunk.left(nl));
        if (line.size() > maxLineBytes)
            return std::unexpected(Error{ErrorCode::Parse, QStringLiteral("%1: an exec session line is over %2 MiB").arg(path).arg(maxLineBytes >> 20)});
        if (nl >= 0)
            break;
        at += chunk.size();
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &pe);
    const QJsonValue data = doc.object().value(QLatin1String("data"));
    if (pe.error != QJsonParseError::NoError || !data.isString() || doc.object().size() != 3)
        return std::unexpected(Error{ErrorCode::Parse, QStringLiteral("%1: the exec session of call %2 is not {\"type\",\"seq\",\"data\"}")
                                                               .arg(path).arg(calls.at(index).seq)});
    auto bytes = QByteArray::fromBase64Encoding(data.toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    if (!bytes)
        return std::unexpected(Error{ErrorCode::Parse, QStringLiteral("%1: the exec session of call %2 is not base64").arg(path).arg(calls.at(index).seq)});
    return *bytes;
}

} // namespace Sandbench
