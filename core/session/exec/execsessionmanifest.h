#pragma once

#include "common/result.h"
#include "policy/policy.h"
#include "session/traffic/recordedtraffic.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandbench {

// An environment variable the run could see. Values are kept only when the user asked for them
// (--record-env-values): a value may be a secret.
struct ExecSessionEnvVar
{
    QString name;
    QString source; // "policy" (given with --env) or "host" (passed through by allow_env)
    std::optional<QString> value;

    bool operator==(const ExecSessionEnvVar &) const = default;
};

// What a recorded run ended with (the outputs and the audit log are members of their own).
struct ExecSessionOutcome
{
    std::optional<int> exitCode;
    bool timedOut = false;
    bool cancelled = false;
    bool truncated = false;
    bool memoryExceeded = false;
    qint64 durationMs = 0;
    qint64 stdoutTotalBytes = 0;
    qint64 stderrTotalBytes = 0;
    qint64 auditEventsDropped = 0;
    int allowCount = 0;
    int denyCount = 0;

    bool operator==(const ExecSessionOutcome &) const = default;
};

// manifest.json of a bundle. Every stored file is named by its sha256 (files/<sha256>); the maps
// say where each was found.
struct ExecSessionManifest
{
    static constexpr int currentFormatVersion = 1;

    int formatVersion = currentFormatVersion;
    QString applicationVersion;
    QString runtimeVersion;
    QString runtimeSha256;
    qint64 recordedAtMs = 0;

    Policy policy;           // env values only where recorded
    QString baseDir;
    QStringList args;
    QString code;            // the code of a --code run
    QString entrypoint;      // the entry file of a file run, as an absolute path
    QString entrySha256;
    QString workdir;         // absolute; empty when the engine made a throw-away one

    QMap<QString, QString> workdirFiles; // path relative to the workdir -> sha256
    QStringList workdirDirs;             // folders (also empty ones), relative
    QMap<QString, QString> inputFiles;   // absolute path outside the workdir -> sha256
    QString packageCacheName;            // "deno-<key>" of the run's allowlist; empty without packages
    qint64 packageFileCount = 0;
    qint64 packageBytes = 0;

    QList<ExecSessionEnvVar> environment;
    bool environmentValuesRecorded = false;
    // The names of the run's secrets (run --secret), never their values: a replay gives each a
    // placeholder of its own, as the recorded run's code saw one.
    QStringList secretNames;

    // The run's HTTP(S) exchanges (recorded when its policy allowed some network), each body a
    // files/<sha256> member like the inputs; what was redacted from them is in traffic.redacted.
    bool trafficRecorded = false;
    RecordedTraffic traffic;

    ExecSessionOutcome outcome;
    QStringList notes; // what recording had to leave out, for people

    QByteArray toJson() const;
    // `where` names the bundle in errors. A newer formatVersion is refused before anything else.
    static Result<ExecSessionManifest> fromJson(const QByteArray &json, const QString &where);

    bool operator==(const ExecSessionManifest &) const = default;
};

} // namespace Sandbench
