#pragma once

#include "common/result.h"
#include "session/replayreport.h"
#include "session/traffic/recordedtraffic.h"
#include "session/traffic/replayedrequest.h"

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
    // take() for a replay's request, and on a mismatch the divergence at `index` (the 1-based
    // request or step), with the request and the recorded one it is best set beside.
    std::optional<Divergence> match(const ReplayedRequest &request, qint64 index);
    // The first recorded request never asked for, as the divergence at `index`, if any.
    std::optional<Divergence> unaskedDivergence(qint64 index) const;
    // The recorded request a diverging one is best set beside: the first of the same method
    // and URL, else of the same URL, else the first not asked for; -1 for none.
    qsizetype nearest(const QString &method, const QString &url) const;

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
