#pragma once

#include "common/result.h"
#include "session/sandbox/sandboxpayloads.h"
#include "session/sandbox/sandboxstep.h"

#include <QByteArray>
#include <QJsonArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

namespace Sandbench {

using HttpHeaderList = QList<QPair<QByteArray, QByteArray>>;

// One HTTP(S) request and its response as the egress proxy saw them, with the proxy's
// decision. Bodies are kept by digest in the session (SandboxPayloads) like step outputs.
struct RecordedExchange
{
    QString method;
    QString url;
    HttpHeaderList requestHeaders;
    SandboxPayloadRef requestBody;
    int status = 0;                 // 0: no response (denied, or the connection failed)
    HttpHeaderList responseHeaders;
    SandboxPayloadRef responseBody;
    qint64 startMs = 0;             // from the session's start
    qint64 durationMs = 0;
    bool allowed = false;           // the proxy's decision

    bool operator==(const RecordedExchange &) const = default;
};

// What a recording keeps. Credentials (see isCredentialHeader) are replaced by `marker` unless
// keepCredentials; secret values and placeholders are replaced wherever they appear (URL,
// any header, bodies), keepCredentials or not: a secret's value never enters a bundle.
struct TrafficRedaction
{
    static constexpr char marker[] = "[redacted by Sandbench]";
    struct Secret
    {
        QString name;
        QByteArray value;
        QByteArray placeholder;
    };
    bool keepCredentials = false;
    QList<Secret> secrets;
};

// Bounds on traffic read from a bundle (hostile input) or from the proxy. The bodies' sizes
// also count in the session's archive limits, since they are members like any payload.
struct TrafficLimits
{
    qsizetype maxExchanges = 20000;
    qsizetype maxUrlBytes = 16 * 1024;
    qsizetype maxHeaders = 256;
    qsizetype maxHeaderBytes = 256 * 1024;  // names and values of one message together
    qint64 maxBodyBytes = qint64(64) << 20;
    qint64 maxTotalBodyBytes = qint64(1) << 30;
    qsizetype maxLineBytes = 96 << 20;       // one proxy line, bodies base64'd
};

// A session's recorded traffic: the `traffic` array of its manifest and what was redacted.
class RecordedTraffic
{
public:
    QList<RecordedExchange> exchanges;
    // "request header Authorization", "secret API_KEY" ...: each once, in order of first sight.
    QStringList redacted;

    // One line of the recording addon (JSON: method, url, request/response headers as
    // [name, value] pairs and bodies, base64; status, start, duration, allowed), redacted before
    // anything of it is kept, its bodies added to `payloads`. startMs is made relative to
    // sessionStartMs. A bad line is refused naming what is wrong.
    VoidResult addProxyLine(const QByteArray &line, const TrafficRedaction &redaction, SandboxPayloads &payloads,
                            qint64 sessionStartMs, const TrafficLimits &limits = {});

    QJsonArray toJson() const;
    // What a replay's egress proxy answers from (TrafficProxyConfig): method, url, bodySha256,
    // status, headers and the body (base64), bodies loaded from `payloads` (checked against
    // their digests). Refused (LimitExceeded) beyond `maxBytes` (TrafficProxyConfig::maxReplayBytes:
    // the proxy holds it in memory whole).
    Result<QByteArray> replayJson(const SandboxPayloads &payloads, qsizetype maxBytes) const;
    QJsonArray redactedJson() const { return QJsonArray::fromStringList(redacted); }
    // From a manifest: every field checked (types, methods, URLs, header bytes, digests, sizes,
    // counts) against `limits`; an error names the exchange by its 1-based number.
    static Result<RecordedTraffic> fromJson(const QJsonArray &traffic, const QJsonArray &redacted,
                                            const TrafficLimits &limits = {});

    // The header names replaced unless credentials are kept (case-insensitive): Authorization,
    // Proxy-Authorization, Cookie, Set-Cookie, and API-key-like names (x-api-key, api-key,
    // x-auth-token, *-api-key, *-token, *-secret ...).
    static bool isCredentialHeader(QByteArrayView name);
    // Headers as [name, value] pairs (base64 as the proxy's lines have them, else latin-1
    // strings), checked against `limits`; `which` names them in an error ("request").
    static Result<HttpHeaderList> headersFromJson(const QJsonValue &value, const QString &which, const TrafficLimits &limits,
                                                  bool base64);

    bool operator==(const RecordedTraffic &o) const { return exchanges == o.exchanges && redacted == o.redacted; }

private:
    void noteRedacted(const QString &what);
    QByteArray redactText(QByteArray text, const TrafficRedaction &redaction, const QString &where);

    qint64 m_bodyBytes = 0; // of `exchanges`, against TrafficLimits::maxTotalBodyBytes
};

} // namespace Sandbench
