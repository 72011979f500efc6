#include "recordedtraffic.h"

#include "net/trafficproxyconfig.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QUrl>

namespace Sandbench {

namespace {

constexpr qint64 maxJsonInteger = qint64(1) << 53;
constexpr qsizetype maxRedactedEntries = 1024;

bool isToken(QByteArrayView text, qsizetype maxBytes)
{
    static const QByteArray extra = "!#$%&'*+-.^_`|~";
    if (text.isEmpty() || text.size() > maxBytes)
        return false;
    for (char c : text) {
        const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!alnum && !extra.contains(c))
            return false;
    }
    return true;
}

bool isHeaderValue(QByteArrayView value)
{
    for (char c : value) {
        if (c == '\r' || c == '\n' || c == '\0')
            return false;
    }
    return true;
}

Result<QString> checkedUrl(const QString &text, qsizetype maxBytes)
{
    if (text.size() > maxBytes)
        return fail(ErrorCode::Parse, QStringLiteral("its URL is longer than %1 bytes").arg(maxBytes));
    const QUrl url(text, QUrl::StrictMode);
    const QString scheme = url.scheme();
    if (!url.isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https")) || url.host().isEmpty())
        return fail(ErrorCode::Parse, QStringLiteral("its URL \"%1\" is not an http or https URL").arg(text.left(200)));
    return text;
}

// Headers as [name, value] pairs of strings whose characters are bytes (latin-1), as HTTP has them.
Result<HttpHeaderList> headersFrom(const QJsonValue &value, const QString &which, const TrafficLimits &limits, bool base64)
{
    if (!value.isArray())
        return fail(ErrorCode::Parse, QStringLiteral("its %1 headers are not a list").arg(which));
    const QJsonArray list = value.toArray();
    if (list.size() > limits.maxHeaders)
        return fail(ErrorCode::Parse, QStringLiteral("it has more than %1 %2 headers").arg(limits.maxHeaders).arg(which));
    HttpHeaderList out;
    qsizetype bytes = 0;
    for (const QJsonValue &h : list) {
        const QJsonArray pair = h.toArray();
        if (!h.isArray() || pair.size() != 2 || !pair[0].isString() || !pair[1].isString())
            return fail(ErrorCode::Parse, QStringLiteral("a %1 header is not a [name, value] pair of strings").arg(which));
        QByteArray fields[2];
        for (int i = 0; i < 2; ++i) {
            const QString text = pair[i].toString();
            if (base64) {
                auto decoded = QByteArray::fromBase64Encoding(text.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
                if (!decoded || text.size() != text.toLatin1().size())
                    return fail(ErrorCode::Parse, QStringLiteral("a %1 header is not base64").arg(which));
                fields[i] = *decoded;
            } else {
                for (QChar c : text) {
                    if (c.unicode() > 0xff)
                        return fail(ErrorCode::Parse, QStringLiteral("a %1 header has a character that is not a byte").arg(which));
                }
                fields[i] = text.toLatin1();
            }
        }
        if (!isToken(fields[0], 256) || !isHeaderValue(fields[1]))
            return fail(ErrorCode::Parse, QStringLiteral("a %1 header has a bad name or a line break in its value").arg(which));
        bytes += fields[0].size() + fields[1].size();
        if (bytes > limits.maxHeaderBytes)
            return fail(ErrorCode::Parse, QStringLiteral("its %1 headers are larger than %2 bytes").arg(which).arg(limits.maxHeaderBytes));
        out.append({fields[0], fields[1]});
    }
    return out;
}

QJsonArray headersJson(const HttpHeaderList &headers)
{
    QJsonArray out;
    for (const auto &[name, value] : headers)
        out << QJsonArray{QString::fromLatin1(name), QString::fromLatin1(value)};
    return out;
}

Result<qint64> integerFrom(const QJsonObject &o, const char *key, qint64 min, qint64 max)
{
    const QJsonValue v = o.value(QLatin1String(key));
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d != double(qint64(d)) || qint64(d) < min || qint64(d) > max)
        return fail(ErrorCode::Parse, QStringLiteral("its %1 is not a whole number from %2 to %3").arg(QLatin1String(key)).arg(min).arg(max));
    return qint64(d);
}

Result<SandboxPayloadRef> bodyRefFrom(const QJsonValue &value, const QString &which, const TrafficLimits &limits)
{
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    const QJsonObject o = value.toObject();
    const QString sha = o.value(QLatin1String("sha256")).toString();
    if (!value.isObject() || !hex.match(sha).hasMatch())
        return fail(ErrorCode::Parse, QStringLiteral("its %1 body has no sha256 digest").arg(which));
    auto size = integerFrom(o, "size", 0, limits.maxBodyBytes);
    if (!size)
        return fail(ErrorCode::Parse, QStringLiteral("its %1 body is larger than %2 bytes or has no size").arg(which).arg(limits.maxBodyBytes));
    return SandboxPayloadRef{sha, *size};
}

QJsonObject bodyJson(const SandboxPayloadRef &ref)
{
    return QJsonObject{{QStringLiteral("sha256"), ref.sha256}, {QStringLiteral("size"), ref.size}};
}

bool isContentEncoded(const HttpHeaderList &headers)
{
    for (const auto &[name, value] : headers) {
        if (name.compare("content-encoding", Qt::CaseInsensitive) == 0 && value.trimmed().compare("identity", Qt::CaseInsensitive) != 0)
            return true;
    }
    return false;
}

} // namespace

bool RecordedTraffic::isCredentialHeader(QByteArrayView name)
{
    const QByteArray n = name.toByteArray().toLower();
    static const QList<QByteArray> exact = {"authorization", "proxy-authorization", "cookie", "set-cookie", "cookie2",
                                            "set-cookie2", "api-key", "apikey", "x-api-key", "x-apikey", "x-auth-token",
                                            "x-access-token", "x-csrf-token", "x-xsrf-token", "private-token", "x-goog-api-key"};
    if (exact.contains(n))
        return true;
    for (const char *tail : {"-api-key", "-apikey", "-token", "-secret", "-password", "-auth", "-key"}) {
        if (n.endsWith(tail))
            return true;
    }
    return false;
}

Result<HttpHeaderList> RecordedTraffic::headersFromJson(const QJsonValue &value, const QString &which, const TrafficLimits &limits,
                                                        bool base64)
{
    return headersFrom(value, which, limits, base64);
}

void RecordedTraffic::noteRedacted(const QString &what)
{
    if (!redacted.contains(what) && redacted.size() < maxRedactedEntries)
        redacted << what;
}

QByteArray RecordedTraffic::redactText(QByteArray text, const TrafficRedaction &redaction, const QString &where)
{
    for (const TrafficRedaction::Secret &s : redaction.secrets) {
        // The value as sent and as a URL or form would carry it; the placeholder likewise.
        for (const QByteArray &needle : {s.value, QUrl::toPercentEncoding(QString::fromLatin1(s.value)), s.placeholder}) {
            if (needle.size() >= 4 && text.contains(needle)) {
                text.replace(needle, TrafficRedaction::marker);
                noteRedacted(QStringLiteral("secret %1 (%2)").arg(s.name, where));
            }
        }
    }
    return text;
}

VoidResult RecordedTraffic::addProxyLine(const QByteArray &line, const TrafficRedaction &redaction, SandboxPayloads &payloads,
                                         qint64 sessionStartMs, const TrafficLimits &limits)
{
    auto bad = [&](const QString &why) {
        return fail(ErrorCode::Parse, QStringLiteral("recorded request %1: %2").arg(exchanges.size() + 1).arg(why));
    };
    if (exchanges.size() >= limits.maxExchanges)
        return bad(QStringLiteral("the recording holds %1 requests at most").arg(limits.maxExchanges));
    if (line.size() > limits.maxLineBytes)
        return bad(QStringLiteral("its proxy line is larger than %1 bytes").arg(limits.maxLineBytes));
    QJsonParseError error;
    const QJsonObject o = QJsonDocument::fromJson(line, &error).object();
    if (error.error != QJsonParseError::NoError)
        return bad(QStringLiteral("its proxy line is not JSON: %1").arg(error.errorString()));
    RecordedExchange e;
    e.method = o.value(QLatin1String("method")).toString();
    if (!isToken(e.method.toLatin1(), 32) || e.method.toLatin1().size() != e.method.size())
        return bad(QStringLiteral("its method is not an HTTP token"));
    auto url = checkedUrl(o.value(QLatin1String("url")).toString(), limits.maxUrlBytes);
    if (!url)
        return bad(url.error().message);
    auto reqHeaders = headersFrom(o.value(QLatin1String("requestHeaders")), QStringLiteral("request"), limits, true);
    auto respHeaders = headersFrom(o.value(QLatin1String("responseHeaders")), QStringLiteral("response"), limits, true);
    if (!reqHeaders || !respHeaders)
        return bad((reqHeaders ? respHeaders.error() : reqHeaders.error()).message);
    auto status = integerFrom(o, "status", 0, 599);
    auto start = integerFrom(o, "startMs", 0, maxJsonInteger);
    auto duration = integerFrom(o, "durationMs", 0, maxJsonInteger);
    if (!status || !start || !duration)
        return bad((!status ? status : !start ? start : duration).error().message);
    e.status = int(*status);
    e.startMs = std::max<qint64>(0, *start - sessionStartMs);
    e.durationMs = *duration;
    e.allowed = o.value(QLatin1String("allowed")).toBool(false);
    for (const QJsonValue &omitted : o.value(QLatin1String("omitted")).toArray()) {
        // The proxy streamed it past without keeping it: a replay answers with an empty body.
        if (omitted.toString() == QLatin1String("requestBody") || omitted.toString() == QLatin1String("responseBody"))
            noteRedacted(QStringLiteral("%1 of %2 %3 (too large to record)").arg(omitted.toString(), e.method, url->left(200)));
    }

    QByteArray bodies[2];
    const char *bodyKeys[2] = {"requestBody", "responseBody"};
    for (int i = 0; i < 2; ++i) {
        const QByteArray encoded = o.value(QLatin1String(bodyKeys[i])).toString().toLatin1();
        // Refused by its encoded size before it is decoded.
        if (encoded.size() / 4 * 3 > limits.maxBodyBytes + 2)
            return bad(QStringLiteral("its %1 is larger than %2 bytes").arg(QLatin1String(bodyKeys[i])).arg(limits.maxBodyBytes));
        auto decoded = QByteArray::fromBase64Encoding(encoded, QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return bad(QStringLiteral("its %1 is not base64").arg(QLatin1String(bodyKeys[i])));
        if (decoded.decoded.size() > limits.maxBodyBytes)
            return bad(QStringLiteral("its %1 is larger than %2 bytes").arg(QLatin1String(bodyKeys[i])).arg(limits.maxBodyBytes));
        bodies[i] = std::move(decoded.decoded);
    }

    // Redaction, before anything of the exchange is kept.
    const QString where = QStringLiteral("%1 %2").arg(e.method, *url);
    e.url = QString::fromLatin1(redactText(url->toLatin1(), redaction, QStringLiteral("URL")));
    HttpHeaderList *lists[2] = {&*reqHeaders, &*respHeaders};
    const QString sides[2] = {QStringLiteral("request"), QStringLiteral("response")};
    for (int i = 0; i < 2; ++i) {
        for (auto &[name, value] : *lists[i]) {
            if (!redaction.keepCredentials && isCredentialHeader(name) && value != TrafficRedaction::marker) {
                value = TrafficRedaction::marker;
                noteRedacted(QStringLiteral("%1 header %2").arg(sides[i], QString::fromLatin1(name)));
            }
            value = redactText(value, redaction, QStringLiteral("%1 header %2").arg(sides[i], QString::fromLatin1(name)));
        }
        // An encoded body cannot be searched for secret values: it is not kept.
        if (isContentEncoded(*lists[i]) && !bodies[i].isEmpty() && !redaction.secrets.isEmpty()) {
            bodies[i] = TrafficRedaction::marker;
            noteRedacted(QStringLiteral("%1 body of %2 (content-encoded)").arg(sides[i], where));
        }
        bodies[i] = redactText(bodies[i], redaction, QStringLiteral("%1 body").arg(sides[i]));
    }
    // Bounded as a reader bounds it: a recording is never written that its replay would refuse.
    if (m_bodyBytes + bodies[0].size() + bodies[1].size() > limits.maxTotalBodyBytes)
        return bad(QStringLiteral("the recording's bodies would add up to more than %1 bytes").arg(limits.maxTotalBodyBytes));
    m_bodyBytes += bodies[0].size() + bodies[1].size();
    e.requestHeaders = std::move(*reqHeaders);
    e.responseHeaders = std::move(*respHeaders);
    e.requestBody = payloads.add(bodies[0]);
    e.responseBody = payloads.add(bodies[1]);
    exchanges << e;
    return {};
}

QJsonArray RecordedTraffic::toJson() const
{
    QJsonArray out;
    for (const RecordedExchange &e : exchanges) {
        out << QJsonObject{{QStringLiteral("method"), e.method},
                           {QStringLiteral("url"), e.url},
                           {QStringLiteral("requestHeaders"), headersJson(e.requestHeaders)},
                           {QStringLiteral("requestBody"), bodyJson(e.requestBody)},
                           {QStringLiteral("status"), e.status},
                           {QStringLiteral("responseHeaders"), headersJson(e.responseHeaders)},
                           {QStringLiteral("responseBody"), bodyJson(e.responseBody)},
                           {QStringLiteral("startMs"), e.startMs},
                           {QStringLiteral("durationMs"), e.durationMs},
                           {QStringLiteral("allowed"), e.allowed}};
    }
    return out;
}

Result<QByteArray> RecordedTraffic::replayJson(const SandboxPayloads &payloads, qsizetype maxBytes) const
{
    QJsonArray out;
    qint64 bytes = 0;
    for (qsizetype i = 0; i < exchanges.size(); ++i) {
        const RecordedExchange &e = exchanges[i];
        bytes += e.responseBody.size * 4 / 3 + 256;
        if (bytes > maxBytes)
            return fail(ErrorCode::LimitExceeded, QStringLiteral("the recorded traffic is larger than the %1 bytes a replay serves (at request %2)")
                                                      .arg(maxBytes).arg(i + 1));
        auto body = payloads.load(e.responseBody, QStringLiteral("recorded request %1: its response body").arg(i + 1));
        if (!body)
            return std::unexpected(body.error());
        QJsonArray headers;
        for (const auto &[name, value] : e.responseHeaders)
            headers << QJsonArray{QString::fromLatin1(name), QString::fromLatin1(value)};
        out << QJsonObject{{QStringLiteral("method"), e.method},
                           {QStringLiteral("url"), e.url},
                           {QStringLiteral("bodySha256"), e.requestBody.sha256},
                           // A request that got no answer (denied, failed) is answered as the
                           // proxy's refusal would be.
                           {QStringLiteral("status"), e.status == 0 ? 502 : e.status},
                           {QStringLiteral("headers"), headers},
                           {QStringLiteral("body"), QString::fromLatin1(body->toBase64())}};
    }
    QByteArray json = QJsonDocument(out).toJson(QJsonDocument::Compact);
    if (json.size() > maxBytes)
        return fail(ErrorCode::LimitExceeded, QStringLiteral("the recorded traffic is larger than the %1 bytes a replay serves")
                                                  .arg(maxBytes));
    return json;
}

Result<RecordedTraffic> RecordedTraffic::fromJson(const QJsonArray &traffic, const QJsonArray &redacted, const TrafficLimits &limits)
{
    // Counted before a single entry is looked at: a million requests are refused at once.
    if (traffic.size() > limits.maxExchanges)
        return fail(ErrorCode::Parse, QStringLiteral("the session's traffic has %1 requests; at most %2 are read")
                                          .arg(traffic.size()).arg(limits.maxExchanges));
    if (redacted.size() > maxRedactedEntries)
        return fail(ErrorCode::Parse, QStringLiteral("the session's list of redactions has more than %1 entries").arg(maxRedactedEntries));
    RecordedTraffic out;
    for (const QJsonValue &r : redacted) {
        if (!r.isString() || r.toString().size() > 1024)
            return fail(ErrorCode::Parse, QStringLiteral("the session's list of redactions holds something other than short text"));
        out.redacted << r.toString();
    }
    qint64 total = 0;
    for (qsizetype i = 0; i < traffic.size(); ++i) {
        auto bad = [i](const QString &why) {
            return fail(ErrorCode::Parse, QStringLiteral("recorded request %1: %2").arg(i + 1).arg(why));
        };
        const QJsonObject o = traffic[i].toObject();
        if (!traffic[i].isObject())
            return bad(QStringLiteral("it is not an object"));
        RecordedExchange e;
        e.method = o.value(QLatin1String("method")).toString();
        if (!isToken(e.method.toLatin1(), 32) || e.method.toLatin1().size() != e.method.size())
            return bad(QStringLiteral("its method is not an HTTP token"));
        auto url = checkedUrl(o.value(QLatin1String("url")).toString(), limits.maxUrlBytes);
        auto reqHeaders = headersFrom(o.value(QLatin1String("requestHeaders")), QStringLiteral("request"), limits, false);
        auto respHeaders = headersFrom(o.value(QLatin1String("responseHeaders")), QStringLiteral("response"), limits, false);
        auto reqBody = bodyRefFrom(o.value(QLatin1String("requestBody")), QStringLiteral("request"), limits);
        auto respBody = bodyRefFrom(o.value(QLatin1String("responseBody")), QStringLiteral("response"), limits);
        auto status = integerFrom(o, "status", 0, 599);
        auto start = integerFrom(o, "startMs", 0, maxJsonInteger);
        auto duration = integerFrom(o, "durationMs", 0, maxJsonInteger);
        for (const Error *err : {url ? nullptr : &url.error(), reqHeaders ? nullptr : &reqHeaders.error(),
                                 respHeaders ? nullptr : &respHeaders.error(), reqBody ? nullptr : &reqBody.error(),
                                 respBody ? nullptr : &respBody.error(), status ? nullptr : &status.error(),
                                 start ? nullptr : &start.error(), duration ? nullptr : &duration.error()}) {
            if (err)
                return bad(err->message);
        }
        if (!o.value(QLatin1String("allowed")).isBool())
            return bad(QStringLiteral("its decision (allowed) is not true or false"));
        total += reqBody->size + respBody->size;
        if (total > limits.maxTotalBodyBytes)
            return bad(QStringLiteral("the traffic's bodies add up to more than %1 bytes").arg(limits.maxTotalBodyBytes));
        e.url = *url;
        e.requestHeaders = *reqHeaders;
        e.responseHeaders = *respHeaders;
        e.requestBody = *reqBody;
        e.responseBody = *respBody;
        e.status = int(*status);
        e.startMs = *start;
        e.durationMs = *duration;
        e.allowed = o.value(QLatin1String("allowed")).toBool();
        out.exchanges << e;
    }
    out.m_bodyBytes = total;
    return out;
}

} // namespace Sandbench
