#include "policylint.h"

namespace Sandbench {

QString severityName(LintFinding::Severity severity)
{
    switch (severity) {
    case LintFinding::Severity::Info:
        return QStringLiteral("info");
    case LintFinding::Severity::Warning:
        return QStringLiteral("warning");
    case LintFinding::Severity::Error:
        return QStringLiteral("error");
    }
    return {};
}

QList<LintFinding> lintPolicy(const Policy &policy, const QString &baseDir, const QByteArray &sourceJson,
                              const LintOptions &options)
{
    Q_UNUSED(policy);
    Q_UNUSED(baseDir);
    Q_UNUSED(sourceJson);
    Q_UNUSED(options);
    return {};
}

} // namespace Sandbench
