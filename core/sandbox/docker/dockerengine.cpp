#include "dockerengine.h"

#include <QJsonDocument>

namespace Sandbench {

Result<QString> DockerEngine::socketFromEnvironment()
{
    return socketFromHost(qEnvironmentVariable("DOCKER_HOST"));
}

Result<QString> DockerEngine::socketFromHost(const QString &dockerHost)
{
    if (dockerHost.isEmpty())
        return QStringLiteral("/var/run/docker.sock");
    if (dockerHost.startsWith(QLatin1String("unix://"))) {
        const QString path = dockerHost.mid(7);
        if (path.isEmpty() || !path.startsWith(QLatin1Char('/')))
            return fail(ErrorCode::InvalidConfig, QStringLiteral("DOCKER_HOST=%1 names no absolute socket path").arg(dockerHost));
        return path;
    }
    return fail(ErrorCode::InvalidConfig,
                QStringLiteral("DOCKER_HOST=%1 is not a local unix socket; Sandbench only uses a local engine")
                    .arg(dockerHost));
}

void DockerEngine::call(QObject *context, const QByteArray &method, const QByteArray &path,
                        const QJsonObject &body, Callback done, int timeoutMs) const
{
    const QByteArray json = QJsonDocument(body).toJson(QJsonDocument::Compact);
    auto *request = new DockerRequest(m_socketPath, method, QByteArray("/") + apiVersion + path, json,
                                      DockerRequest::Mode::Buffered,
                                      timeoutMs < 0 ? m_callTimeoutMs : timeoutMs, context);
    QObject::connect(request, &DockerRequest::finished, context, [request, done = std::move(done)] {
        request->deleteLater();
        done(request->result());
    });
    request->start();
}

void DockerEngine::call(QObject *context, const QByteArray &method, const QByteArray &path,
                        Callback done, int timeoutMs) const
{
    auto *request = new DockerRequest(m_socketPath, method, QByteArray("/") + apiVersion + path, QByteArray(),
                                      DockerRequest::Mode::Buffered,
                                      timeoutMs < 0 ? m_callTimeoutMs : timeoutMs, context);
    QObject::connect(request, &DockerRequest::finished, context, [request, done = std::move(done)] {
        request->deleteLater();
        done(request->result());
    });
    request->start();
}

DockerRequest *DockerEngine::startExec(QObject *parent, const QString &execId) const
{
    const QByteArray body = R"({"Detach":false,"Tty":false})";
    return new DockerRequest(m_socketPath, "POST",
                             QByteArray("/") + apiVersion + "/exec/" + execId.toLatin1() + "/start",
                             body, DockerRequest::Mode::Stream, m_callTimeoutMs, parent);
}

QString DockerEngine::engineMessage(const HttpResponse &response)
{
    const QJsonObject o = QJsonDocument::fromJson(response.body).object();
    const QString message = o.value(QLatin1String("message")).toString();
    return message.isEmpty() ? QString::fromUtf8(response.body.left(200)).trimmed() : message;
}

Error DockerEngine::failure(const QString &what, const HttpResponse &response)
{
    return {ErrorCode::Internal, QStringLiteral("%1: the Docker engine answered %2: %3")
                                     .arg(what)
                                     .arg(response.status)
                                     .arg(engineMessage(response))};
}

} // namespace Sandbench
