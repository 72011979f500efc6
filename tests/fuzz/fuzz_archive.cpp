// Session bundles as files: libarchive plus our checks of names, types, sizes and digests.
// Small limits keep each input fast; the bundle's folder goes with it.
#include "session/exec/execsession.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/sandbench-fuzz-archive-XXXXXX"));
    const QString path = dir.filePath(QStringLiteral("input.sbsession"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 0;
    file.write(reinterpret_cast<const char *>(data), qint64(size));
    file.close();
    Sandbench::ArchiveLimits limits;
    limits.maxEntries = 64;
    limits.maxEntryBytes = 1 << 20;
    limits.maxTotalBytes = 4 << 20;
    auto bundle = Sandbench::ExecSession::read(path, limits);
    (void)bundle;
    return 0;
}
