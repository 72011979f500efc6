#include "dockerfreezer.h"

#include "sandbox/docker/dockerbackend.h"
#include "sandbox/docker/dockerengine.h"
#include "sandbox/docker/dockerprovider.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace Sandbench {

void DockerFreezer::set(const DockerEngine &engine, QObject *context, const QString &containerId,
                        bool paused, std::function<void(Result<void>)> done)
{
    const QByteArray path = "/containers/" + containerId.toLatin1() + (paused ? "/pause" : "/unpause");
    const QString what = paused ? QStringLiteral("pause") : QStringLiteral("resume");
    engine.call(context, "POST", path, [&engine, context, containerId, paused, what, done](const Result<HttpResponse> &r) {
        if (!r)
            return done(std::unexpected(r.error()));
        if (r->status == 204)
            return done({});
        if (r->status == 404)
            return done(fail(ErrorCode::Gone, QStringLiteral("sandbox %1 is gone").arg(containerId)));
        // The engine words "already paused", "not paused" and "not running" differently across
        // versions and status codes: what the container is now decides.
        const HttpResponse refused = *r;
        engine.call(context, "GET", "/containers/" + containerId.toLatin1() + "/json",
                    [containerId, paused, what, done, refused](const Result<HttpResponse> &inspected) {
            if (!inspected)
                return done(std::unexpected(inspected.error()));
            if (inspected->status == 404)
                return done(fail(ErrorCode::Gone, QStringLiteral("sandbox %1 is gone").arg(containerId)));
            const QJsonObject state = QJsonDocument::fromJson(inspected->body).object().value(QLatin1String("State")).toObject();
            if (!state.value(QLatin1String("Running")).toBool())
                return done(fail(ErrorCode::Gone, QStringLiteral("sandbox %1 is no longer running").arg(containerId)));
            if (state.value(QLatin1String("Paused")).toBool() == paused)
                return done({});
            done(std::unexpected(DockerEngine::failure(what, refused)));
        });
    });
}

VoidOperation *DockerBackend::pause()
{
    auto *op = new VoidOperation(this);
    if (m_released) {
        op->fail(ErrorCode::Gone, QStringLiteral("the sandbox was released"));
        return op;
    }
    DockerFreezer::set(*m_engine, op, m_id, true, [op](Result<void> r) { op->finish(std::move(r)); });
    return op;
}

VoidOperation *DockerBackend::resume()
{
    auto *op = new VoidOperation(this);
    if (m_released) {
        op->fail(ErrorCode::Gone, QStringLiteral("the sandbox was released"));
        return op;
    }
    DockerFreezer::set(*m_engine, op, m_id, false, [op](Result<void> r) { op->finish(std::move(r)); });
    return op;
}

VoidOperation *DockerProvider::pauseSandbox(const QString &id)
{
    auto *op = new VoidOperation(this);
    // Only a container carrying our owner label is ever frozen: the id is the caller's.
    findOurs(op, id, [this, op](Result<SandboxInfo> found) {
        if (!found)
            return void(op->finish(std::unexpected(found.error())));
        DockerFreezer::set(m_engine, op, found->id, true, [op](Result<void> r) { op->finish(std::move(r)); });
    });
    return op;
}

VoidOperation *DockerProvider::resumeSandbox(const QString &id)
{
    auto *op = new VoidOperation(this);
    findOurs(op, id, [this, op](Result<SandboxInfo> found) {
        if (!found)
            return void(op->finish(std::unexpected(found.error())));
        DockerFreezer::set(m_engine, op, found->id, false, [op](Result<void> r) { op->finish(std::move(r)); });
    });
    return op;
}

} // namespace Sandbench
