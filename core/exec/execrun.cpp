#include "execrun.h"

#include "common/startuptrace.h"

#include "exec/mounttable.h"
#include "exec/nodecodecache.h"
#include "exec/processgroup.h"
#include "exec/runsecrets.h"
#include "exec/stderrrewriter.h"
#include "net/hostmitmproxy.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>

namespace Sandbench {

namespace {

// In-memory audit events of one run; the audit file keeps every one of them.
constexpr qsizetype maxEventsInMemory = 1000000;
constexpr int brokerFailureExitCode = 87;
// What the runtime needs beyond the heap cap (code, stacks, buffers): Deno starts at ~40 MB.
constexpr qint64 runtimeAllowanceMb = 64;

} // namespace

ExecRun::ExecRun(ExecEngine *engine, const ExecRequest &request, bool warm)
    : QObject(engine) // an ended run awaiting deletion goes with its engine, folders and all
    , m_engine(engine)
    , m_request(request)
    , m_warm(warm)
    , m_stdout(request.policy.maxOutputBytes)
    , m_stderr(request.policy.maxOutputBytes)
{
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        m_timedOut = true;
        if (m_process)
            killProcessGroup(m_process);
    });
}

ExecRun::~ExecRun()
{
    // Reaping below reads what the process still had to say; a run being destroyed reacts to
    // none of it, since its engine may be half destroyed already (it owns its ended runs).
    if (m_process)
        m_process->disconnect(this);
    if (m_process && m_process->state() != QProcess::NotRunning) {
        killProcessGroup(m_process);
        m_process->waitForFinished(5000);
    }
    if (m_broker)
        m_broker->stop();
    // A preparation still going on writes nothing more; what it made goes with its result.
    m_cancel->cancel();
}

