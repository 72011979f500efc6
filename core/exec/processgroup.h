#pragma once

class QProcess;

namespace Sandbench {

// Every process the exec engine starts (bubblewrap and what it clones, `deno info`, `deno
// cache`) leads a process group of its own and is ended with that whole group.
//
// Why: bubblewrap clones the namespace's pid 1 before either of them binds its life to its
// parent (--die-with-parent is set only once the namespace is set up). Killed in that window
// (a warm runtime dropped while it starts, a run stopped at once), bubblewrap leaves pid 1
// waiting for ever for a go-ahead that never comes, reparented to init. Until it execs, that
// pid 1 is still in bubblewrap's process group, so killing the group ends it as well; after
// that the namespace dies with bubblewrap (--die-with-parent).

// Makes the child the leader of a new process group and kills it with its parent
// (PR_SET_PDEATHSIG). For QProcess::setChildProcessModifier: async-signal-safe.
void leadOwnProcessGroupInChild();

// Kills `process` and every process of its group. Only while QProcess has not reaped it (its
// state is not NotRunning), so the group's id cannot have been given to anyone else.
void killProcessGroup(QProcess *process);

} // namespace Sandbench
