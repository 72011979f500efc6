#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandbench {

// The permission rules of permission-sandbox.md. Without `sandbox`, whatever is not denied is
// allowed; with it, only what an allow list names.
struct Permissions
{
    bool denyFs = false;
    bool denyNet = false;
    bool denyEnv = false;
    bool denyRun = false;
    QStringList allowRead;
    QStringList allowWrite;
    QStringList allowNet;
    QStringList allowEnv;
    QStringList allowRun;
    QStringList allowListen;
    // Entries held for a person (ask_*): same syntax as the allow lists. A check only an ask
    // entry matches waits for the local user's answer; deny beats allow beats ask.
    QStringList askRead;
    QStringList askWrite;
    QStringList askNet;
    QStringList askEnv;
    QStringList askRun;

    bool hasAsk() const
    {
        return !askRead.isEmpty() || !askWrite.isEmpty() || !askNet.isEmpty() || !askEnv.isEmpty() || !askRun.isEmpty();
    }

    bool operator==(const Permissions &) const = default;
};

// One rule of the agent server's "approvals" section: which tool calls it decides, and how.
// Only the agent server (sandbench-cli mcp) reads it; a run of code ignores it. `where` is
// "FILE:LINE:COLUMN" of the entry, so a check that needs the server's tools (a glob that matches
// none) can still name the place.
struct ApprovalArgumentPattern
{
    QString name;    // a top-level argument of the tool
    QString pattern; // a glob over its whole string value: `*` is any run of characters
    QString where;
    // Where an entry was read is no part of what it says: a policy edited above it, or read
    // under another name, is still the same policy (the editor's read-back depends on this).
    bool operator==(const ApprovalArgumentPattern &o) const { return name == o.name && pattern == o.pattern; }
};

struct ApprovalRuleEntry
{
    QString tool; // a tool name, `*` globs allowed
    QList<ApprovalArgumentPattern> arguments; // all must match
    QString action; // "ask", "allow" or "deny"
    QString where;
    bool operator==(const ApprovalRuleEntry &o) const { return tool == o.tool && arguments == o.arguments && action == o.action; }
};

struct ApprovalSection
{
    bool present = false;
    QList<ApprovalRuleEntry> rules;
    QString defaultAction; // empty when the file gives none: "allow"
    std::optional<qint64> timeoutMs;
    static constexpr int maxRules = 256;
    static constexpr int maxArguments = 16;
    static constexpr int maxPatternLength = 256;
    static constexpr qint64 minTimeoutMs = 1000;
    static constexpr qint64 maxTimeoutMs = 86'400'000;
    static QStringList actions() { return {QStringLiteral("ask"), QStringLiteral("allow"), QStringLiteral("deny")}; }
    bool operator==(const ApprovalSection &) const = default;
};

// Everything a run is decided by: the permissions plus the run options of the policy file and
// the CLI. Paths are kept as written; they are resolved against `baseDir` (the policy file's
// folder, or the current directory for CLI flags) when a run is prepared.
struct Policy
{
    bool sandbox = false;
    Permissions permissions;

    std::optional<quint64> seed;
    std::optional<qint64> freezeTimeMs; // epoch milliseconds
    std::optional<qint64> timeoutMs;
    // How long a held (ask_*) check waits for the person; no answer in time is a deny.
    std::optional<qint64> askTimeoutMs;
    static constexpr qint64 defaultAskTimeoutMs = 120'000;
    static constexpr qint64 minAskTimeoutMs = 100;
    static constexpr qint64 maxAskTimeoutMs = 3'600'000;
    std::optional<int> maxMemoryMb;
    std::optional<int> maxWorkdirMb; // what the workdir may hold at most while the run writes
    // Processes and threads of the whole run; unset, defaultMaxTasks.
    std::optional<int> maxTasks;
    // The runtime alone has about 20, a Worker adds one or two: room for real work, while a fork
    // bomb stops here instead of at the machine's limit.
    static constexpr int defaultMaxTasks = 512;
    static constexpr int minTasks = 32;
    static constexpr int maxTasksLimit = 65536;
    qint64 maxOutputBytes = 1024 * 1024;
    QString workdir;
    QStringList readOnlyDirs;
    QStringList allowPackages;
    QMap<QString, QString> env; // values given to the code
    // Layers this run may go without where the machine lacks them (acceptable ones only, see
    // acceptableMissingLayers): without this a run that needs a missing layer fails closed
    // naming it; with it the run goes ahead and its audit log says which layer it went without.
    QStringList acceptMissingLayers;
    // The agent server's approvals of tool calls (the "approvals" section).
    ApprovalSection approvals;
    // The names `sandbench-cli doctor` reports them by: "memory-cgroup", "pids-cgroup".
    static QStringList acceptableMissingLayers();

    bool operator==(const Policy &) const = default;

    // Adds `other` on top of this one: lists are joined (without repeats), switches are or-ed,
    // and the options `other` sets replace ours. This is how CLI flags add to a policy file.
    void merge(const Policy &other);
};

// Parses an instant for --freeze-time: ISO 8601 (with offset or Z) or epoch milliseconds.
std::optional<qint64> parseInstant(const QString &text);

} // namespace Sandbench
