#pragma once

#include "common/result.h"
#include "sandbox/sandboxtypes.h"

#include <QObject>

#include <functional>
#include <optional>

namespace Sandbench {

// One asynchronous sandbox call, in the manner of QNetworkReply: the call returns at once, the
// operation emits finished() exactly once (always from the event loop, never from inside the
// call that made it, so connecting right after the call is safe), and the caller deletes it
// (deleteLater() in the slot). Operations are parented to the object that made them, so those
// never collected die with it.
class SandboxOperation : public QObject
{
    Q_OBJECT
public:
    explicit SandboxOperation(QObject *parent = nullptr);
    ~SandboxOperation() override;

    bool isFinished() const { return m_finished; }
    // The failure, once finished with one.
    std::optional<Error> error() const { return m_error; }

    // Stops the operation: an exec stops its command and everything it started. The operation
    // then finishes with Cancelled (or with its result, if that came first).
    void cancel();

    // Runs a local event loop until finished or timeoutMs (< 0: no limit) passes. For the CLI
    // and tests; a GUI connects to finished() instead. Returns isFinished().
    bool waitForFinished(int timeoutMs = -1);

    // Called by cancel() before the operation is finished; the default finishes with Cancelled.
    void setCanceller(std::function<void()> canceller) { m_canceller = std::move(canceller); }

signals:
    void finished();

protected:
    // Records the outcome and schedules finished(); later calls are ignored.
    bool markFinished(std::optional<Error> error);
    virtual void finishCancelled() = 0;

private:
    bool m_finished = false;
    std::optional<Error> m_error;
    std::function<void()> m_canceller;
};

template<typename T>
class Operation : public SandboxOperation
{
public:
    using SandboxOperation::SandboxOperation;

    // Only valid once isFinished().
    const Result<T> &result() const { return *m_result; }
    Result<T> takeResult() { return std::move(*m_result); }

    // Finishes with r unless already finished; returns whether r was taken.
    bool finish(Result<T> r)
    {
        if (isFinished())
            return false;
        std::optional<Error> err;
        if (!r.has_value())
            err = r.error();
        m_result = std::move(r);
        return markFinished(err);
    }
    bool fail(ErrorCode code, const QString &message)
    {
        return finish(std::unexpected<Error>(Error{code, message}));
    }

protected:
    void finishCancelled() override { fail(ErrorCode::Cancelled, QStringLiteral("cancelled")); }

private:
    std::optional<Result<T>> m_result;
};

// A running command: output() delivers stdout and stderr as they come (only the bytes that are
// kept, up to the pool's maxOutputBytes per stream), finished() then holds the whole result.
class ExecJob : public Operation<SandboxExecResult>
{
    Q_OBJECT
public:
    using Operation<SandboxExecResult>::Operation;

signals:
    void output(Sandbench::SandboxStream stream, const QByteArray &data);
};

using VoidOperation = Operation<void>;
using BytesOperation = Operation<std::optional<QByteArray>>;
using ListOperation = Operation<std::optional<QList<FileEntry>>>;
using InfoListOperation = Operation<QList<SandboxInfo>>;
using CountOperation = Operation<int>;

// A cancel signal that can be handed to exec() before the job exists (the reference's
// `signal` option); cancelling it cancels every job it was given to.
class CancelToken : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    bool isCancelled() const { return m_cancelled; }
    void cancel()
    {
        if (m_cancelled)
            return;
        m_cancelled = true;
        emit cancelled();
    }

signals:
    void cancelled();

private:
    bool m_cancelled = false;
};

// Waits for op (at most timeoutMs), deletes it and returns its result; a wait that runs out
// cancels the operation and gives TimedOut. For the CLI and tests.
template<typename T>
Result<T> waitFor(Operation<T> *op, int timeoutMs = -1)
{
    if (!op->waitForFinished(timeoutMs)) {
        op->cancel();
        delete op;
        return std::unexpected<Error>(Error{ErrorCode::TimedOut, QStringLiteral("no answer in time")});
    }
    Result<T> r = op->takeResult();
    delete op;
    return r;
}

} // namespace Sandbench
