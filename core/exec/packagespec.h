#pragma once

#include "common/result.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace Sandbench {

// One --allow-package entry: "name" or "name@range" with range *, 5, 5.7, 5.7.0, ^5.1.0, ~5.1.0.
struct PackageSpec
{
    QString name;
    QString range; // "*" when none was given

    static Result<PackageSpec> parse(const QString &text);
    QString specifier() const { return QStringLiteral("npm:%1@%2").arg(name, range); }
};

// An import map that lets bare imports of allowed packages resolve ("papaparse" and
// "papaparse/..."), and, with a seed, points node:crypto at the seeded shim.
QByteArray importMapJson(const QList<PackageSpec> &packages, const QString &cryptoShimUrl);

// A module that imports exactly the allowed packages: what the trusted prefetch step caches.
QByteArray prefetchModule(const QList<PackageSpec> &packages);

} // namespace Sandbench
