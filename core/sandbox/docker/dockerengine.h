#pragma once

#include "common/result.h"
#include "sandbox/docker/dockerhttp.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>

namespace Sandbench {

// Where the engine is and how to call it. Only a local engine (a unix socket) is accepted:
// Sandbench hands the engine whole machines to lock down, and a remote engine would put them
// (and the files written into them) on another host.
class DockerEngine
{
public:
    static constexpr char apiVersion[] = "v1.41";

    // From DOCKER_HOST (unix:// only), else /var/run/docker.sock. tcp://, ssh:// and the rest
    // fail with InvalidConfig.
    static Result<QString> socketFromEnvironment();
    static Result<QString> socketFromHost(const QString &dockerHost);

    explicit DockerEngine(QString socketPath, int callTimeoutMs = 120'000)
        : m_socketPath(std::move(socketPath))
        , m_callTimeoutMs(callTimeoutMs)
    {
    }

    QString socketPath() const { return m_socketPath; }
    int callTimeoutMs() const { return m_callTimeoutMs; }

    using Callback = std::function<void(const Result<HttpResponse> &)>;
    // Runs one API call (path without the version prefix); done runs unless context died first.
    void call(QObject *context, const QByteArray &method, const QByteArray &path,
              const QJsonObject &body, Callback done, int timeoutMs = -1) const;
    void call(QObject *context, const QByteArray &method, const QByteArray &path, Callback done,
              int timeoutMs = -1) const;
    // A hijacked exec start; the caller drives the returned request.
    DockerRequest *startExec(QObject *parent, const QString &execId) const;

    // The engine's own words for a failed call ({"message": ...}), for messages.
    static QString engineMessage(const HttpResponse &response);
    // A failed call as an Error: what we were doing plus the engine's status and message.
    static Error failure(const QString &what, const HttpResponse &response);

private:
    QString m_socketPath;
    int m_callTimeoutMs;
};

} // namespace Sandbench
