#pragma once

#include "common/result.h"
#include "sandbox/sandboxtypes.h"

#include <QByteArray>
#include <QStringList>

namespace Sandbench {


namespace TrafficProxyConfig {

constexpr char trafficLinePrefix[] = "SBFLOW ";
constexpr char replayLinePrefix[] = "SBREQ ";
// Bodies larger than this are not kept by the proxy (mitmproxy streams them); the line says so.
constexpr qint64 maxRecordedBodyBytes = qint64(8) << 20;
// What a replay may serve: the replay JSON (RecordedTraffic::replayJson, bodies base64'd), which
// the proxy holds in memory whole. A host proxy (an exec run's, hostmitmproxy.h) reads it from a
// file in its private folder; a sandbox's (egressproxy.h) from its exec's standard input, written
// to its tmpfs and removed once the proxy listens.
constexpr qsizetype maxReplayBytes = qsizetype(64) << 20;
// What a host proxy (hostmitmproxy.h) keeps of its lines: each at most maxLineBytes (two bodies
// of maxRecordedBodyBytes, base64'd), at most maxLines, at most maxLinesBytes in all.
constexpr qsizetype maxLineBytes = qsizetype(96) << 20;
constexpr qsizetype maxLines = 20001;
constexpr qint64 maxLinesBytes = qint64(2) << 30;

// The addon (Python, loaded by mitmdump before the secrets' addon, so it sees requests as the
// sandbox sent them: placeholders, never values).
QByteArray addonSource();

// "SB_TRAFFIC_MODE=..." and the addon, for a sandbox proxy's start environment. The replay JSON
// (RecordedTraffic::replayJson) is [{method, url, bodySha256, status, headers [[name,
// value]...], body (base64)}...]; a replay's start environment also says its size
// (SB_TRAFFIC_BYTES), which the proxy reads from its standard input.
QStringList startEnvironment(TrafficCapture capture, qsizetype replayBytes);

} // namespace TrafficProxyConfig

} // namespace Sandbench