void ExecRun::start()
{
    const ExecEngineConfig config = m_engine->config();
    const ExecRequest request = m_request;
    const PrepareMode mode = m_warm ? PrepareMode::Warm : PrepareMode::Cold;
    QPointer<ExecRun> self(this);
    QThread *worker = QThread::create([self, request, config, mode, cancel = m_cancel] {
        auto result = prepareRun(request, config, mode, cancel);
        QMetaObject::invokeMethod(QCoreApplication::instance(), [self, result = std::move(result)]() mutable {
            if (self)
                self->prepared(std::move(result));
        }, Qt::QueuedConnection);
    });
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void ExecRun::stop()
{
    m_stopRequested = true;
    m_cancelled = true;
    if (m_process)
        killProcessGroup(m_process);
}

void ExecRun::prepared(Result<PreparedRun> result)
{
    if (m_warm && m_done)
        return; // discarded while it was being prepared
    if (!result) {
        failWith(result.error());
        return;
    }
    m_run = std::move(*result);
    traceStartUp("run: prepared, on the engine's thread");
    if (waiting()) {
        launch();
        return;
    }
    if (m_stopRequested) {
        ExecResult stopped;
        stopped.cancelled = true;
        finish(stopped);
        return;
    }
    launch();
}

void ExecRun::launch()
{
    if (auto limited = setUpLimits(); !limited) {
        failWith(limited.error());
        return;
    }
    traceStartUp("run: limits set up (cgroups)");
    QPointer<ExecRun> self(this);
    m_broker = std::make_unique<PermissionBroker>(PolicyMatcher(m_run.matcherSetup), [this](const AuditEvent &event) {
        // No cross-thread wake-up per decision: that would cost a context switch per check on
        // the runtime's hot path. The engine's thread collects them on a short timer instead.
        std::lock_guard lock(m_eventsMutex);
        m_pendingEvents.append(event);
    });
    m_flushTimer.setInterval(50);
    connect(&m_flushTimer, &QTimer::timeout, this, &ExecRun::flushEvents);
    m_flushTimer.start();
    if (waiting()) {
        // The audit log is opened and the start-up modules recorded when the run is handed
        // over (handOver()); until then any check is refused unaudited.
        m_broker->holdUntilArmed();
    } else {
        if (!m_run.auditLogPath.isEmpty()) {
            if (auto opened = m_broker->openAuditLog(m_run.auditLogPath); !opened) {
                failWith(opened.error());
                return;
            }
        }
        // Before the runtime starts, so these lines come first, like the reads they stand for.
        if (auto recorded = m_broker->recordMissingLayers(m_missingLayers); !recorded) {
            failWith(recorded.error());
            return;
        }
        if (auto recorded = m_broker->recordStartUpModules(m_run.startUpModules); !recorded) {
            failWith(recorded.error());
            return;
        }
    }
    traceStartUp("run: audit lines written");
    if (m_request.policy.permissions.hasAsk()) {
        // The run's own approver socket: its held checks are answered there, by this user only.
        // Without it no check could be answered, so the run does not start.
        const qint64 askTimeout = m_request.policy.askTimeoutMs.value_or(Policy::defaultAskTimeoutMs);
        m_asker = new RunAsker(QFileInfo(m_run.socketPath).dir().dirName(), askTimeout, this);
        if (auto listening = m_asker->listen(); !listening) {
            failWith(listening.error());
            return;
        }
        m_broker->setAsker(m_asker->asker(), askTimeout);
    }
    if (auto listening = m_broker->start(m_run.socketPath); !listening) {
        failWith(listening.error());
        return;
    }
    traceStartUp("run: broker listening");
    m_process = new QProcess(this);
    m_process->setProcessEnvironment(m_run.environment);
    // bwrap changes into the workdir inside its namespace (--chdir); a replay's workdir need not
    // exist on this machine at all, so bwrap itself starts in the run's private folder then.
    m_process->setWorkingDirectory(QFileInfo(m_run.workdir).isDir() || !m_run.privateDir ? m_run.workdir : m_run.privateDir->path());
    m_process->setProgram(m_run.program);
    m_process->setArguments(m_run.arguments);
    // A warm runtime's stdin is the engine's pipe: one byte hands the run over, then it is
    // closed, so the code reads the same end of input as from the null device.
    if (!m_warm)
        m_process->setStandardInputFile(QProcess::nullDevice());
    // If Sandbench itself dies, its runtime dies with it (bwrap then takes its namespace along);
    // stopped, it is ended with its process group (processgroup.h).
    const RunLimits *limits = &m_limits;
    const NodeCodeCache *codeCache = m_run.nodeCodeCache.get();
    m_process->setChildProcessModifier([limits, codeCache] {
        leadOwnProcessGroupInChild();
        limits->applyInChild();
        privateMountTableInChild();
        shareNodeCodeCacheInChild(codeCache);
    });
    connect(m_process, &QProcess::readyReadStandardOutput, this, [this] { readStream(ExecStream::Stdout); });
    connect(m_process, &QProcess::readyReadStandardError, this, [this] { readStream(ExecStream::Stderr); });
    connect(m_process, &QProcess::finished, this, &ExecRun::processFinished);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            failWith(Error::environment(QStringLiteral("cannot start %1: %2").arg(m_run.program, m_process->errorString())));
    });
    if (waiting()) {
        m_process->start();
        return;
    }
    m_clock.start();
    m_process->start();
    traceStartUp("run: runtime process started");
    if (m_run.timeoutMs)
        m_timeout.start(int(qMin<qint64>(*m_run.timeoutMs, std::numeric_limits<int>::max())));
    startWatching();
    emit m_engine->started(m_process->processId());
}

