#include "dockerprovider.h"

#include "net/egressproxy.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkInterface>
#include <QUrl>

#include <memory>

// The Docker provider's networks: the one online sandboxes share, and for network kind allow
// the sandbox's egress proxy before its container, and the proxies and networks a dead process left.
namespace Sandbench {

void DockerProvider::ensureNetwork(QObject *context, std::function<void(Result<void>)> done)
{
    if (m_networkReady)
        return done({});
    // Checked, not trusted by name: a network of that name with inter-container traffic on
    // would join sandboxes to each other.
    auto check = [this, done](const Result<HttpResponse> &r) {
        if (!r)
            return done(std::unexpected(r.error()));
        if (r->status != 200)
            return done(std::unexpected(DockerEngine::failure(QStringLiteral("network inspect"), *r)));
        const QJsonObject n = QJsonDocument::fromJson(r->body).object();
        const QJsonObject opts = n.value(QLatin1String("Options")).toObject();
        if (n.value(QLatin1String("Driver")).toString() != QLatin1String("bridge")
            || opts.value(QLatin1String("com.docker.network.bridge.enable_icc")).toString() != QLatin1String("false"))
            return done(fail(ErrorCode::InvalidConfig,
                             QStringLiteral("the Docker network %1 exists without inter-container traffic off; remove it")
                                 .arg(QLatin1String(networkName))));
        m_networkReady = true;
        done({});
    };
    const QByteArray path = "/networks/" + QByteArray(networkName);
    m_engine.call(context, "GET", path, [this, context, path, check, done](const Result<HttpResponse> &r) {
        if (!r || r->status != 404)
            return check(r);
        const QJsonObject body{
            {QStringLiteral("Name"), QLatin1String(networkName)},
            {QStringLiteral("Driver"), QStringLiteral("bridge")},
            {QStringLiteral("CheckDuplicate"), true},
            {QStringLiteral("Options"), QJsonObject{{QStringLiteral("com.docker.network.bridge.enable_icc"), QStringLiteral("false")}}},
            {QStringLiteral("Labels"), QJsonObject{{QLatin1String(networkLabel), QStringLiteral("1")}}},
        };
        m_engine.call(context, "POST", "/networks/create", body, [this, context, path, check, done](const Result<HttpResponse> &c) {
            if (!c)
                return done(std::unexpected(c.error()));
            if (c->status != 201 && c->status != 409) // 409: another process made it meanwhile
                return done(std::unexpected(DockerEngine::failure(QStringLiteral("network create"), *c)));
            m_engine.call(context, "GET", path, check);
        });
    });
}

void DockerProvider::createWithEgress(Operation<SandboxBackend *> *op, const BackendCreateRequest &request,
                                      const QJsonObject &volumes)
{
    auto list = EgressAllowList::parse(request.options.network.domains);
    if (!list)
        return void(op->finish(std::unexpected(list.error())));
    EgressProxyOptions options;
    options.image = m_options.egressImage;
    options.outboundNetwork = QLatin1String(networkName);
    options.extraHosts = m_options.egressExtraHosts;
    options.owner = ownerIdentity();
    options.secrets = SecretProxyConfig::withPlaceholders(request.options.secrets);
    options.upstreamCaPem = m_options.egressUpstreamCaPem;
    options.capture = request.options.traffic;
    options.replayJson = request.options.replayTraffic;
    options.latestEnd = request.latestEnd.isValid() ? std::max(request.latestEnd, request.expires) : request.expires;
    // Every address of this machine is denied after resolution unless listed exactly: the
    // proxy's way out is a bridge of the host, and a name may resolve to any of them.
    for (const QHostAddress &a : QNetworkInterface::allAddresses()) {
        if (a.protocol() == QAbstractSocket::IPv4Protocol && !a.isLoopback())
            options.blockedRanges << a.toString() + QStringLiteral("/32");
    }
    // Owned by the operation until the backend takes it; removed with its network on failure.
    auto *proxy = new EgressProxy(&m_engine, *list, options, op);
    proxy->start([this, op, proxy, request, volumes, options](Result<void> started) {
        if (!started) {
            proxy->setParent(this);
            proxy->stop([proxy](Result<void>) { proxy->deleteLater(); });
            return void(op->finish(std::unexpected(started.error())));
        }
        BackendCreateRequest withProxy = request;
        QMap<QString, QString> env = proxy->clientEnvironment();
        // The placeholders and the CA's variables; the values stay with the proxy.
        if (!options.secrets.isEmpty() || options.capture != TrafficCapture::Off)
            env.insert(SecretProxyConfig::sandboxEnvironment(options.secrets));
        for (auto it = env.cbegin(); it != env.cend(); ++it)
            withProxy.options.env.insert(it.key(), it.value());
        for (SandboxSecret &secret : withProxy.options.secrets)
            secret.value.clear();
        createContainer(op, withProxy, volumes, proxy);
    });
}

void DockerProvider::reapEgressOrphans(QObject *context, std::function<void()> done)
{
    // Egress proxies and their networks (network kind allow) of a process that died: the proxy
    // ends itself at the sandbox's latest end, its network does not. Containers first, since
    // the engine keeps a network that has members.
    const QByteArray filter = QUrl::toPercentEncoding(QStringLiteral(R"({"label":["%1"]})").arg(QLatin1String(EgressProxy::ownerLabel)));
    auto orphaned = [](const QJsonObject &labels) {
        const QString owner = labels.value(QLatin1String(EgressProxy::ownerLabel)).toString();
        return owner != ownerIdentity() && !ownerAlive(owner);
    };
    m_engine.call(context, "GET", "/containers/json?all=true&filters=" + filter, [this, context, filter, orphaned, done](const Result<HttpResponse> &c) {
        auto remaining = std::make_shared<int>(1);
        auto networks = [this, context, filter, orphaned, done] {
            m_engine.call(context, "GET", "/networks?filters=" + filter, [this, context, orphaned, done](const Result<HttpResponse> &n) {
                auto left = std::make_shared<int>(1);
                auto one = [left, done] {
                    if (--*left == 0)
                        done();
                };
                if (n && n->status == 200) {
                    for (const QJsonValue &v : QJsonDocument::fromJson(n->body).array()) {
                        const QJsonObject net = v.toObject();
                        if (!orphaned(net.value(QLatin1String("Labels")).toObject()))
                            continue;
                        ++*left;
                        m_engine.call(context, "DELETE", "/networks/" + net.value(QLatin1String("Id")).toString().toLatin1(),
                                      [one](const Result<HttpResponse> &) { one(); });
                    }
                }
                one();
            });
        };
        auto one = [remaining, networks] {
            if (--*remaining == 0)
                networks();
        };
        if (c && c->status == 200) {
            for (const QJsonValue &v : QJsonDocument::fromJson(c->body).array()) {
                const QJsonObject container = v.toObject();
                if (!orphaned(container.value(QLatin1String("Labels")).toObject()))
                    continue;
                ++*remaining;
                m_engine.call(context, "DELETE", "/containers/" + container.value(QLatin1String("Id")).toString().toLatin1() + "?force=true&v=true",
                              [one](const Result<HttpResponse> &) { one(); });
            }
        }
        one();
    });
}

} // namespace Sandbench
