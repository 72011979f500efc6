#pragma once

#include <QList>
#include <QString>

#include <functional>

namespace Sandbench {

class Sandbox;

struct ConformanceOutcome
{
    bool passed = false;
    QString message; // why it failed
};

// One rule of the provider contract, checked against a live sandbox (reference:
// sandboxConformance). The checks wait for their operations with local event loops, so run
// them from a test or tool, not a GUI slot. They leave files under conformance/ in the
// workdir and need a sandbox with no ports and at least 1 MiB of maxFileBytes.
struct ConformanceCheck
{
    QString name;
    std::function<ConformanceOutcome(Sandbox *)> run;
};

QList<ConformanceCheck> sandboxConformance();

} // namespace Sandbench