// The whole run (runtime, Workers, ArrayBuffers, children, its /tmp) shares one memory cgroup:
// the heap cap plus room for the runtime itself; and one pids cgroup. Where the machine cannot
// give one the run fails closed, naming the layer, unless the policy accepts going without it
// (then the audit log says so first: recordMissingLayers).
VoidResult ExecRun::setUpLimits()
{
    const Policy &policy = m_request.policy;
    const QString name = QFileInfo(m_run.socketPath).dir().dirName();
    if (!m_engine->config().cgroupRoot.isEmpty())
        m_limits.setCgroupRoot(m_engine->config().cgroupRoot);
    if (policy.maxMemoryMb)
        m_limits.setMemoryLimit(name, (qint64(*policy.maxMemoryMb) + runtimeAllowanceMb) * 1024 * 1024);
    if (policy.maxWorkdirMb) {
        const qint64 cap = qint64(*policy.maxWorkdirMb) * 1024 * 1024;
        // One file can never pass the cap (the kernel refuses the write); many files are
        // summed every 100 ms and the run is stopped once they pass it.
        m_limits.setFileSizeLimit(cap);
        m_workdirTimer.setInterval(100);
        connect(&m_workdirTimer, &QTimer::timeout, this, [this, cap] {
            if (RunLimits::folderBytes(m_run.workdir) > cap && m_process) {
                m_workdirExceeded = true;
                killProcessGroup(m_process);
            }
        });
    }
    // A fork bomb hits the task cap (forks fail with EAGAIN); once one was refused the run is
    // stopped, so it ends with a clear result instead of spinning until its timeout.
    m_limits.setTaskLimit(name, policy.maxTasks.value_or(Policy::defaultMaxTasks));
    if (m_limits.taskCgroupActive()) {
        m_tasksTimer.setInterval(100);
        connect(&m_tasksTimer, &QTimer::timeout, this, [this] {
            if (m_limits.tasksExceeded() && m_process) {
                m_tasksExceeded = true;
                killProcessGroup(m_process);
            }
        });
    }
    struct Need
    {
        const char *layer;
        bool missing;
        const char *what;
        const char *without;
    };
    const Need needs[] = {
        {"memory-cgroup", policy.maxMemoryMb && !m_limits.memoryCgroupActive(), "memory cgroup",
         "--max-memory would cap the JavaScript heap only"},
        {"pids-cgroup", !m_limits.taskCgroupActive(), "pids cgroup", "its processes and threads would be unbounded"},
    };
    m_missingLayers.clear();
    for (const Need &need : needs) {
        if (!need.missing)
            continue;
        const QString layer = QLatin1String(need.layer);
        if (!policy.acceptMissingLayers.contains(layer))
            return fail(ErrorCode::EnvironmentError,
                        QStringLiteral("this machine lacks the %1 layer: Sandbench cannot create a %2 for the run, so %3. "
                                       "Nothing ran. `sandbench-cli doctor` shows what this machine holds; "
                                       "--accept-missing-layer %1 (accept_missing_layers in a policy) runs without it")
                                .arg(layer, QLatin1String(need.what), QLatin1String(need.without)));
        m_missingLayers << layer;
    }
    return {};
}

void ExecRun::startWatching()
{
    if (m_request.policy.maxWorkdirMb)
        m_workdirTimer.start();
    if (m_limits.taskCgroupActive())
        m_tasksTimer.start();
}

void ExecRun::readStream(ExecStream stream)
{
    if (waiting()) {
        // Nothing of a waiting runtime is output of any run: its ready signal is read on its
        // own, stderr stays buffered until the run is handed over.
        if (stream == ExecStream::Stdout)
            readWarmSignal();
        return;
    }
    QByteArray data = stream == ExecStream::Stdout ? m_process->readAllStandardOutput()
                                                   : m_process->readAllStandardError();
    if (data.isEmpty())
        return;
    traceStartUp(stream == ExecStream::Stdout ? "run: stdout read" : "run: stderr read");
    (stream == ExecStream::Stdout ? m_stdout : m_stderr).append(data);
    if (stream == ExecStream::Stderr && !m_brokerWarningHandled) {
        // The runtime announces the broker on its first stderr line: that is ours, not the
        // code's, so live output leaves it out (the raw stderr of the result keeps it).
        static const QByteArray warning = "Warning Permission broker is an experimental feature\n";
        m_stderrHead.append(data);
        if (m_stderrHead.size() < warning.size() && warning.startsWith(m_stderrHead))
            return;
        m_brokerWarningHandled = true;
        data = m_stderrHead.startsWith(warning) ? m_stderrHead.mid(warning.size()) : m_stderrHead;
        m_stderrHead.clear();
        if (data.isEmpty())
            return;
    }
    emit m_engine->output(stream, data);
}

void ExecRun::flushEvents()
{
    QList<AuditEvent> batch;
    {
        std::lock_guard lock(m_eventsMutex);
        batch.swap(m_pendingEvents);
    }
    if (batch.isEmpty())
        return;
    for (const AuditEvent &event : std::as_const(batch))
        (event.allowed ? m_allows : m_denies)++;
    const qsizetype room = std::max<qsizetype>(0, maxEventsInMemory - m_events.size());
    m_eventsDropped += std::max<qsizetype>(0, batch.size() - room);
    m_events.append(batch.size() <= room ? batch : batch.first(room));
    emit m_engine->permissionsDecided(batch);
}

