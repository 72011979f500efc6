#include "mcp/toolresult.h"

#include <QJsonDocument>

namespace Sandbench {

ToolResult ToolResult::failure(const QString &text)
{
    ToolResult r;
    r.isError = true;
    r.errorText = text;
    return r;
}

QJsonObject ToolResult::toJson() const
{
    QJsonArray content;
    if (isError) {
        content.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), errorText}});
        return {{QStringLiteral("content"), content}, {QStringLiteral("isError"), true}};
    }
    content.append(QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                               {QStringLiteral("text"), QString::fromUtf8(QJsonDocument(structured).toJson(QJsonDocument::Compact))}});
    for (const QJsonValue &image : images)
        content.append(image);
    return {{QStringLiteral("content"), content}, {QStringLiteral("structuredContent"), structured},
            {QStringLiteral("isError"), false}};
}

namespace {

// Where a cut may fall without splitting a UTF-8 sequence: back up over continuation bytes.
qsizetype utf8Boundary(const QByteArray &data, qsizetype at)
{
    while (at > 0 && at < data.size() && (uchar(data.at(at)) & 0xC0) == 0x80)
        --at;
    return at;
}

} // namespace

QString textForModel(const QByteArray &data, qint64 maxBytes, bool *truncated)
{
    if (data.size() <= maxBytes) {
        if (truncated)
            *truncated = false;
        return QString::fromUtf8(data);
    }
    if (truncated)
        *truncated = true;
    const qsizetype headEnd = utf8Boundary(data, qsizetype(maxBytes / 2));
    const qsizetype tailStart = utf8Boundary(data, data.size() - qsizetype(maxBytes / 2));
    return QString::fromUtf8(data.left(headEnd))
            + QStringLiteral("\n[... %1 bytes left out ...]\n").arg(tailStart - headEnd)
            + QString::fromUtf8(data.mid(tailStart));
}

} // namespace Sandbench
