#pragma once

#include "sandbox/docker/dockerengine.h"
#include "sandbox/sandboxprovider.h"

#include <memory>

namespace Sandbench {

class EgressProxy;

struct DockerProviderOptions
{
    QString socketPath; // empty: from DOCKER_HOST (unix:// only), else /var/run/docker.sock
    QString defaultImage = QStringLiteral("sandbench/base:1");
    // What each sandbox gets, and the most it may ask for (reference: 1 CPU, 1,024 MiB, 256
    // processes); a sandbox may ask for less.
    double defaultCpus = 1.0;
    int defaultMemoryMiB = 1024;
    int pidsLimit = 256;
    int workspaceMiB = 1024; // tmpfs sizes; tmpfs counts against the memory limit
    int tmpMiB = 256;        // also the size of each tmpfs laid over an image's VOLUME
    // The longest lifetime a sandbox of this engine may have (front ends refuse a longer one
    // as they parse it, rather than once the pool is opened).
    static constexpr qint64 longestLifetimeMs = PoolOptions::longestLifetimeMs;
    qint64 maxLifetimeMs = longestLifetimeMs;
    int callTimeoutMs = 120'000;
    // Network kind allow: the egress proxy's image (scripts/images egress), and "name:address"
    // entries for its resolver alone (split-horizon names; the tests' web server).
    QString egressImage = QStringLiteral("sandbench/egress:2");
    QStringList egressExtraHosts;
    // PEM certificates a secret's host may chain to besides the proxy image's system bundle.
    QByteArray egressUpstreamCaPem;
    // Where snapshot archives live (owner-only); empty: sandbench/snapshots under the user's
    // data folder (XDG_DATA_HOME).
    QString snapshotDir;
};

// Sandboxes as locked-down containers of the local Docker engine (Engine API v1.41 over its
// unix socket). Every container: no network unless 'all' (then ports on 127.0.0.1 only), all
// capabilities dropped but the few root's steps start with, no-new-privileges, commands as uid
// 1000, read-only root with tmpfs /workspace and /tmp (and over every VOLUME the image declares),
// bounded CPU, memory (no swap) and pids, AutoRemove. Its pid 1 is the keeper (sandbench-inside
// keep): uid 999 with no capability in any set, which the sandbox's user can neither signal nor
// trace; it reaps orphans and ends the container at the deadline without forking, so lifetimes
// hold with every Sandbench process dead. Every exec narrows the capabilities it starts with to
// what its step uses. Online sandboxes share one network with inter-container traffic off.
// Nothing is mounted from the host, least of all the engine's socket. Images are never pulled.
class DockerProvider : public SandboxProvider
{
    Q_OBJECT
public:
    static Result<std::unique_ptr<DockerProvider>> create(const DockerProviderOptions &options = {});

    QString id() const override { return QStringLiteral("docker"); }
    SandboxFeatures features() const override;
    QString workdir() const override { return QStringLiteral("/workspace"); }
    qint64 maxLifetimeMs() const override { return m_options.maxLifetimeMs; }
    QString defaultImage() const override { return m_options.defaultImage; }
    SandboxLimits limits() const override;
    const DockerEngine &engine() const { return m_engine; }
    // A warm sandbox (BackendCreateRequest::warm) able to go online is made on networkName and
    // taken off it before create finishes (DockerBackend::leaveNetwork): a claim connects it
    // again (network kind all) or leaves it on none.
    bool supportsWarm() const override { return true; }
    // The engine's freezer (dockerfreezer.cpp).
    bool supportsPause() const override { return true; }

    Operation<SandboxBackend *> *create(const BackendCreateRequest &request) override;
    CountOperation *reapOrphans() override;
    InfoListOperation *listSandboxes() override;
    VoidOperation *removeSandbox(const QString &id) override;
    VoidOperation *pauseSandbox(const QString &id) override;
    VoidOperation *resumeSandbox(const QString &id) override;
    ExecJob *execSandbox(const QString &id, const BackendExecRequest &request) override;
    // dockersnapshot.cpp: the image is committed as snapshotImage(name), labelled with this
    // user's uid and the archive's digest; the archive is snapshotDir()/NAME.tar.
    SnapshotOperation *snapshot(const QString &sandboxId, const QString &name) override;
    SnapshotListOperation *listSnapshots() override;
    VoidOperation *removeSnapshot(const QString &name) override;
    static QString snapshotImage(const QString &name);
    Result<QString> snapshotDir() const;

    // This process as the owner label names it: boot id, pid and start time, so that a
    // recycled pid does not pass for the owner.
    static QString ownerIdentity();
    static bool ownerAlive(const QString &owner);

    static constexpr char ownerLabel[] = "io.sandbench.owner";
    static constexpr char expiresLabel[] = "io.sandbench.expires";
    // "1": SandboxOptions::persist, reaped by lifetime alone, never for a dead owner.
    static constexpr char persistLabel[] = "io.sandbench.persist";
    // Set by an image (scripts/images, desktop) whose sandboxes get a display; the size label,
    // "WxH", says how large (1280x800 without it).
    static constexpr char desktopLabel[] = "io.sandbench.desktop";
    static constexpr char desktopSizeLabel[] = "io.sandbench.desktop.size";
    // The deadline (epoch seconds) an extension writes; the container's first process reads it.
    static constexpr char deadlineFile[] = "/run/sandbench/deadline";
    // The network online sandboxes share: a bridge with inter-container communication off.
    static constexpr char networkName[] = "sandbench-isolated";
    static constexpr char networkLabel[] = "io.sandbench.network";

    // Tmpfs entries for the image's VOLUMEs (Config.Volumes of the image's inspection), or
    // InvalidConfig for one that cannot be laid over safely.
    Result<QJsonObject> volumeTmpfs(const QJsonObject &imageVolumes) const;

private:
    DockerProvider(const DockerProviderOptions &options, const QString &socketPath, const QByteArray &insideProgram);
    QJsonObject containerConfig(const BackendCreateRequest &request, const QJsonObject &volumes,
                                const QString &egressNetwork) const;
    // Network kind allow: the sandbox's proxy and network first, then the container on it.
    void createWithEgress(Operation<SandboxBackend *> *op, const BackendCreateRequest &request, const QJsonObject &volumes);
    void ensureNetwork(QObject *context, std::function<void(Result<void>)> done);
    void createContainer(Operation<SandboxBackend *> *op, const BackendCreateRequest &request,
                         const QJsonObject &volumes, EgressProxy *egress = nullptr);
    void listOurs(QObject *context, std::function<void(Result<QList<SandboxInfo>>)> done);
    // The one sandbox of ours that `id` names (full id, unique prefix of 4 or more, or name);
    // InvalidInput for none or several: ids from a command line are anybody's.
    void findOurs(QObject *context, const QString &id, std::function<void(Result<SandboxInfo>)> done);
    void reapEgressOrphans(QObject *context, std::function<void()> done);
    void reapSandboxes(QObject *context, std::function<void(Result<int>)> done);
    void reapSnapshotImages(QObject *context, std::function<void()> done);
    void snapshotContainer(SnapshotOperation *op, const SandboxInfo &info, const QString &name, const QString &archivePath);
    void createFromSnapshot(Operation<SandboxBackend *> *op, const BackendCreateRequest &request);

    DockerProviderOptions m_options;
    DockerEngine m_engine;
    // sandbench-inside's bytes, copied into every container (DockerBackend::installInsideProgram).
    QByteArray m_insideProgram;
    bool m_networkReady = false;
};

} // namespace Sandbench
