#pragma once

// What the warm runtime tests (tst_execwarm, tst_execwarmlifecycle) share: requests, a bounded
// run on an engine, and waiting for its warm runtime.
#include "execfixture.h"

#include "exec/execengine.h"

#include <QStringList>

namespace Sandbench::Test {

constexpr int warmWaitMs = 30000;

ExecRequest codeRequest(const ExecFixture &f, const QString &code, const Policy &policy);
// One run on `engine`, bounded; reports whether it went to a warm runtime.
Result<ExecResult> runOn(ExecEngine &engine, const ExecRequest &request, bool *warm = nullptr);
// Until the engine holds a ready warm runtime, at most warmWaitMs.
bool waitForWarm(ExecEngine &engine);
// `text` with the names of the moment (the run's private folder, the hidden code file), which
// differ between any two runs, cold ones too, replaced by NAME.
QString ofAnyRun(QString text);
// An audit log's lines without their times and pids.
QStringList auditFileLines(const QString &path);

} // namespace Sandbench::Test
