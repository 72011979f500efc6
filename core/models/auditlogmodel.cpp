#include "auditlogmodel.h"

#include "common/terminaltext.h"
#include "exec/permissionbroker.h"
#include "models/auditlogindexer.h"

#include <QDateTime>
#include <QLocale>
#include <algorithm>

namespace Sandbench {

namespace {

// Below this many rows, filtering in place is faster than a round trip to the worker.
constexpr qsizetype kSyncFilterLimit = 20000;

} // namespace

AuditLogModel::AuditLogModel(QObject *parent)
    : QAbstractTableModel(parent)
    , m_cancel(std::make_shared<std::atomic_bool>(false))
    , m_filterCancel(std::make_shared<std::atomic_bool>(false))
{
    m_pool.setMaxThreadCount(1);
}

AuditLogModel::~AuditLogModel()
{
    cancelWork();
}

void AuditLogModel::cancelWork()
{
    m_cancel->store(true);
    m_filterCancel->store(true);
    m_pool.waitForDone();
    m_cancel = std::make_shared<std::atomic_bool>(false);
    m_filterCancel = std::make_shared<std::atomic_bool>(false);
    m_loading = false;
    m_filtering = false;
}

int AuditLogModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    return m_visible ? int(m_visible->size()) : int(sourceCount());
}

int AuditLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(Column::Count);
}

qsizetype AuditLogModel::sourceCount() const
{
    return m_file ? qsizetype(m_starts.size()) : m_events.size();
}

int AuditLogModel::sourceRow(int row) const
{
    return m_visible ? (*m_visible)[size_t(row)] : row;
}

AuditEvent AuditLogModel::sourceEvent(int row) const
{
    if (!m_file)
        return m_events.at(row);
    if (const AuditEvent *cached = m_cache.object(row))
        return *cached;
    if (!m_window)
        m_window.emplace(m_file.get());
    const QByteArray line = m_window->lineAt(m_starts[size_t(row)]);
    auto *event = new AuditEvent;
    if (!AuditEvent::fromJsonLine(line, event)) {
        // Shown rather than hidden: a broken line in an audit log is itself worth seeing.
        *event = AuditEvent{};
        event->kind = QStringLiteral("?");
        event->resource = QString::fromUtf8(line.first(qMin<qsizetype>(line.size(), 200)));
        event->rule = tr("unreadable line");
        event->unreadable = true;
    }
    const AuditEvent copy = *event;
    m_cache.insert(row, event);
    return copy;
}

QString AuditLogModel::reasonText(const AuditEvent &event)
{
    if (event.unreadable)
        return {};
    if (!event.isDecision()) {
        const QString figures = event.bytesOut >= 0 && event.bytesIn >= 0
                                    ? tr("closed: %1 bytes out, %2 bytes in, %3 ms").arg(QLocale().toString(event.bytesOut), QLocale().toString(event.bytesIn),
                                                                                         QLocale().toString(std::max<qint64>(0, event.durationMs)))
                                    : tr("closed after %1 ms").arg(QLocale().toString(std::max<qint64>(0, event.durationMs)));
        return event.reason.isEmpty() ? figures : figures + QStringLiteral(" \u00b7 ") + visibleText(event.reason);
    }
    if (event.allowed)
        return event.rule.isEmpty() ? QString() : tr("allowed by %1").arg(visibleText(event.rule));
    static const QLatin1String lead("permission denied: ");
    QString reason = event.reason.startsWith(lead) ? event.reason.mid(lead.size()) : event.reason;
    // The resource has a column of its own: 'read access to "/a/long/path" is not allowed (not in
    // allow_read, ...)' reads 'read access is not allowed (...)', so the part that says why
    // stays in view in a narrow column.
    if (!event.resource.isEmpty()) {
        const QString quoted = QLatin1Char('"') + event.resource + QLatin1Char('"');
        for (const QString &form : {QStringLiteral(" to ") + quoted, QLatin1Char(' ') + quoted}) {
            if (const qsizetype at = reason.indexOf(form); at >= 0) {
                reason.remove(at, form.size());
                break;
            }
        }
    }
    return visibleText(reason);
}

