#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace Sandbench {

// The modules generated for one run, with its constants baked in (a preload runs with the
// script's permissions, so it must not read anything at run time).
struct DeterminismSetup
{
    std::optional<qint64> freezeTimeMs;
    std::optional<quint64> seed;
    QString preloadUrl; // file:// URL the preload will be at (workers import it again)
};

// Pins Date, performance, Intl and Temporal.Now to a virtual clock that starts at the frozen
// instant and moves only by what the code reads and waits for; wraps Worker so workers get the
// same preload.
QByteArray preloadModule(const DeterminismSetup &setup);


} // namespace Sandbench
