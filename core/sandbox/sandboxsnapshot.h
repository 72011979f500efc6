#pragma once

#include "common/result.h"
#include "sandbox/sandboxoperation.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace Sandbench {

// A named copy of a live sandbox's files: the image it runs plus what its writable places held
// (the tmpfs workdir, /tmp and any tmpfs over an image VOLUME), as a tar archive kept beside the
// image. Processes, memory and the environment are not in it: a sandbox made from a snapshot
// starts fresh processes over the same files. It holds anything the sandbox wrote, secrets
// included: archives are the owner's alone (0600 in a 0700 folder) and nothing sends them
// anywhere.
struct SnapshotInfo
{
    QString name;
    QString imageId;        // the committed image ("sha256:...")
    QString archiveDigest;  // sha256 of the tmpfs archive, hex
    QString digest;         // snapshotDigest(imageId, archiveDigest)
    QString sourceSandbox;  // the container it was taken of
    QDateTime created;
    qint64 archiveBytes = -1; // -1: the archive is missing
};

using SnapshotOperation = Operation<SnapshotInfo>;
using SnapshotListOperation = Operation<QList<SnapshotInfo>>;

// What a snapshot holds in one string: "sha256:" + sha256(imageId + "\n" + archiveDigest).
QString snapshotDigest(const QString &imageId, const QString &archiveDigest);

// Names are 1-64 of [a-z0-9._-], starting with a letter or digit: they become an image tag and
// a file name, so anything else (slashes, dots leading, upper case, control bytes) is refused
// with InvalidInput naming the first bad character and where it is.
Result<void> validateSnapshotName(const QString &name);

} // namespace Sandbench