void ExecRun::processFinished()
{
    if (waiting()) {
        warmGone();
        return;
    }
    traceStartUp("run: runtime exited");
    m_timeout.stop();
    m_flushTimer.stop();
    m_workdirTimer.stop();
    m_tasksTimer.stop();
    readStream(ExecStream::Stdout);
    readStream(ExecStream::Stderr);
    // The runtime is gone, so the broker's socket is closed: join it and take its last decisions.
    // A check held for a person is withdrawn (stop() wakes it), and so is any question still
    // on its way to the approver socket.
    m_broker->stop();
    if (m_asker)
        m_asker->close();
    flushEvents();
    traceStartUp("run: broker joined");

    ExecResult result;
    result.durationMs = m_clock.elapsed();
    result.runtimeVersion = m_run.runtime.version;
    const bool stopped = m_timedOut || m_cancelled || m_workdirExceeded || m_tasksExceeded || m_process->exitStatus() != QProcess::NormalExit;
    if (!stopped)
        result.exitCode = m_process->exitCode();
    result.timedOut = m_timedOut;
    result.cancelled = m_cancelled && !m_timedOut;
    result.stdoutData = m_stdout.result();
    result.rawStderr = m_stderr.result();
    result.memoryExceeded = m_limits.memoryExceeded()
            || (result.rawStderr.contains("out of memory")
                && (result.exitCode == 133 || result.rawStderr.contains("Fatal JavaScript")));
    if (result.memoryExceeded && result.exitCode && *result.exitCode != 0)
        result.exitCode.reset(); // killed for its memory: stopped, not exited
    result.workdirExceeded = m_workdirExceeded;
    result.tasksExceeded = m_tasksExceeded || m_limits.tasksExceeded();
    QByteArray rewritten = rewriteStderr(result.rawStderr, m_run.workdir, m_run.hiddenEntryName,
                                        m_request.policy.allowPackages);
    if (result.memoryExceeded)
        rewritten.append("\nThe run exceeded its memory limit of " + QByteArray::number(m_request.policy.maxMemoryMb.value_or(0)) + " MB.\n");
    if (result.workdirExceeded)
        rewritten.append("\nThe run was stopped: its workdir grew past its limit of " + QByteArray::number(m_request.policy.maxWorkdirMb.value_or(0)) + " MB.\n");
    if (result.tasksExceeded)
        rewritten.append("\nThe run was stopped: it reached its limit of " + QByteArray::number(m_request.policy.maxTasks.value_or(Policy::defaultMaxTasks)) + " processes and threads.\n");
    if (result.timedOut)
        rewritten.append("\nThe run was stopped after its timeout of " + QByteArray::number(m_run.timeoutMs.value_or(0)) + " ms.\n");
    result.stderrData = rewritten;
    result.stdoutTotalBytes = m_stdout.totalBytes();
    result.stderrTotalBytes = m_stderr.totalBytes();
    result.truncated = m_stdout.truncated() || m_stderr.truncated();
    result.auditEvents = m_events;
    result.auditEventsDropped = m_eventsDropped;
    result.allowCount = m_allows;
    result.denyCount = m_denies;
    if (const RunSecrets *secrets = m_run.secrets.get()) {
        // The runtime is gone: end its proxy, so every exchange it answered is in its lines.
        result.trafficCaptured = secrets->proxy && secrets->capture != TrafficCapture::Off;
        result.trafficNotCaptured = secrets->captureSkipped;
        if (result.trafficCaptured)
            result.trafficLines = secrets->proxy->finishTraffic(&result.trafficLinesDropped);
        for (const EgressSecret &s : secrets->secrets)
            result.secretPlaceholders.insert(s.name, s.placeholder);
    }

    const QString brokerFailure = m_broker->failure();
    if (!brokerFailure.isEmpty()) {
        failWith(Error::environment(QStringLiteral("permission broker failed, the run was stopped: %1").arg(brokerFailure)));
        return;
    }
    if (result.exitCode == brokerFailureExitCode && result.rawStderr.contains("permission broker")) {
        failWith(Error::environment(QStringLiteral("the runtime lost its permission broker: %1")
                                            .arg(QString::fromUtf8(result.rawStderr).trimmed())));
        return;
    }
    if (!m_broker->connected() && result.exitCode && *result.exitCode != 0 && result.rawStderr.isEmpty()) {
        failWith(Error::environment(QStringLiteral("the runtime exited with %1 before it started").arg(*result.exitCode)));
        return;
    }
    finish(result);
}

void ExecRun::finish(ExecResult result)
{
    if (m_done)
        return;
    m_done = true;
    traceStartUp("run: result made");
    emit m_engine->finished(result);
}

void ExecRun::failWith(const Error &error)
{
    if (waiting()) {
        warmGone(); // nobody asked for this run: the next one starts cold
        return;
    }
    if (m_done)
        return;
    m_done = true;
    m_timeout.stop();
    if (m_process && m_process->state() != QProcess::NotRunning)
        killProcessGroup(m_process);
    if (m_asker)
        m_asker->close(); // what the run held is withdrawn; the broker's thread is told so
    emit m_engine->failed(error);
}

} // namespace Sandbench
