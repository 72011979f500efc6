#pragma once

#include "models/auditfilter.h"

#include <QByteArrayView>
#include <QList>

#include <atomic>
#include <functional>
#include <vector>

namespace Sandbench {

// The pieces of opening a large audit log that run on a worker thread. They read a memory
// mapping of the file and never touch the model, so the GUI thread only ever sees finished
// batches of line offsets or row numbers.
namespace AuditLogIndexer {

struct Batch
{
    std::vector<qint64> starts; // offset of each non-empty line
    qint64 allows = 0;
    qint64 denies = 0;
    bool done = false;
};

// Finds every non-empty line of `data`. The first batch is delivered after `firstBatch` lines so
// that a view shows rows at once; later ones every `batchSize` lines and at the end.
// Returns false when cancelled.
bool indexLines(QByteArrayView data, const std::atomic_bool &cancel,
                const std::function<void(Batch &&)> &deliver, qsizetype firstBatch = 2000,
                qsizetype batchSize = 250000);

// The line that starts at `start` (without its newline).
QByteArrayView lineAt(QByteArrayView data, qint64 start);

// Row numbers (into `starts`) of the lines that match; std::nullopt-like empty result with
// `cancelled` set when the job was abandoned.
std::vector<int> filterLines(QByteArrayView data, const std::vector<qint64> &starts,
                             const AuditFilter &filter, const std::atomic_bool &cancel,
                             bool *cancelled);

} // namespace AuditLogIndexer
} // namespace Sandbench
