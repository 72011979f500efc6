#include "mcp/coderunresult.h"

#include "exec/execresult.h"

namespace Sandbench {

ToolResult codeRunResult(const ExecResult &r, qint64 maxOutputBytes)
{
    bool cutOut = false, cutErr = false;
    ToolResult t;
    t.structured = {{QStringLiteral("stdout"), textForModel(r.stdoutData, maxOutputBytes, &cutOut)},
                    {QStringLiteral("stderr"), textForModel(r.stderrData, maxOutputBytes, &cutErr)},
                    {QStringLiteral("exitCode"), r.exitCode ? QJsonValue(*r.exitCode) : QJsonValue()},
                    {QStringLiteral("timedOut"), r.timedOut},
                    {QStringLiteral("truncated"), r.truncated || cutOut || cutErr},
                    {QStringLiteral("durationMs"), r.durationMs},
                    {QStringLiteral("allowed"), r.allowCount},
                    {QStringLiteral("denied"), r.denyCount}};
    if (r.memoryExceeded)
        t.structured.insert(QStringLiteral("memoryExceeded"), true);
    if (r.workdirExceeded)
        t.structured.insert(QStringLiteral("workdirExceeded"), true);
    if (r.tasksExceeded)
        t.structured.insert(QStringLiteral("tasksExceeded"), true);
    return t;
}

} // namespace Sandbench
