#pragma once

#include "session/replayreport.h"
#include "session/sandbox/sandboxsession.h"

#include <QByteArray>
#include <QList>

#include <optional>

namespace Sandbench {

// How a replayed screenshot compares with the recorded one of step `step` (1-based): no value
// when the share of pixels that differ is at most `tolerance`; else a Screenshot divergence
// whose texts give each picture's size, bytes and digest, and the share of pixels that differ
// and the box around them. A PNG that cannot be decoded is compared by its bytes.
std::optional<Divergence> compareScreenshots(qint64 step, const QByteArray &recorded, const QByteArray &replayed,
                                             double tolerance);

// How step `index` (0-based) of `replayed` differs from the same step of `recorded`: stdout,
// stderr (each compared by digest and size; both are loaded, bounded, only when they differ, to
// name the first line that does) and the outcome, each Divergence indexed by the 1-based step.
// Loads from the session files: not on a thread that must stay responsive.
QList<Divergence> compareStepOutputs(const SandboxSession &recorded, const SandboxSession &replayed, qsizetype index);

// compareStepOutputs plus, for a screenshot both sides took, the pictures (equal digests are the
// same picture; else both are loaded and compared by pixels).
QList<Divergence> compareStep(const SandboxSession &recorded, const SandboxSession &replayed, qsizetype index,
                              double screenshotTolerance);

} // namespace Sandbench
