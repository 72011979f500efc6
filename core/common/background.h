#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QThread>
#include <QThreadPool>

#include <memory>
#include <type_traits>
#include <utility>

namespace Sandbench {

// Runs `work` on the global thread pool and returns its future, for file work (extracting,
// copying, hashing) that must not stall an event loop. `work` must not touch any QObject: it
// runs on a pool thread. To get the result back, use the overload below, not QFuture::then:
// in Qt 6.4, then(context, ...) asserts (and in release silently drops the promise) when the
// context is destroyed before the work ends.
template<typename Work>
auto runInBackground(Work work) -> QFuture<std::invoke_result_t<Work>>
{
    using T = std::invoke_result_t<Work>;
    auto promise = std::make_shared<QPromise<T>>();
    QFuture<T> future = promise->future();
    promise->start();
    QThreadPool::globalInstance()->start([promise, work = std::move(work)]() mutable {
        if constexpr (std::is_void_v<T>) {
            work();
        } else {
            promise->addResult(work());
        }
        promise->finish();
    });
    return future;
}

// Hands the result of `future` to `done` on `context`'s thread, and never after `context` is
// gone: the watcher that delivers it is a child of `context`, so destroying the context
// destroys the watcher, which disconnects it from the future under the future's own lock.
// There is no window in which a pool thread can reach a dead context. Call it on the
// context's thread.
template<typename T, typename Done>
void deliverTo(QObject *context, const QFuture<T> &future, Done done)
{
    Q_ASSERT(context);
    Q_ASSERT(QThread::currentThread() == context->thread());
    auto *watcher = new QFutureWatcher<T>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, watcher,
                     [watcher, done = std::move(done)]() mutable {
                         // Delete first: `done` may destroy the context, and with it the watcher.
                         watcher->deleteLater();
                         if constexpr (std::is_void_v<T>) {
                             done();
                         } else {
                             const QFuture<T> f = watcher->future();
                             if (f.resultCount() > 0)
                                 done(f.result());
                         }
                     });
    watcher->setFuture(future);
}

// Runs `work` on the thread pool and gives its result to `done` on `context`'s thread, unless
// `context` was destroyed meanwhile. The one idiom for background work in Sandbench.
template<typename Work, typename Done>
void runInBackground(QObject *context, Work work, Done done)
{
    deliverTo(context, runInBackground(std::move(work)), std::move(done));
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
