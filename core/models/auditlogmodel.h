#pragma once

#include "audit/auditevent.h"
#include "common/staleguard.h"
#include "models/auditfilter.h"
#include "models/auditlogindexer.h"

#include <QAbstractTableModel>
#include <QCache>
#include <QElapsedTimer>
#include <QFile>
#include <QList>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace Sandbench {

namespace AuditLogIndexer {
struct Batch;
}

// The audit browser's rows: either events in memory (a live run, a run from the history) or
// an audit .jsonl file of any size. A file is memory-mapped, its lines are indexed on a worker
// thread and delivered in batches (the first after a few thousand lines), and rows are parsed
// only when a view asks for them, through a small cache. Filtering a file also runs on the
// worker, so neither opening nor filtering a million-line log blocks the GUI thread.
class AuditLogModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // Reason: why it was decided so, readable at a glance (the deny message without its
    // "permission denied: " lead, or "allowed by <rule>"); the tooltip has the whole message.
    enum class Column { Seq, Time, Kind, Action, Resource, Decision, Rule, Reason, Count };
    enum Role { AllowedRole = Qt::UserRole + 1, ReasonRole, SequenceRole };

    explicit AuditLogModel(QObject *parent = nullptr);
    ~AuditLogModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // In-memory events. A live run's decisions arrive in the batches the engine collects them
    // in (its one batching point, every 50 ms), each batch one row insertion, so thousands of
    // decisions a second cost a few insertions, not thousands. Past liveLimit() events only the
    // counts go on: the run's audit file on disk has them all.
    void clear();
    // What the code a run was given as text is called in the Resource column: the engine audits
    // it as PermissionBroker::codeEntryResource, the command line's words; a front end names it
    // after its script (empty: "the script's own code"). Display only: filters and "Allow this"
    // see the event as logged.
    void setCodeName(const QString &name);
    void setEvents(const QList<AuditEvent> &events);
    void appendEvents(const QList<AuditEvent> &batch);
    // The run has ended and `events` is its whole record (ExecResult::auditEvents), which the
    // history and the session share: when it holds just what is shown, the model shares it too
    // instead of keeping a copy of its own. Views see no change. False when it differs (rows
    // past the live limit, another source), and the model keeps what it has.
    bool adoptRunEvents(const QList<AuditEvent> &events);
    void setLiveLimit(qsizetype limit) { m_liveLimit = limit; }
    qsizetype liveLimit() const { return m_liveLimit; }
    qint64 liveDropped() const { return m_liveDropped; }

    // Starts loading a file and returns at once; rows arrive in batches, loadingFinished()
    // follows. False (with a message) only when the file cannot be opened or mapped.
    bool openFile(const QString &path, QString *error = nullptr);
    QString filePath() const { return m_filePath; }
    bool isLoading() const { return m_loading; }

    void setFilter(const AuditFilter &filter);
    AuditFilter filter() const { return m_filter; }
    bool isFiltering() const { return m_filtering; }

    // The denials of the whole source (a run, a file) whatever the filter, at most `limit`.
    QList<AuditEvent> deniedEvents(qsizetype limit = 100000) const;
    // What the Reason column shows for `event`.
    static QString reasonText(const AuditEvent &event);
    // The event shown in `row` (after filtering).
    AuditEvent eventAt(int row) const;
    qint64 totalCount() const { return sourceCount(); }
    qint64 allowCount() const { return m_allows; }
    qint64 denyCount() const { return m_denies; }
    // Lines of the file that are not events (shown as rows with decision "?").
    qint64 unreadableCount() const { return m_unreadable; }

signals:
    void countsChanged();
    void loadingFinished(qint64 lines, qint64 elapsedMs);
    void filterFinished(int rows, qint64 elapsedMs);

private:
    // data() before its text is made visible (visibleForRole).
    QVariant rawData(const QModelIndex &index, int role) const;
    qsizetype sourceCount() const;
    int sourceRow(int row) const;
    AuditEvent sourceEvent(int sourceRow) const;
    void resetSource();
    void cancelWork();
    void applyBatch(StaleGuard::Ticket generation, AuditLogIndexer::Batch &&batch);
    void startFilter();
    void applyFilterResult(StaleGuard::Ticket generation, qsizetype covered, std::vector<int> &&rows,
                           qint64 elapsedMs);

    // In-memory source.
    QList<AuditEvent> m_events;
    qsizetype m_liveLimit = 500000;
    qint64 m_liveDropped = 0;
    // File source.
    QString m_filePath;
    std::shared_ptr<RegularFile> m_file; // shared with the worker reading it
    qint64 m_fileSize = 0;
    mutable std::optional<AuditLogIndexer::LineWindow> m_window;
    std::vector<qint64> m_starts;
    mutable QCache<int, AuditEvent> m_cache{4096};

    AuditFilter m_filter;
    QString m_codeName;
    std::optional<std::vector<int>> m_visible; // source rows that pass the filter
    qint64 m_allows = 0;
    qint64 m_denies = 0;
    qint64 m_unreadable = 0;
    bool m_loading = false;
    bool m_filtering = false;
    QElapsedTimer m_loadClock;

    // Work for this model only; the destructor waits for it, so queued results never outlive us.
    QThreadPool m_pool;
    std::shared_ptr<std::atomic_bool> m_cancel;       // everything: the source is going away
    std::shared_ptr<std::atomic_bool> m_filterCancel; // the running filter: a newer one replaces it
    StaleGuard m_source;      // a new source makes every batch in flight stale
    StaleGuard m_filterRound; // so does a new filter, for the filter results in flight
};

} // namespace Sandbench
