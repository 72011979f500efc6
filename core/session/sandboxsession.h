#pragma once

#include "common/result.h"
#include "sandbox/sandboxoperation.h"
#include "sandbox/sandboxtypes.h"
#include "session/replayreport.h"
#include "session/sessionarchive.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandbench {

class Sandbox;
class SandboxPool;

// One call made through a SandboxSessionRecorder, with what it ended with.
struct SandboxSessionStep
{
    enum class Kind { Exec, Write };

    Kind kind = Kind::Exec;
    // Exec
    QStringList argv;
    QString cwd;                          // as given: empty or relative means below the workdir
    QStringList envNames;                 // values are not kept: they may be secrets
    std::optional<QByteArray> stdinData;
    qint64 timeoutMs = 0;                 // as given (0: the pool's default)
    // Write
    QString path;
    QByteArray data;

    // Outcome. `error` is set when the call itself failed (a write refused, an exec that never
    // ran); the rest is the exec's result.
    std::optional<QString> error;         // "<code>: <message>"
    QString errorCode;                    // errorCodeName(): compared on replay, the message is not
    std::optional<int> exitCode;
    QByteArray stdoutData;
    QByteArray stderrData;
    bool timedOut = false;
    bool truncated = false;
    qint64 durationMs = 0;

    bool operator==(const SandboxSessionStep &) const = default;
};

// A recorded sandbox session (.sbsession, like exec sessions): a gzip'd tar of
//   manifest.json    kind "sandbox": the image, network, env names and every step
//   files/<sha256>   stdin, outputs and written data, each stored once by content
//   SHA256SUMS       last: the digest of every other member
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
    QList<SandboxSessionStep> steps;

    // Atomic like SessionBundle::write.
    VoidResult write(const QString &path) const;
    // Checks the archive, the names, the sizes, the kind, the format version and every member's
    // digest. Errors are ErrorCode::Parse (bad or newer file) or Io (unreadable file).
    static Result<SandboxSession> read(const QString &path, const ArchiveLimits &limits = {});
    // The manifest's "kind" of a session file ("sandbox"; empty for exec sessions, which have
    // none), read from the first member only; no value when that cannot be read.
    static std::optional<QString> manifestKind(const QString &path);

    bool operator==(const SandboxSession &) const = default;
};

// Records what is done through it to one sandbox. The wrappers forward to the sandbox and
// return its operation unchanged (live output, cancel and deleteLater work as usual); the step
// is taken when the call is made, so steps keep the order of the calls, and its outcome is
// filled in when the operation finishes.
class SandboxSessionRecorder : public QObject
{
    Q_OBJECT
public:
    explicit SandboxSessionRecorder(Sandbox *sandbox, QObject *parent = nullptr);

    ExecJob *exec(const QStringList &argv, const ExecOptions &options = {}, CancelToken *cancel = nullptr);
    VoidOperation *writeFile(const QString &path, const QByteArray &data);

    // Steps still running are included as they were called, without an outcome.
    const SandboxSession &session() const { return m_session; }

private:
    QPointer<Sandbox> m_sandbox;
    SandboxSession m_session;
};

class SandboxReplayer
{
public:
    // Creates a fresh sandbox of the recorded image in `pool` (network none unless the session
    // had all and the pool allows it), runs the steps in order and releases the sandbox. The
    // report has the first divergence of stdout, stderr and exit, each with its 1-based step in
    // `index`. Fails only when the replay could not run (no sandbox).
    static Result<ReplayReport> runSync(const SandboxSession &session, SandboxPool *pool);
    // Like ReplayReport::summary(), but names steps rather than lines.
    static QString summary(const ReplayReport &report);
};

} // namespace Sandbench
