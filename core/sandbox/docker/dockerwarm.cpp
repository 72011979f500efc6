// The Docker backend's side of the warm pool (core/sandbox/warmpool.h): a warm sandbox waits
// offline, and its claim applies what differs per claim without a cold start.
#include "sandbox/docker/dockerbackend.h"

#include "sandbox/docker/dockerengine.h"
#include "sandbox/docker/dockerhostcutoff.h"
#include "sandbox/docker/dockerprovider.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QTimer>

namespace Sandbench {

namespace {

constexpr int deadlineDelayMs = 1'000;

// The networks the engine says the container is on.
QJsonObject attachedNetworks(const HttpResponse &inspected)
{
    return QJsonDocument::fromJson(inspected.body).object().value(QLatin1String("NetworkSettings")).toObject()
        .value(QLatin1String("Networks")).toObject();
}

} // namespace

VoidOperation *DockerBackend::leaveNetwork(const QString &networkName)
{
    auto *op = new VoidOperation(this);
    const QJsonObject body{{QStringLiteral("Container"), m_id}, {QStringLiteral("Force"), true}};
    m_engine->call(op, "POST", "/networks/" + networkName.toLatin1() + "/disconnect", body,
                   [this, op, networkName](const Result<HttpResponse> &r) {
        if (!r)
            return void(op->finish(std::unexpected(r.error())));
        if (r->status != 200)
            return void(op->finish(std::unexpected(DockerEngine::failure(QStringLiteral("network disconnect"), *r))));
        // Fail closed: a warm sandbox is on no network until its claim asks for one.
        m_engine->call(op, "GET", "/containers/" + m_id.toLatin1() + "/json", [this, op, networkName](const Result<HttpResponse> &i) {
            if (!i)
                return void(op->finish(std::unexpected(i.error())));
            if (i->status != 200)
                return void(op->finish(std::unexpected(DockerEngine::failure(QStringLiteral("inspect"), *i))));
            if (!attachedNetworks(*i).isEmpty())
                return void(op->fail(ErrorCode::Internal, QStringLiteral("the warm sandbox is still on a network; refused")));
            m_offNetwork = networkName;
            op->finish({});
        });
    });
    return op;
}

VoidOperation *DockerBackend::claim(const BackendClaimRequest &request)
{
    auto *op = new VoidOperation(this);
    if (m_claimed || m_released) {
        op->fail(ErrorCode::Internal, QStringLiteral("a warm sandbox serves one claim only"));
        return op;
    }
    const NetworkKind kind = request.options.network.kind;
    if (kind == NetworkKind::Domains || (kind == NetworkKind::All && m_offNetwork.isEmpty())) {
        op->fail(ErrorCode::InvalidInput, QStringLiteral("this warm sandbox cannot take network '%1'").arg(networkKindName(kind)));
        return op;
    }
    m_claimed = true;
    m_claimEnv = request.options.env;
    // The keeper's deadline: the pool only hands out a warm sandbox whose keeper ends it no
    // later than the claim's end, and the keeper only moves a deadline later. Until this is
    // written the keeper's own (at most WarmPool::keepWindowMs away) holds; the pool's timer
    // holds the claim's lifetime meanwhile.
    // It waits deadlineDelayMs too: as a root step it is an exec of its own, which would
    // compete with the claim's first command for the engine.
    auto writeDeadline = [this, expires = request.expires] {
        QTimer::singleShot(deadlineDelayMs, this, [this, expires] {
            if (m_released)
                return;
            extend(expires)->then(this, [this](const Result<void> &r) {
                if (r)
                    return;
                qWarning("sandbench: a claimed warm sandbox's lifetime could not be set (%s); removing it",
                         qPrintable(r.error().message));
                release()->then(this, [](const Result<void> &) {});
            });
        });
    };
    if (kind == NetworkKind::None) {
        writeDeadline();
        op->finish({});
        return op;
    }
    const QByteArray network = m_offNetwork.toLatin1();
    m_engine->call(op, "POST", "/networks/" + network + "/connect", QJsonObject{{QStringLiteral("Container"), m_id}},
                   [this, op, network, writeDeadline](const Result<HttpResponse> &r) {
        if (!r)
            return void(op->finish(std::unexpected(r.error())));
        if (r->status != 200)
            return void(op->finish(std::unexpected(DockerEngine::failure(QStringLiteral("network connect"), *r))));
        m_engine->call(op, "GET", "/containers/" + m_id.toLatin1() + "/json",
                       [this, op, network, writeDeadline](const Result<HttpResponse> &i) {
            if (!i)
                return void(op->finish(std::unexpected(i.error())));
            if (i->status != 200)
                return void(op->finish(std::unexpected(DockerEngine::failure(QStringLiteral("inspect"), *i))));
            // The host's addresses are planned now, not when the sandbox was made: the host may
            // have gained one since (another sandbox's egress network).
            auto cut = planHostCutOff(QJsonDocument::fromJson(i->body).object(), {}, QString::fromLatin1(network));
            if (!cut)
                return void(op->finish(std::unexpected(cut.error())));
            cutOffHost(*cut)->then(op, [op, writeDeadline](const Result<void> &c) {
                if (!c)
                    return void(op->finish(std::unexpected(c.error())));
                writeDeadline();
                op->finish({});
            });
        });
    });
    return op;
}

} // namespace Sandbench
