// Audit logs: each line through the event parser, and the whole file through the indexer and the
// filter that the log browser uses (pread windows, no mapping).
#include "audit/auditevent.h"
#include "models/auditlogindexer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <atomic>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    for (const QByteArray &line : bytes.split('\n')) {
        Sandbench::AuditEvent event;
        QString error;
        if (Sandbench::AuditEvent::fromJsonLine(line, &event, &error)) {
            Sandbench::AuditEvent again;
            Sandbench::AuditEvent::fromJsonLine(event.toJsonLine(), &again);
        }
    }
    static QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/sandbench-fuzz-audit-XXXXXX"));
    const QString path = dir.filePath(QStringLiteral("audit.jsonl"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 0;
    file.write(bytes);
    file.close();
    auto opened = Sandbench::RegularFile::open(path);
    if (!opened)
        return 0;
    std::atomic_bool cancel(false);
    std::vector<qint64> starts;
    Sandbench::AuditLogIndexer::indexLines(*opened, opened->size(), cancel, [&](Sandbench::AuditLogIndexer::Batch &&batch) {
        starts.insert(starts.end(), batch.starts.begin(), batch.starts.end());
    }, 3, 7);
    Sandbench::AuditFilter filter;
    filter.text = QStringLiteral("a");
    bool cancelled = false;
    Sandbench::AuditLogIndexer::filterLines(*opened, starts, filter, cancel, &cancelled);
    return 0;
}
