#pragma once

#include "common/result.h"

#include <QJsonObject>
#include <QJsonValue>

namespace Sandbench {

// Checks a tool call's arguments against the tool's own inputSchema, so the schema a client
// reads and the check a call meets cannot disagree. It understands the subset of JSON Schema
// the server's tools use: an object with "properties", "required" and
// "additionalProperties": false; each property of type string (maxLength, enum), integer
// (minimum, maximum), boolean or array of strings (maxItems, items.maxLength); "oneOfRequired"
// (a Sandbench keyword the checker reads and clients ignore) for "exactly one of these".
// Anything else in an argument is refused, and the error names the argument and says why.
Result<QJsonObject> checkArguments(const QJsonObject &schema, const QJsonValue &arguments);

} // namespace Sandbench
