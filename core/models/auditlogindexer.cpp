#include "auditlogindexer.h"

#include "audit/auditevent.h"

#include <optional>

namespace Sandbench::AuditLogIndexer {

QByteArray LineWindow::lineAt(qint64 start)
{
    constexpr qint64 kWindow = 4 * 1024 * 1024;
    auto find = [&]() -> std::optional<QByteArray> {
        const qint64 from = start - m_bufferStart;
        if (from < 0 || from >= m_buffer.size())
            return std::nullopt;
        const qsizetype newline = m_buffer.indexOf('\n', from);
        if (newline < 0 && m_buffer.size() - from <= kMaxLineBytes && m_buffer.size() == kWindow + kMaxLineBytes)
            return std::nullopt; // the line may go on past the window
        qsizetype stop = newline < 0 ? m_buffer.size() : newline;
        stop = qMin<qsizetype>(stop, from + kMaxLineBytes);
        if (stop > from && m_buffer.at(stop - 1) == '\r')
            --stop;
        return m_buffer.mid(from, stop - from);
    };
    if (auto line = find())
        return *line;
    m_bufferStart = start;
    m_buffer = m_file->readAt(start, kWindow + kMaxLineBytes);
    return find().value_or(QByteArray());
}

bool indexLines(const RegularFile &file, qint64 size, const std::atomic_bool &cancel,
                const std::function<void(Batch &&)> &deliver, qsizetype firstBatch,
                qsizetype batchSize)
{
    constexpr qint64 kChunk = 4 * 1024 * 1024;
    Batch batch;
    qsizetype limit = firstBatch;
    qint64 lineStart = 0;
    QByteArray line; // the current line so far, at most kMaxLineBytes of it
    auto endLine = [&] {
        if (!line.isEmpty() && line != "\r") {
            batch.starts.push_back(lineStart);
            // Counted by parsing, as the row will be shown (about 1 us a line, measured): a
            // search for the decision could be made to count what the row does not show.
            AuditEvent event;
            if (!AuditEvent::fromJsonLine(line, &event))
                ++batch.unreadable;
            else if (event.isDecision())
                ++(event.allowed ? batch.allows : batch.denies);
        }
        line.clear();
    };
    for (qint64 offset = 0; offset < size; offset += kChunk) {
        const QByteArray chunk = file.readAt(offset, qMin(kChunk, size - offset));
        if (chunk.isEmpty())
            break; // the file shrank: index what is there
        qsizetype pos = 0;
        while (pos < chunk.size()) {
            const qsizetype newline = chunk.indexOf('\n', pos);
            const qsizetype stop = newline < 0 ? chunk.size() : newline;
            if (line.size() < kMaxLineBytes)
                line.append(chunk.constData() + pos, qMin<qsizetype>(stop - pos, kMaxLineBytes - line.size()));
            if (newline < 0)
                break;
            endLine();
            pos = newline + 1;
            lineStart = offset + pos;
            if (qsizetype(batch.starts.size()) >= limit) {
                if (cancel.load(std::memory_order_relaxed))
                    return false;
                deliver(std::move(batch));
                batch = Batch();
                limit = batchSize;
            }
        }
        if (chunk.size() < qMin(kChunk, size - offset))
            break;
    }
    endLine();
    if (cancel.load(std::memory_order_relaxed))
        return false;
    batch.done = true;
    deliver(std::move(batch));
    return true;
}

std::vector<int> filterLines(const RegularFile &file, const std::vector<qint64> &starts,
                             const AuditFilter &filter, const std::atomic_bool &cancel,
                             bool *cancelled)
{
    std::vector<int> rows;
    *cancelled = false;
    const AuditLineMatcher matcher(filter);
    LineWindow window(&file);
    for (size_t i = 0; i < starts.size(); ++i) {
        if ((i & 0xffff) == 0 && cancel.load(std::memory_order_relaxed)) {
            *cancelled = true;
            return {};
        }
        const QByteArray line = window.lineAt(starts[i]);
        if (!matcher.mayMatch(line))
            continue;
        if (filter.needsParse()) {
            AuditEvent event;
            if (!AuditEvent::fromJsonLine(line, &event) || !filter.matches(event))
                continue;
        }
        rows.push_back(int(i));
    }
    return rows;
}

} // namespace Sandbench::AuditLogIndexer
