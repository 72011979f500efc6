#include "startuptrace.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

namespace Sandbench {

namespace {

long long microseconds(clockid_t clock)
{
    timespec now {};
    ::clock_gettime(clock, &now);
    return (long long)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

bool tracing()
{
    static const bool on = [] {
        const char *value = std::getenv("SANDBENCH_TRACE_STARTUP");
        return value && std::strcmp(value, "1") == 0;
    }();
    return on;
}

} // namespace

void traceStartUp(const char *phase)
{
    if (!tracing())
        return;
    static const long long first = microseconds(CLOCK_MONOTONIC);
    // One write(2) per line: lines of the engine's threads do not interleave.
    char line[256];
    const int size = std::snprintf(line, sizeof line, "sandbench-trace %lld %lld %ld %s\n", microseconds(CLOCK_REALTIME),
                                   microseconds(CLOCK_MONOTONIC) - first, long(::syscall(SYS_gettid)), phase);
    if (size > 0 && ::write(STDERR_FILENO, line, size_t(size < int(sizeof line) ? size : int(sizeof line) - 1)) < 0)
        return; // nowhere to say it
}

} // namespace Sandbench