QList<AuditEvent> AuditLogModel::deniedEvents(qsizetype limit) const
{
    QList<AuditEvent> out;
    const qsizetype count = sourceCount();
    AuditFilter denied;
    denied.decision = AuditFilter::Decision::Deny;
    const AuditLineMatcher denials(denied);
    for (qsizetype row = 0; row < count && out.size() < limit; ++row) {
        if (!m_file) {
            if (!m_events.at(row).allowed)
                out << m_events.at(row);
            continue;
        }
        // Straight from the line, past the cache: a million-line log would only churn it. The
        // parse decides; the matcher only skips the lines it proves hold no denial.
        if (!m_window)
            m_window.emplace(m_file.get());
        const QByteArray line = m_window->lineAt(m_starts[size_t(row)]);
        AuditEvent event;
        if (denials.mayMatch(line) && AuditEvent::fromJsonLine(line, &event) && !event.allowed)
            out << event;
    }
    return out;
}

AuditEvent AuditLogModel::eventAt(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    return sourceEvent(sourceRow(row));
}

QVariant AuditLogModel::data(const QModelIndex &index, int role) const
{
    // Names, paths and messages come from a run, a bundle or a log: every text role of every
    // row is shown through the one function that makes bidi overrides and invisible characters
    // visible, whichever column or path produced it.
    return visibleForRole(rawData(index, role), role);
}

QVariant AuditLogModel::rawData(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AuditEvent event = eventAt(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case Column::Seq: return event.unreadable ? QVariant() : QVariant::fromValue(event.seq);
        case Column::Time:
            if (event.unreadable)
                return {}; // not a time of 1970: it has none
            return QDateTime::fromMSecsSinceEpoch(event.timeMs, Qt::UTC)
                .toString(Qt::ISODateWithMs);
        // Shown, not obeyed: a resource such as "report\u202egnp.sh" must not read "reporths.png".
        case Column::Kind: return visibleText(event.kind);
        case Column::Action: return visibleText(event.action);
        case Column::Resource:
            if (event.rule == QLatin1String("code") && event.resource == QLatin1String(PermissionBroker::codeEntryResource))
                return m_codeName.isEmpty() ? tr("(the script's own code)") : tr("(the code of %1)").arg(visibleText(m_codeName));
            return event.resource.isNull() ? tr("(all)") : visibleText(event.resource);
        case Column::Decision: return event.unreadable ? QStringLiteral("?") : event.decisionName();
        case Column::Rule: return event.rule;
        case Column::Reason: return reasonText(event);
        case Column::Count: break;
        }
        return {};
    case Qt::ToolTipRole:
        return event.reason.isEmpty() ? event.resource : event.reason;
    case AllowedRole: return event.allowed;
    case ReasonRole: return event.reason;
    case SequenceRole: return QVariant::fromValue(event.seq);
    default: return {};
    }
}

QVariant AuditLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Column::Seq: return tr("#");
    case Column::Time: return tr("Time");
    case Column::Kind: return tr("Kind");
    case Column::Action: return tr("Action");
    case Column::Resource: return tr("Resource");
    case Column::Decision: return tr("Decision");
    case Column::Rule: return tr("Rule");
    case Column::Reason: return tr("Reason");
    case Column::Count: break;
    }
    return {};
}

void AuditLogModel::resetSource()
{
    cancelWork();
    m_source.invalidate();
    m_filterRound.invalidate();
    m_events.clear();
    m_liveDropped = 0;
    m_starts = {};
    m_cache.clear();
    m_window.reset();
    m_file.reset();
    m_fileSize = 0;
    m_filePath.clear();
    m_visible.reset();
    m_allows = 0;
    m_denies = 0;
    m_unreadable = 0;
}

void AuditLogModel::clear()
{
    beginResetModel();
    resetSource();
    if (!m_filter.isEmpty())
        m_visible.emplace();
    endResetModel();
    emit countsChanged();
}

void AuditLogModel::setCodeName(const QString &name)
{
    if (name == m_codeName)
        return;
    m_codeName = name;
    if (rowCount() > 0)
        emit dataChanged(index(0, int(Column::Resource)), index(rowCount() - 1, int(Column::Resource)), {Qt::DisplayRole});
}

