#pragma once

#include "mcp/toolresult.h"

namespace Sandbench {

struct ExecResult;

// What code.run answers for a run: the exec result for a model (each stream cut to
// maxOutputBytes, stderr as rewritten for a model, the counts). The server answers with it and
// the replayer compares a replayed run with it, so both read a run the same way.
ToolResult codeRunResult(const ExecResult &result, qint64 maxOutputBytes);

} // namespace Sandbench
