#include "sandboxsessionrecorder.h"

#include "sandbox/sandbox.h"
#include "sandbox/sandboxprovider.h"

#include <QDateTime>

namespace Sandbench {

namespace {

// A desktop call on a sandbox without a desktop: failed like the Desktop API fails a bad
// argument, so the caller handles it like any other failed call.
template<typename T>
Operation<T> *withoutDesktop(Sandbox *sandbox, QObject *parent)
{
    auto *op = new Operation<T>(parent);
    op->fail(ErrorCode::InvalidInput, QStringLiteral("the sandbox's image %1 has no desktop").arg(sandbox->image()));
    return op;
}

} // namespace

SandboxSessionRecorder::SandboxSessionRecorder(Sandbox *sandbox, QObject *parent)
    : QObject(parent)
    , m_sandbox(sandbox)
    , m_sandboxEnv(sandbox->options().env)
{
    m_session.applicationVersion = QStringLiteral(SANDBENCH_VERSION);
    m_session.recordedAtMs = QDateTime::currentMSecsSinceEpoch();
    m_session.image = sandbox->image();
    // The pool pinned the digest at create (SandboxPool::create), so this is what it held.
    m_session.snapshot = sandbox->options().snapshot;
    m_session.snapshotDigest = sandbox->options().snapshotDigest;
    m_session.network = sandbox->options().network.kind;
    m_session.envNames = m_sandboxEnv.keys();
}

void SandboxSessionRecorder::setRecordEnvValues(bool record)
{
    m_session.envValuesRecorded = record;
    m_session.envValues = record ? m_sandboxEnv : QMap<QString, QString>();
    if (!record) {
        for (SandboxStep &step : m_session.steps) {
            if (auto *exec = step.as<SandboxExecStep>())
                exec->envValues.clear();
        }
    }
}

void SandboxSessionRecorder::recordTraffic(const TrafficRedaction &redaction)
{
    SandboxBackend *backend = m_sandbox ? m_sandbox->backend() : nullptr;
    if (!backend || m_session.trafficRecorded)
        return;
    m_session.trafficRecorded = true;
    m_redaction = redaction;
    connect(backend, &SandboxBackend::trafficRecorded, this, [this](const QByteArray &line) {
        if (auto ok = m_session.traffic.addProxyLine(line, m_redaction, *m_session.payloads, m_session.recordedAtMs); !ok && m_trafficErrors.size() < 10)
            m_trafficErrors << ok.error().message;
    });
}

qsizetype SandboxSessionRecorder::addStep(SandboxStepCall call)
{
    m_session.steps.append(SandboxStep{std::move(call), {}});
    return m_session.steps.size() - 1;
}

void SandboxSessionRecorder::noteError(qsizetype index, const std::optional<Error> &error)
{
    if (error)
        m_session.steps[index].outcome.setError(*error);
}

ExecJob *SandboxSessionRecorder::exec(const QStringList &argv, const ExecOptions &options, CancelToken *cancel)
{
    SandboxExecStep step;
    step.argv = argv;
    step.cwd = options.cwd;
    step.envNames = options.env.keys();
    if (m_session.envValuesRecorded)
        step.envValues = options.env;
    if (options.stdinData)
        step.stdinData = m_session.addPayload(*options.stdinData);
    step.timeoutMs = options.timeoutMs;
    const qsizetype index = addStep(step);
    ExecJob *job = m_sandbox->exec(argv, options, cancel);
    // Connected before the caller can connect: the result is read before a waitFor() takes it.
    connect(job, &SandboxOperation::finished, this, [this, job, index] {
        const Result<SandboxExecResult> &r = job->result();
        if (!r) {
            noteError(index, r.error());
            return;
        }
        auto &s = *m_session.steps[index].as<SandboxExecStep>();
        s.exitCode = r->exitCode;
        s.stdoutData = m_session.addPayload(r->stdoutData);
        s.stderrData = m_session.addPayload(r->stderrData);
        s.timedOut = r->timedOut;
        s.truncated = r->truncated;
        s.durationMs = r->durationMs;
    });
    return job;
}

VoidOperation *SandboxSessionRecorder::writeFile(const QString &path, const QByteArray &data)
{
    const qsizetype index = addStep(SandboxWriteStep{path, m_session.addPayload(data)});
    VoidOperation *op = m_sandbox->writeFile(path, data);
    connect(op, &SandboxOperation::finished, this, [this, op, index] { noteError(index, op->error()); });
    return op;
}

Operation<QByteArray> *SandboxSessionRecorder::screenshot()
{
    const qsizetype index = addStep(SandboxScreenshotStep{});
    Desktop *desktop = m_sandbox->desktop();
    Operation<QByteArray> *op = desktop ? desktop->screenshot() : withoutDesktop<QByteArray>(m_sandbox, this);
    connect(op, &SandboxOperation::finished, this, [this, op, index] {
        if (const Result<QByteArray> &r = op->result(); r)
            m_session.steps[index].as<SandboxScreenshotStep>()->png = m_session.addPayload(*r);
        noteError(index, op->error());
    });
    return op;
}

VoidOperation *SandboxSessionRecorder::input(const SandboxInputStep &step)
{
    const qsizetype index = addStep(step);
    Desktop *desktop = m_sandbox->desktop();
    VoidOperation *op = desktop ? sendInput(desktop, step) : withoutDesktop<void>(m_sandbox, this);
    connect(op, &SandboxOperation::finished, this, [this, op, index] { noteError(index, op->error()); });
    return op;
}

VoidOperation *SandboxSessionRecorder::click(int x, int y, MouseButton button, int count)
{
    SandboxInputStep step;
    step.action = SandboxInputStep::Action::Click;
    step.x = x;
    step.y = y;
    step.button = button;
    step.count = count;
    return input(step);
}

VoidOperation *SandboxSessionRecorder::move(int x, int y)
{
    SandboxInputStep step;
    step.action = SandboxInputStep::Action::Move;
    step.x = x;
    step.y = y;
    return input(step);
}

VoidOperation *SandboxSessionRecorder::scroll(int x, int y, int dx, int dy)
{
    SandboxInputStep step;
    step.action = SandboxInputStep::Action::Scroll;
    step.x = x;
    step.y = y;
    step.dx = dx;
    step.dy = dy;
    return input(step);
}

VoidOperation *SandboxSessionRecorder::type(const QString &text)
{
    SandboxInputStep step;
    step.action = SandboxInputStep::Action::Type;
    step.text = text;
    return input(step);
}

VoidOperation *SandboxSessionRecorder::key(const QString &combo)
{
    SandboxInputStep step;
    step.action = SandboxInputStep::Action::Key;
    step.text = combo;
    return input(step);
}

VoidOperation *sendInput(Desktop *desktop, const SandboxInputStep &step)
{
    switch (step.action) {
    case SandboxInputStep::Action::Click: return desktop->click(step.x, step.y, step.button, step.count);
    case SandboxInputStep::Action::Move: return desktop->move(step.x, step.y);
    case SandboxInputStep::Action::Scroll: return desktop->scroll(step.x, step.y, step.dx, step.dy);
    case SandboxInputStep::Action::Type: return desktop->type(step.text);
    case SandboxInputStep::Action::Key: return desktop->key(step.text);
    }
    Q_UNREACHABLE();
    return nullptr;
}

} // namespace Sandbench