void AuditLogModel::setEvents(const QList<AuditEvent> &events)
{
    beginResetModel();
    resetSource();
    m_events = events;
    for (const AuditEvent &event : events) {
        if (event.isDecision())
            ++(event.allowed ? m_allows : m_denies);
    }
    endResetModel();
    emit countsChanged();
    if (!m_filter.isEmpty())
        startFilter();
}

void AuditLogModel::appendEvents(const QList<AuditEvent> &events)
{
    if (m_file) // a file is a finished log; live events start a fresh in-memory one
        clear();
    for (const AuditEvent &event : events) {
        if (event.isDecision())
            ++(event.allowed ? m_allows : m_denies);
    }
    const qsizetype room = std::max<qsizetype>(0, m_liveLimit - m_events.size());
    const QList<AuditEvent> batch = events.size() <= room ? events : events.first(room);
    m_liveDropped += events.size() - batch.size();
    if (batch.isEmpty()) {
        emit countsChanged(); // dropped events still count
        return;
    }
    const qsizetype first = m_events.size();
    if (!m_visible) {
        beginInsertRows({}, int(first), int(first + batch.size() - 1));
        m_events.append(batch);
        endInsertRows();
    } else if (m_filtering) {
        m_events.append(batch); // the filter in flight picks them up when it lands
    } else {
        std::vector<int> matching;
        for (qsizetype i = 0; i < batch.size(); ++i)
            if (m_filter.matches(batch.at(i)))
                matching.push_back(int(first + i));
        if (matching.empty()) {
            m_events.append(batch);
        } else {
            const int row = int(m_visible->size());
            beginInsertRows({}, row, row + int(matching.size()) - 1);
            m_events.append(batch);
            m_visible->insert(m_visible->end(), matching.begin(), matching.end());
            endInsertRows();
        }
    }
    emit countsChanged();
}

bool AuditLogModel::adoptRunEvents(const QList<AuditEvent> &events)
{
    if (m_file || m_liveDropped > 0 || events.size() != m_events.size())
        return false;
    if (!events.isEmpty() && !(events.constFirst() == m_events.constFirst() && events.constLast() == m_events.constLast()))
        return false;
    // A filter in flight holds its own (shared) copy; rows and their order are the same either way.
    m_events = events;
    return true;
}

bool AuditLogModel::openFile(const QString &path, QString *error)
{
    // A device or a FIFO is refused here, at once: it would never end (or never start).
    auto opened = RegularFile::open(path);
    if (!opened) {
        if (error)
            *error = opened.error().message;
        return false;
    }
    auto file = std::make_shared<RegularFile>(std::move(*opened));
    const qint64 size = file->size();
    beginResetModel();
    resetSource();
    m_file = file;
    m_filePath = path;
    m_fileSize = size;
    if (!m_filter.isEmpty())
        m_visible.emplace();
    m_loading = true;
    m_loadClock.start();
    endResetModel();
    emit countsChanged();

    const StaleGuard::Ticket generation = m_source.ticket();
    const auto cancel = m_cancel;
    m_pool.start([this, generation, cancel, file, size] {
        AuditLogIndexer::indexLines(*file, size, *cancel, [&](AuditLogIndexer::Batch &&batch) {
            auto shared = std::make_shared<AuditLogIndexer::Batch>(std::move(batch));
            QMetaObject::invokeMethod(this, [this, generation, shared] {
                applyBatch(generation, std::move(*shared));
            }, Qt::QueuedConnection);
        });
    });
    return true;
}

