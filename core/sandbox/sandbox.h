#pragma once

#include "sandbox/sandboxoperation.h"
#include "sandbox/sandboxprovider.h"
#include "sandbox/sandboxtypes.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

#include <functional>

namespace Sandbench {

class Desktop;
class SandboxPool;

// One sandbox of a pool. Every call checks its arguments against the pool's limits, returns an
// operation at once (see SandboxOperation) and never blocks. Once the lifetime is over, or the
// provider reports the sandbox vanished, every call (and every call still running) fails with
// Gone. The pool owns Sandbox objects; they stay valid (and answer Gone) until the pool is
// destroyed, so a GUI may keep pointers to sandboxes it shows.
class Sandbox : public QObject
{
    Q_OBJECT
public:
    enum class State { Alive, Released, Gone };
    Q_ENUM(State)

    ~Sandbox() override;

    QString id() const { return m_id; }
    State state() const { return m_state; }
    bool isAlive() const { return m_state == State::Alive; }
    const SandboxOptions &options() const { return m_options; }
    // The limits of the pool this sandbox belongs to.
    const PoolOptions &limits() const;
    QString image() const { return m_options.image; }
    SandboxFeatures features() const { return m_features; }
    QString workdir() const { return m_workdir; }
    QDateTime createdAt() const { return m_created; }
    QDateTime expiresAt() const { return m_expires; }
    // Milliseconds of lifetime left (0 once over or no longer alive): for a countdown.
    qint64 remainingMs() const;

    ExecJob *exec(const QStringList &argv, const ExecOptions &options = {},
                  CancelToken *cancel = nullptr);
    // The file's bytes, or no value when there is no file; over maxFileBytes: LimitExceeded.
    BytesOperation *readFile(const QString &path);
    // Creates folders and replaces what is there; over maxFileBytes: LimitExceeded.
    VoidOperation *writeFile(const QString &path, const QByteArray &data);
    // The folder's entries, or no value when there is no folder.
    ListOperation *listFiles(const QString &path);
    // A folder with content needs recursive; a missing path is not an error.
    VoidOperation *removeFile(const QString &path, bool recursive = false);
    Result<QUrl> url(int port) const;
    // Ends the sandbox. Releasing again (or after Gone) finishes at once without error.
    VoidOperation *release();
    // Gives the sandbox `byMs` more life, never past its creation plus the pool's
    // maxLifetimeMs (LimitExceeded, before the provider is asked).
    VoidOperation *extend(qint64 byMs);

    // Freezes every process of the sandbox through the provider (supportsPause()): memory and
    // processes are kept, no CPU is used. The lifetime keeps running while paused (a pause
    // never lets a sandbox outlive it) and release() works as ever. While paused, exec, files
    // and extend fail with InvalidInput ("sandbox X is paused"). Pausing a paused sandbox (or
    // resuming a running one) finishes at once.
    VoidOperation *pause();
    VoidOperation *resume();
    bool isPaused() const { return m_paused; }

    // For providers that come later (desktop): the backend behind this sandbox.
    SandboxBackend *backend() const { return m_backend; }
    // The desktop of a sandbox whose image has one (features().desktop), else null. Owned by
    // the sandbox; its calls fail with Gone like the others once the sandbox is.
    Desktop *desktop();

signals:
    void stateChanged(Sandbench::Sandbox::State state);
    void lifetimeChanged(const QDateTime &expires);
    void pausedChanged(bool paused);

private:
    friend class SandboxPool;
    friend class Desktop;
    Sandbox(SandboxPool *pool, SandboxBackend *backend, const SandboxOptions &options,
            const QDateTime &created, const QDateTime &expires);

    template<typename T>
    Operation<T> *failed(ErrorCode code, const QString &message);
    // Wraps a backend operation: the outer one times out after timeoutMs, fails with Gone when
    // the sandbox goes, and passes the inner result through check.
    template<typename T, typename Outer = Operation<T>>
    Outer *track(Operation<T> *inner, qint64 timeoutMs,
                 std::function<void(Result<T> &)> check = {});
    // exec() with its own cap on each stream (0: the pool's maxOutputBytes): the desktop's
    // screenshots are held to maxFileBytes, like files.
    ExecJob *execCapped(const QStringList &argv, const ExecOptions &options, CancelToken *cancel,
                        qint64 maxOutputBytes);
    void setState(State state);
    void onExpired();
    void noteGone(const std::optional<Error> &error);
    // Gone when not alive, "is paused" while paused, else nothing: every call that runs
    // something inside the sandbox asks first.
    std::optional<Error> unusable() const;
    VoidOperation *setPaused(bool paused);

    SandboxPool *m_pool;
    QPointer<SandboxBackend> m_backend;
    QString m_id;
    SandboxOptions m_options;
    SandboxFeatures m_features;
    QString m_workdir;
    QDateTime m_created;
    QDateTime m_expires;
    State m_state = State::Alive;
    bool m_paused = false;
    bool m_pauseBusy = false; // a pause or resume under way
    QTimer m_expiry;
    // The release under way, and who waits for it (the first is the one that started it).
    bool m_releasing = false;
    QList<QPointer<VoidOperation>> m_releaseWaiters;
    Desktop *m_desktop = nullptr;
    // Operations still running, with how to fail each when the sandbox goes.
    QHash<SandboxOperation *, std::function<void(const Error &)>> m_pending;
};

} // namespace Sandbench
