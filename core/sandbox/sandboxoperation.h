#pragma once

#include "common/result.h"
#include "sandbox/sandboxtypes.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>
#include <type_traits>

namespace Sandbench {

// One asynchronous sandbox call: the call returns at once and the operation finishes exactly
// once, always from the event loop, never from inside the call that made it. The caller takes
// the result with then(context, fn) (Operation<T> below), which also hands the operation its
// own lifetime: it deletes itself once fn has run, or once context is gone. finished() stays for
// QSignalSpy and for callers that keep the operation (they delete it themselves). Operations are
// parented to the object that made them, so those never collected die with it.
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
    // and tests only: nothing the GUI thread reaches may spin a nested loop (use then()).
    // Returns isFinished().
    bool waitForFinished(int timeoutMs = -1);

    // Called by cancel() before the operation is finished; the default finishes with Cancelled.
    void setCanceller(std::function<void()> canceller) { m_canceller = std::move(canceller); }

signals:
    void finished();

protected:
    // Records the outcome and schedules finished(); later calls are ignored.
    bool markFinished(std::optional<Error> error);
    virtual void finishCancelled() = 0;

    // The machinery of Operation<T>::then, untyped: deliver runs once, from the event loop, on
    // context's thread, after finished() has been delivered; then the operation deletes itself.
    // context gone first: deliver never runs, the operation is cancelled and deleted.
    void attachContinuation(QObject *context, std::function<void()> deliver);

private:
    void deliverFinished();

    bool m_finished = false;
    bool m_delivered = false; // finished() has been emitted
    bool m_continued = false; // then() was attached
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

    // The one way to take a result: fn(const Result<T> &) runs exactly once, from the event
    // loop (never inside this call, even on a finished operation), on context's thread (the
    // operation's). The operation then deletes itself: it owns its lifetime from here on (do
    // not delete or waitFor() it), and the result is valid only inside fn (copy what you keep).
    // If context is destroyed first, fn never runs and the operation is cancelled and deleted;
    // if the operation is destroyed first (its parent went), fn never runs. Attaching twice is
    // a programming error (asserted). By const reference: other finished() slots may read it.
    template<typename Fn>
    void then(QObject *context, Fn fn)
    {
        attachContinuation(context, [this, fn = std::move(fn)]() mutable { fn(result()); });
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

    // For an interactive command (ExecOptions::interactive): bytes for its standard input, and
    // its end of input. Bytes written before the command started are sent once it has.
    void writeInput(const QByteArray &data) { emit inputWritten(data); }
    void closeInput() { emit inputClosed(); }

signals:
    void output(Sandbench::SandboxStream stream, const QByteArray &data);
    void inputWritten(const QByteArray &data);
    void inputClosed();
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

// Chains inner into outer, the one "wait for this, then finish that" idiom: outer takes inner
// as its child, cancelling outer cancels inner, and when inner finishes outer finishes with
// what map returns (the outer's Result). map takes either inner's whole Result<T> (to see
// errors too) or only its value (map() for Operation<void>), and then an error of inner passes
// through unchanged. If outer finishes first (a timeout, a cancel), inner's later result is
// dropped. Returns outer.
template<typename Outer, typename T, typename Map>
Outer *chain(Outer *outer, Operation<T> *inner, Map map)
{
    inner->setParent(outer);
    QPointer<Operation<T>> innerPtr(inner);
    outer->setCanceller([innerPtr, outer] {
        if (!innerPtr)
            outer->fail(ErrorCode::Cancelled, QStringLiteral("cancelled"));
        else if (!innerPtr->isFinished())
            innerPtr->cancel(); // inner ends with Cancelled (or its result), and outer with it
        // else inner's result came first and is on its way to outer, as cancel() promises
    });
    inner->then(outer, [outer, map = std::move(map)](const Result<T> &r) mutable {
        if constexpr (std::is_invocable_v<Map &, const Result<T> &>)
            outer->finish(map(r));
        else if (!r)
            outer->finish(std::unexpected(r.error()));
        else if constexpr (std::is_void_v<T>)
            outer->finish(map());
        else
            outer->finish(map(*r));
    });
    return outer;
}

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
