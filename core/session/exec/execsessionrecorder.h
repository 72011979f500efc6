#pragma once

#include "common/result.h"
#include "exec/execrequest.h"
#include "exec/execresult.h"
#include "session/exec/execsession.h"

#include <QMap>
#include <QString>

#include <memory>

class QTemporaryDir;

namespace Sandbench {

struct ExecSessionRecordOptions
{
    // Environment values may be secrets: by default only the names are kept.
    bool recordEnvValues = false;
    // A workdir larger than this is not recorded (the recording fails, the run does not).
    qint64 maxWorkdirFiles = 20000;
    qint64 maxWorkdirBytes = qint64(512) << 20;
    qint64 maxInputBytes = qint64(512) << 20;
};

// Records one run into a ExecSession, in two steps around it:
//  - begin(), before the run starts, snapshots the workdir (every file, by content) and the
//    entry file, so what the code found is kept even if it overwrites it;
//  - finish(), right after the run, copies the files outside the workdir that the audit log
//    shows the code was allowed to read, notes the run's package cache folder (stored when the
//    bundle is written), and keeps the outputs, the audit events and the result.
// Limits: a file outside the workdir is copied after the run, so a change to it during the run
// is not seen; folder listings outside the workdir, modules statically imported from outside the
// workdir, and symlinks are not recorded (each is listed in the manifest's notes).
class ExecSessionRecorder
{
public:
    static Result<ExecSessionRecorder> begin(const ExecRequest &request, const ExecEngineConfig &config = {},
                                         const ExecSessionRecordOptions &options = {});
    Result<ExecSession> finish(const ExecResult &result);

    const ExecSessionManifest &manifest() const { return m_manifest; }

private:
    Result<QString> storeFile(const QString &path);
    VoidResult snapshotWorkdir(const QString &folder);
    void recordEnvironment(const ExecResult &result);

    ExecRequest m_request;
    ExecEngineConfig m_config;
    ExecSessionRecordOptions m_options;
    ExecSessionManifest m_manifest;
    QMap<QString, QString> m_hostEnv; // allow_env values at the start, for --record-env-values
    std::shared_ptr<QTemporaryDir> m_staging;
    QString m_stagingPath;
    qint64 m_storedBytes = 0;
    int m_tempCounter = 0;
};

// The folder the engine caches a run's npm packages in, under its cache dir: "deno-<key>" where
// the key hashes the sorted allowlist (the same as the engine's prepared run), or "deno-none".
QString packageCacheName(const QStringList &allowPackages);


} // namespace Sandbench
