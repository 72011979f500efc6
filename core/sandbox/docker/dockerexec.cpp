#include "dockerexec.h"

#include "sandbox/docker/dockerbackend.h"
#include "sandbox/docker/dockerengine.h"
#include "sandbox/sandboxscripts.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Sandbench {

namespace {

// After a kill, how long the stream may take to end before the job finishes anyway; and how
// long a stop may take at all when the kill itself gets no answer (a dead engine).
constexpr int streamEndAfterKillMs = 3000;
constexpr int stopLimitMs = 15000;

} // namespace

DockerExecRunner::DockerExecRunner(DockerBackend *backend, const DockerEngine *engine,
                                   const QString &containerId, const QStringList &argv,
                                   const BackendExecRequest &request, const QString &tag, ExecJob *job,
                                   bool killable)
    : QObject(job)
    , m_backend(backend)
    , m_engine(engine)
    , m_containerId(containerId)
    , m_argv(argv)
    , m_request(request)
    , m_job(job)
    , m_killable(killable)
    , m_tag(tag)
{
    m_timeout.setSingleShot(true);
    m_timeout.setTimerType(Qt::PreciseTimer);
    connect(&m_timeout, &QTimer::timeout, this, [this] { stop(Stop::TimedOut); });
    m_stopGrace.setSingleShot(true);
    connect(&m_stopGrace, &QTimer::timeout, this, &DockerExecRunner::finishStopped);
    job->setCanceller([this] { stop(Stop::Cancelled); });
    if (m_request.interactive) {
        connect(job, &ExecJob::inputWritten, this, [this](const QByteArray &data) {
            if (m_inputClosed)
                return;
            if (m_inputOpen && m_stream)
                m_stream->write(data);
            else
                m_pendingInput += data;
        });
        connect(job, &ExecJob::inputClosed, this, [this] {
            if (m_inputClosed)
                return;
            m_inputClosed = true;
            if (m_inputOpen && m_stream)
                m_stream->closeWrite();
        });
    }
}

DockerExecRunner::~DockerExecRunner()
{
    // The job was deleted while its command ran: the command must not outlive it. The
    // connection stays open until the kill is done: closed first, the command would see its
    // input end, could exit before the kill looks for it, and its subreaper (which ends with the
    // command) with it, leaving whatever it started below the container's init, where no kill by
    // tag finds it. A server that lives until its client goes (x11vnc) did exactly that.
    if (!m_done && m_stream && m_killable && m_backend) {
        QPointer<DockerRequest> stream(m_stream);
        m_stream->disconnect(this);
        m_stream->setParent(m_backend);
        m_backend->killTagged(m_tag)->then(m_backend, [stream](const Result<SandboxExecResult> &) {
            if (stream) {
                if (!stream->isFinished())
                    stream->abort();
                stream->deleteLater();
            }
        });
    }
}

QJsonArray DockerExecRunner::execEnv() const
{
    QJsonArray env{QString(QLatin1String(SandboxScripts::execTagVariable) + QLatin1Char('=') + m_tag)};
    if (m_request.asRoot) {
        // What the image's env says about where programs and libraries come from is the
        // user's to follow, never root's (see SandboxScripts::rootPath).
        env << QStringLiteral("PATH=") + QLatin1String(SandboxScripts::rootPath)
            << QStringLiteral("LD_PRELOAD=") << QStringLiteral("LD_LIBRARY_PATH=") << QStringLiteral("LD_AUDIT=");
    }
    return env;
}

void DockerExecRunner::start()
{
    m_clock.start();
    m_timeout.start(int(std::min<qint64>(m_request.timeoutMs, std::numeric_limits<int>::max())));
    QJsonObject body{
        {QStringLiteral("AttachStdin"), true},
        {QStringLiteral("AttachStdout"), true},
        {QStringLiteral("AttachStderr"), true},
        {QStringLiteral("Tty"), false},
        // Always root: the engine's start-up process (runc init) then stays root's until it
        // runs sandbench-inside, so the sandbox's user can never stop it and hang the engine.
        // sandbench-inside then narrows the capabilities to the step's (wrapCommand).
        {QStringLiteral("User"), QStringLiteral("0:0")},
        {QStringLiteral("Env"), execEnv()},
        {QStringLiteral("Cmd"), QJsonArray::fromStringList(m_argv)},
    };
    m_engine->call(this, "POST", "/containers/" + m_containerId.toLatin1() + "/exec", body,
                   [this](const Result<HttpResponse> &r) {
                       if (!r)
                           return finishError(r.error());
                       if (r->status == 404 || r->status == 409)
                           return finishError(refusal(*r));
                       if (r->status != 201)
                           return finishError(DockerEngine::failure(QStringLiteral("exec"), *r));
                       onCreated(QJsonDocument::fromJson(r->body).object().value(QLatin1String("Id")).toString());
                   });
}

Error DockerExecRunner::refusal(const HttpResponse &response) const
{
    // A paused container refuses execs with 409 too, but it is there, frozen with its keeper:
    // taken for gone it would be forgotten, and nothing would end it at its deadline.
    if (response.status == 409 && DockerEngine::engineMessage(response).contains(QLatin1String("paused"), Qt::CaseInsensitive))
        return {ErrorCode::InvalidInput, QStringLiteral("sandbox %1 is paused; resume it first").arg(m_containerId)};
    return {ErrorCode::Gone, QStringLiteral("the sandbox is gone")};
}

