#pragma once

#include "sandbox/sandboxprovider.h"

#include <QHash>
#include <QStringList>

namespace Sandbench {

class DockerEngine;
class EgressProxy;

// What an online sandbox must not reach on the host (DockerBackend::cutOffHost).
struct HostCutOff
{
    QString gateway;
    QStringList hostAddresses;  // IPv4
    QList<int> replyPorts;      // published container ports
    int ephemeralFirst = 32768; // where the engine's proxy connects from
    int ephemeralLast = 60999;
    // Network allow: only the sandbox's own network (its proxy) is routed, nothing through the
    // gateway, so host addresses that appear after the cut-off are out of reach too.
    bool onLinkOnly = false;
};

// One locked-down container. Files go through exec (the archive API does not see the tmpfs
// workdir of a read-only root); see SandboxBackend's defaults.
class DockerBackend : public SandboxBackend
{
    Q_OBJECT
public:
    DockerBackend(const DockerEngine *engine, const QString &containerId, const QString &name,
                  QHash<int, int> hostPorts, QObject *parent);

    // A backend for a running sandbox of ours made by any process (sandbench-inside already in
    // place): for its commands only, never to release it. withEnv: its commands see the env it
    // was created with (the env file, when there is one), as the creator's own commands do.
    static DockerBackend *attach(const DockerEngine *engine, const QString &containerId, const QString &name, QObject *parent,
                                 bool withEnv = false);

    QString id() const override { return m_id; }
    QString name() const { return m_name; }
    ExecJob *exec(const BackendExecRequest &request) override;
    Result<QUrl> url(int port) const override;
    VoidOperation *release() override;
    bool hasDesktop() const override { return m_desktop; }
    VoidOperation *extend(const QDateTime &expires) override;
    // The engine's freezer (dockerfreezer.cpp); release() removes a paused one as any other.
    VoidOperation *pause() override;
    VoidOperation *resume() override;
    // Warm sandboxes (dockerwarm.cpp): the claim's env goes with every later command of the
    // sandbox's user, on stdin like an exec's own (no root step, so no cost at claim); network
    // kind all connects the container (see leaveNetwork) and cuts the host off as a cold create
    // does; the keeper's deadline is written after the claim has finished, and a sandbox whose
    // deadline cannot be written is removed.
    VoidOperation *claim(const BackendClaimRequest &request) override;
    // For a warm sandbox able to go online: takes it off networkName until its claim (the
    // engine cannot connect a container made with network "none"), and checks it is on none.
    VoidOperation *leaveNetwork(const QString &networkName);

    // Starts the image's display (Desktop::startScript) at the given "WxH"; finishes once it
    // is up, and from then on hasDesktop().
    VoidOperation *startDesktop(const QString &geometry);

    // Where sandbench-inside lives inside the sandbox; until it is installed (once, before any
    // other call), every command of the sandbox's user and every other root step fails.
    static QString insideProgramPath();
    VoidOperation *installInsideProgram(const QByteArray &program);
    // Finishes once the container's pid 1 is the keeper (sandbench-inside keep, which the main
    // process becomes once sandbench-inside is installed): from then on no process of the
    // container but root's own steps is root or holds a capability.
    VoidOperation *awaitKeeper();
    // Makes every host address unreachable from the sandbox's network namespace, but for replies
    // from published ports to the engine's proxy (sandbench-inside no-host, as root).
    VoidOperation *cutOffHost(const HostCutOff &cut);
    // Where the sandbox's env lives inside it; empty until written.
    static QString envFilePath();
    VoidOperation *writeEnvFile(const QMap<QString, QString> &env);
    // A sandbox with secrets: its egress proxy's CA, trusted by the clients that read the
    // variables SecretProxyConfig::sandboxEnvironment sets (root's files, read-only to the user).
    VoidOperation *installSecretCa(const QByteArray &caPem);
    // Network kind allow: the sandbox's egress proxy, which the backend now owns; its
    // connections come out as networkEvent(), and release() removes it and its network once
    // the container is gone.
    void setEgressProxy(EgressProxy *proxy);
    EgressProxy *egressProxy() const { return m_egressProxy; }
    QList<SandboxProxySecret> proxySecrets() const override;
    // Kills every process carrying the tag (a command and all it started).
    ExecJob *killTagged(const QString &tag);

private:
    // rootCapabilities: for a root step, the only capabilities it keeps ("none", "KILL",
    // "NET_ADMIN"); empty only to install sandbench-inside, which the others run through.
    ExecJob *execInternal(const BackendExecRequest &request, bool killable, const QString &rootCapabilities);
    // Writes content to path (root's tmpfs) with mode, as root; sets *written on success.
    VoidOperation *writeRootFile(const QString &path, const char *mode, const QByteArray &content,
                                 const QString &what, bool DockerBackend::*written,
                                 const QString &rootCapabilities = QStringLiteral("none"));
    // One of root's own steps: argv run as root with rootCapabilities alone, stdin given; fails
    // with onFailure (and the step's stderr) unless it exits 0; sets *done on success when done
    // is given.
    VoidOperation *rootStep(const QStringList &argv, const QByteArray &stdinData, const Error &onFailure,
                            bool DockerBackend::*done, const QString &rootCapabilities);

    const DockerEngine *m_engine;
    QString m_id;
    QString m_name;
    QHash<int, int> m_hostPorts;
    bool m_hasEnvFile = false;
    bool m_claimed = false;
    QString m_offNetwork; // the network leaveNetwork() took it off
    QMap<QString, QString> m_claimEnv;
    bool m_hasInsideProgram = false;
    bool m_released = false;
    bool m_desktop = false;
    EgressProxy *m_egressProxy = nullptr;
};

} // namespace Sandbench
