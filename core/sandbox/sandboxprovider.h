#pragma once

#include "audit/auditevent.h"
#include "sandbox/sandboxoperation.h"
#include "sandbox/sandboxsnapshot.h"
#include "sandbox/sandboxtypes.h"

#include <QObject>
#include <QUrl>

namespace Sandbench {

// One sandbox as a provider runs it. The pool (through Sandbox) has checked every argument
// before a call gets here, and checks every answer before the caller sees it; a backend only
// has to do the work and map its failures to an Error. Every call returns an operation the
// caller owns (parented to the backend).
//
// A backend whose API only runs commands gets files for free: the default readFile,
// writeFile, listFiles and removeFile run SandboxScripts through exec().
class SandboxBackend : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    virtual QString id() const = 0;

    // Runs argv; at timeoutMs stops the command and every process it started and finishes with
    // timedOut; cancel() stops it the same way and finishes with Cancelled.
    virtual ExecJob *exec(const BackendExecRequest &request) = 0;

    virtual BytesOperation *readFile(const QString &path, qint64 maxBytes);
    virtual VoidOperation *writeFile(const QString &path, const QByteArray &data);
    virtual ListOperation *listFiles(const QString &path);
    virtual VoidOperation *removeFile(const QString &path, bool recursive);

    // The URL serving one of the ports the sandbox was created with (checked by the pool).
    virtual Result<QUrl> url(int port) const = 0;

    // Ends the sandbox; releasing again finishes at once.
    virtual VoidOperation *release() = 0;

    // Whether this sandbox has a desktop (see Desktop): its display was started with it.
    virtual bool hasDesktop() const { return false; }

    // Moves the end of the sandbox's life to `expires` (the pool has checked it against its
    // maximum). Providers that cannot fail with InvalidInput.
    virtual VoidOperation *extend(const QDateTime &expires);

    // For a backend created with BackendCreateRequest::warm: gives it to one claim, applying
    // the claim's env (for every later command of the sandbox's user), network kind and
    // lifetime. Called at most once. Providers that cannot fail with InvalidInput.
    virtual VoidOperation *claim(const BackendClaimRequest &request);

    // Freezes every process of the sandbox (memory and processes kept, no CPU) and thaws them
    // again. The sandbox's own deadline keeper is frozen with them: its lifetime is then held
    // from outside (the Sandbox's expiry and the reaper's lifetime label). Providers that
    // cannot fail with InvalidInput (supportsPause() false).
    virtual VoidOperation *pause();
    virtual VoidOperation *resume();
    // The secrets this sandbox's egress proxy inserts (none without one).
    virtual QList<SandboxProxySecret> proxySecrets() const { return {}; }

signals:
    // A connection the sandbox made, or its egress proxy stopping (network kind allow).
    void networkEvent(const Sandbench::AuditEvent &event);
    // TrafficCapture::Record: one exchange as the egress proxy printed it (not yet redacted:
    // RecordedTraffic::addProxyLine redacts before keeping anything).
    void trafficRecorded(const QByteArray &line);
    // TrafficCapture::Replay: one request the sandbox made, answered from the recording or not.
    void replayRequested(const QByteArray &line);

protected:
    // For sandboxes that end themselves at a deadline read from `file`: writes it (epoch
    // seconds) as the image's root, which the sandbox's own user cannot do.
    VoidOperation *writeDeadline(const QString &file, const QDateTime &expires);
    // An exec of an internal script (files, kills): no caller-visible limits beyond these.
    ExecJob *runScript(const QString &script, const QStringList &args,
                       const std::optional<QByteArray> &stdinData, qint64 maxOutputBytes,
                       qint64 timeoutMs = 60'000);
};

class SandboxProvider : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    virtual QString id() const = 0;
    virtual SandboxFeatures features() const = 0;
    virtual QString workdir() const = 0;
    virtual qint64 maxLifetimeMs() const = 0;
    virtual QString defaultImage() const = 0;
    // The most a sandbox may ask for; the pool refuses more with LimitExceeded.
    virtual SandboxLimits limits() const { return {}; }
    // Whether create() honours BackendCreateRequest::warm and its backends claim().
    virtual bool supportsWarm() const { return false; }
    // Whether its backends pause() and resume(), and pauseSandbox() works.
    virtual bool supportsPause() const { return false; }

    // Creates and starts one sandbox; the operation's value is owned by the caller.
    virtual Operation<SandboxBackend *> *create(const BackendCreateRequest &request) = 0;

    // Removes sandboxes left by processes that died or whose lifetime is over; the value is
    // how many were removed. Providers that cannot find earlier sandboxes remove none.
    virtual CountOperation *reapOrphans();
    // Every sandbox of ours the provider knows, this process's and others'.
    virtual InfoListOperation *listSandboxes();
    // Removes one of ours by id (or unique id prefix, or name).
    virtual VoidOperation *removeSandbox(const QString &id);
    // Freezes or thaws one of ours by id (or unique id prefix, or name), from any process:
    // what a sandbox outliving one command line needs. Anything not of ours fails with
    // InvalidInput before the engine is asked to do anything to it.
    virtual VoidOperation *pauseSandbox(const QString &id);
    virtual VoidOperation *resumeSandbox(const QString &id);
    // Runs a command (checked by the pool) in one of ours by id, from any process, as the
    // sandbox's user with its env: what `sandbox exec` needs. A paused sandbox is refused with
    // InvalidInput, one that is not running with Gone; the timeout never runs past the
    // sandbox's lifetime. Providers without it fail with InvalidInput.
    virtual ExecJob *execSandbox(const QString &id, const BackendExecRequest &request);

    // Snapshots (sandboxsnapshot.h), of this user's; the name has passed validateSnapshotName.
    // snapshot() copies a live sandbox of ours (id as removeSandbox takes it) under a name not
    // taken yet; a create whose options name a snapshot starts from it (its digest checked
    // against SandboxOptions::snapshotDigest when given). Removing a snapshot some sandbox still
    // runs from untags it at once and leaves the image to reapOrphans once that sandbox is gone.
    // Providers without snapshots fail with InvalidInput.
    virtual SnapshotOperation *snapshot(const QString &sandboxId, const QString &name);
    virtual SnapshotListOperation *listSnapshots();
    virtual VoidOperation *removeSnapshot(const QString &name);
};

} // namespace Sandbench
