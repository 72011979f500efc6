#include "error.h"

namespace Sandbench {

QString errorCodeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::ConfigError: return QStringLiteral("config_error");
    case ErrorCode::EnvironmentError: return QStringLiteral("environment_error");
    case ErrorCode::LimitExceeded: return QStringLiteral("limit_exceeded");
    case ErrorCode::PermissionDenied: return QStringLiteral("permission_denied");
    case ErrorCode::InvalidInput: return QStringLiteral("invalid_input");
    case ErrorCode::InvalidConfig: return QStringLiteral("invalid_config");
    case ErrorCode::Gone: return QStringLiteral("gone");
    case ErrorCode::Cancelled: return QStringLiteral("cancelled");
    case ErrorCode::TimedOut: return QStringLiteral("timed_out");
    case ErrorCode::Io: return QStringLiteral("io_error");
    case ErrorCode::Parse: return QStringLiteral("parse_error");
    case ErrorCode::Internal: return QStringLiteral("internal_error");
    }
    return QStringLiteral("internal_error");
}

} // namespace Sandbench
