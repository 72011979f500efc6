#include "permissionbroker.h"

#include "common/socketcopy.h"
#include "common/startuptrace.h"

#include "exec/brokerprotocol.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace Sandbench {

namespace {

// A runtime that sends more than this in one line is not the runtime we know.
constexpr qsizetype maxLineBytes = 1024 * 1024;

} // namespace

PermissionBroker::PermissionBroker(const PolicyMatcher &matcher, EventSink sink)
    : m_matcher(matcher), m_sink(std::move(sink))
{
}

PermissionBroker::~PermissionBroker()
{
    stop();
}

VoidResult PermissionBroker::openAuditLog(const QString &path)
{
    return m_audit.open(path);
}

VoidResult PermissionBroker::start(const QString &socketPath)
{
    const QByteArray path = QFile::encodeName(socketPath);
    sockaddr_un address {};
    address.sun_family = AF_UNIX;
    if (size_t(path.size()) >= sizeof address.sun_path)
        return fail(ErrorCode::EnvironmentError, QStringLiteral("broker socket path is too long: %1").arg(socketPath));
    std::memcpy(address.sun_path, path.constData(), size_t(path.size()));
    m_listenFd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (m_listenFd < 0 || ::pipe2(m_wakeFds, O_CLOEXEC) != 0)
        return fail(ErrorCode::EnvironmentError, QStringLiteral("broker: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
    ::unlink(path.constData());
    // Only our own user may connect: the umask covers the window before chmod.
    const mode_t old = ::umask(0177);
    const int bound = ::bind(m_listenFd, reinterpret_cast<sockaddr *>(&address), sizeof address);
    ::umask(old);
    if (bound != 0 || ::listen(m_listenFd, 1) != 0)
        return fail(ErrorCode::EnvironmentError, QStringLiteral("broker: cannot listen on %1: %2")
                                                         .arg(socketPath, QString::fromLocal8Bit(std::strerror(errno))));
    m_thread = std::thread([this] { serve(); });
    return {};
}

void PermissionBroker::stop()
{
    m_stopping = true;
    {
        // A held check wakes now; its slot's mutex orders this after the waiter's look at
        // m_stopping, so the wake-up cannot be lost.
        std::lock_guard lock(m_askMutex);
        if (m_waiting) {
            std::lock_guard slotLock(m_waiting->mutex);
            m_waiting->ready.notify_all();
        }
    }
    const int conn = m_connFd.load();
    if (conn >= 0)
        ::shutdown(conn, SHUT_RDWR);
    if (m_wakeFds[1] >= 0) {
        const char byte = 1;
        [[maybe_unused]] const ssize_t ignored = ::write(m_wakeFds[1], &byte, 1);
    }
    if (m_thread.joinable())
        m_thread.join();
    for (int *fd : {&m_listenFd, &m_wakeFds[0], &m_wakeFds[1]}) {
        if (*fd >= 0)
            ::close(*fd);
        *fd = -1;
    }
    if (m_connFd.load() >= 0)
        ::close(m_connFd.exchange(-1));
    m_audit.close();
}

QString PermissionBroker::failure() const
{
    std::lock_guard lock(m_failureMutex);
    return m_failure;
}

void PermissionBroker::setFailure(const QString &message)
{
    std::lock_guard lock(m_failureMutex);
    if (m_failure.isEmpty())
        m_failure = message;
}

void PermissionBroker::serve()
{
    pollfd waitFor[2] = {{m_listenFd, POLLIN, 0}, {m_wakeFds[0], POLLIN, 0}};
    for (;;) {
        if (::poll(waitFor, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        if (waitFor[1].revents)
            return;
        if (waitFor[0].revents) {
                    const int fd = ::accept4(m_listenFd, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd >= 0) {
                m_connFd = fd;
                break;
            }
        }
    }
    // One runtime, one conversation: nobody else gets to connect.
    ::close(m_listenFd);
    m_listenFd = -1;
    m_connected = true;
    traceStartUp("broker: runtime connected");

    bool answered = false; // traced once (startuptrace.h)
    QByteArray buffer;
    buffer.reserve(64 * 1024);
    char chunk[64 * 1024];
    for (;;) {
        // Blocking: one recv per check is all the broker adds to the runtime's round trip.
        // stop() wakes it with shutdown().
        const ssize_t n = ::recv(m_connFd, chunk, sizeof chunk, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0 || m_stopping.load())
            break;
        buffer.append(chunk, n);
        qsizetype start = 0;
        for (;;) {
            const qsizetype newline = buffer.indexOf('\n', start);
            if (newline < 0)
                break;
            if (!answered) {
                answered = true;
                traceStartUp("broker: first request");
            }
            if (!handleLine(buffer.constData() + start, newline - start)) {
                ::shutdown(m_connFd, SHUT_RDWR);
                return;
            }
            start = newline + 1;
        }
        buffer.remove(0, start);
        if (buffer.size() > maxLineBytes) {
            refuse(QStringLiteral("the runtime sent a permission request longer than 1 MiB"),
                   QString::fromUtf8(buffer.constData(), 200));
            ::shutdown(m_connFd, SHUT_RDWR);
            return;
        }
    }
}

namespace {

// A line the broker writes before the runtime asks anything (start-up modules, missing layers):
// on the record first, then to the live view.
VoidResult writeAndShow(AuditWriter &audit, const PermissionBroker::EventSink &sink, const AuditEvent &event)
{
    if (!audit.write(event))
        return fail(ErrorCode::EnvironmentError, QStringLiteral("the audit log could not be written: %1")
                                                         .arg(QString::fromLocal8Bit(std::strerror(errno))));
    if (sink)
        sink(event);
    return {};
}

} // namespace

VoidResult PermissionBroker::recordStartUpModules(const QStringList &files)
{
    for (const QString &file : files) {
        const bool code = file == QLatin1String(codeEntryResource);
        const Decision granted = code ? Decision{} : m_matcher.decide(QStringLiteral("read"), file, true);
        AuditEvent event;
        event.seq = ++m_seq;
        event.timeMs = QDateTime::currentMSecsSinceEpoch();
        event.kind = QStringLiteral("read");
        event.action = QStringLiteral("load");
        event.resource = file;
        event.allowed = true;
        event.rule = code ? QStringLiteral("code") : granted.allowed ? granted.rule : QStringLiteral("namespace");
        event.reason = QStringLiteral("module graph");
        if (auto written = writeAndShow(m_audit, m_sink, event); !written)
            return written;
    }
    return {};
}

VoidResult PermissionBroker::recordMissingLayers(const QStringList &layers)
{
    for (const QString &layer : layers) {
        AuditEvent event;
        event.seq = ++m_seq;
        event.timeMs = QDateTime::currentMSecsSinceEpoch();
        event.kind = QStringLiteral("layer");
        event.action = QStringLiteral("missing");
        event.resource = layer;
        event.allowed = true; // the run went ahead: that is what this line records
        event.rule = QStringLiteral("accept_missing_layers");
        event.reason = QStringLiteral("this machine lacks the layer; the run goes without it");
        if (auto written = writeAndShow(m_audit, m_sink, event); !written)
            return written;
    }
    return {};
}

void PermissionBroker::refuse(const QString &why, const QString &line)
{
    setFailure(QStringLiteral("%1: %2").arg(why, line));
    // Nothing is answered (there is no id to trust) and the broker hangs up, so the runtime
    // exits; the audit log still says why its conversation ended. Not a permission decision,
    // so not counted in decisions(); best effort, since the conversation ends either way.
    AuditEvent event;
    event.seq = m_seq.load() + 1;
    event.timeMs = QDateTime::currentMSecsSinceEpoch();
    event.kind = QStringLiteral("broker");
    event.action = QStringLiteral("refuse");
    event.resource = line;
    event.allowed = false;
    event.rule = QStringLiteral("protocol");
    event.reason = QStringLiteral("permission denied: %1; the broker hung up").arg(why);
    m_audit.write(event);
    if (m_sink)
        m_sink(event);
}

PermissionBroker::AskAnswer PermissionBroker::waitForPerson(const AskQuestion &question)
{
    using Outcome = AskAnswer::Outcome;
    if (!m_asker)
        return {Outcome::Withdrawn, {}, QStringLiteral("nobody can be asked")};
    auto slot = std::make_shared<AskSlot>();
    {
        std::lock_guard lock(m_askMutex);
        m_waiting = slot;
    }
    // The reply holds the slot, not the broker: it may come after the broker is gone.
    m_asker(question, [slot](const AskAnswer &answer) {
        std::lock_guard lock(slot->mutex);
        if (!slot->answer)
            slot->answer = answer;
        slot->ready.notify_all();
    });
    AskAnswer result{Outcome::TimedOut, {}, {}};
    {
        std::unique_lock lock(slot->mutex);
        // The approver's own timer answers "timeout"; this deadline is only the floor under a
        // front end that never replies at all.
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(m_askTimeoutMs + 5000);
        slot->ready.wait_until(lock, deadline, [&] { return slot->answer.has_value() || m_stopping.load(); });
        if (slot->answer)
            result = *slot->answer;
        else if (m_stopping.load())
            result = {Outcome::Withdrawn, {}, {}};
    }
    std::lock_guard lock(m_askMutex);
    m_waiting.reset();
    return result;
}

namespace {

QString answerName(PermissionBroker::AskAnswer::Outcome outcome)
{
    using Outcome = PermissionBroker::AskAnswer::Outcome;
    switch (outcome) {
    case Outcome::Once: return QStringLiteral("once");
    case Outcome::ForRun: return QStringLiteral("run");
    case Outcome::Refused: return QStringLiteral("refuse");
    case Outcome::TimedOut: return QStringLiteral("timeout");
    case Outcome::Withdrawn: return QStringLiteral("withdrawn");
    }
    return {};
}

} // namespace

bool PermissionBroker::handleLine(const char *data, qsizetype size)
{
    if (m_held && !m_armed.load(std::memory_order_acquire)) {
        // The waiting phase of a warm runtime asks nothing: a request now is not a decision of
        // any run and goes to no run's audit log (it is not open yet).
        setFailure(QStringLiteral("the runtime asked before its run was handed over: %1")
                           .arg(QString::fromUtf8(data, qMin<qsizetype>(size, 200))));
        return false;
    }
    BrokerRequest request;
    if (!parseBrokerRequest(data, size, &request)) {
        refuse(QStringLiteral("the runtime sent a request the broker does not understand"),
               QString::fromUtf8(data, qMin<qsizetype>(size, 200)));
        return false;
    }
    Decision decision = m_matcher.decide(request.permission, request.value, request.hasValue);
    if (request.hasValue && request.value.contains(QChar(0))) {
        // The runtime passes a NUL (\u0000) on as the code wrote it ("/work/a\0/etc/passwd").
        // No path, host, variable or program can hold one, and the path resolver would see only
        // the part before it: decided on that, the audit log would show an allowed read of a
        // path naming /etc/passwd. Denied whatever the rules say.
        decision = {false, decision.action, QStringLiteral("invalid value"),
                    QStringLiteral("permission denied: the %1 request holds a NUL character").arg(request.permission)};
    }
    // A placeholder ("<TMP>") is audited as the place it stands for, which is what was decided.
    const QString resource = !decision.resource.isEmpty() ? decision.resource : request.hasValue ? request.value : QString();
    AuditEvent event;
    if (!decision.ask.isEmpty()) {
        event.askEntry = decision.ask;
        const QString grant = request.permission + QLatin1Char('\n') + resource;
        QElapsedTimer waited;
        waited.start();
        AskAnswer answer;
        if (m_runGrants.contains(grant)) {
            answer.outcome = AskAnswer::Outcome::ForRun;
            event.answer = QStringLiteral("run grant");
        } else {
            answer = waitForPerson({request.permission, decision.action, resource, decision.ask});
            event.answer = answerName(answer.outcome);
            event.answeredBy = answer.by;
        }
        event.waitedMs = waited.elapsed();
        const bool yes = answer.outcome == AskAnswer::Outcome::Once || answer.outcome == AskAnswer::Outcome::ForRun;
        if (answer.outcome == AskAnswer::Outcome::ForRun)
            m_runGrants.insert(grant);
        decision.allowed = yes;
        if (yes)
            decision.reason.clear();
        else if (answer.outcome == AskAnswer::Outcome::TimedOut)
            decision.reason += QStringLiteral("; nobody answered in time");
        else if (answer.outcome == AskAnswer::Outcome::Withdrawn)
            decision.reason += QStringLiteral("; the run ended while it waited");
        else if (!answer.reason.isEmpty())
            decision.reason += QStringLiteral(": %1").arg(answer.reason);
    }
    event.seq = ++m_seq;
    event.timeMs = QDateTime::currentMSecsSinceEpoch();
    event.kind = request.permission;
    event.action = decision.action;
    event.resource = resource;
    event.allowed = decision.allowed;
    event.rule = decision.rule;
    event.reason = decision.reason;
    event.pid = request.pid;
    // Written before the answer: a decision that reached the code is always on disk. If it cannot
    // be written, the run must not go on unaudited: the broker hangs up and the runtime exits.
    if (!m_audit.write(event)) {
        setFailure(QStringLiteral("the audit log could not be written: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
        return false;
    }
    if (m_sink)
        m_sink(event);
    if (m_stopping.load())
        return false; // nobody to answer: the runtime is being ended
    const QByteArray response = brokerResponse(request.id, decision.allowed, decision.reason);
    if (!SocketCopy::sendAll(m_connFd, response.constData(), response.size()))
        return false;
    return true;
}

} // namespace Sandbench
