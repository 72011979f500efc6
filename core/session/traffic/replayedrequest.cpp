#include "replayedrequest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace Sandbench {

ReplayedRequest ReplayedRequest::fromProxyLine(const QByteArray &json)
{
    const TrafficLimits limits;
    const QJsonObject o = QJsonDocument::fromJson(json).object();
    ReplayedRequest r;
    r.method = o.value(QLatin1String("method")).toString().left(64);
    r.url = o.value(QLatin1String("url")).toString().left(limits.maxUrlBytes);
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    if (const QString sha = o.value(QLatin1String("bodySha256")).toString().left(64); hex.match(sha).hasMatch())
        r.bodySha256 = sha;
    r.bodySize = qint64(qBound(0.0, o.value(QLatin1String("bodySize")).toDouble(0), 1e15));
    // Headers that do not read as headers are shown as none: this is for people, not a grant.
    if (auto headers = RecordedTraffic::headersFromJson(o.value(QLatin1String("headers")), QStringLiteral("request"), limits, true)) {
        for (auto &[name, value] : *headers) {
            if (RecordedTraffic::isCredentialHeader(name))
                value = TrafficRedaction::marker;
        }
        r.headers = *headers;
    }
    const QByteArray head = o.value(QLatin1String("bodyHead")).toString().left(2 * maxBodyHeadBytes).toLatin1();
    if (auto decoded = QByteArray::fromBase64Encoding(head, QByteArray::AbortOnBase64DecodingErrors))
        r.bodyHead = decoded.decoded.left(qMin<qint64>(maxBodyHeadBytes, r.bodySize));
    return r;
}

} // namespace Sandbench
