#include "workbench.h"

#include "approvals/approvalbroker.h"
#include "approvals/approvalwatcher.h"
#include "common/background.h"
#include "common/terminaltext.h"
#include "doctor/doctor.h"
#include "exec/execengine.h"
#include "exec/runsecrets.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandboxpool.h"
#include "sandbox/sandboxprovider.h"
#include "sandbox/sandboxsecret.h"
#include "sandbox/sandboxvalidation.h"
#include "workbench/runhistory.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QRegularExpression>
#include <QStandardPaths>

namespace Sandbench {

Workbench::Workbench(WorkbenchOptions options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , m_engine(new ExecEngine(this))
    , m_history(new RunHistory(this))
{
    m_engine->setConfig(m_options.engine);
    connect(m_history, &RunHistory::cleared, this, [this] {
        if (m_shownRow < 0)
            return;
        m_shownRow = -1;
        emit shownRunChanged(-1);
    });
    connect(m_engine, &ExecEngine::output, this, [this](ExecStream stream, const QByteArray &data) {
        m_history->appendOutput(m_currentRow, stream, data);
        emit output(stream, data);
    });
    connect(m_engine, &ExecEngine::started, this, &Workbench::runtimeStarted);
    connect(m_engine, &ExecEngine::permissionsDecided, this, &Workbench::permissionsDecided);
    connect(m_engine, &ExecEngine::finished, this, [this](const ExecResult &result) {
        const int row = m_currentRow;
        m_currentRow = -1;
        m_history->finishRun(row, result);
        // Before the signal, so that whoever hears it already sees the session in progress.
        finishSession(row, result);
        emit runFinished(row, result);
    });
    connect(m_engine, &ExecEngine::failed, this, [this](const Error &error) {
        const int row = m_currentRow;
        m_currentRow = -1;
        m_history->failRun(row, error);
        if (m_recorder) {
            m_recorder.reset();
            m_history->setSessionError(row, tr("the run did not start, so there is nothing to replay"));
        }
        emit runFailed(row, error);
    });
}

Workbench::~Workbench()
{
    // The engine stops its run as it goes; nothing of that may reach a half-destroyed Workbench.
    disconnect(m_engine, nullptr, this, nullptr);
}

void Workbench::setEngineConfig(const ExecEngineConfig &config)
{
    m_options.engine = config;
    m_engine->setConfig(config);
}

void Workbench::setRecording(bool recordSessions, const ExecSessionRecordOptions &options)
{
    m_options.recordSessions = recordSessions;
    m_options.record = options;
}

void Workbench::setWarmTemplate(const ExecRequest &request)
{
    m_engine->setWarmTemplate(request);
}

void Workbench::clearWarmTemplateIn(const QString &workdir)
{
    if (const auto templ = m_engine->warmTemplate(); templ && templ->policy.workdir == workdir)
        m_engine->clearWarmTemplate();
}

bool Workbench::hasWarmRuntime() const
{
    return m_engine->hasWarmRuntime();
}

bool Workbench::lastRunWasWarm() const
{
    return m_engine->lastStartWasWarm();
}

QString Workbench::defaultSessionsFolder()
{
    // Read here alone, so the agent server and the window's Live list agree on it.
    const QString chosen = qEnvironmentVariable("SANDBENCH_SESSIONS_DIR");
    if (!chosen.isEmpty())
        return chosen;
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/sandbench/sessions");
}

Result<QStringList> Workbench::checkAllowList(const QStringList &entries)
{
    return SandboxValidation::checkAllowList(entries);
}

namespace {

// The window's secrets field, parsed: values from this process's environment, or from regular
// files when `files` is Read (a background thread's work: the window's thread never reads one).
// Deferred checks everything but a file's content, which stands in as a valid value.
Result<QList<SandboxSecret>> parseSecretSpecs(const QString &text, SandboxSecrets::HostScope scope, Workbench::SecretFiles files)
{
    const auto fromEnvironment = [](const QString &name) -> std::optional<QByteArray> {
        if (!qEnvironmentVariableIsSet(name.toLocal8Bit().constData()))
            return std::nullopt;
        return qgetenv(name.toLocal8Bit().constData());
    };
    const auto fromFile = [files](const QString &path) -> Result<QByteArray> {
        if (files == Workbench::SecretFiles::Read)
            return SandboxSecrets::readRegularValueFile(path);
        if (!QDir::isAbsolutePath(path))
            return fail(ErrorCode::InvalidInput, QStringLiteral("the file %1 is not an absolute path").arg(visibleText(path)));
        return QByteArrayLiteral("read when confirmed");
    };
    QList<SandboxSecret> secrets;
    const QStringList specs = text.split(QRegularExpression(QStringLiteral("[;\\n]")), Qt::SkipEmptyParts);
    for (const QString &raw : specs) {
        const QString spec = raw.trimmed();
        if (spec.isEmpty())
            continue;
        auto secret = SandboxSecrets::parseSpec(spec, fromEnvironment, fromFile, scope);
        if (!secret)
            return std::unexpected(secret.error());
        secrets << *secret;
    }
    return secrets;
}

} // namespace

Result<QList<SandboxSecret>> Workbench::parseSecrets(const QString &text, const QStringList &allowEntries,
                                                     const QMap<QString, QString> &env, SecretFiles files)
{
    auto secrets = parseSecretSpecs(text, SandboxSecrets::HostScope::Sandbox, files);
    if (!secrets)
        return secrets;
    if (auto checked = SandboxValidation::checkSecretsFor(*secrets, env, allowEntries); !checked)
        return std::unexpected(checked.error());
    return secrets;
}

bool Workbench::secretsReadFiles(const QString &text)
{
    return text.contains(QLatin1String("=file:"));
}

Result<QList<SandboxSecret>> Workbench::parseRunSecrets(const QString &text, SecretFiles files, const QStringList &policyVariables)
{
    auto secrets = parseSecretSpecs(text, SandboxSecrets::HostScope::ThisMachine, files);
    if (!secrets)
        return secrets;
    // Checked again when a run starts (checkRunSecrets): the policy can change in between.
    QMap<QString, QString> variables;
    for (const QString &name : policyVariables)
        variables.insert(name, QString());
    if (auto checked = SandboxSecrets::checkAll(*secrets, variables, SandboxSecrets::HostScope::ThisMachine); !checked)
        return std::unexpected(checked.error());
    if (auto names = checkRuntimeSecretNames(*secrets); !names)
        return std::unexpected(names.error());
    return secrets;
}

bool Workbench::showRun(int row)
{
    if (row < 0 || row >= m_history->size() || (m_currentRow >= 0 && row != m_currentRow))
        return false;
    if (row != m_shownRow) {
        m_shownRow = row;
        emit shownRunChanged(row);
    }
    return true;
}

bool Workbench::isRunning() const
{
    return m_engine->isRunning() || m_currentRow >= 0;
}

bool Workbench::startRun(ExecRequest request, const QString &title)
{
    if (isRunning())
        return false;
    RunRecord record;
    record.startedMs = QDateTime::currentMSecsSinceEpoch();
    record.title = title;
    record.code = request.code;
    record.policy = request.policy;
    for (const SandboxSecret &secret : std::as_const(request.secrets))
        record.secrets << RunRecord::SecretName{secret.name, secret.hosts};
    m_currentRow = m_history->addRun(record);
    m_shownRow = m_currentRow;
    if (request.auditLogPath.isEmpty() && !m_options.auditFolder.isEmpty()) {
        QDir().mkpath(m_options.auditFolder);
        // The pid and the run's number keep two windows, and two runs in one second, apart.
        request.auditLogPath = m_options.auditFolder
                               + QStringLiteral("/run-%1-%2-%3.jsonl")
                                     .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")))
                                     .arg(QCoreApplication::applicationPid())
                                     .arg(m_history->run(m_currentRow).number);
    }
    m_clock.start();
    m_stopRequested = false;
    emit runStarted(m_currentRow, request.auditLogPath);
    emit shownRunChanged(m_shownRow);
    if (!m_options.recordSessions) {
        launch(request);
        return true;
    }
    // A recorded run's HTTP(S) goes through its own proxy, which records it (ExecTraffic).
    request.traffic = TrafficCapture::Record;
    // The snapshot must be taken before the code can change its workdir, so the run waits for it.
    m_history->setSessionPending(m_currentRow);
    m_preparing = true;
    const int row = m_currentRow;
    runInBackground(this, [request, config = m_options.engine, options = m_options.record] {
        return ExecSessionRecorder::begin(request, config, options);
    }, [this, row, request](const Result<ExecSessionRecorder> &recorder) {
        m_preparing = false;
        if (recorder) {
            m_recorder = *recorder;
        } else {
            const QString why = tr("not recorded: %1").arg(recorder.error().message);
            m_history->setSessionError(row, why);
            emit sessionFailed(row, recorder.error().message);
        }
        if (m_stopRequested) {
            m_recorder.reset();
            const Error stopped{ErrorCode::Cancelled, tr("stopped before it started")};
            m_currentRow = -1;
            m_history->failRun(row, stopped);
            m_history->setSessionError(row, stopped.message);
            emit runFailed(row, stopped);
            return;
        }
        launch(request);
    });
    return true;
}

void Workbench::launch(const ExecRequest &request)
{
    // start() may report failed() before it returns; the handlers above cope with that.
    m_engine->start(request);
}

void Workbench::finishSession(int row, const ExecResult &result)
{
    if (!m_recorder)
        return;
    ++m_sessionsInProgress;
    runInBackground(this, [recorder = *m_recorder, result]() mutable { return recorder.finish(result); },
                    [this, row](const Result<ExecSession> &bundle) {
        --m_sessionsInProgress;
        if (bundle) {
            m_history->setSession(row, std::make_shared<const ExecSession>(*bundle));
            emit sessionReady(row);
        } else {
            m_history->setSessionError(row, tr("not recorded: %1").arg(bundle.error().message));
            emit sessionFailed(row, bundle.error().message);
        }
    });
    m_recorder.reset();
}

void Workbench::stopRun()
{
    if (m_preparing)
        m_stopRequested = true;
    if (m_engine->isRunning())
        m_engine->stop();
}

Result<ApprovalBroker *> Workbench::startApprovals(const QString &name)
{
    if (m_approvals)
        return m_approvals;
    auto broker = std::make_unique<ApprovalBroker>(this);
    if (auto ok = broker->listen(name); !ok)
        return std::unexpected(ok.error());
    m_approvals = broker.release();
    return m_approvals;
}

ApprovalWatcher *Workbench::approvalWatcher()
{
    if (!m_approvalWatcher)
        m_approvalWatcher = new ApprovalWatcher(this);
    return m_approvalWatcher;
}

Result<SandboxPool *> Workbench::sandboxPool()
{
    if (m_pool)
        return m_pool.get();
    if (m_poolError)
        return std::unexpected(*m_poolError);
    if (!m_options.sandboxProviders) {
        m_poolError = Error{ErrorCode::InvalidConfig, tr("no sandbox engine is configured")};
        return std::unexpected(*m_poolError);
    }
    // Opening only checks the options and starts reaping orphans: a missing engine shows up as
    // failed operations, never as a wait here.
    auto provider = m_options.sandboxProviders();
    if (!provider) {
        m_poolError = provider.error();
        return std::unexpected(*m_poolError);
    }
    auto pool = SandboxPool::open(std::move(*provider), m_options.pool);
    if (!pool) {
        m_poolError = pool.error();
        return std::unexpected(*m_poolError);
    }
    m_pool = std::move(*pool);
    connect(m_pool.get(), &SandboxPool::sandboxAdded, this, &Workbench::watchConnections);
    connect(m_pool.get(), &SandboxPool::sandboxRemoved, this, [this](Sandbox *s) { m_sandboxConnections.remove(s->id()); });
    return m_pool.get();
}

void Workbench::watchConnections(Sandbox *sandbox)
{
    SandboxBackend *backend = sandbox->backend();
    if (!backend)
        return;
    const QString id = sandbox->id();
    connect(backend, &SandboxBackend::networkEvent, this, [this, id](const AuditEvent &event) {
        QList<AuditEvent> &list = m_sandboxConnections[id];
        AuditEvent numbered = event;
        numbered.seq = list.isEmpty() ? 1 : list.constLast().seq + 1;
        if (list.size() >= maxSandboxConnections)
            list.removeFirst();
        list << numbered;
        emit sandboxConnection(id, numbered);
    });
}

Doctor *Workbench::startDoctor(DoctorOptions options, QObject *parent)
{
    if (options.engine.runtimePath.isEmpty())
        options.engine.runtimePath = m_options.engine.runtimePath;
    if (options.engine.cacheDir.isEmpty())
        options.engine.cacheDir = m_options.engine.cacheDir;
    if (options.engine.cgroupRoot.isEmpty())
        options.engine.cgroupRoot = m_options.engine.cgroupRoot;
    if (options.cgroupRoot.isEmpty())
        options.cgroupRoot = options.engine.cgroupRoot;
    auto *doctor = new Doctor(std::move(options), parent);
    if (doctor->options().sandboxes)
        doctor->setSandboxProvider(sandboxProvider());
    doctor->start();
    return doctor;
}

Result<SandboxProvider *> Workbench::sandboxProvider()
{
    if (m_provider)
        return m_provider.get();
    if (!m_options.sandboxProviders)
        return std::unexpected(Error{ErrorCode::InvalidConfig, tr("no sandbox engine is configured")});
    auto provider = m_options.sandboxProviders();
    if (!provider)
        return std::unexpected(provider.error());
    m_provider = std::move(*provider);
    return m_provider.get();
}

bool Workbench::hasLiveSandboxes() const
{
    return m_pool && !m_pool->sandboxes().isEmpty();
}

ExecSessionReplayer *Workbench::execReplayer(ExecSession session, const ExecReplayOptions &options, QObject *parent)
{
    return new ExecSessionReplayer(std::move(session), options, parent);
}

Result<SandboxSessionReplayer *> Workbench::sandboxReplayer(SandboxSession session, const SandboxReplayOptions &options,
                                                            QObject *parent)
{
    auto pool = sandboxPool();
    if (!pool)
        return std::unexpected(pool.error());
    return new SandboxSessionReplayer(std::move(session), *pool, options, parent);
}

VoidOperation *Workbench::closeSandboxes()
{
    if (m_pool)
        return m_pool->close();
    auto *done = new VoidOperation(this);
    done->finish({});
    return done;
}

} // namespace Sandbench
