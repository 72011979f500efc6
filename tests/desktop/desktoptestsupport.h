#pragma once

#include "dockertestsupport.h"

#include "sandbox/desktop.h"

namespace Sandbench::Test {

// Empty when the engine answers and has sandbench/desktop:2; else why not (tests fail on it).
QString desktopProblem();

// A shell command in the sandbox, waited for.
Result<SandboxExecResult> shell(Sandbox *sandbox, const QString &script, qint64 timeoutMs = 30'000);
// A sandbox of image, waited for; null (with a warning) on failure.
Sandbox *makeSandbox(SandboxPool *pool, const QString &image, qint64 lifetimeMs,
                     NetworkKind network = NetworkKind::None, QList<int> ports = {});
// Starts an xterm titled title at (x, y) on the display that runs command, and waits for its
// window to be mapped; its geometry "X Y W H", or empty on failure.
QString startXterm(Sandbox *sandbox, const QString &title, const QString &command, int x, int y);

} // namespace Sandbench::Test

// Evaluates its argument once: it is often the call under test.
#define VERIFY_OK(expr)                                                                          \
    do {                                                                                         \
        const auto &verifyOkResult = (expr);                                                     \
        QVERIFY2(bool(verifyOkResult),                                                           \
                 qPrintable(verifyOkResult ? QString() : Sandbench::Test::why(verifyOkResult.error()))); \
    } while (false)

#define REQUIRE_DESKTOP()                                          \
    do {                                                           \
        const QString problem = Sandbench::Test::desktopProblem(); \
        if (!problem.isEmpty())                                    \
            QFAIL(qPrintable(problem));                            \
    } while (false)
