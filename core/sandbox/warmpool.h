#pragma once

#include "sandbox/sandboxtypes.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>

namespace Sandbench {

class SandboxBackend;
class SandboxProvider;

// What a warm sandbox is made for: a claim of another shape cold-starts.
struct WarmShape
{
    QString image;
    double cpus = 0;
    int memoryMiB = 0;
    bool operator==(const WarmShape &) const = default;
};

// The sandboxes a SandboxPool keeps ready (PoolOptions::warm per shape): created locked down
// like any other, with no env, offline (able to go online when the pool allows All), and
// handed to one claim each, never back. Their keeper ends them keepWindowMs after their last
// renewal, so a warm sandbox whose owner died lives no longer than that, and a claim's lifetime
// is held from its claim (the keeper only moves a deadline later: a claim shorter than what is
// left of that window cold-starts). Every renewal is one root step; after maxIdleMs one is
// replaced rather than renewed, which bounds how far past its claim's end the keeper's hard
// limit (latestEnd) can be.
class WarmPool : public QObject
{
    Q_OBJECT
public:
    static constexpr qint64 keepWindowMs = 60'000;
    static constexpr qint64 maxIdleMs = 10 * 60'000;
    static constexpr int maxShapes = 4;

    // room(): how many more sandboxes the pool may start now.
    WarmPool(SandboxProvider *provider, const PoolOptions &options, std::function<int()> room, QObject *parent);
    ~WarmPool() override;

    // Ready and being created: what counts against maxSandboxes.
    int count() const { return int(m_entries.size()); }
    int readyCount() const;
    // Being created for `shape` now.
    int creating(const WarmShape &shape) const;

    // Keeps `shape` warm from now on (most recent first; the oldest beyond maxShapes is dropped).
    void want(const WarmShape &shape);
    // A ready sandbox of `shape` whose keeper's deadline is at or before `expires`, now the
    // caller's; else null.
    SandboxBackend *take(const WarmShape &shape, const QDateTime &expires);
    // Releases one ready sandbox (of the least recently wanted shape) to make room; false when
    // none is ready.
    bool evictOne();
    // Starts creating what is missing, as room() allows (not while paused).
    void refill();
    // Holds refills back for claimPauseMs: a container start competes for the engine (and, on
    // a small machine, the CPU) with a claimed sandbox's first commands.
    void pauseAfterClaim();
    static constexpr int claimPauseMs = 1'500;
    // Releases every warm sandbox, creates none from now on; done once the provider answered
    // for each, those still being created included.
    void close(std::function<void()> done);
    // For the pool's destructor: the ready backends, no longer ours; creates still under way
    // release what they bring.
    QList<SandboxBackend *> takeAll();

signals:
    // A create finished (ready or failed) or a sandbox went: room or readiness changed.
    void changed();

private:
    struct Entry
    {
        WarmShape shape;
        SandboxBackend *backend = nullptr; // null while being created
        QDateTime created;
        QDateTime deadline; // the keeper's
    };
    void startCreate(const WarmShape &shape);
    void renew();
    // Removes its entry and releases it.
    void drop(SandboxBackend *backend);
    void release(SandboxBackend *backend);
    void checkClosed();

    SandboxProvider *m_provider;
    PoolOptions m_options;
    std::function<int()> m_room;
    QList<WarmShape> m_shapes;
    QList<Entry *> m_entries;
    QTimer m_renewal;
    QTimer m_retry;
    QTimer m_pause;
    bool m_closed = false;
    int m_releasing = 0;
    std::function<void()> m_closeDone;
};

} // namespace Sandbench
