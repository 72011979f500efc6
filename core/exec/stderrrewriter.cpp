#include "stderrrewriter.h"

#include <QList>
#include <QUrl>

namespace Sandbench {

QByteArray rewriteStderr(const QByteArray &raw, const QString &workdir, const QString &hiddenEntryName)
{
    const QByteArray prefix = "file://" + QUrl::toPercentEncoding(workdir, "/") + "/";
    const QByteArray plainPrefix = workdir.toUtf8() + "/";
    QByteArray out;
    out.reserve(raw.size());
    bool keptFrame = false;
    const QList<QByteArray> lines = raw.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QByteArray line = lines.at(i);
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
