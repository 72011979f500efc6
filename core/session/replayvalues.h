#pragma once

#include "common/result.h"

#include <QMap>
#include <QString>
#include <QStringList>

namespace Sandbench {

class SandboxSession;
struct ExecSessionManifest;

// Values a recording kept by name only, which a replay must be given to run as recorded: an
// environment variable given with --env and recorded without --record-env-values (a secret
// recorded by name will be one more source of the same list). Supplied values live only in
// the replay's memory: they never go back into a bundle, a report or a setting.
struct ReplayValueNames
{
    // The run had a value for each of these: a replay without one would run differently.
    QStringList required;
    // Names the replay may be given but can do without: host variables the run could read
    // (allow_env) whose values were not kept. Without one, the replay does not give it, as before.
    QStringList optional;

    bool isEmpty() const { return required.isEmpty() && optional.isEmpty(); }
    bool contains(const QString &name) const { return required.contains(name) || optional.contains(name); }
};

using ReplayValues = QMap<QString, QString>;

ReplayValueNames replayValueNames(const ExecSessionManifest &manifest);
// The sandbox's own variables and every exec step's, without a recorded value.
ReplayValueNames replayValueNames(const SandboxSession &session);

// Fails (ConfigError) naming every required name `supplied` lacks and every supplied name the
// session never had. `alsoGiven` are names the replay gets a value for another way (a
// replacement policy's own env).
VoidResult checkReplayValues(const ReplayValueNames &names, const ReplayValues &supplied,
                             const QStringList &alsoGiven = {});

// "NAME=VALUE" (the value is everything after the first '='; it may be empty). `where` starts
// the error ("--env", "values.env:3").
Result<std::pair<QString, QString>> parseReplayValue(const QString &text, const QString &where);
// KEY=VALUE lines; empty lines and lines starting with '#' are skipped, a trailing CR is dropped,
// nothing is unquoted. A bad line is named as FILE:LINE; a name given twice is refused.
Result<ReplayValues> readReplayValuesFile(const QString &path);
// Adds `more` to `values`, refusing a name given twice (`where` names the second source).
VoidResult addReplayValues(ReplayValues *values, const ReplayValues &more, const QString &where);

} // namespace Sandbench
