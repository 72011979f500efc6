#pragma once

#include "exec/execrequest.h"
#include "theme.h"

#include <QString>

namespace Sandbench {

// The workbench's settings, stored with QSettings. Limits given here seed a new policy; a
// policy file that sets them wins.
struct AppSettings
{
    QString runtimePath; // empty: the engine's own search
    QString cacheDir;    // empty: the engine's default
    qint64 defaultTimeoutMs = 30000;
    int defaultMemoryMb = 512;
    qint64 defaultMaxOutputBytes = 1024 * 1024;
    Theme theme = Theme::System;
    QString language; // "", "en", "de", "ja"; applies on restart
    // Every run is recorded as a session the history can save; values of environment
    // variables only when asked, since they may be secrets.
    bool recordSessions = true;
    bool recordEnvValues = false;

    static AppSettings load();
    void save() const;
    ExecEngineConfig engineConfig() const { return {runtimePath, cacheDir}; }

    bool operator==(const AppSettings &) const = default;
};

} // namespace Sandbench
