#pragma once

#include "common/error.h"
#include "sandbox/desktop.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>

namespace Sandbench {

// Bytes a step carries (stdin, an output, written data, a screenshot), by reference: the member
// files/<sha256> of the session's archive, or of the recorder's memory. The bytes are loaded on
// demand (SandboxSession::load), one payload at a time, so a session costs its manifest in
// memory, not its outputs.
struct SandboxPayloadRef
{
    QString sha256;    // hex, 64 characters
    qint64 size = 0;

    bool operator==(const SandboxPayloadRef &) const = default;
};

// The digest and size of `data`, as a reference to it.
SandboxPayloadRef payloadRefOf(QByteArrayView data);

// What a step ended with, whatever its kind. `error` is set when the call itself failed (a write
// refused, an exec that never ran, a desktop call on an image without one).
struct SandboxStepOutcome
{
    std::optional<QString> error;         // "<code>: <message>"
    QString errorCode;                    // errorCodeName(): compared on replay, the message is not

    // Sets error and errorCode from a failed call.
    void setError(const Error &e);
    bool failed() const { return error.has_value(); }

    bool operator==(const SandboxStepOutcome &) const = default;
};

// Sandbox::exec, with its result.
struct SandboxExecStep
{
    QStringList argv;
    QString cwd;                          // as given: empty or relative means below the workdir
    QStringList envNames;
    // Only when the recorder was told to keep them (they may be secrets); replayed when present.
    QMap<QString, QString> envValues;
    std::optional<SandboxPayloadRef> stdinData;
    qint64 timeoutMs = 0;                 // as given (0: the pool's default)
    // The result (unset while running or when the call failed).
    std::optional<int> exitCode;
    SandboxPayloadRef stdoutData = payloadRefOf({});
    SandboxPayloadRef stderrData = payloadRefOf({});
    bool timedOut = false;
    bool truncated = false;
    qint64 durationMs = 0;

    bool operator==(const SandboxExecStep &) const = default;
};

// Sandbox::writeFile: the path and the bytes written.
struct SandboxWriteStep
{
    QString path;
    SandboxPayloadRef data = payloadRefOf({});

    bool operator==(const SandboxWriteStep &) const = default;
};

// Desktop::screenshot: the PNG taken (none when the call failed).
struct SandboxScreenshotStep
{
    std::optional<SandboxPayloadRef> png;

    bool operator==(const SandboxScreenshotStep &) const = default;
};

// A Desktop input call, with its arguments.
struct SandboxInputStep
{
    enum class Action { Click, Move, Scroll, Type, Key };

    Action action = Action::Click;
    int x = 0;                            // Click, Move, Scroll
    int y = 0;
    MouseButton button = MouseButton::Left; // Click
    int count = 1;                        // Click: 1 to 3
    int dx = 0;                           // Scroll, in notches
    int dy = 0;
    QString text;                         // Type: the text; Key: the combination ("ctrl+s")

    bool operator==(const SandboxInputStep &) const = default;
};

using SandboxStepCall = std::variant<SandboxExecStep, SandboxWriteStep, SandboxScreenshotStep, SandboxInputStep>;

// One call made through a SandboxSessionRecorder, with what it ended with.
struct SandboxStep
{
    SandboxStepCall call;
    SandboxStepOutcome outcome;

    // The call of kind T, or null when the step is another kind.
    template<typename T> T *as() { return std::get_if<T>(&call); }
    template<typename T> const T *as() const { return std::get_if<T>(&call); }
    template<typename T> bool is() const { return std::holds_alternative<T>(call); }

    bool operator==(const SandboxStep &) const = default;
};

// The payloads a step may carry, named for loading and for messages.
enum class SandboxPayloadKind { Stdin, Stdout, Stderr, Data, Png };
QString payloadKindName(SandboxPayloadKind kind);  // "stdin", "stdout", "stderr", "data", "png"
// The reference of that payload in `step`, when the step has one.
std::optional<SandboxPayloadRef> payloadOf(const SandboxStep &step, SandboxPayloadKind kind);
// Every payload the step refers to, in a fixed order.
QList<SandboxPayloadRef> payloadsOf(const SandboxStep &step);

// "exec", "write", "screenshot", "input": the manifest's names of the kinds.
QString stepKindName(const SandboxStep &step);
// What a step ended with, as a replay compares it (error messages carry ids and paths, so a
// failure by its code only): "exit 0", "timed out", "written", "failed (invalid_input)"...
QString stepOutcomeText(const SandboxStep &step);

} // namespace Sandbench
