#pragma once

#include "common/result.h"
#include "mcp/toolcatalogue.h"
#include "mcp/toolresult.h"
#include "sandbox/sandboxoperation.h"

#include <QJsonObject>

namespace Sandbench {

class Sandbox;

using ToolOperation = Operation<ToolResult>;

// One call of a sandbox tool (NAME.read, NAME.exec, ...) on a sandbox, arguments already checked
// against the tool's schema. A sandbox's failure (a missing file, a timeout, a path outside the
// workdir) finishes the operation with an isError result, which the model reads; the operation
// itself fails only when cancelled. The agent server and its replayer both call tools through
// here, so a replayed call is made exactly as it was made.
ToolOperation *callSandboxTool(Sandbox *sandbox, SandboxVerb verb, const QJsonObject &arguments,
                               const ToolLimits &limits, QObject *parent);

// A path a tool was given, as the sandbox sees it: relative to `workdir` or absolute inside it,
// with no ".." part and no control character ("." and empty parts are dropped). The error says which rule it broke.
Result<QString> toolPath(const QString &workdir, const QString &path);

} // namespace Sandbench
