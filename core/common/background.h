#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QThread>
#include <QRunnable>
#include <QThreadPool>

#include <memory>
#include <type_traits>
#include <utility>

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#endif

namespace Sandbench {

// Qt from Debian is not built with ThreadSanitizer, so the locks inside QThreadPool and
// QFutureInterface that order a hand-off between threads are invisible to it, and every value
// passed through them would be reported as a race. These name those hand-offs to TSan (on the
// address of the object handed over) and compile to nothing in other builds, so TSan still
// checks every access that is not ordered by them.
inline void handOff(const void *token)
{
#if defined(__SANITIZE_THREAD__)
    __tsan_release(const_cast<void *>(token));
#else
    Q_UNUSED(token);
#endif
}

inline void takeOver(const void *token)
{
#if defined(__SANITIZE_THREAD__)
    __tsan_acquire(const_cast<void *>(token));
#else
    Q_UNUSED(token);
#endif
}

namespace Detail {

template<typename Work>
auto startInPool(Work work, std::shared_ptr<const void> *token) -> QFuture<std::invoke_result_t<Work>>
{
    using T = std::invoke_result_t<Work>;
    auto promise = std::make_shared<QPromise<T>>();
    QFuture<T> future = promise->future();
    promise->start();
    *token = promise; // keeps the address alive (and unique) until the result is taken over
    // What `work` captured was written on this thread, and so is the task that carries it: the
    // task is made first and the hand-off named after it, so the pool thread, which takes it
    // over before it reads anything, sees every write (made inside start() instead, the copy
    // into the task would come after the hand-off). The token is one the pool thread can name
    // without a capture: a static of this instantiation.
    static const char submitted = 0;
    QRunnable *task = QRunnable::create([promise, work = std::move(work)]() mutable {
        takeOver(&submitted);
        if constexpr (std::is_void_v<T>) {
            work();
        } else {
            promise->addResult(work());
        }
        handOff(promise.get()); // the result, and anything `work` left behind
        promise->finish();
    });
    handOff(&submitted);
    QThreadPool::globalInstance()->start(task);
    return future;
}

} // namespace Detail

// Runs `work` on the global thread pool and returns its future, for file work (extracting,
// copying, hashing) that must not stall an event loop. `work` must not touch any QObject: it
// runs on a pool thread. To get the result back, use the overload below, not QFuture::then:
// in Qt 6.4, then(context, ...) asserts (and in release silently drops the promise) when the
// context is destroyed before the work ends.
template<typename Work>
auto runInBackground(Work work) -> QFuture<std::invoke_result_t<Work>>
{
    std::shared_ptr<const void> token;
    return Detail::startInPool(std::move(work), &token);
}

// Hands the result of `future` to `done` on `context`'s thread, and never after `context` is
// gone: the watcher that delivers it is a child of `context`, so destroying the context
// destroys the watcher, which disconnects it from the future under the future's own lock.
// There is no window in which a pool thread can reach a dead context. Call it on the
// context's thread.
template<typename T, typename Done>
void deliverTo(QObject *context, const QFuture<T> &future, Done done,
               std::shared_ptr<const void> token = {})
{
    Q_ASSERT(context);
    Q_ASSERT(QThread::currentThread() == context->thread());
    auto *watcher = new QFutureWatcher<T>(context);
    QObject::connect(watcher, &QFutureWatcherBase::finished, watcher,
                     [watcher, token = std::move(token), done = std::move(done)]() mutable {
                         // Delete first: `done` may destroy the context, and with it the watcher.
                         watcher->deleteLater();
                         if (token)
                             takeOver(token.get());
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
    std::shared_ptr<const void> token;
    auto future = Detail::startInPool(std::move(work), &token);
    deliverTo(context, future, std::move(done), std::move(token));
}

// Lets go of `owner` on the thread pool: when it is the last reference, destroying what it owns
// (a QTemporaryDir with thousands of files, a session bundle's extracted folder) deletes files,
// which can take seconds and must not happen on an event loop's thread.
template<typename T>
void releaseInBackground(std::shared_ptr<T> owner)
{
    if (!owner || owner.use_count() > 1)
        return; // someone else still holds it; the last one decides
    // As in startInPool: the task that carries `owner` is made first and the hand-off named
    // after it, so the pool thread sees every write, the task's own included.
    static const char submitted = 0;
    QRunnable *task = QRunnable::create([owner = std::move(owner)]() mutable {
        takeOver(&submitted);
        owner.reset();
    });
    handOff(&submitted);
    QThreadPool::globalInstance()->start(task);
}

} // namespace Sandbench
