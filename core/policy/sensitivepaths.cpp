#include "sensitivepaths.h"

#include "policy/policyfile.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace Sandbench {

namespace {

QString homeOf(const SensitiveContext &context)
{
    return QDir::cleanPath(context.homeDir.isEmpty() ? QDir::homePath() : context.homeDir);
}

bool within(const QString &path, const QString &root)
{
    return root == QLatin1String("/") || path == root || path.startsWith(root + QLatin1Char('/'));
}

// Names that hold keys or tokens wherever they are.
QString credentialFileReason(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral(
            "^(\\.netrc|_netrc|\\.npmrc|\\.pypirc|\\.git-credentials|\\.pgpass|\\.htpasswd|"
            "id_(rsa|dsa|ecdsa|ed25519)(_sk)?(\\.pub)?|.*\\.(pem|key|p12|pfx|keystore|jks))$"),
            QRegularExpression::CaseInsensitiveOption);
    if (pattern.match(name).hasMatch())
        return QStringLiteral("\"%1\" is a credential file (keys, tokens or passwords)").arg(name);
    return {};
}

} // namespace

QStringList secretPlaces(const SensitiveContext &context)
{
    const QString home = homeOf(context);
    QStringList places;
    for (const char *relative : {".ssh", ".gnupg", ".aws", ".config/gcloud", ".azure", ".docker", ".kube",
                                 ".netrc", ".npmrc", ".pypirc", ".git-credentials", ".pgpass",
                                 ".cache/deno", ".deno", ".cache/sandbench"})
        places << home + QLatin1Char('/') + QLatin1String(relative);
    for (const QString &dir : context.cacheDirs) {
        if (!dir.isEmpty())
            places << QDir::cleanPath(dir);
    }
    places.removeDuplicates();
    places.sort();
    return places;
}

QString secretPathReason(const QString &absolutePath, const SensitiveContext &context)
{
    const QString path = QDir::cleanPath(absolutePath);
    const QString home = homeOf(context);
    if (const QString root = sensitiveRootReason(path, home); !root.isEmpty())
        return root;
    for (const QString &place : secretPlaces(context)) {
        if (within(path, place))
            return QStringLiteral("%1 holds credentials or the runtime's cache").arg(place);
    }
    // Every file of a path, not just its last part: ~/project/.npmrc/x, or a key in a folder
    // named like one.
    const QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        if (const QString reason = credentialFileReason(part); !reason.isEmpty())
            return reason;
    }
    return {};
}

QString sensitiveFolderReason(const QString &folder, const SensitiveContext &context)
{
    const QString path = QDir::cleanPath(folder);
    if (const QString secret = secretPathReason(path, context); !secret.isEmpty())
        return secret;
    if (within(path, QStringLiteral("/etc")))
        return QStringLiteral("/etc holds the system's configuration and secrets (shadow, keys)");
    const QString home = homeOf(context);
    if (path == home || QFileInfo(path).absolutePath() == QLatin1String("/home"))
        return QStringLiteral("a whole home folder (keys, tokens, browser profiles)");
    for (const QString &place : secretPlaces(context)) {
        if (place.startsWith(path + QLatin1Char('/')))
            return QStringLiteral("it holds %1 (credentials or the runtime's cache)").arg(place);
    }
    return {};
}

} // namespace Sandbench
