#pragma once

#include <QString>
#include <QStringList>

namespace Sandbench {

// Where secrets and the system live, for the policy learner (never granted, never widened
// into) and for observe runs (never readable or writable by the observed code).
struct SensitiveContext
{
    QString homeDir;        // empty: this user's home
    QStringList cacheDirs;  // the runtime's and Sandbench's caches (absolute)
};

// Why `absolutePath` (a file or folder) may not be granted at all, even exactly: a credential
// place (~/.ssh, ~/.gnupg, ~/.aws, ~/.config/gcloud, ~/.docker, ~/.kube, a Deno cache, Sandbench's
// cache), a credential file name (.netrc, .npmrc, .git-credentials, .pgpass, id_rsa*, id_ed25519*,
// id_ecdsa*, id_dsa*, *.pem, *.key), the system's /proc, /sys, /dev, or what
// sensitiveRootReason refuses (/, /home, /root, a home folder). Empty if it may be granted.
QString secretPathReason(const QString &absolutePath, const SensitiveContext &context);

// Why `folder` may not stand for files found in it: everything secretPathReason says, plus
// /etc (and below), a home folder itself (/home/NAME), and any folder that holds one of the
// credential places. Empty if a grant of the whole folder is safe.
QString sensitiveFolderReason(const QString &folder, const SensitiveContext &context);

// The credential and system places secretPathReason names, as absolute paths for this context
// (folders and files; they need not exist). Observe runs hide the ones that exist.
QStringList secretPlaces(const SensitiveContext &context);

} // namespace Sandbench
