#include "auditevent.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimeZone>

#include <algorithm>

namespace Sandbench {

namespace {

void appendEscaped(QByteArray &out, const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    out.reserve(out.size() + utf8.size() + 2);
    out.append('"');
    for (const char c : utf8) {
        switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                static const char hex[] = "0123456789abcdef";
                out.append("\\u00");
                out.append(hex[(c >> 4) & 0xf]);
                out.append(hex[c & 0xf]);
            } else {
                out.append(c);
            }
        }
    }
    out.append('"');
}

} // namespace

QByteArray AuditEvent::toJsonLine() const
{
    QByteArray out;
    out.reserve(192 + resource.size() + reason.size());
    out.append("{\"seq\":").append(QByteArray::number(seq));
    out.append(",\"time\":");
    appendEscaped(out, QDateTime::fromMSecsSinceEpoch(timeMs, Qt::UTC).toString(Qt::ISODateWithMs));
    out.append(",\"kind\":");
    appendEscaped(out, kind);
    out.append(",\"action\":");
    appendEscaped(out, action);
    out.append(",\"resource\":");
    if (resource.isNull())
        out.append("null");
    else
        appendEscaped(out, resource);
    out.append(",\"decision\":");
    out.append(allowed ? "\"allow\"" : "\"deny\"");
    out.append(",\"rule\":");
    appendEscaped(out, rule);
    if (!reason.isEmpty()) {
        out.append(",\"reason\":");
        appendEscaped(out, reason);
    }
    out.append(",\"pid\":").append(QByteArray::number(pid));
    out.append('}');
    return out;
}

AuditEvent::LineDecision AuditEvent::decisionOf(QByteArrayView line)
{
    static constexpr QByteArrayView key("\"decision\":");
    static constexpr QByteArrayView allow("\"decision\":\"allow\"");
    static constexpr QByteArrayView deny("\"decision\":\"deny\"");
    const qsizetype first = line.indexOf(key);
    if (first < 0 || line.indexOf(key, first + 1) >= 0)
        return LineDecision::Unreadable;
    if (line.indexOf(allow) == first)
        return LineDecision::Allow;
    if (line.indexOf(deny) == first)
        return LineDecision::Deny;
    return LineDecision::Unreadable;
}

bool AuditEvent::fromJsonLine(const QByteArray &line, AuditEvent *event, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        if (error)
            *error = parseError.error != QJsonParseError::NoError ? parseError.errorString()
                                                                  : QStringLiteral("not a JSON object");
        return false;
    }
    const QJsonObject o = document.object();
    const QString decision = o.value(QStringLiteral("decision")).toString();
    if (!o.value(QStringLiteral("kind")).isString() || (decision != QLatin1String("allow") && decision != QLatin1String("deny"))) {
        if (error)
            *error = QStringLiteral("missing \"kind\" or \"decision\"");
        return false;
    }
    // Keys the log browser also finds by searching: one of each, or the search and the parse
    // could disagree. (Quotes inside strings are escaped, so these can only be keys.)
    static constexpr QByteArrayView kindKey("\"kind\":");
    const qsizetype kindAt = line.indexOf(kindKey);
    if (kindAt < 0 || line.indexOf(kindKey, kindAt + 1) >= 0) {
        if (error)
            *error = QStringLiteral("\"kind\" is not written once, as Sandbench writes it");
        return false;
    }
    const LineDecision written = decisionOf(line);
    if (written == LineDecision::Unreadable || (written == LineDecision::Allow) != (decision == QLatin1String("allow"))) {
        if (error)
            *error = QStringLiteral("\"decision\" is not written once, as Sandbench writes it");
        return false;
    }
    AuditEvent e;
    // toInteger, not a cast of toDouble: a hostile log's 1e110 or -1 would make the cast undefined
    // (found by fuzz_auditlog). What is not a whole number in range reads as 0, like a missing one.
    e.seq = quint64(std::max<qint64>(0, o.value(QStringLiteral("seq")).toInteger(0)));
    e.timeMs = QDateTime::fromString(o.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs).toMSecsSinceEpoch();
    e.kind = o.value(QStringLiteral("kind")).toString();
    e.action = o.value(QStringLiteral("action")).toString();
    e.resource = o.value(QStringLiteral("resource")).isNull() ? QString() : o.value(QStringLiteral("resource")).toString();
    e.allowed = decision == QLatin1String("allow");
    e.rule = o.value(QStringLiteral("rule")).toString();
    e.reason = o.value(QStringLiteral("reason")).toString();
    e.pid = o.value(QStringLiteral("pid")).toInteger(0);
    *event = e;
    return true;
}

} // namespace Sandbench
