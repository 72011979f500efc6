#pragma once

#include "sandbox/sandboxoperation.h"
#include "sandbox/sandboxtypes.h"
#include "sandbox/docker/dockerhttp.h"
#include "sandbox/docker/dockerstreamdecoder.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QObject>
#include <QPointer>
#include <QTimer>

namespace Sandbench {

class DockerBackend;
class DockerEngine;
class DockerRequest;

// Drives one command through the Engine API: create the exec, start it on a hijacked
// connection, send stdin and half-close, demultiplex the 8-byte-header stream into stdout and
// stderr (capped; DockerStreamDecoder: a malformed stream fails the command), then read the
// exit code. The API cannot kill an exec, so every command runs under a subreaper of its own
// whose command line holds SANDBENCH_EXEC=<tag>; a timeout or cancel kills that subreaper's whole
// tree from a second exec, as root (SandboxScripts::killTagged), which finds setsid'd and
// env-cleared descendants too. Lives as a child of its job.
class DockerExecRunner : public QObject
{
    Q_OBJECT
public:
    DockerExecRunner(DockerBackend *backend, const DockerEngine *engine, const QString &containerId,
                     const QStringList &argv, const BackendExecRequest &request, const QString &tag,
                     ExecJob *job, bool killable);
    ~DockerExecRunner() override;

    void start();

private:
    enum class Stop { None, TimedOut, Cancelled };

    // The exec's Env: its tag, and for root's steps a PATH of system folders and no loader
    // variables from the image.
    QJsonArray execEnv() const;
    void onCreated(const QString &execId);
    // What an engine 404/409 means: gone, or (409) a paused container, which is not.
    Error refusal(const HttpResponse &response) const;
    void onStreamData(const QByteArray &data);
    void onStreamEnded();
    void inspect(int attempt);
    void stop(Stop why);
    void finishStopped();
    void finishError(const Error &error);
    void append(SandboxStream stream, const QByteArray &payload);

    QPointer<DockerBackend> m_backend;
    const DockerEngine *m_engine;
    QString m_containerId;
    QStringList m_argv;
    BackendExecRequest m_request;
    ExecJob *m_job;
    bool m_killable;
    QString m_tag;
    QString m_execId;
    DockerRequest *m_stream = nullptr;
    DockerStreamDecoder m_demux;
    SandboxExecResult m_result;
    QElapsedTimer m_clock;
    QTimer m_timeout;
    QTimer m_stopGrace;
    Stop m_stop = Stop::None;
    bool m_streamEnded = false;
    bool m_killDone = false;
    bool m_done = false;
    // An interactive command's input: written once the exec has started, until closed.
    QByteArray m_pendingInput;
    bool m_inputOpen = false;
    bool m_inputClosed = false;
};

} // namespace Sandbench
