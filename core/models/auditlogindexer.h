#pragma once

#include "common/boundedfile.h"
#include "models/auditfilter.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <atomic>
#include <functional>
#include <vector>

namespace Sandbench {

// The pieces of opening a large audit log that run on a worker thread. They read the file with
// pread through bounded windows, never a mapping: a log that shrinks while it is open (another
// process truncates it) then reads short instead of killing the GUI with SIGBUS, and a 1 GB line
// costs one window, not 1 GB. They never touch the model, so the GUI thread only ever sees
// finished batches of line offsets or row numbers.
namespace AuditLogIndexer {

// Longer lines are indexed but shown cut at this length (as unreadable lines).
constexpr qint64 kMaxLineBytes = 1024 * 1024;

// Reads lines at ascending (or nearby) offsets through one window of the file.
class LineWindow
{
public:
    explicit LineWindow(const RegularFile *file) : m_file(file) {}
    // The line that starts at `start` (without its newline, at most kMaxLineBytes).
    QByteArray lineAt(qint64 start);

private:
    const RegularFile *m_file;
    QByteArray m_buffer;
    qint64 m_bufferStart = 0;
};

struct Batch
{
    std::vector<qint64> starts; // offset of each non-empty line
    qint64 allows = 0;
    qint64 denies = 0;
    qint64 unreadable = 0; // lines whose decision is not written as Sandbench writes it
    bool done = false;
};

// Finds every non-empty line of `data`. The first batch is delivered after `firstBatch` lines so
// that a view shows rows at once; later ones every `batchSize` lines and at the end.
// Returns false when cancelled.
bool indexLines(const RegularFile &file, qint64 size, const std::atomic_bool &cancel,
                const std::function<void(Batch &&)> &deliver, qsizetype firstBatch = 2000,
                qsizetype batchSize = 250000);

// Row numbers (into `starts`) of the lines that match; std::nullopt-like empty result with
// `cancelled` set when the job was abandoned.
std::vector<int> filterLines(const RegularFile &file, const std::vector<qint64> &starts,
                             const AuditFilter &filter, const std::atomic_bool &cancel,
                             bool *cancelled);

} // namespace AuditLogIndexer
} // namespace Sandbench
