#pragma once

#include "common/result.h"
#include "sandbox/desktop.h"
#include "sandbox/sandboxtypes.h"
#include "session/sessionarchive.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandbench {

// One call made through a SandboxSessionRecorder, with what it ended with.
struct SandboxSessionStep
{
    enum class Kind { Exec, Write, Screenshot, Input };
    // The Desktop call of an Input step.
    enum class Input { Click, Move, Scroll, Type, Key };

    Kind kind = Kind::Exec;
    // Exec
    QStringList argv;
    QString cwd;                          // as given: empty or relative means below the workdir
    QStringList envNames;
    // Only when the recorder was told to keep them (they may be secrets); replayed when present.
    QMap<QString, QString> envValues;
    std::optional<QByteArray> stdinData;
    qint64 timeoutMs = 0;                 // as given (0: the pool's default)
    // Write: the path and the bytes written. Screenshot: `data` is the PNG taken.
    QString path;
    QByteArray data;
    // Input, with the arguments of the Desktop call it stands for.
    Input input = Input::Click;
    int x = 0;                            // Click, Move, Scroll
    int y = 0;
    MouseButton button = MouseButton::Left; // Click
    int count = 1;                        // Click: 1 to 3
    int dx = 0;                           // Scroll, in notches
    int dy = 0;
    QString text;                         // Type: the text; Key: the combination ("ctrl+s")

    // Outcome. `error` is set when the call itself failed (a write refused, an exec that never
    // ran, a desktop call on an image without one); the rest is the exec's result.
    std::optional<QString> error;         // "<code>: <message>"
    QString errorCode;                    // errorCodeName(): compared on replay, the message is not
    std::optional<int> exitCode;
    QByteArray stdoutData;
    QByteArray stderrData;
    bool timedOut = false;
    bool truncated = false;
    qint64 durationMs = 0;

    // Sets error and errorCode from a failed call.
    void setError(const Error &e);

    bool operator==(const SandboxSessionStep &) const = default;
};

// A recorded sandbox session (.sbsession, like exec sessions): a gzip'd tar of
//   manifest.json    kind "sandbox": the image, network, env names (and values, when recorded)
//                    and every step
//   files/<sha256>   stdin, outputs, written data and screenshots, each stored once by content
//   SHA256SUMS       last: the digest of every other member
// Desktop steps and env values came without a format change: version 1 files read as before,
// and a Sandbench that predates them refuses a file that has them by naming the unknown step
// kind.
class SandboxSession
{
public:
    static constexpr int currentFormatVersion = 1;
    static inline const QString kindName = QStringLiteral("sandbox");

    int formatVersion = currentFormatVersion;
    QString applicationVersion;
    qint64 recordedAtMs = 0;
    QString image;
    NetworkKind network = NetworkKind::None;
    QStringList envNames;
    // Whether values were kept (SandboxSessionRecorder::setRecordEnvValues): then envValues
    // holds the sandbox's and each exec step's envValues its own. Off, the file has names only.
    bool envValuesRecorded = false;
    QMap<QString, QString> envValues;
    QList<SandboxSessionStep> steps;

    // Atomic like SessionBundle::write.
    VoidResult write(const QString &path) const;
    // Checks the archive, the names, the sizes, the kind, the format version and every member's
    // digest, and each step's arguments as the Desktop API would (coordinates, click counts,
    // text lengths). Errors are ErrorCode::Parse (bad or newer file; a bad step is named by its
    // 1-based number) or Io (unreadable file).
    static Result<SandboxSession> read(const QString &path, const ArchiveLimits &limits = {});
    // The manifest's "kind" of a session file ("sandbox"; empty for exec sessions, which have
    // none), read from the first member only; no value when that cannot be read.
    static std::optional<QString> manifestKind(const QString &path);

    bool operator==(const SandboxSession &) const = default;
};

} // namespace Sandbench
