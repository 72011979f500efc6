#pragma once

#include "audit/auditevent.h"
#include "audit/auditwriter.h"
#include "common/result.h"
#include "policy/policymatcher.h"

#include <QString>

#include <QSet>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace Sandbench {

// The socket Deno sends every permission check to (DENO_PERMISSION_BROKER_PATH). It is the only
// authority: each check is decided by the PolicyMatcher, written to the audit log, and only
// then answered. It runs on a thread of its own with blocking I/O: one round trip per check is
// the runtime's cost, so no event loop hop sits in between.
class PermissionBroker
{
public:
    using EventSink = std::function<void(const AuditEvent &)>;

    // A check only an ask_* entry matched, held for a person.
    struct AskQuestion
    {
        QString kind;
        QString action;
        QString resource;
        QString entry; // "ask_read[0]"
    };
    struct AskAnswer
    {
        enum class Outcome { Once, ForRun, Refused, TimedOut, Withdrawn };
        Outcome outcome = Outcome::Withdrawn;
        QString by;      // the local user who answered
        QString reason;  // a refusal's words
    };
    using Reply = std::function<void(const AskAnswer &)>;
    // Called on the broker's thread, must return at once (hand the question to the thread the
    // approver lives on) and have `reply` called exactly once, from any thread. The runtime
    // waits meanwhile; stop() ends the wait (the check is then withdrawn, a deny).
    using Asker = std::function<void(const AskQuestion &, Reply)>;
    // Before start(). Without an asker every held check is denied at once. `timeoutMs` is the
    // answer's deadline; the broker gives up on its own a little after it, whatever the asker.
    void setAsker(Asker asker, qint64 timeoutMs)
    {
        m_asker = std::move(asker);
        m_askTimeoutMs = timeoutMs;
    }

    PermissionBroker(const PolicyMatcher &matcher, EventSink sink);
    ~PermissionBroker();
    PermissionBroker(const PermissionBroker &) = delete;
    PermissionBroker &operator=(const PermissionBroker &) = delete;

    // Decisions are appended here as they are made (optional).
    VoidResult openAuditLog(const QString &path);
    // Audits the files the runtime's loader reads without asking (the start-up module graph),
    // one line each (kind "read", action "load", reason "module graph"), before start(). They
    // are in the run's namespace, so they are allowed; the rule names the grant that holds
    // them, or "namespace" for a file outside every grant (the runtime's own files).
    // codeEntryResource stands for the file holding the code given with --code (rule "code").
    VoidResult recordStartUpModules(const QStringList &files);
    // Audits each layer the run goes without because its policy accepted the machine's lack of
    // it (accept_missing_layers), one line each (kind "layer", action "missing"), first.
    VoidResult recordMissingLayers(const QStringList &layers);
    static constexpr char codeEntryResource[] = "(the code given with --code)";
    // Creates the socket at `socketPath` (mode 0600) and starts serving it.
    VoidResult start(const QString &socketPath);
    // Ends the conversation; the runtime, if still running, exits on its next check.
    void stop();

    // A warm runtime (ExecEngine::setWarmTemplate) is started before its run exists: call
    // holdUntilArmed() before start(), then arm() once the run's audit log is open and its
    // start-up modules are recorded, before the runtime is let go. A check that arrives before
    // arm() is no decision of any run: nothing is audited or answered, the broker fails and
    // hangs up, so the runtime exits and is discarded.
    void holdUntilArmed() { m_held = true; }
    void arm() { m_armed.store(true, std::memory_order_release); }
    // Held brokers only, before arm(): the run's own rules (its audit log is protected).
    void setMatcher(const PolicyMatcher &matcher) { m_matcher = matcher; }

    bool connected() const { return m_connected.load(); }
    // Why the broker gave up (audit log unwritable, protocol error); empty when it did not.
    QString failure() const;
    // Decisions on permissions (and start-up loads) so far; a refused request is audited (kind
    // "broker", as the conversation's last line) but is not a decision and is not counted.
    quint64 decisions() const { return m_seq.load(); }

private:
    struct AskSlot
    {
        std::mutex mutex;
        std::condition_variable ready;
        std::optional<AskAnswer> answer;
    };
    // Holds the broker's thread until the person answers, the deadline passes or stop().
    AskAnswer waitForPerson(const AskQuestion &question);
    void serve();
    bool handleLine(const char *data, qsizetype size);
    void refuse(const QString &why, const QString &line);
    void setFailure(const QString &message);

    PolicyMatcher m_matcher;
    EventSink m_sink;
    AuditWriter m_audit;
    int m_listenFd = -1;
    std::atomic<int> m_connFd{-1};
    std::atomic<bool> m_stopping{false};
    int m_wakeFds[2] = {-1, -1};
    std::thread m_thread;
    std::atomic<bool> m_connected{false};
    std::atomic<quint64> m_seq{0};
    bool m_held = false;
    std::atomic<bool> m_armed{false};
    Asker m_asker;
    qint64 m_askTimeoutMs = 0;
    std::mutex m_askMutex; // guards m_waiting against stop()
    std::shared_ptr<AskSlot> m_waiting;
    QSet<QString> m_runGrants; // kind + '\n' + resource approved for the run; broker thread only
    mutable std::mutex m_failureMutex;
    QString m_failure;
};

} // namespace Sandbench
