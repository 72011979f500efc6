#include "sandboxoperation.h"

#include <QEventLoop>
#include <QPointer>
#include <QTimer>

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
    QMetaObject::invokeMethod(this, &SandboxOperation::finished, Qt::QueuedConnection);
    return true;
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
