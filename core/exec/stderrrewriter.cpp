#include "stderrrewriter.h"

#include <QList>
#include <QRegularExpression>
#include <QUrl>

namespace Sandbench {

namespace {

// Returns the replacement for a line about a refused package, or an empty array when the line is
// about something else. `skipNext` is set when the runtime's detail line that follows must go.
QByteArray packageRefusal(const QByteArray &line, const QStringList &allowed, bool *skipNext)
{
    static const QRegularExpression notCached(QStringLiteral("npm package not found in cache: \"([^\"]+)\""));
    static const QRegularExpression loading(QStringLiteral("Failed (?:loading|caching) .*(?:for package \"|npm package ')([^\"']+)"));
    static const QRegularExpression bare(QStringLiteral("Import \"([^\"]+)\" not a dependency and not in import map"));
    const QString text = QString::fromUtf8(line);
    const QString allowedText = allowed.isEmpty() ? QStringLiteral("none; the run has no --allow-package")
                                                   : allowed.join(QStringLiteral(", "));
    auto refusal = [&](QString name) {
        const qsizetype at = name.lastIndexOf(QLatin1Char('@'));
        if (at > 0)
            name = name.left(at);
        return QStringLiteral("error: npm package \"%1\" is not allowed in this run (allowed: %2)").arg(name, allowedText).toUtf8();
    };
    if (text.contains(QLatin1String("npm specifiers were requested; but --no-npm is specified"))) {
        return QStringLiteral("error: npm packages are not allowed in this run (allowed: %1)").arg(allowedText).toUtf8();
    }
    QRegularExpressionMatch match = loading.match(text);
    if (match.hasMatch()) {
        *skipNext = true;
        return (text.startsWith(QLatin1String("error: Uncaught")) ? QByteArray("error: Uncaught ") : QByteArray())
                + refusal(match.captured(1)).mid(7);
    }
    match = notCached.match(text);
    if (match.hasMatch())
        return refusal(match.captured(1));
    match = bare.match(text);
    if (match.hasMatch()) {
        *skipNext = true;
        return refusal(match.captured(1));
    }
    return {};
}

} // namespace

QByteArray rewriteStderr(const QByteArray &raw, const QString &workdir, const QString &hiddenEntryName,
                         const QStringList &allowedPackages)
{
    const QByteArray prefix = "file://" + QUrl::toPercentEncoding(workdir, "/") + "/";
    const QByteArray plainPrefix = workdir.toUtf8() + "/";
    QByteArray out;
    out.reserve(raw.size());
    bool keptFrame = false;
    bool skipNext = false;
    const QList<QByteArray> lines = raw.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QByteArray line = lines.at(i);
        if (skipNext) {
            skipNext = false;
            if (line.trimmed().startsWith("0:") || line.trimmed().startsWith("hint:"))
                continue;
        }
        const QByteArray refused = packageRefusal(line, allowedPackages, &skipNext);
        if (!refused.isEmpty())
            line = refused;
        if (line.startsWith("Warning Permission broker is an experimental feature"))
            continue;
        const QByteArray trimmed = line.trimmed();
        const bool frame = trimmed.startsWith("at ");
        if (frame) {
            if (trimmed.contains("ext:") || trimmed.contains("node:") || trimmed.contains("data:application"))
                continue;
            if (keptFrame)
                continue;
            keptFrame = true;
        } else if (!trimmed.isEmpty()) {
            keptFrame = keptFrame && !trimmed.startsWith("error:") && !trimmed.startsWith("Caused by:");
        }
        line.replace(prefix, "");
        line.replace(plainPrefix, "");
        if (!hiddenEntryName.isEmpty())
            line.replace(hiddenEntryName.toUtf8(), "main.ts");
        out.append(line);
        if (i + 1 < lines.size())
            out.append('\n');
    }
    return out;
}

} // namespace Sandbench
