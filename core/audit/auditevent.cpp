#include "auditevent.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimeZone>
#include <QVarLengthArray>

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

// The keys of the (already validated) JSON object in `text`, compared as decoded: "d\u0065cision"
// and "decision" are one key. QJsonDocument keeps one of two equal keys silently; another reader
// of the same log may keep the other, so a line that says two things is no event at all.
bool topLevelKeysUnique(QByteArrayView text)
{
    QVarLengthArray<QString, 16> keys;
    int depth = 0;
    char previous = 0; // the last structural character outside strings
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            const qsizetype start = i + 1;
            bool escaped = false;
            for (++i; i < text.size() && text[i] != '"'; ++i) {
                if (text[i] == '\\') {
                    escaped = true;
                    ++i;
                }
            }
            if (depth != 1 || (previous != '{' && previous != ','))
                continue; // a value, or inside a nested value
            const QByteArrayView raw = text.sliced(start, qMin(i, text.size()) - start);
            const QString key = escaped ? QJsonDocument::fromJson("[\"" + raw.toByteArray() + "\"]").array().at(0).toString()
                                        : QString::fromUtf8(raw);
            if (std::find(keys.cbegin(), keys.cend(), key) != keys.cend())
                return false;
            keys.append(key);
            previous = '"';
        } else if (c == '{' || c == '[') {
            ++depth;
            previous = c;
        } else if (c == '}' || c == ']') {
            --depth;
            previous = c;
        } else if (c == ',' || c == ':') {
            previous = c;
        }
    }
    return true;
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
    if (bytesOut >= 0)
        out.append(",\"bytes_out\":").append(QByteArray::number(bytesOut));
    if (bytesIn >= 0)
        out.append(",\"bytes_in\":").append(QByteArray::number(bytesIn));
    if (durationMs >= 0)
        out.append(",\"duration_ms\":").append(QByteArray::number(durationMs));
    if (!askEntry.isEmpty()) {
        out.append(",\"ask_entry\":");
        appendEscaped(out, askEntry);
        out.append(",\"answer\":");
        appendEscaped(out, answer);
        out.append(",\"answered_by\":");
        appendEscaped(out, answeredBy);
        out.append(",\"waited_ms\":").append(QByteArray::number(waitedMs));
    }
    out.append('}');
    return out;
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
    if (!topLevelKeysUnique(line)) {
        if (error)
            *error = QStringLiteral("a key is written twice");
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
    e.bytesOut = std::max<qint64>(-1, o.value(QStringLiteral("bytes_out")).toInteger(-1));
    e.bytesIn = std::max<qint64>(-1, o.value(QStringLiteral("bytes_in")).toInteger(-1));
    e.durationMs = std::max<qint64>(-1, o.value(QStringLiteral("duration_ms")).toInteger(-1));
    e.askEntry = o.value(QStringLiteral("ask_entry")).toString();
    e.answer = o.value(QStringLiteral("answer")).toString();
    e.answeredBy = o.value(QStringLiteral("answered_by")).toString();
    e.waitedMs = std::max<qint64>(-1, o.value(QStringLiteral("waited_ms")).toInteger(-1));
    *event = e;
    return true;
}

} // namespace Sandbench
