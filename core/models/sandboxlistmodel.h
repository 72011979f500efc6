#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QPointer>
#include <QTimer>

namespace Sandbench {

class Sandbox;
class SandboxPool;

// The live sandboxes of a pool, one row each, oldest first: rows come with the pool's
// sandboxAdded and go when a sandbox stops being alive (released, or gone at the end of its
// lifetime). Remaining lifetime is recomputed every second (a dataChanged on that column only),
// so a view shows a countdown without timers of its own.
class SandboxListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum class Column { Id, Image, State, Network, Ports, Remaining, Count };
    enum Role {
        SandboxRole = Qt::UserRole + 1, // Sandbox* as QObject*
        RemainingMsRole,                // qint64, 0 once over
        LifetimeMsRole,                 // qint64, what it was created with
    };

    explicit SandboxListModel(SandboxPool *pool, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    Sandbox *sandbox(int row) const;
    // The row showing sandbox, or -1.
    int rowOf(const Sandbox *sandbox) const;

    // "4:07", "1:02:03": how a remaining lifetime reads.
    static QString formatDuration(qint64 ms);

    // How often the Remaining column changes; 1 s unless a test wants it faster.
    void setTickInterval(int ms) { m_tick.setInterval(ms); }

private:
    // data() before its text is made visible (visibleForRole).
    QVariant rawData(const QModelIndex &index, int role) const;
    void add(Sandbox *sandbox);
    void remove(Sandbox *sandbox);
    void tick();
    void refresh(Sandbox *sandbox);

    QPointer<SandboxPool> m_pool;
    QList<Sandbox *> m_rows;
    QTimer m_tick;
};

} // namespace Sandbench