void DockerExecRunner::onCreated(const QString &execId)
{
    if (m_done)
        return;
    if (m_stop != Stop::None)
        return finishStopped(); // never started: nothing to kill
    m_execId = execId;
    m_stream = m_engine->startExec(this, execId);
    connect(m_stream, &DockerRequest::headersReceived, this, [this] {
        if (m_request.stdinData)
            m_stream->write(*m_request.stdinData);
        if (!m_request.interactive || m_inputClosed) {
            if (!m_pendingInput.isEmpty())
                m_stream->write(std::exchange(m_pendingInput, {}));
            m_stream->closeWrite();
            return;
        }
        m_inputOpen = true;
        if (!m_pendingInput.isEmpty())
            m_stream->write(std::exchange(m_pendingInput, {}));
    });
    connect(m_stream, &DockerRequest::streamData, this, &DockerExecRunner::onStreamData);
    connect(m_stream, &DockerRequest::finished, this, [this] {
        const auto &r = m_stream->result();
        if (r && (r->status == 404 || r->status == 409))
            return finishError(refusal(*r));
        if (r && r->status != 101 && r->status != 200)
            return finishError(DockerEngine::failure(QStringLiteral("exec start"), *r));
        if (!r && r.error().code != ErrorCode::Cancelled && m_stop == Stop::None)
            return finishError(r.error());
        onStreamEnded();
    });
    m_stream->start();
}

void DockerExecRunner::onStreamData(const QByteArray &data)
{
    if (m_done)
        return;
    const auto frames = m_demux.feed(data);
    if (!frames) {
        // The stream can no longer be trusted to say where output ends: stop reading it
        // and fail the command rather than show or drop bytes on a guess.
        // The command may still run, so its tree is killed as on a timeout.
        if (m_killable && m_backend)
            m_backend->killTagged(m_tag)->setParent(this);
        m_done = true;
        m_timeout.stop();
        m_stopGrace.stop();
        if (m_stream && !m_stream->isFinished())
            m_stream->abort();
        m_job->finish(std::unexpected(frames.error()));
        return;
    }
    for (const auto &frame : *frames)
        append(frame.stream, frame.payload);
}

void DockerExecRunner::append(SandboxStream stream, const QByteArray &payload)
{
    if (m_request.interactive) {
        // A stream's bytes belong to its reader, which bounds what it keeps.
        if (!payload.isEmpty())
            emit m_job->output(stream, payload);
        return;
    }
    QByteArray &target = stream == SandboxStream::Stdout ? m_result.stdoutData : m_result.stderrData;
    const qsizetype room = std::max<qsizetype>(0, m_request.maxOutputBytes - target.size());
    if (payload.size() > room)
        m_result.truncated = true;
    const QByteArray kept = payload.size() > room ? payload.left(room) : payload;
    if (kept.isEmpty())
        return;
    target += kept;
    emit m_job->output(stream, kept);
}

void DockerExecRunner::onStreamEnded()
{
    if (m_done)
        return;
    m_streamEnded = true;
    if (m_stop != Stop::None) {
        if (m_killDone || !m_killable)
            finishStopped();
        return;
    }
    m_timeout.stop();
    inspect(0);
}

void DockerExecRunner::inspect(int attempt)
{
    m_engine->call(this, "GET", "/exec/" + m_execId.toLatin1() + "/json",
                   [this, attempt](const Result<HttpResponse> &r) {
        if (!r)
            return finishError({ErrorCode::EnvironmentError,
                                QStringLiteral("the command's end could not be read: %1").arg(r.error().message)});
        if (r->status == 404)
            return finishError({ErrorCode::Gone, QStringLiteral("the sandbox is gone")});
        if (r->status != 200)
            return finishError(DockerEngine::failure(QStringLiteral("exec inspect"), *r));
        const QJsonObject o = QJsonDocument::fromJson(r->body).object();
        if (o.value(QLatin1String("Running")).toBool() && attempt < 100) {
            // The stream can end a moment before the engine records the exit.
            QTimer::singleShot(10, this, [this, attempt] { inspect(attempt + 1); });
            return;
        }
        m_done = true;
        m_result.exitCode = o.value(QLatin1String("ExitCode")).toInt();
        m_result.durationMs = m_clock.elapsed();
        m_job->finish(m_result);
    });
}

void DockerExecRunner::stop(Stop why)
{
    if (m_done || m_stop != Stop::None)
        return;
    m_stop = why;
    m_timeout.stop();
    if (!m_stream)
        return; // the exec is being created: onCreated sees m_stop and never starts it
    m_stopGrace.start(stopLimitMs);
    if (!m_killable || !m_backend) {
        m_killDone = true;
        m_stopGrace.start(streamEndAfterKillMs);
        return;
    }
    ExecJob *kill = m_backend->killTagged(m_tag);
    kill->setParent(this);
    kill->then(this, [this](const Result<SandboxExecResult> &) {
        m_killDone = true;
        if (m_streamEnded)
            finishStopped();
        else
            m_stopGrace.start(streamEndAfterKillMs);
    });
}

void DockerExecRunner::finishStopped()
{
    if (m_done)
        return;
    m_done = true;
    if (m_stream && !m_stream->isFinished())
        m_stream->abort();
    if (m_stop == Stop::Cancelled) {
        m_job->fail(ErrorCode::Cancelled, QStringLiteral("the command was cancelled"));
        return;
    }
    m_result.timedOut = true;
    m_result.exitCode.reset();
    m_result.durationMs = m_clock.elapsed();
    m_job->finish(m_result);
}

void DockerExecRunner::finishError(const Error &error)
{
    if (m_done)
        return;
    if (m_stop != Stop::None && error.code != ErrorCode::Gone)
        return finishStopped();
    m_done = true;
    m_timeout.stop();
    m_stopGrace.stop();
    m_job->finish(std::unexpected(error));
}

} // namespace Sandbench
