#include "auditlogindexer.h"

#include <cstring>

namespace Sandbench::AuditLogIndexer {

namespace {

const char *findNewline(const char *from, const char *end)
{
    return static_cast<const char *>(std::memchr(from, '\n', size_t(end - from)));
}

} // namespace

QByteArrayView lineAt(QByteArrayView data, qint64 start)
{
    const char *begin = data.data() + start;
    const char *end = data.data() + data.size();
    const char *newline = findNewline(begin, end);
    const char *stop = newline ? newline : end;
    if (stop > begin && stop[-1] == '\r')
        --stop;
    return QByteArrayView(begin, stop - begin);
}

bool indexLines(QByteArrayView data, const std::atomic_bool &cancel,
                const std::function<void(Batch &&)> &deliver, qsizetype firstBatch,
                qsizetype batchSize)
{
    static constexpr QByteArrayView denyMark("\"decision\":\"deny\"");
    Batch batch;
    qsizetype limit = firstBatch;
    const char *const base = data.data();
    const char *const end = base + data.size();
    const char *pos = base;
    while (pos < end) {
        const char *newline = findNewline(pos, end);
        const char *lineEnd = newline ? newline : end;
        if (lineEnd > pos && !(lineEnd - pos == 1 && *pos == '\r')) {
            batch.starts.push_back(pos - base);
            // Counting here costs one short search per line and saves a second pass.
            if (QByteArrayView(pos, lineEnd - pos).contains(denyMark))
                ++batch.denies;
            else
                ++batch.allows;
        }
        pos = newline ? newline + 1 : end;
        if (qsizetype(batch.starts.size()) >= limit) {
            if (cancel.load(std::memory_order_relaxed))
                return false;
            deliver(std::move(batch));
            batch = Batch();
            limit = batchSize;
        }
    }
    if (cancel.load(std::memory_order_relaxed))
        return false;
    batch.done = true;
    deliver(std::move(batch));
    return true;
}

std::vector<int> filterLines(QByteArrayView data, const std::vector<qint64> &starts,
                             const AuditFilter &filter, const std::atomic_bool &cancel,
                             bool *cancelled)
{
    std::vector<int> rows;
    *cancelled = false;
    const AuditLineMatcher matcher(filter);
    for (size_t i = 0; i < starts.size(); ++i) {
        if ((i & 0xffff) == 0 && cancel.load(std::memory_order_relaxed)) {
            *cancelled = true;
            return {};
        }
        const QByteArrayView line = lineAt(data, starts[i]);
        if (!matcher.mayMatch(line))
            continue;
        if (filter.needsParse()) {
            AuditEvent event;
            if (!AuditEvent::fromJsonLine(line.toByteArray(), &event) || !filter.matches(event))
                continue;
        }
        rows.push_back(int(i));
    }
    return rows;
}

} // namespace Sandbench::AuditLogIndexer
