#include "sandboxoperation.h"

#include <QEventLoop>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace Sandbench {

SandboxOperation::SandboxOperation(QObject *parent)
    : QObject(parent)
{
}

SandboxOperation::~SandboxOperation() = default;

void SandboxOperation::cancel()
{
    if (m_finished)
        return;
    if (m_canceller) {
        // The canceller may finish (and the owner delete) us: keep nothing alive across it.
        auto canceller = std::move(m_canceller);
        m_canceller = nullptr;
        canceller();
        return;
    }
    finishCancelled();
}

bool SandboxOperation::markFinished(std::optional<Error> error)
{
    if (m_finished)
        return false;
    m_finished = true;
    m_error = std::move(error);
    m_canceller = nullptr;
    // Queued: whoever finished us may be inside the call that created us, before the caller
    // had a chance to connect.
    QMetaObject::invokeMethod(this, &SandboxOperation::deliverFinished, Qt::QueuedConnection);
    return true;
}

void SandboxOperation::deliverFinished()
{
    m_delivered = true;
    emit finished();
}

void SandboxOperation::attachContinuation(QObject *context, std::function<void()> deliver)
{
    Q_ASSERT_X(!m_continued, "Operation::then", "then() attached twice to one operation");
    Q_ASSERT(context);
    Q_ASSERT_X(context->thread() == thread(), "Operation::then", "context lives on another thread");
    m_continued = true;
    // Shared by the two ways this can end, so that whichever comes first disarms the other.
    auto guard = std::make_shared<QMetaObject::Connection>();
    auto run = [self = QPointer<SandboxOperation>(this), guard, deliver = std::move(deliver)] {
        QObject::disconnect(*guard);
        if (!self)
            return; // destroyed by its parent meanwhile: nothing left to deliver
        SandboxOperation *const op = self;
        // Deleted later, not now: deliver reads the result, and other slots of finished() may
        // still be due.
        op->deleteLater();
        deliver();
    };
    *guard = connect(context, &QObject::destroyed, this, [this] {
        // Cancelled first: a running command must not outlive the one who wanted its result.
        // The canceller may delete us (an owner that is not then()'s): keep nothing across it.
        QPointer<SandboxOperation> self(this);
        cancel();
        if (self)
            self->deleteLater();
    });
    if (m_delivered) {
        // finished() has gone by: deliver from the event loop all the same, never from here.
        // Posted to context, so a context destroyed meanwhile drops it (and the guard deletes us).
        QMetaObject::invokeMethod(context, std::move(run), Qt::QueuedConnection);
    } else {
        connect(this, &SandboxOperation::finished, context, std::move(run), Qt::SingleShotConnection);
    }
}

bool SandboxOperation::waitForFinished(int timeoutMs)
{
    // finished() is queued, so "finished" here means the signal has been delivered too: a
    // caller that deletes the operation right after must not lose a pending emission that
    // other slots wait for.
    bool delivered = false;
    QEventLoop loop;
    connect(this, &SandboxOperation::finished, &loop, [&] {
        delivered = true;
        loop.quit();
    });
    QTimer timer;
    if (timeoutMs >= 0) {
        timer.setSingleShot(true);
        connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
        timer.start(timeoutMs);
    }
    if (m_finished) {
        // Already finished: the queued signal is pending (or was delivered before); give the
        // event loop one pass so it is delivered.
        QTimer::singleShot(0, &loop, &QEventLoop::quit);
    }
    loop.exec();
    return m_finished || delivered;
}

} // namespace Sandbench
