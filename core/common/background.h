#pragma once

#include <QFuture>
#include <QPromise>
#include <QThreadPool>

#include <memory>
#include <type_traits>

namespace Sandbench {

// Runs `work` on the global thread pool and returns its future, for file work (extracting,
// copying, hashing) that must not stall an event loop. Pair it with QFuture::then(context, ...)
// to get the result back on the context's thread; the continuation is dropped with the context.
template<typename Work>
auto runInBackground(Work work) -> QFuture<std::invoke_result_t<Work>>
{
    using T = std::invoke_result_t<Work>;
    auto promise = std::make_shared<QPromise<T>>();
    QFuture<T> future = promise->future();
    promise->start();
    QThreadPool::globalInstance()->start([promise, work = std::move(work)]() mutable {
        promise->addResult(work());
        promise->finish();
    });
    return future;
}

// Lets go of `owner` on the thread pool: when it is the last reference, destroying what it owns
// (a QTemporaryDir with thousands of files, a session bundle's extracted folder) deletes files,
// which can take seconds and must not happen on an event loop's thread.
template<typename T>
void releaseInBackground(std::shared_ptr<T> owner)
{
    if (!owner || owner.use_count() > 1)
        return; // someone else still holds it; the last one decides
    QThreadPool::globalInstance()->start([owner = std::move(owner)]() mutable { owner.reset(); });
}

} // namespace Sandbench
