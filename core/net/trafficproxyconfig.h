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
// The recording a replay proxy is given travels in its start environment, split into pieces
// each below the kernel's bound on one environment string.
constexpr qsizetype maxReplayBytes = qsizetype(1536) << 10;
// A host proxy (an exec run's, hostmitmproxy.h) reads its recording from a file in its private
// folder instead: bounded only by what a replay may hold in memory at once (the JSON, bodies
// base64'd, one copy per request that got them).
constexpr qsizetype maxHostReplayBytes = qsizetype(64) << 20;
constexpr qsizetype replayPieceBytes = qsizetype(96) << 10;
// What a host proxy (hostmitmproxy.h) keeps of its lines: each at most maxLineBytes (two bodies
// of maxRecordedBodyBytes, base64'd), at most maxLines, at most maxLinesBytes in all.
constexpr qsizetype maxLineBytes = qsizetype(96) << 20;
constexpr qsizetype maxLines = 20001;
constexpr qint64 maxLinesBytes = qint64(2) << 30;

// The addon (Python, loaded by mitmdump before the secrets' addon, so it sees requests as the
// sandbox sent them: placeholders, never values).
QByteArray addonSource();

// "SB_TRAFFIC_MODE=...", the addon and the replay JSON in pieces, for the start environment.
// The replay JSON (RecordedTraffic::replayJson) is [{method, url, bodySha256, status, headers
// [[name, value]...], body (base64)}...].
QStringList startEnvironment(TrafficCapture capture, const QByteArray &replay);

} // namespace TrafficProxyConfig

} // namespace Sandbench
