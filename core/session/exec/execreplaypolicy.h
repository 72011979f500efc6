#pragma once

#include "common/result.h"
#include "policy/policy.h"
#include "session/exec/execsessionmanifest.h"
#include "session/replaynote.h"
#include "session/replayvalues.h"

#include <QStringList>

#include <optional>

namespace Sandbench {

// A session file comes from anyone: what its manifest says about permissions is a record of
// what the original run could do, never a grant on the machine that replays it. The replay's
// policy is rebuilt from the recording's own contents: the sandbox always on, no network, reads
// only of the files the bundle carries (mounted where the run saw them), writes only in the
// bundle's copy of the workdir, environment values only as recorded, no programs, no host
// folders. Everything else the manifest asks for is refused and listed.
struct ContainedReplayPolicy
{
    Policy policy;
    QList<ReplayNote> refused; // "allow_read /etc: a host path; ...", for people
    QList<ReplayNote> notes;
};

// A replay that the recording did not bound still ends.
constexpr qint64 kDefaultReplayTimeoutMs = 120'000;

// `supplied`: values given for the replay of names recorded without one (checked by the caller
// with checkReplayValues); the notes name them, never their values.
ContainedReplayPolicy containedReplayPolicy(const ExecSessionManifest &manifest, const ReplayValues &supplied = {});

// `user` (replay --policy) replaces the contained permissions. It may narrow them freely; each
// entry that grants more than the contained policy (a host path, a host variable, a program,
// no sandbox) is listed here, and refused unless the caller allowed a wider policy explicitly.
QList<ReplayNote> wideningEntries(const Policy &user, const ContainedReplayPolicy &contained,
                            const ExecSessionManifest &manifest);

// The policy a replay runs under: `user` (if any) over the contained one, run options that
// `user` leaves unset taken from the recording; the sandbox stays on either way.
Result<Policy> replayPolicy(const ExecSessionManifest &manifest, const ContainedReplayPolicy &contained,
                            const std::optional<Policy> &user, bool allowWider, QList<ReplayNote> *notes);

} // namespace Sandbench
