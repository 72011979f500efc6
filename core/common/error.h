#pragma once

#include <QString>
#include <QMetaType>

namespace Sandbench {

// One error type across the core API. The code says who must act: the caller (Config*,
// InvalidInput), the machine (Environment), or nobody (the outcome of a limit).
enum class ErrorCode {
    ConfigError,      // exec: bad options, missing workdir, reserved env, outward symlink
    EnvironmentError, // exec: runtime missing or broken, broker failure
    LimitExceeded,    // sandbox: too many sandboxes, too large
    PermissionDenied, // sandbox: a network kind the pool does not allow
    InvalidInput,     // sandbox: a bad argument from the caller
    InvalidConfig,    // sandbox: a missing image, a bad provider setting
    Gone,             // sandbox: released or past its lifetime
    Cancelled,
    TimedOut,
    Io,               // a file could not be read or written
    Parse,            // malformed input file (message carries file:line:column)
    Internal,
};

struct Error
{
    ErrorCode code = ErrorCode::Internal;
    QString message;

    static Error config(const QString &m) { return {ErrorCode::ConfigError, m}; }
    static Error environment(const QString &m) { return {ErrorCode::EnvironmentError, m}; }
};

QString errorCodeName(ErrorCode code);

} // namespace Sandbench

Q_DECLARE_METATYPE(Sandbench::Error)
