#pragma once

#include "error.h"

#if defined(SANDBENCH_EXPECTED_SHIM)
#include "common/expectedshim.h"
#else
#include <expected>
#endif

namespace Sandbench {

// No exceptions cross the core API: every fallible call returns Result<T>.
template<typename T>
using Result = std::expected<T, Error>;

using VoidResult = std::expected<void, Error>;

inline std::unexpected<Error> fail(ErrorCode code, const QString &message)
{
    return std::unexpected<Error>(Error{code, message});
}

} // namespace Sandbench
