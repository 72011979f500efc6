#pragma once

#include "common/result.h"
#include "session/traffic/recordedtraffic.h"

#include <QHash>
#include <QList>
#include <QString>

namespace Sandbench {

// Answers a replay's requests from a recording: a request matches a recorded one by method,
// URL and body digest, and the n-th identical request gets the n-th recorded answer. Anything
// else is a divergence whose message names the request (method and URL) and what differed.
// A recorded answer is only data to send back: matching never allows a connection.
class TrafficMatcher
{
public:
    explicit TrafficMatcher(const RecordedTraffic &traffic);

    // The index in the recording of the answer to this request; a divergence is an
    // ErrorCode::InvalidInput error whose message is the report's text.
    Result<qsizetype> take(const QString &method, const QString &url, const QString &bodySha256, qint64 bodySize);
    // Recorded requests the replay has not asked for (yet), as "METHOD URL" in recorded order.
    QStringList unasked() const;

private:
    struct Key
    {
        QString method;
        QString url;
        QString body;
        bool operator==(const Key &) const = default;
    };
    friend size_t qHash(const Key &k, size_t seed) { return qHashMulti(seed, k.method, k.url, k.body); }

    const RecordedTraffic &m_traffic;
    QHash<Key, QList<qsizetype>> m_byKey;   // recorded indexes, in order
    QHash<Key, qsizetype> m_asked;          // how many times each key was asked
    QHash<QString, QList<qsizetype>> m_byUrl;
    QList<bool> m_served;
};

} // namespace Sandbench
