#pragma once

namespace Sandbench {

// Phase timestamps of a run's start-up, for measuring where its time goes (bench/README.md,
// "Exec engine"): with SANDBENCH_TRACE_STARTUP=1 in the environment each call writes one line
// to stderr, "sandbench-trace <wall clock µs> <µs since the first call> <thread> <phase>", the
// wall clock so that the lines can be put beside `strace -tt` and a shell's own timestamps.
// Without the variable a call costs one load of a cached flag.
void traceStartUp(const char *phase);

} // namespace Sandbench
