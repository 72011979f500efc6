#pragma once

#include "audit/auditevent.h"
#include "common/result.h"
#include "net/egressallowlist.h"
#include "net/egressconnections.h"
#include "net/secretproxyconfig.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QMap>
#include <QObject>
#include <QStringList>

#include <functional>

namespace Sandbench {

class DockerEngine;
class DockerRequest;
class HostPortRelay;

struct EgressProxyOptions
{
    QString image = QStringLiteral("sandbench/egress:2");
    // The network the proxy reaches the world through (the provider's shared online network).
    QString outboundNetwork;
    // "name:address" entries for the proxy's own resolver (split-horizon names; tests).
    QStringList extraHosts;
    // Addresses denied after resolution on top of SquidConfig's fixed ranges: the host's.
    QStringList blockedRanges;
    QString owner;        // the owner label value (DockerProvider::ownerIdentity)
    QDateTime latestEnd;  // the proxy ends itself then, whatever becomes of Sandbench
    // With secrets, mitmdump goes in front of Squid (SecretProxyConfig).
    QList<EgressSecret> secrets;
    // PEM certificates the secret hosts' servers may chain to besides the image's system bundle
    // (a private CA; the tests' server).
    QByteArray upstreamCaPem;
    // Recorded or replayed traffic (TrafficProxyConfig): mitmdump goes in front of Squid for
    // either. A replay's proxy joins no outbound network.
    TrafficCapture capture = TrafficCapture::Off;
    QByteArray replayJson;
};

// One sandbox's egress proxy (network kind `allow`): a Docker network with no way out
// (Internal) made for this sandbox alone, and a Squid container (scripts/images egress) that is
// the only other member of it and also sits on the outbound network. The sandbox's container
// joins the internal network only, so every connection it makes to anything but the proxy has
// no route (and the host's addresses are cut off inside it, DockerBackend::cutOffHost); the
// proxy decides each request by the allow list (SquidConfig) and tells it: an allowed
// connection as it is decided and again when it ends, a denied one once (EgressConnections);
// each becomes an AuditEvent (connection()). Squid runs as an exec of the proxy container whose
// stream Sandbench holds: when it ends, Squid is gone, nothing listens any more, the sandbox is
// offline, and proxyStopped() says so. stop() removes the container and then the network.
class EgressProxy : public QObject
{
    Q_OBJECT
public:
    static constexpr char ownerLabel[] = "io.sandbench.egress.owner";

    EgressProxy(const DockerEngine *engine, EgressAllowList list, EgressProxyOptions options, QObject *parent);
    ~EgressProxy() override;

    // Makes the network and the proxy and waits until Squid listens.
    void start(std::function<void(Result<void>)> done);
    // Removes the proxy container and then the network (after the sandbox's container is gone:
    // the engine refuses to remove a network with members). Safe to call more than once.
    void stop(std::function<void(Result<void>)> done);

    QString networkName() const { return m_networkName; }
    QString proxyAddress() const { return m_proxyAddress; }
    QString proxyContainerId() const { return m_containerId; }
    bool isRunning() const { return m_running; }
    const EgressAllowList &allowList() const { return m_list; }
    // With secrets: the sandbox's CA certificate (PEM), once started; its key stays in the proxy.
    QByteArray caCertificate() const { return m_caPem; }
    // The secrets with their placeholders: what a recording of this proxy's traffic redacts.
    const QList<EgressSecret> &secrets() const { return m_options.secrets; }
    // The relays' ports on the outbound gateway, by allow list index (host services).
    QMap<qsizetype, quint16> hostRelayPorts() const { return m_relayPorts; }
    QString relayGateway() const { return m_relayGateway; }
    // HTTP_PROXY and friends for well-behaved clients inside the sandbox.
    QMap<QString, QString> clientEnvironment() const;

signals:
    void connection(const Sandbench::AuditEvent &event);
    void proxyStopped(const QString &why);
    // TrafficCapture::Record: one exchange, as RecordedTraffic::addProxyLine reads it.
    void trafficRecorded(const QByteArray &line);
    // TrafficCapture::Replay: one request the sandbox made (method, url, bodySha256, bodySize).
    void replayRequested(const QByteArray &line);

private:
    void createNetwork(std::function<void(Result<void>)> done);
    void createContainer(std::function<void(Result<void>)> done);
    void startSquid(std::function<void(Result<void>)> done);
    // One relay per host service of the list (127.0.0.1:PORT), on the gateway of the sandbox's
    // own network.
    VoidResult startHostRelays();
    void removeNetworkWithin(QDeadlineTimer deadline, std::function<void(Result<void>)> done);
    void onStream(const QByteArray &data);
    void onStreamEnded();
    void handleLine(const QByteArray &line, bool fromStderr);
    void readyIfListening();
    bool mitmInFront() const { return !m_options.secrets.isEmpty() || m_options.capture != TrafficCapture::Off; }

    const DockerEngine *m_engine;
    EgressAllowList m_list;
    EgressProxyOptions m_options;
    QString m_networkName;
    QString m_networkId;
    QString m_containerId;
    QString m_proxyAddress;
    QString m_relayGateway; // the host's side of the sandbox's own network
    QList<HostPortRelay *> m_relays;
    QMap<qsizetype, quint16> m_relayPorts; // rule index -> relay port
    DockerRequest *m_stream = nullptr;
    QByteArray m_pending;
    QByteArray m_stdoutLine;
    QByteArray m_stderrLine;
    QByteArray m_stderrTail;
    std::function<void(Result<void>)> m_readyDone;
    bool m_running = false;
    bool m_squidListening = false;
    bool m_secretProxyListening = false;
    QByteArray m_caPem;
    QByteArray m_decisionMarker;
    EgressConnections m_connections;
    bool m_stopped = false;
    struct Decoder;
    std::unique_ptr<Decoder> m_decoder;
};

} // namespace Sandbench
