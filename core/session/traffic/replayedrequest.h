#pragma once

#include "session/traffic/recordedtraffic.h"

#include <QByteArray>
#include <QString>

namespace Sandbench {

// One request a replay's proxy was asked (its `SBREQ` line, TrafficProxyConfig), read as
// hostile as the code that caused it: every field bounded, a bad field left empty rather than
// trusted, credential headers (RecordedTraffic::isCredentialHeader) replaced by the marker.
// What a divergence shows beside the recorded request; matching uses only method, URL and
// the body's digest.
struct ReplayedRequest
{
    static constexpr qsizetype maxBodyHeadBytes = 4096;

    QString method;
    QString url;
    QString bodySha256;
    qint64 bodySize = 0;
    HttpHeaderList headers;
    QByteArray bodyHead;  // the body's first bytes, at most maxBodyHeadBytes

    static ReplayedRequest fromProxyLine(const QByteArray &json);

    bool operator==(const ReplayedRequest &) const = default;
};

} // namespace Sandbench
