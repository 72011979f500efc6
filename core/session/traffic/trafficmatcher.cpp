#include "trafficmatcher.h"

namespace Sandbench {

TrafficMatcher::TrafficMatcher(const RecordedTraffic &traffic)
    : m_traffic(traffic)
    , m_served(traffic.exchanges.size(), false)
{
    for (qsizetype i = 0; i < traffic.exchanges.size(); ++i) {
        const RecordedExchange &e = traffic.exchanges[i];
        m_byKey[Key{e.method, e.url, e.requestBody.sha256}] << i;
        m_byUrl[e.url] << i;
    }
}

Result<qsizetype> TrafficMatcher::take(const QString &method, const QString &url, const QString &bodySha256, qint64 bodySize)
{
    const Key key{method, url, bodySha256};
    const qsizetype n = m_asked[key]++;
    const QString request = QStringLiteral("%1 %2").arg(method, url);
    if (const auto it = m_byKey.constFind(key); it != m_byKey.cend()) {
        if (n < it->size()) {
            m_served[it->at(n)] = true;
            return it->at(n);
        }
        return fail(ErrorCode::InvalidInput, QStringLiteral("%1: asked %2 times, the recording answered it %3 times")
                                                 .arg(request).arg(n + 1).arg(it->size()));
    }
    const QList<qsizetype> sameUrl = m_byUrl.value(url);
    for (qsizetype i : sameUrl) {
        const RecordedExchange &e = m_traffic.exchanges[i];
        if (e.method == method) {
            return fail(ErrorCode::InvalidInput,
                        QStringLiteral("%1: its body (%2 bytes, sha256 %3) differs from the recorded one (%4 bytes, sha256 %5)")
                            .arg(request).arg(bodySize).arg(bodySha256.left(12)).arg(e.requestBody.size)
                            .arg(e.requestBody.sha256.left(12)));
        }
    }
    if (!sameUrl.isEmpty()) {
        return fail(ErrorCode::InvalidInput, QStringLiteral("%1: the recording has this URL only as %2")
                                                 .arg(request, m_traffic.exchanges[sameUrl.first()].method));
    }
    return fail(ErrorCode::InvalidInput, QStringLiteral("%1: not in the recording").arg(request));
}

QStringList TrafficMatcher::unasked() const
{
    QStringList out;
    for (qsizetype i = 0; i < m_served.size(); ++i) {
        if (!m_served[i])
            out << QStringLiteral("%1 %2").arg(m_traffic.exchanges[i].method, m_traffic.exchanges[i].url);
    }
    return out;
}

std::optional<Divergence> TrafficMatcher::match(const ReplayedRequest &request, qint64 index)
{
    auto answer = take(request.method, request.url, request.bodySha256, request.bodySize);
    if (answer)
        return std::nullopt;
    Divergence d{ReplayStream::Network, index, answer.error().message, QStringLiteral("%1 %2").arg(request.method, request.url)};
    d.madeRequest = true;
    d.request = request;
    d.recordedRequest = nearest(request.method, request.url);
    return d;
}

std::optional<Divergence> TrafficMatcher::unaskedDivergence(qint64 index) const
{
    const qsizetype first = m_served.indexOf(false);
    if (first < 0)
        return std::nullopt;
    const RecordedExchange &e = m_traffic.exchanges[first];
    Divergence d{ReplayStream::Network, index, QStringLiteral("%1 %2").arg(e.method, e.url), QStringLiteral("<not asked>")};
    d.recordedRequest = first;
    return d;
}

qsizetype TrafficMatcher::nearest(const QString &method, const QString &url) const
{
    const QList<qsizetype> sameUrl = m_byUrl.value(url);
    for (qsizetype i : sameUrl) {
        if (m_traffic.exchanges[i].method == method)
            return i;
    }
    if (!sameUrl.isEmpty())
        return sameUrl.first();
    return m_served.indexOf(false);
}

} // namespace Sandbench
