#pragma once

#include <QString>

namespace Sandbench {

// Why an environment variable name may not be given to or read by the code, or an empty string
// when it may. Reserved: what steers the runtime or the loader (DENO_*, LD_*, DYLD_*, RUST_*,
// NPM_CONFIG_*, SSL_CERT_*), and the proxy variables.
QString reservedEnvReason(const QString &name);

} // namespace Sandbench
