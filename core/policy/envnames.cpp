#include "envnames.h"

#include <QRegularExpression>

namespace Sandbench {

QString reservedEnvReason(const QString &name)
{
    static const QRegularExpression valid(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (!valid.match(name).hasMatch())
        return QStringLiteral("'%1' is not a valid environment variable name").arg(name);
    const QString upper = name.toUpper();
    static const char *const prefixes[] = {"DENO_", "LD_", "DYLD_", "RUST_", "NPM_CONFIG_", "SSL_CERT_"};
    for (const char *prefix : prefixes) {
        if (upper.startsWith(QLatin1String(prefix)))
            return QStringLiteral("'%1' is reserved: names starting with %2 steer the runtime")
                    .arg(name, QLatin1String(prefix));
    }
    static const char *const proxies[] = {"HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY", "FTP_PROXY"};
    for (const char *proxy : proxies) {
        if (upper == QLatin1String(proxy))
            return QStringLiteral("'%1' is reserved: proxy variables would route the code's network")
                    .arg(name);
    }
    return {};
}

} // namespace Sandbench
