#pragma once

#include "common/result.h"
#include "exec/execrequest.h"
#include "exec/execresult.h"
#include "session/replayreport.h"
#include "session/traffic/recordedtraffic.h"

#include <optional>

namespace Sandbench {

class ExecSession;
struct ExecSessionManifest;

// An exec run's recorded traffic (ExecRequest::traffic), kept the way sandbox sessions keep
// theirs (RecordedTraffic, TrafficMatcher): the same proxy addon, the same redaction, the same
// checks of a hostile bundle; only the bodies live as files/<sha256> members of the bundle.
namespace ExecTraffic {

// Adds the run's SBFLOW lines to the manifest, redacted (credential headers, and the values and
// placeholders of the request's secrets everywhere), each body stored in `filesDir` by digest.
// A line that cannot be kept is a note of the manifest, not a failed recording.
VoidResult record(const ExecRequest &request, const ExecResult &result, const QString &filesDir,
                  ExecSessionManifest &manifest);

// What a replay's proxy answers from (RecordedTraffic::replayJson), bodies read from the bundle.
Result<QByteArray> replayJson(const ExecSession &bundle);

// The first request of a replay (its SBREQ lines) the recording does not answer, or the first
// recorded request the replay never made; none when the traffic replayed as recorded.
std::optional<Divergence> compare(const RecordedTraffic &recorded, const ExecResult &replayed);

} // namespace ExecTraffic

} // namespace Sandbench
