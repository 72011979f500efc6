#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace Sandbench {

// What one --sandbox-tools NAME[:exec,write,ports,desktop] enables. Reading and listing are
// always on; each further power only when asked for when the server starts.
struct SandboxToolSet
{
    QString name;
    bool exec = false;
    bool write = false;
    bool ports = false;
    bool desktop = false;

    bool operator==(const SandboxToolSet &) const = default;
};

// The verbs of a sandbox tool set, as the tools NAME.VERB are called.
enum class SandboxVerb { Read, List, Exec, Write, Remove, Url, Screenshot, Click, Scroll, Type, Key };

struct ToolSpec
{
    QString name;        // "code.run", "box.exec"
    QString title;
    QString description;
    QJsonObject inputSchema;
    QJsonObject outputSchema;
    bool readOnly = false;
    bool destructive = false;
    bool openWorld = false;

    // {name, title, description, inputSchema, outputSchema, annotations} as tools/list gives it.
    QJsonObject toJson() const;
};

// The limits the tools promise in their descriptions and schemas.
struct ToolLimits
{
    qint64 maxOutputBytes = 32 * 1024;   // of each stream returned to the model
    qint64 maxReadBytes = 256 * 1024;    // of one read part
    qint64 maxWriteBytes = 16 << 20;     // of one write (the pool's file cap)
    qint64 execTimeoutMs = 5 * 60'000;
    qint64 maxExecTimeoutMs = 30 * 60'000;
    qint64 maxCodeBytes = 1 << 20;       // of code.run's code
    // code.run's timeout when the policy sets none.
    qint64 codeTimeoutMs = 5 * 60'000;
};

ToolSpec codeRunTool(const ToolLimits &limits);
ToolSpec sandboxTool(const QString &setName, SandboxVerb verb, const ToolLimits &limits);
// The verbs a tool set enables, in the order they are listed.
QList<SandboxVerb> enabledVerbs(const SandboxToolSet &set);
QString verbName(SandboxVerb verb);
// The verb a tool name's part after the dot stands for, enabled or not.
std::optional<SandboxVerb> verbFromName(const QString &name);

// A tool set name: 1 to 32 of [a-z0-9_-], starting with a letter, and not "code".
bool isValidToolSetName(const QString &name);

} // namespace Sandbench
