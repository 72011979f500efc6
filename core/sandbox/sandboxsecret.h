#pragma once

#include "common/result.h"
#include "sandbox/sandboxtypes.h"

#include <functional>
#include <optional>

namespace Sandbench::SandboxSecrets {

// Where a secret's value comes from on the caller's side: the environment variable of its
// name, or a file. Never the command line, a policy or a session.
using EnvironmentLookup = std::function<std::optional<QByteArray>(const QString &name)>;
using FileReader = std::function<Result<QByteArray>(const QString &path)>;

// Where the secret's hosts are reached from: a sandbox (through its egress proxy, where
// "localhost" is the host's loopback relay and refused) or this machine (an exec run's proxy,
// where "localhost" is a name like any other).
enum class HostScope { Sandbox, ThisMachine };

// "NAME@HOST[,HOST...]": the value is the caller's environment variable NAME.
// "NAME@HOST[,HOST...]=file:PATH": the value is the file's content, one trailing newline
// (CRLF or LF) dropped. Errors name the spec's NAME, HOST or PATH, never the value.
Result<SandboxSecret> parseSpec(const QString &spec, const EnvironmentLookup &env, const FileReader &readFile,
                                HostScope scope = HostScope::Sandbox);

// The process environment and the file system, for the CLI.
Result<SandboxSecret> parseSpec(const QString &spec, HostScope scope = HostScope::Sandbox);

// A secret as the pool takes it: a variable name that no other variable of the sandbox and no
// variable Sandbench sets (proxy, CA) uses, exact host names, and a value that fits in an HTTP
// header (visible ASCII and spaces, at most maxValueBytes).
VoidResult check(const SandboxSecret &secret, HostScope scope = HostScope::Sandbox);
// All of a sandbox's secrets: each checked, no name twice, none shadowing a variable of env.
VoidResult checkAll(const QList<SandboxSecret> &secrets, const QMap<QString, QString> &env,
                    HostScope scope = HostScope::Sandbox);

// Variables Sandbench itself sets in a sandbox with secrets or a proxy.
bool reservedName(const QString &name);

constexpr qsizetype maxValueBytes = 16 * 1024;

// A value file for a program that must not wait on it (the window, in a background thread): a
// regular file only (a FIFO or a device is refused, never waited on), opened without blocking,
// at most maxValueBytes + 2 bytes read (so a longer one is refused by check()).
Result<QByteArray> readRegularValueFile(const QString &path);
constexpr qsizetype maxSecrets = 32;
constexpr qsizetype maxHosts = 32;

} // namespace Sandbench::SandboxSecrets
