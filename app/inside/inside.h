#pragma once

#include <cstdint>

namespace Inside {

// What every command returns when it could not do what it was asked.
inline constexpr int failure = 125;

// argv: UID GID REAPER_UID PROGRAM ARGS... (no program name first).
int asUser(int argc, char **argv);
// argv: CAPABILITIES PROGRAM ARGS... Returns only on failure.
int asRoot(int argc, char **argv);
// argv: KEEPER_UID KEEPER_GID DEADLINE_FILE EXPIRES LATEST. Returns at the deadline.
int keep(int argc, char **argv);
// argv: the options and addresses of no-host.
int noHost(int argc, char **argv);

// "none" or a comma list of KILL, SETGID, SETUID, SETPCAP, NET_ADMIN as a capability mask.
bool parseCapabilities(const char *text, std::uint64_t *out);
// As root: holds exactly `keep` in the effective, permitted and bounding sets, nothing
// inheritable or ambient, and sets no-new-privileges. 0, or failure (with a message).
int keepOnly(std::uint64_t keep);
// As root: becomes uid:gid for good, with no capability in any set and no-new-privileges.
int becomeUnprivileged(long uid, long gid);

// Prints "sandbench-inside: what: strerror(errno)" and returns failure.
int fail(const char *what);

// A whole decimal number from lo to hi in at most 5 digits (no sign, no spaces), or -1.
long parseNumber(const char *text, long lo, long hi);

} // namespace Inside
