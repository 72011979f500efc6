#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace Sandbench {

// What one tool call answers: structuredContent plus the same as text, images beside it, or a
// failure the model reads (isError), never a JSON-RPC error: the call itself was well formed.
struct ToolResult
{
    QJsonObject structured;
    QJsonArray images;     // {type: "image", data: base64, mimeType}
    bool isError = false;
    QString errorText;

    static ToolResult failure(const QString &text);
    // The tools/call result: {content, structuredContent, isError}.
    QJsonObject toJson() const;
};

// Bytes a program wrote, as text for a model: at most `maxBytes` (the head and the tail kept,
// the cut said where it is), invalid UTF-8 replaced, and *truncated set when anything was cut.
QString textForModel(const QByteArray &data, qint64 maxBytes, bool *truncated);

} // namespace Sandbench
