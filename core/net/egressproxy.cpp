#include "egressproxy.h"

#include "net/hostportrelay.h"
#include "net/squidconfig.h"
#include "sandbox/docker/dockerengine.h"
#include "sandbox/docker/dockerhttp.h"
#include "sandbox/docker/dockerstreamdecoder.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTimer>
#include <QUrl>

#include <memory>
#include <utility>

namespace Sandbench {

struct EgressProxy::Decoder
{
    DockerStreamDecoder demux{qsizetype(1) << 20};
};

namespace {

constexpr int readyTimeoutMs = 30'000;
// With secrets the proxy also makes a CA (an RSA key) and starts a Python process first.
constexpr int secretReadyTimeoutMs = 60'000;
constexpr qsizetype maxLineBytes = 64 * 1024;
// A recorded exchange is one line: two bodies of at most 8 MiB each, base64'd, and headers.
constexpr qsizetype maxTrafficLineBytes = qsizetype(24) << 20;
// How long a stop waits for the lines still in a recording or replaying proxy's stream.
constexpr int streamDrainMs = 10'000;

QString randomHex(int bytes)
{
    QByteArray raw(bytes, Qt::Uninitialized);
    for (char &c : raw)
        c = char(QRandomGenerator::system()->bounded(256));
    return QString::fromLatin1(raw.toHex());
}

} // namespace

EgressProxy::EgressProxy(const DockerEngine *engine, EgressAllowList list, EgressProxyOptions options, QObject *parent)
    : QObject(parent)
    , m_engine(engine)
    , m_list(std::move(list))
    , m_options(std::move(options))
    , m_networkName(QStringLiteral("sandbench-egress-") + randomHex(6))
    , m_decoder(std::make_unique<Decoder>())
{
}

EgressProxy::~EgressProxy() = default;

QMap<QString, QString> EgressProxy::clientEnvironment() const
{
    const QString url = QStringLiteral("http://%1:%2").arg(m_proxyAddress).arg(SquidConfig::port);
    return {{QStringLiteral("HTTP_PROXY"), url},  {QStringLiteral("http_proxy"), url},
            {QStringLiteral("HTTPS_PROXY"), url}, {QStringLiteral("https_proxy"), url},
            {QStringLiteral("ALL_PROXY"), url},   {QStringLiteral("all_proxy"), url},
            {QStringLiteral("NO_PROXY"), QString()}, {QStringLiteral("no_proxy"), QString()}};
}

void EgressProxy::start(std::function<void(Result<void>)> done)
{
    createNetwork([this, done](Result<void> n) {
        if (!n)
            return done(n);
        createContainer([this, done](Result<void> c) {
            if (!c)
                return done(c);
            if (auto relays = startHostRelays(); !relays)
                return done(relays);
            startSquid(done);
        });
    });
}

void EgressProxy::createNetwork(std::function<void(Result<void>)> done)
{
    // Internal: the engine gives the network no way out; only its members reach each other.
    const QJsonObject body{
        {QStringLiteral("Name"), m_networkName},
        {QStringLiteral("Driver"), QStringLiteral("bridge")},
        {QStringLiteral("Internal"), true},
        {QStringLiteral("CheckDuplicate"), true},
        {QStringLiteral("Options"), QJsonObject{{QStringLiteral("com.docker.network.bridge.enable_icc"), QStringLiteral("true")}}},
        {QStringLiteral("Labels"), QJsonObject{{QLatin1String(ownerLabel), m_options.owner}}},
    };
    m_engine->call(this, "POST", "/networks/create", body, [this, done](const Result<HttpResponse> &r) {
        if (!r)
            return done(std::unexpected(r.error()));
        if (r->status != 201)
            return done(std::unexpected(DockerEngine::failure(QStringLiteral("egress network create"), *r)));
        m_networkId = QJsonDocument::fromJson(r->body).object().value(QLatin1String("Id")).toString();
        done({});
    });
}

void EgressProxy::createContainer(std::function<void(Result<void>)> done)
{
    const qint64 lifetimeS = std::max<qint64>(1, (QDateTime::currentDateTimeUtc().msecsTo(m_options.latestEnd) + 999) / 1000);
    QJsonArray extraHosts;
    for (const QString &h : m_options.extraHosts)
        extraHosts << h;
    // A replay's proxy holds its recording (TrafficProxyConfig::maxReplayBytes at most) in
    // /tmp until mitmdump has read it, and in mitmdump's memory about three times over while
    // it is parsed (measured: 200 MiB peak for 62 MiB of JSON); tmpfs pages count as memory.
    const bool replay = m_options.capture == TrafficCapture::Replay;
    const qint64 memory = replay ? qint64(768) << 20 : qint64(256) << 20;
    const QString tmpfs = QStringLiteral("rw,nosuid,nodev,noexec,uid=13,gid=13,mode=0700,size=%1m").arg(replay ? 80 : 16);
    const QJsonObject host{
        {QStringLiteral("NetworkMode"), m_networkName},
        {QStringLiteral("AutoRemove"), true},
        {QStringLiteral("ReadonlyRootfs"), true},
        {QStringLiteral("CapDrop"), QJsonArray{QStringLiteral("ALL")}},
        {QStringLiteral("SecurityOpt"), QJsonArray{QStringLiteral("no-new-privileges")}},
        {QStringLiteral("Memory"), memory},
        {QStringLiteral("MemorySwap"), memory},
        {QStringLiteral("PidsLimit"), 128},
        {QStringLiteral("ExtraHosts"), extraHosts},
        // The proxy routes nothing itself: only Squid's own connections leave it.
        {QStringLiteral("Sysctls"), QJsonObject{{QStringLiteral("net.ipv4.ip_forward"), QStringLiteral("0")}}},
        {QStringLiteral("Tmpfs"), QJsonObject{{QStringLiteral("/tmp"), tmpfs}, {QStringLiteral("/run/squid"), tmpfs},
                                              {QStringLiteral("/var/spool/squid"), tmpfs}, {QStringLiteral("/var/log/squid"), tmpfs}}},
    };
    const QJsonObject config{
        {QStringLiteral("Image"), m_options.image},
        {QStringLiteral("User"), QStringLiteral("proxy")},
        // Ends itself at the sandbox's latest end even with every Sandbench process gone.
        {QStringLiteral("Cmd"), QJsonArray{QStringLiteral("sleep"), QString::number(lifetimeS)}},
        {QStringLiteral("Labels"), QJsonObject{{QLatin1String(ownerLabel), m_options.owner},
                                               {QStringLiteral("io.sandbench.egress.network"), m_networkName}}},
        {QStringLiteral("HostConfig"), host},
    };
    const QByteArray name = "sandbench-egress-" + randomHex(6).toLatin1();
    m_engine->call(this, "POST", "/containers/create?name=" + name, config, [this, done](const Result<HttpResponse> &r) {
        if (!r)
            return done(std::unexpected(r.error()));
        if (r->status == 404)
            return done(fail(ErrorCode::InvalidConfig, QStringLiteral("image %1 is not on the Docker engine (build it with scripts/images egress)")
                                                              .arg(m_options.image)));
        if (r->status != 201)
            return done(std::unexpected(DockerEngine::failure(QStringLiteral("egress proxy create"), *r)));
        m_containerId = QJsonDocument::fromJson(r->body).object().value(QLatin1String("Id")).toString();
        const QJsonObject join{{QStringLiteral("Container"), m_containerId}};
        auto joined = [this, done](const Result<HttpResponse> &j) {
            if (!j)
                return done(std::unexpected(j.error()));
            if (j->status != 200)
                return done(std::unexpected(DockerEngine::failure(QStringLiteral("egress proxy network connect"), *j)));
            m_engine->call(this, "POST", "/containers/" + m_containerId.toLatin1() + "/start", [this, done](const Result<HttpResponse> &s) {
                if (!s)
                    return done(std::unexpected(s.error()));
                if (s->status != 204)
                    return done(std::unexpected(DockerEngine::failure(QStringLiteral("egress proxy start"), *s)));
                m_engine->call(this, "GET", "/containers/" + m_containerId.toLatin1() + "/json", [this, done](const Result<HttpResponse> &i) {
                    if (!i)
                        return done(std::unexpected(i.error()));
                    if (i->status != 200)
                        return done(std::unexpected(DockerEngine::failure(QStringLiteral("egress proxy inspect"), *i)));
                    const QJsonObject networks = QJsonDocument::fromJson(i->body).object().value(QLatin1String("NetworkSettings")).toObject()
                                                     .value(QLatin1String("Networks")).toObject();
                    m_proxyAddress = networks.value(m_networkName).toObject().value(QLatin1String("IPAddress")).toString();
                    // The host's side of this sandbox's own network: an address no other
                    // sandbox's network has, where the relays of its host services listen.
                    m_relayGateway = networks.value(m_networkName).toObject().value(QLatin1String("Gateway")).toString();
                    if (m_proxyAddress.isEmpty())
                        return done(fail(ErrorCode::Internal, QStringLiteral("the egress proxy got no address on %1").arg(m_networkName)));
                    done({});
                });
            });
        };
        // A replay's proxy has no way out at all: it answers from the recording alone.
        if (m_options.capture == TrafficCapture::Replay)
            return joined(HttpResponse{200, {}, {}});
        m_engine->call(this, "POST", "/networks/" + QUrl::toPercentEncoding(m_options.outboundNetwork) + "/connect", join, joined);
    });
}

void EgressProxy::startSquid(std::function<void(Result<void>)> done)
{
    m_decisionMarker = SquidConfig::randomMarker();
    const QByteArray conf = SquidConfig::build(m_list, m_options.blockedRanges, m_decisionMarker)
                            + SquidConfig::hostServiceRules(m_list, m_relayGateway, m_relayPorts);
    QJsonArray env{QStringLiteral("SQUID_CONF=") + QString::fromLatin1(conf)};
    QJsonArray cmd{QStringLiteral("sh"), QStringLiteral("-c"),
                   QStringLiteral("printf '%s\\n' \"$SQUID_CONF\" >/tmp/squid.conf && unset SQUID_CONF && "
                                  "exec squid -N -f /tmp/squid.conf")};
    if (mitmInFront()) {
        if (m_options.replayJson.size() > TrafficProxyConfig::maxReplayBytes)
            return done(fail(ErrorCode::LimitExceeded, QStringLiteral("the recorded traffic to replay is %1 bytes; a replay serves at most %2")
                                                           .arg(m_options.replayJson.size()).arg(TrafficProxyConfig::maxReplayBytes)));
        env = QJsonArray::fromStringList(SecretProxyConfig::startEnvironment(conf, m_options.secrets, m_options.upstreamCaPem)
                                         + TrafficProxyConfig::startEnvironment(m_options.capture, m_options.replayJson.size()));
        cmd = QJsonArray::fromStringList(SecretProxyConfig::startCommand(m_options.secrets, !m_options.upstreamCaPem.isEmpty(), m_options.capture));
    }
    // A replay's recording goes to the proxy on its standard input: an environment string is
    // bounded by the kernel (128 KiB each), a file in its container would need a writable root.
    const bool sendsReplay = mitmInFront() && m_options.capture == TrafficCapture::Replay;
    const QJsonObject exec{
        {QStringLiteral("AttachStdin"), sendsReplay},
        {QStringLiteral("AttachStdout"), true},
        {QStringLiteral("AttachStderr"), true},
        {QStringLiteral("Tty"), false},
        {QStringLiteral("User"), QStringLiteral("proxy")},
        {QStringLiteral("Env"), env},
        {QStringLiteral("Cmd"), cmd},
    };
    m_engine->call(this, "POST", "/containers/" + m_containerId.toLatin1() + "/exec", exec, [this, done, sendsReplay](const Result<HttpResponse> &r) {
        if (!r)
            return done(std::unexpected(r.error()));
        if (r->status != 201)
            return done(std::unexpected(DockerEngine::failure(QStringLiteral("egress proxy exec"), *r)));
        const QString execId = QJsonDocument::fromJson(r->body).object().value(QLatin1String("Id")).toString();
        m_readyDone = done;
        m_stream = m_engine->startExec(this, execId);
        if (sendsReplay)
            connect(m_stream, &DockerRequest::headersReceived, this, [this] {
                m_stream->write(m_options.replayJson);
                m_stream->closeWrite();
            });
        connect(m_stream, &DockerRequest::streamData, this, &EgressProxy::onStream);
        connect(m_stream, &DockerRequest::finished, this, &EgressProxy::onStreamEnded);
        const int timeoutMs = mitmInFront() ? secretReadyTimeoutMs : readyTimeoutMs;
        QTimer::singleShot(timeoutMs, this, [this, timeoutMs] {
            if (auto ready = std::exchange(m_readyDone, nullptr))
                ready(fail(ErrorCode::EnvironmentError, QStringLiteral("the egress proxy did not start listening within %1 s")
                                                            .arg(timeoutMs / 1000)));
        });
        m_stream->start();
    });
}

void EgressProxy::onStream(const QByteArray &data)
{
    auto frames = m_decoder->demux.feed(data);
    if (!frames) {
        m_stream->abort();
        return;
    }
    for (const auto &frame : *frames) {
        const bool err = frame.stream == SandboxStream::Stderr;
        QByteArray &buffer = err ? m_stderrLine : m_stdoutLine;
        buffer += frame.payload;
        qsizetype nl;
        while ((nl = buffer.indexOf('\n')) >= 0) {
            const QByteArray line = buffer.left(nl);
            buffer.remove(0, nl + 1);
            handleLine(line, err);
        }
        if (buffer.size() > (m_options.capture == TrafficCapture::Record && !err ? maxTrafficLineBytes : maxLineBytes))
            buffer.clear(); // no line of Squid's (or the recorder's) is this long; drop it rather than grow
    }
}

void EgressProxy::handleLine(const QByteArray &line, bool fromStderr)
{
    if (fromStderr) {
        if (auto decision = SquidConfig::parseDecisionLine(line, m_decisionMarker, m_list)) {
            for (const AuditEvent &e : m_connections.decided(*decision))
                emit connection(e);
            return;
        }
        // Squid's last words, for the error when it stops before listening.
        m_stderrTail = (m_stderrTail + line + '\n').right(1500);
        if (line.contains(SquidConfig::readyMarker)) {
            m_squidListening = true;
            readyIfListening();
        }
        return;
    }
    if (mitmInFront() && !m_secretProxyListening) {
        // Before the proxy listens its script alone writes: the CA, then the marker.
        if (line.startsWith(SecretProxyConfig::caLinePrefix)) {
            if (m_caPem.size() < 64 * 1024)
                m_caPem += line.mid(qsizetype(sizeof(SecretProxyConfig::caLinePrefix)) - 1) + '\n';
            return;
        }
        if (line.trimmed() == SecretProxyConfig::readyMarker) {
            m_secretProxyListening = true;
            readyIfListening();
            return;
        }
    }
    if (m_options.capture == TrafficCapture::Record && line.startsWith(TrafficProxyConfig::trafficLinePrefix))
        return emit trafficRecorded(line.mid(qsizetype(sizeof(TrafficProxyConfig::trafficLinePrefix)) - 1));
    if (m_options.capture == TrafficCapture::Replay && line.startsWith(TrafficProxyConfig::replayLinePrefix))
        return emit replayRequested(line.mid(qsizetype(sizeof(TrafficProxyConfig::replayLinePrefix)) - 1));
    if (auto end = SquidConfig::parseLogLine(line, m_list)) {
        for (const AuditEvent &e : m_connections.ended(*end))
            emit connection(e);
    }
}

void EgressProxy::readyIfListening()
{
    if (!m_squidListening || (mitmInFront() && !m_secretProxyListening) || !m_readyDone)
        return;
    if (mitmInFront() && !m_caPem.contains("-----END CERTIFICATE-----")) {
        std::exchange(m_readyDone, nullptr)(fail(ErrorCode::EnvironmentError, QStringLiteral("the egress proxy made no CA certificate")));
        return;
    }
    m_running = true;
    std::exchange(m_readyDone, nullptr)({});
}

void EgressProxy::onStreamEnded()
{
    const bool wasRunning = m_running;
    m_running = false;
    if (auto ready = std::exchange(m_readyDone, nullptr))
        ready(fail(ErrorCode::EnvironmentError, QStringLiteral("the egress proxy (Squid) stopped before it listened: %1")
                                                    .arg(QString::fromUtf8(m_stderrTail + m_stderrLine).right(1500))));
    // Connections still open end with the proxy: their figures are lost, their end is not.
    for (const AuditEvent &e : m_connections.proxyEnded(QDateTime::currentMSecsSinceEpoch()))
        emit connection(e);
    if (wasRunning && !m_stopped) {
        AuditEvent e;
        e.timeMs = QDateTime::currentMSecsSinceEpoch();
        e.kind = QStringLiteral("net");
        e.action = QStringLiteral("proxy");
        e.resource = m_networkName;
        e.allowed = false;
        e.rule = QStringLiteral("network.allow");
        e.reason = QStringLiteral("the egress proxy stopped; the sandbox has no network from now on");
        emit connection(e);
        emit proxyStopped(e.reason);
    }
}

void EgressProxy::removeNetworkWithin(QDeadlineTimer deadline, std::function<void(Result<void>)> done)
{
    if (m_networkId.isEmpty())
        return done({});
    m_engine->call(this, "DELETE", "/networks/" + m_networkId.toLatin1(), [this, deadline, done](const Result<HttpResponse> &n) {
        if (!n)
            return done(std::unexpected(n.error()));
        if ((n->status == 403 || n->status == 409) && !deadline.hasExpired())
            return void(QTimer::singleShot(100, this, [this, deadline, done] { removeNetworkWithin(deadline, done); }));
        if (n->status != 204 && n->status != 404)
            return done(std::unexpected(DockerEngine::failure(QStringLiteral("egress network remove"), *n)));
        m_networkId.clear();
        done({});
    });
}

VoidResult EgressProxy::startHostRelays()
{
    for (qsizetype i = 0; i < m_list.rules().size(); ++i) {
        const EgressRule &rule = m_list.rules()[i];
        if (!rule.isHostService())
            continue;
        auto *relay = new HostPortRelay(rule.hostServiceAddress(), quint16(*rule.port), this);
        if (auto ok = relay->listen(QHostAddress(m_relayGateway), QHostAddress(m_proxyAddress)); !ok)
            return std::unexpected(Error{ok.error().code, QStringLiteral("network allow entry \"%1\": %2").arg(rule.text, ok.error().message)});
        m_relays << relay;
        m_relayPorts.insert(i, relay->port());
    }
    return {};
}

void EgressProxy::stop(std::function<void(Result<void>)> done)
{
    for (HostPortRelay *relay : std::as_const(m_relays))
        relay->close();
    // The stream stays: the lines of connections the container's removal closes still arrive.
    m_stopped = true;
    m_running = false;
    // A container being removed by another call (409 above) may still hold the network for a
    // moment: the engine answers 403 then, so ask again until it is free, within a deadline.
    auto removeNetwork = [this, done] { removeNetworkWithin(QDeadlineTimer(20'000), done); };
    // A recording's last exchanges (a replay's last requests) may still be in the stream when
    // the container goes: the stop waits for the stream's end (within a deadline), so a release
    // has delivered every line mitmdump printed before it finishes, and a session written after
    // it lacks none.
    auto drained = [this, removeNetwork] {
        if (m_options.capture == TrafficCapture::Off || !m_stream || m_stream->isFinished())
            return removeNetwork();
        auto once = [fired = std::make_shared<bool>(false), removeNetwork] {
            if (!std::exchange(*fired, true))
                removeNetwork();
        };
        connect(m_stream, &DockerRequest::finished, this, once);
        QTimer::singleShot(streamDrainMs, this, once);
    };
    if (m_containerId.isEmpty())
        return drained();
    m_engine->call(this, "DELETE", "/containers/" + m_containerId.toLatin1() + "?force=true&v=true",
                   [this, done, drained](const Result<HttpResponse> &r) {
        if (!r)
            return done(std::unexpected(r.error()));
        if (r->status != 204 && r->status != 404 && r->status != 409)
            return done(std::unexpected(DockerEngine::failure(QStringLiteral("egress proxy remove"), *r)));
        m_containerId.clear();
        drained();
    });
}

} // namespace Sandbench
