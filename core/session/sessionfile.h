#pragma once

#include "common/result.h"
#include "session/exec/execsession.h"
#include "session/exec/execsessionmanifest.h"
#include "session/agent/agentsession.h"
#include "session/sandbox/sandboxsession.h"
#include "session/sessionarchive.h"

#include <QString>

#include <variant>

namespace Sandbench {

// An exec session file whose manifest was read and checked; load() unpacks and checks the rest.
struct ExecSessionFile
{
    QString path;
    ExecSessionManifest manifest;

    Result<ExecSession> load(const ArchiveLimits &limits = {}) const { return ExecSession::read(path, limits); }
};

// A sandbox session file whose manifest was read and checked (kind, format version); load()
// checks every member's digest and the steps, and keeps the payloads in the file.
struct SandboxSessionFile
{
    QString path;
    int formatVersion = 0;
    QString image;
    qsizetype stepCount = 0;

    Result<SandboxSession> load(const ArchiveLimits &limits = {}) const { return SandboxSession::read(path, limits); }
};

// An agent session (sandbench-cli mcp's record of one client): JSON Lines, read whole by load(),
// and readable while its server still writes it.
struct AgentSessionFile
{
    QString path;

    Result<AgentSession> load() const { return AgentSession::read(path); }
};

using OpenedSessionFile = std::variant<ExecSessionFile, SandboxSessionFile, AgentSessionFile>;

// Exec and sandbox sessions share the .sbsession extension; the manifest (always the archive's
// first member) says which one a file is. An agent session (.sbagent) is known by its first line.
class SessionFile
{
public:
    // The most a manifest may inflate to (as both readers bound it).
    static constexpr qint64 maxManifestBytes = qint64(16) << 20;

    // Reads the manifest alone, bounded while it inflates, and nothing after it: the kind
    // ("sandbox", or none for an exec session), the format version (a newer one is refused) and,
    // for an exec session, the whole manifest checked field by field. A file that is not a
    // gzip'd tar, has another first member or an unknown kind is refused with Parse; an
    // unreadable one with Io.
    static Result<OpenedSessionFile> open(const QString &path);

    static QString fileExtension() { return QStringLiteral(".sbsession"); }
};

} // namespace Sandbench
