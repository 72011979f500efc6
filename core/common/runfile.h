#pragma once

#include <QByteArray>
#include <QString>

namespace Sandbench {

// Writes `data` to `path` atomically (a new file beside it, then renamed over it: a reader sees
// the old file or the whole new one, never a part) but without syncing it to disk, which
// QSaveFile does on every commit. For files that live only as long as one run (its preload,
// import map, the code it was given): after a crash the run is gone anyway, and a sync costs a
// disk round trip on the start-up path of every run. Files that must outlive a crash (sessions,
// caches read by later runs) keep QSaveFile. The file is created 0600. False on any failure,
// and then nothing is left behind.
bool writeRunFile(const QString &path, const QByteArray &data);

} // namespace Sandbench
