#pragma once

#include "policy/netrule.h"
#include "policy/policy.h"
#include "policy/sensitivepaths.h"

#include <QString>

#include <string>
#include <vector>

namespace Sandbench {

struct Decision
{
    bool allowed = false;
    QString action; // read, write, connect, listen, get, spawn, info, load
    QString rule;   // which rule decided: "allow_read[0]", "workdir", "sandbox", ...
    QString reason; // for a deny: what the code is told (always contains "permission denied")
    // Where the request lands when the runtime named it by a placeholder ("<TMP>"): the audit
    // line names this place. Empty: the value as asked is the place.
    QString resource = {};
    // Set when only an ask_* entry matched: the check is held for a person ("ask_read[0]");
    // `allowed` is false and `reason` is what the code is told if the answer is no.
    QString ask = {};
};

// Decides one permission check of the runtime. Built once per run from a policy whose paths are
// resolved up front; decide() is on the broker's hot path and does no allocation-heavy work
// beyond resolving the asked path.
class PolicyMatcher
{
public:
    struct Setup
    {
        Policy policy;
        QString baseDir;        // where relative rule paths start
        QString workdir;        // readable, writable (absolute)
        QString entry;          // the file being run: readable
        QStringList internal;   // Sandbench's own generated modules (preload): readable
        QStringList protectedPaths; // never readable or writable: the audit log, the caches
        // An observe run (policy learn): whatever the policy allows, the credential and system
        // places of `sensitive` and /etc are never readable or writable, and nothing outside
        // the workdir and allow_write is writable. Denied, so the audit log shows the attempt.
        bool observe = false;
        SensitiveContext sensitive = {};
        // Places Sandbench keeps every run's and session's private files (privateroot.h, an
        // agent server's records): never readable or writable, whatever a rule says, except
        // this run's own workdir when it lies inside one.
        QStringList reservedPaths = {};
    };

    explicit PolicyMatcher(const Setup &setup);

    // `kind` is the runtime's permission name; `value` is null (`hasValue` false) when the runtime
    // asks for the whole kind ("every variable", "any program").
    // Relative paths are taken from `cwd` when given, else from the workdir (the folder the
    // runtime starts in; the broker never guesses the runtime's current folder).
    Decision decide(const QString &kind, const QString &value, bool hasValue,
                    const std::string &cwd = {}) const;

    // The resolved folders and files the code may read or write, for the mount namespace.
    struct PathRule
    {
        std::string path;
        QString name; // "allow_read[1]", "workdir", ...
    };
    // The namespace shows ask_read/ask_write places too (the broker holds each check of them).
    const std::vector<PathRule> &readRules() const { return m_mountRead; }
    const std::vector<PathRule> &writeRules() const { return m_mountWrite; }
    bool everyFileReadable() const { return m_allFs; }
    // allow_run entries resolved to one absolute binary each (not "*"); names that resolve to
    // nothing executable are listed by unresolvedPrograms() and allow nothing.
    std::vector<std::string> allowedPrograms() const;
    QStringList unresolvedPrograms() const;
    bool everyProgram() const { return m_allRun; }
    static std::string resolveProgram(const QString &name, const std::string &base);
    bool anyNetwork() const;
    // The folder the runtime's temporary files go to (Deno.makeTempFile() without a dir): its
    // TMPDIR as the run gets it (the policy's env, else the host's when allow_env passes it
    // on), else /tmp.
    QString runtimeTempDir() const;
    // "<TMP>" and the like: how the runtime names a place it does not want to show the code.
    static bool isPlaceholder(const QString &value);

private:
    Decision decidePath(bool write, const QString &value, bool hasValue, const std::string &cwd) const;
    Decision decideFilePath(bool write, const QString &value, const std::string &cwd) const;
    Decision decidePlaceholder(bool write, const QString &value, const std::string &cwd) const;
    Decision decideNet(const QString &value, bool hasValue) const;
    Decision decideEnv(const QString &value, bool hasValue) const;
    Decision decideRun(const QString &value, bool hasValue) const;
    Decision deny(const QString &action, const QString &rule, const QString &what) const;
    // `denied` turned into a held check for `entry`.
    static Decision held(Decision denied, const QString &entry);

    struct NamedNetRule
    {
        NetRule rule;
        QString name;
    };

    struct ProgramRule
    {
        QString asWritten;
        std::string resolved;
        QString name;
    };

    Policy m_policy;
    std::vector<ProgramRule> m_programs;
    std::string m_workdir;
    std::vector<std::string> m_protected;
    std::vector<std::string> m_reserved;
    std::string m_ownWorkdir;
    std::vector<std::string> m_internal;
    std::vector<PathRule> m_read;
    std::vector<PathRule> m_write;
    std::vector<NamedNetRule> m_net;
    std::vector<PathRule> m_askRead;
    std::vector<PathRule> m_askWrite;
    std::vector<PathRule> m_mountRead;
    std::vector<PathRule> m_mountWrite;
    std::vector<NamedNetRule> m_askNet;
    std::vector<ProgramRule> m_askPrograms;
    bool m_allFs = false;   // nothing denies files
    bool m_allNet = false;
    bool m_allEnv = false;
    bool m_allRun = false;
    bool m_allOther = false; // sys, ffi
    bool m_observe = false;
    SensitiveContext m_sensitive;
};

} // namespace Sandbench
