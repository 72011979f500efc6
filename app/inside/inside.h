#pragma once

namespace Inside {

// What every command returns when it could not do what it was asked.
inline constexpr int failure = 125;

// argv: UID GID PROGRAM ARGS... (no program name first). Returns only on failure.
int asUser(int argc, char **argv);
// argv: the options and addresses of no-host.
int noHost(int argc, char **argv);

// Prints "sandbench-inside: what: strerror(errno)" and returns failure.
int fail(const char *what);

// A whole decimal number from lo to hi in at most 5 digits (no sign, no spaces), or -1.
long parseNumber(const char *text, long lo, long hi);

} // namespace Inside