void AuditLogModel::applyBatch(StaleGuard::Ticket generation, AuditLogIndexer::Batch &&batch)
{
    if (!m_source.isCurrent(generation))
        return;
    if (!batch.starts.empty()) {
        const qsizetype first = qsizetype(m_starts.size());
        if (m_visible) {
            m_starts.insert(m_starts.end(), batch.starts.begin(), batch.starts.end());
        } else {
            beginInsertRows({}, int(first), int(first + qsizetype(batch.starts.size()) - 1));
            m_starts.insert(m_starts.end(), batch.starts.begin(), batch.starts.end());
            endInsertRows();
        }
    }
    m_allows += batch.allows;
    m_denies += batch.denies;
    m_unreadable += batch.unreadable;
    emit countsChanged();
    if (batch.done) {
        m_loading = false;
        emit loadingFinished(qint64(m_starts.size()), m_loadClock.elapsed());
        if (!m_filter.isEmpty())
            startFilter();
    }
}

void AuditLogModel::setFilter(const AuditFilter &filter)
{
    if (filter == m_filter)
        return;
    m_filter = filter;
    m_filterRound.invalidate();
    if (filter.isEmpty()) {
        m_filterCancel->store(true);
        beginResetModel();
        m_visible.reset();
        m_filtering = false;
        endResetModel();
        emit filterFinished(rowCount(), 0);
        return;
    }
    startFilter();
}

void AuditLogModel::startFilter()
{
    const StaleGuard::Ticket generation = m_filterRound.next();
    // A filter still scanning for an older text is abandoned rather than finished: typing in
    // the search box must not queue up one full scan per keystroke.
    m_filterCancel->store(true);
    m_filterCancel = std::make_shared<std::atomic_bool>(false);
    QElapsedTimer clock;
    clock.start();
    if (!m_file && m_events.size() <= kSyncFilterLimit) {
        std::vector<int> rows;
        for (qsizetype i = 0; i < m_events.size(); ++i)
            if (m_filter.matches(m_events.at(i)))
                rows.push_back(int(i));
        applyFilterResult(generation, m_events.size(), std::move(rows), clock.elapsed());
        return;
    }
    if (m_file && m_loading)
        return; // applyBatch() filters once the whole file is indexed
    m_filtering = true;
    const AuditFilter filter = m_filter;
    const auto cancel = m_cancel;
    const auto filterCancel = m_filterCancel;
    if (m_file) {
        const std::shared_ptr<RegularFile> file = m_file;
        auto starts = std::make_shared<std::vector<qint64>>(m_starts);
        m_pool.start([this, generation, cancel, filterCancel, file, starts, filter, clock] {
            if (cancel->load())
                return;
            bool cancelled = false;
            auto rows = std::make_shared<std::vector<int>>(
                AuditLogIndexer::filterLines(*file, *starts, filter, *filterCancel, &cancelled));
            if (cancelled || cancel->load())
                return;
            const qsizetype covered = qsizetype(starts->size());
            QMetaObject::invokeMethod(this, [this, generation, covered, rows, clock] {
                applyFilterResult(generation, covered, std::move(*rows), clock.elapsed());
            }, Qt::QueuedConnection);
        });
        return;
    }
    const QList<AuditEvent> events = m_events; // shared, not copied
    m_pool.start([this, generation, cancel, filterCancel, events, filter, clock] {
        auto rows = std::make_shared<std::vector<int>>();
        for (qsizetype i = 0; i < events.size(); ++i) {
            if ((i & 0xffff) == 0 && (cancel->load() || filterCancel->load()))
                return;
            if (filter.matches(events.at(i)))
                rows->push_back(int(i));
        }
        const qsizetype covered = events.size();
        QMetaObject::invokeMethod(this, [this, generation, covered, rows, clock] {
            applyFilterResult(generation, covered, std::move(*rows), clock.elapsed());
        }, Qt::QueuedConnection);
    });
}

void AuditLogModel::applyFilterResult(StaleGuard::Ticket generation, qsizetype covered,
                                      std::vector<int> &&rows, qint64 elapsedMs)
{
    if (!m_filterRound.isCurrent(generation))
        return;
    // Live events that arrived while the worker ran.
    if (!m_file)
        for (qsizetype i = covered; i < m_events.size(); ++i)
            if (m_filter.matches(m_events.at(i)))
                rows.push_back(int(i));
    beginResetModel();
    m_visible = std::move(rows);
    m_filtering = false;
    endResetModel();
    emit filterFinished(rowCount(), elapsedMs);
}

} // namespace Sandbench
