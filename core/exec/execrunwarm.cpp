// The warm half of ExecRun: a runtime started before its run, held in its first preload
// (warmstart.h), handed exactly one run, then discarded like any other run.
#include "execrun.h"

#include "exec/processgroup.h"
#include "exec/warmstart.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QThread>

#include <sys/wait.h>

namespace Sandbench {

namespace {

// QProcess learns of its child's end from the event loop; the kernel knows at once. Not
// reaped here (WNOWAIT): QProcess still collects its status.
bool exitedAlready(qint64 pid)
{
    siginfo_t info {};
    return pid <= 0 || ::waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid != 0;
}

} // namespace

QString ExecRun::auditLogOf(const ExecRequest &request) const
{
    if (request.auditLogPath.isEmpty())
        return {};
    const QString base = request.baseDir.isEmpty() ? QDir::currentPath() : request.baseDir;
    return QDir::cleanPath(QDir(base).absoluteFilePath(request.auditLogPath));
}

bool ExecRun::canServe(const ExecRequest &request) const
{
    // A folder replaced since the namespace was made would be the old one inside it.
    return isWarmReady() && !m_begun && !exitedAlready(m_process->processId())
            && fileIdentities(m_run.boundPaths) == m_run.boundIdentities
            && auditLogsInterchangeable(m_run.auditLogPath, auditLogOf(request), m_run.boundPaths);
}

void ExecRun::discard()
{
    m_done = true;
    m_cancel->cancel();
    if (m_process && m_process->state() != QProcess::NotRunning)
        killProcessGroup(m_process);
}

void ExecRun::readWarmSignal()
{
    const QByteArray data = m_process->readAllStandardOutput();
    // A discarded runtime is no longer the engine's: its late byte announces nothing.
    if (data.isEmpty() || m_done)
        return;
    if (m_warmReady || data != QByteArray(1, warmReadyByte)) {
        // Nothing but the one byte can come before the run: this is not the runtime we know.
        discard();
        return;
    }
    m_warmReady = true;
    emit m_engine->warmRuntimeReady();
}

void ExecRun::warmGone()
{
    if (m_done)
        return;
    m_done = true;
    m_warmReady = false;
    if (m_process && m_process->state() != QProcess::NotRunning)
        killProcessGroup(m_process);
    m_engine->warmRuntimeGone(this);
}

void ExecRun::begin(const ExecRequest &request)
{
    m_begun = true;
    m_request = request;
    m_clock.start();
    if (const QString log = auditLogOf(request); log != m_run.auditLogPath) {
        // canServe(): neither log is inside the namespace, so only the broker's rules change.
        m_run.matcherSetup.protectedPaths.removeAll(m_run.auditLogPath);
        m_run.matcherSetup.protectedPaths.removeAll(QString());
        if (!log.isEmpty())
            m_run.matcherSetup.protectedPaths << log;
        m_run.auditLogPath = log;
        m_broker->setMatcher(PolicyMatcher(m_run.matcherSetup));
    }
    if (m_run.timeoutMs)
        m_timeout.start(int(qMin<qint64>(*m_run.timeoutMs, std::numeric_limits<int>::max())));
    if (!request.code.isEmpty()) {
        // In place: the namespace binds this very file read-only, as it binds a cold run's.
        QFile file(m_run.hostEntry);
        const QByteArray code = request.code.toUtf8();
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(code) != code.size() || !file.flush()) {
            failWith(Error::environment(QStringLiteral("cannot write the code to %1").arg(m_run.entry)));
            return;
        }
    }
    if (!request.code.isEmpty() && surelyImportFree(request.code)) {
        // The graph `deno info` would report: the main module alone.
        handOver(QStringList{m_run.entry});
        return;
    }
    if (auto local = localStartUpModules(m_run.entry, m_run.graphScope)) {
        handOver(*local); // the graph `deno info` would report, learned in process
        return;
    }
    const ModuleGraphCommand graph = m_run.graph;
    QPointer<ExecRun> self(this);
    QThread *worker = QThread::create([self, graph] {
        auto modules = startUpModuleFiles(graph);
        QMetaObject::invokeMethod(QCoreApplication::instance(), [self, modules = std::move(modules)]() mutable {
            if (self)
                self->handOver(std::move(modules));
        }, Qt::QueuedConnection);
    });
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void ExecRun::handOver(Result<QStringList> modules)
{
    if (m_done || m_stopRequested || m_timedOut || !m_process || m_process->state() != QProcess::Running) {
        // Stopped, timed out or gone while the graph was read: processFinished() reports it.
        if (m_process && m_process->state() != QProcess::NotRunning)
            killProcessGroup(m_process);
        return;
    }
    if (!modules) {
        failWith(modules.error());
        return;
    }
    // The same start-up lines as a cold run's (prepareRun), in the same place: first.
    QStringList startUp = *modules;
    if (startUp.isEmpty() && QFileInfo(m_run.entry).isFile())
        startUp << m_run.entry;
    if (!m_run.hiddenEntryName.isEmpty()) {
        for (QString &module : startUp)
            if (module == m_run.entry)
                module = QLatin1String(PermissionBroker::codeEntryResource);
    }
    if (!m_run.auditLogPath.isEmpty()) {
        if (auto opened = m_broker->openAuditLog(m_run.auditLogPath); !opened) {
            failWith(opened.error());
            return;
        }
    }
    if (auto recorded = m_broker->recordMissingLayers(m_missingLayers); !recorded) {
        failWith(recorded.error());
        return;
    }
    if (auto recorded = m_broker->recordStartUpModules(startUp); !recorded) {
        failWith(recorded.error());
        return;
    }
    m_broker->arm();
    m_process->write(QByteArray(1, warmGoByte));
    m_process->closeWriteChannel();
    startWatching();
    emit m_engine->started(m_process->processId());
    readStream(ExecStream::Stderr);
}

} // namespace Sandbench
