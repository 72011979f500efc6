#pragma once

#include <QString>

namespace Sandbench {

// Copies one regular file (or what a symlink points at, if that is one) to `to`, which must not
// exist; false on any failure. Unlike
// QFile::copy, which syncs every copy to disk, this is a plain kernel copy: a session's
// workdir of thousands of files is copied in a fraction of the time, and a copy that a crash
// loses is a scratch copy anyway (session files themselves are written with QSaveFile).
bool copyFile(const QString &from, const QString &to);

} // namespace Sandbench
