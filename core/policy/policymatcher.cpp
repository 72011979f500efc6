#include "policymatcher.h"

#include "policy/envnames.h"
#include "policy/pathresolver.h"

#include <QDir>

#include <unistd.h>

#include <algorithm>

namespace Sandbench {

namespace {

QString indexed(const char *list, qsizetype index)
{
    return QStringLiteral("%1[%2]").arg(QLatin1String(list)).arg(index);
}

} // namespace

std::string PolicyMatcher::resolveProgram(const QString &name, const std::string &base)
{
    // The PATH the runtime is given; a name with a slash is taken as a path.
    const std::string text = name.toStdString();
    std::vector<std::string> candidates;
    if (name.contains(QLatin1Char('/')))
        candidates.push_back(text.front() == '/' ? text : base + "/" + text);
    else
        for (const char *dir : {"/usr/local/bin", "/usr/bin", "/bin"})
            candidates.push_back(std::string(dir) + "/" + text);
    for (const std::string &candidate : candidates) {
        const std::string resolved = resolvePath(candidate);
        if (!resolved.empty() && ::access(resolved.c_str(), X_OK) == 0)
            return resolved;
    }
    return {};
}

std::vector<std::string> PolicyMatcher::allowedPrograms() const
{
    std::vector<std::string> out;
    for (const auto *programs : {&m_programs, &m_askPrograms}) {
        for (const ProgramRule &program : *programs) {
            if (!program.resolved.empty())
                out.push_back(program.resolved);
        }
    }
    return out;
}

QStringList PolicyMatcher::unresolvedPrograms() const
{
    QStringList out;
    for (const auto *programs : {&m_programs, &m_askPrograms}) {
        for (const ProgramRule &program : *programs) {
            if (program.resolved.empty())
                out << program.asWritten;
        }
    }
    return out;
}

PolicyMatcher::PolicyMatcher(const Setup &setup)
    : m_policy(setup.policy)
{
    const Permissions &p = m_policy.permissions;
    const std::string base = (setup.baseDir.isEmpty() ? QDir::currentPath() : setup.baseDir).toStdString();
    auto addPaths = [&](std::vector<PathRule> &into, const QStringList &paths, const char *list) {
        for (qsizetype i = 0; i < paths.size(); ++i)
            into.push_back({resolvePath(paths.at(i).toStdString(), base), indexed(list, i)});
    };
    m_workdir = base;
    if (!setup.workdir.isEmpty()) {
        const std::string workdir = resolvePath(setup.workdir.toStdString(), base);
        m_workdir = workdir;
        m_ownWorkdir = workdir;
        m_read.push_back({workdir, QStringLiteral("workdir")});
        m_write.push_back({workdir, QStringLiteral("workdir")});
    }
    if (!setup.entry.isEmpty())
        m_read.push_back({resolvePath(setup.entry.toStdString(), base), QStringLiteral("entry")});
    for (const QString &path : setup.protectedPaths)
        m_protected.push_back(resolvePath(path.toStdString(), base));
    for (const QString &path : setup.reservedPaths)
        m_reserved.push_back(resolvePath(path.toStdString(), base));
    for (const QString &file : setup.internal)
        m_internal.push_back(resolvePath(file.toStdString(), base));
    addPaths(m_read, p.allowRead, "allow_read");
    addPaths(m_read, m_policy.readOnlyDirs, "read_only_dirs");
    addPaths(m_write, p.allowWrite, "allow_write");
    addPaths(m_askRead, p.askRead, "ask_read");
    addPaths(m_askWrite, p.askWrite, "ask_write");
    m_mountRead = m_read;
    m_mountRead.insert(m_mountRead.end(), m_askRead.begin(), m_askRead.end());
    m_mountWrite = m_write;
    m_mountWrite.insert(m_mountWrite.end(), m_askWrite.begin(), m_askWrite.end());
    for (qsizetype i = 0; i < p.askRun.size(); ++i)
        m_askPrograms.push_back({p.askRun.at(i), resolveProgram(p.askRun.at(i), base), indexed("ask_run", i)});
    for (qsizetype i = 0; i < p.askNet.size(); ++i) {
        if (auto rule = NetRule::parse(p.askNet.at(i)))
            m_askNet.push_back({*rule, indexed("ask_net", i)});
    }
    // An allowed program is one binary, chosen now: the namespace lets only these files execute,
    // so the code's own PATH or cwd cannot make the same name start something else.
    for (qsizetype i = 0; i < p.allowRun.size(); ++i) {
        const QString &name = p.allowRun.at(i);
        if (name == QLatin1String("*"))
            continue;
        m_programs.push_back({name, resolveProgram(name, base), indexed("allow_run", i)});
    }

    for (qsizetype i = 0; i < p.allowNet.size(); ++i) {
        if (auto rule = NetRule::parse(p.allowNet.at(i)))
            m_net.push_back({*rule, indexed("allow_net", i)});
    }
    for (qsizetype i = 0; i < p.allowListen.size(); ++i) {
        if (auto rule = NetRule::parse(p.allowListen.at(i)))
            m_net.push_back({*rule, indexed("allow_listen", i)});
    }
    m_allFs = !m_policy.sandbox && !p.denyFs;
    m_allNet = !m_policy.sandbox && !p.denyNet;
    m_allEnv = !m_policy.sandbox && !p.denyEnv;
    m_allRun = (!m_policy.sandbox && !p.denyRun) || p.allowRun.contains(QStringLiteral("*"));
    m_allOther = !m_policy.sandbox;
    m_observe = setup.observe;
    m_sensitive = setup.sensitive;
}

QString PolicyMatcher::runtimeTempDir() const
{
    // Deno's fs.tmp_dir() is Rust's std::env::temp_dir(): TMPDIR when set, else /tmp.
    const QString name = QStringLiteral("TMPDIR");
    if (m_policy.env.contains(name))
        return m_policy.env.value(name);
    if (m_policy.permissions.allowEnv.contains(name) && qEnvironmentVariableIsSet("TMPDIR"))
        return qEnvironmentVariable("TMPDIR");
    return QStringLiteral("/tmp");
}

bool PolicyMatcher::isPlaceholder(const QString &value)
{
    // Deno writes format!("<{}>", display) for a check_open_blind(); no absolute path and no
    // name the code would write by accident looks like that.
    if (value.size() < 3 || !value.startsWith(QLatin1Char('<')) || !value.endsWith(QLatin1Char('>')))
        return false;
    for (qsizetype i = 1; i + 1 < value.size(); ++i) {
        const QChar c = value.at(i);
        if (!(c.isLetterOrNumber() || c == QLatin1Char('_')) || c.unicode() > 0x7f)
            return false;
    }
    return true;
}

Decision PolicyMatcher::decidePlaceholder(bool write, const QString &value, const std::string &cwd) const
{
    const QString action = write ? QStringLiteral("write") : QStringLiteral("read");
    // The runtime hides the real path from the code, not from the broker: the place is decided
    // by the same rules as any path that reaches it, and audited by its path, so a policy that
    // denies writeTextFile("/tmp/x") denies Deno.makeTempFile() too.
    QString place;
    QString what;
    if (value == QLatin1String("<TMP>")) {
        place = runtimeTempDir();
        what = QStringLiteral("the runtime's temporary folder");
    }
    if (place.isEmpty()) {
        Decision d = deny(action, QStringLiteral("placeholder"),
                          QStringLiteral("%1 access to %2 is not allowed (the runtime names a place the policy does not know)").arg(action, value));
        d.resource = value;
        return d;
    }
    Decision atPlace = decideFilePath(write, place, cwd);
    atPlace.resource = QDir::cleanPath(QDir(QString::fromStdString(cwd.empty() ? m_workdir : cwd)).absoluteFilePath(place));
    if (!atPlace.allowed) {
        atPlace.reason += QStringLiteral(" (%1, which the runtime asks for as %2)").arg(what, value);
        return atPlace;
    }
    // The same words are a relative path too (a file named "<TMP>" in the current folder), and
    // the broker cannot tell which the runtime means: both must be allowed.
    const Decision asFile = decideFilePath(write, value, cwd);
    if (!asFile.allowed)
        return asFile;
    return atPlace;
}

bool PolicyMatcher::anyNetwork() const
{
    return m_allNet || !m_net.empty() || !m_askNet.empty();
}

Decision PolicyMatcher::held(Decision denied, const QString &entry)
{
    denied.allowed = false;
    denied.rule = QStringLiteral("ask");
    denied.ask = entry;
    denied.reason = QStringLiteral("permission denied: the person asked did not allow %1 of \"%2\" (%3)")
                            .arg(denied.action, denied.resource, entry);
    return denied;
}

Decision PolicyMatcher::deny(const QString &action, const QString &rule, const QString &what) const
{
    return {false, action, rule, QStringLiteral("permission denied: %1").arg(what)};
}

Decision PolicyMatcher::decide(const QString &kind, const QString &value, bool hasValue,
                              const std::string &cwd) const
{
    // No path, host, variable or program holds a NUL, and everything below works on C strings
    // in the end (the resolver's lstat sees only the part before it): "/work/a\0/etc/passwd"
    // would be decided as /work/a and audited as a grant naming /etc/passwd. The rules never
    // see such a value, whatever the front end that asks.
    if (hasValue && value.contains(QChar(0)))
        return deny(kind, QStringLiteral("invalid value"), QStringLiteral("permission denied: the %1 request holds a NUL character").arg(kind));
    if (kind == QLatin1String("read"))
        return decidePath(false, value, hasValue, cwd);
    if (kind == QLatin1String("write"))
        return decidePath(true, value, hasValue, cwd);
    if (kind == QLatin1String("net"))
        return decideNet(value, hasValue);
    if (kind == QLatin1String("env"))
        return decideEnv(value, hasValue);
    if (kind == QLatin1String("run"))
        return decideRun(value, hasValue);
    if (kind == QLatin1String("sys")) {
        if (m_allOther)
            return {true, QStringLiteral("info"), QStringLiteral("no sandbox"), {}};
        // node:fs access() compares a file's owner with Deno.uid() to read its mode bits, so a
        // denied uid broke every access() the file rules allow. It hides nothing: a file the
        // code writes shows its owner's uid in Deno.statSync.
        if (hasValue && value == QLatin1String("uid"))
            return {true, QStringLiteral("info"), QStringLiteral("file owner"), {}};
        return deny(QStringLiteral("info"), QStringLiteral("sandbox"),
                    QStringLiteral("system information (%1) is not available in the sandbox").arg(value));
    }
    if (kind == QLatin1String("ffi")) {
        // Native code escapes every other rule, so any deny switch also closes it.
        const Permissions &p = m_policy.permissions;
        if (m_allOther && !p.denyFs && !p.denyRun && !p.denyNet && !p.denyEnv)
            return {true, QStringLiteral("load"), QStringLiteral("no sandbox"), {}};
        return deny(QStringLiteral("load"), QStringLiteral("sandbox"),
                    QStringLiteral("native libraries (FFI) cannot be loaded"));
    }
    if (kind == QLatin1String("import")) {
        return deny(QStringLiteral("load"), QStringLiteral("no remote modules"),
                    QStringLiteral("modules cannot be loaded from the network (%1)").arg(value));
    }
    return deny(kind, QStringLiteral("unknown permission"),
                QStringLiteral("%1 access is not known to the policy").arg(kind));
}

Decision PolicyMatcher::decidePath(bool write, const QString &value, bool hasValue,
                                  const std::string &cwd) const
{
    const QString action = write ? QStringLiteral("write") : QStringLiteral("read");
    if (!hasValue) {
        if (m_allFs)
            return {true, action, QStringLiteral("no sandbox"), {}};
        return deny(action, QStringLiteral("sandbox"),
                    QStringLiteral("%1 access to every file is not allowed").arg(action));
    }
    if (isPlaceholder(value))
        return decidePlaceholder(write, value, cwd);
    return decideFilePath(write, value, cwd);
}

Decision PolicyMatcher::decideFilePath(bool write, const QString &value, const std::string &cwd) const
{
    const QString action = write ? QStringLiteral("write") : QStringLiteral("read");
    // Relative paths are taken from the folder the runtime started in: that is all the broker can
    // know for certain (a Worker may change the current folder between this answer and the use).
    // Whatever folder the runtime is really in, the namespace holds only granted files in their
    // granted mode, so such a race reaches nothing more.
    const std::string path = value.toStdString();
    const std::string resolved = resolvePath(path, cwd.empty() ? m_workdir : cwd);
    if (!m_allFs) {
        // The runtime's /proc and /dev are its namespace's, not the host's that the broker would
        // resolve: decided on the name as written, and never resolved (no host fact leaks back).
        for (const char *root : {"/proc", "/dev", "/sys"}) {
            if (pathWithin(path, root) || (!resolved.empty() && pathWithin(resolved, root)))
                return deny(action, QStringLiteral("system"),
                            QStringLiteral("%1 access to \"%2\" is not allowed (system folders are not part of the sandbox)").arg(action, value));
        }
    }
    if (resolved.empty())
        return deny(action, QStringLiteral("unresolvable"),
                    QStringLiteral("%1 access to \"%2\" is not allowed (the path cannot be resolved: too many links, too long, or not searchable)").arg(action, value));
    // What Sandbench keeps about the run (its audit log, its caches) is out of the code's reach
    // even where a rule or the absence of --sandbox would allow it: code must not rewrite its own
    // audit trail or plant modules for later runs.
    if (!write && std::find(m_internal.begin(), m_internal.end(), resolved) != m_internal.end())
        return {true, action, QStringLiteral("sandbench"), {}};
    if (m_observe) {
        // Both the name as written and where it leads: a link in the workdir to ~/.ssh is as
        // secret as ~/.ssh.
        for (const QString &candidate : {QDir::cleanPath(value), QString::fromStdString(resolved)}) {
            if (!QDir::isAbsolutePath(candidate))
                continue;
            QString reason = secretPathReason(candidate, m_sensitive);
            if (reason.isEmpty() && (candidate == QLatin1String("/etc") || candidate.startsWith(QLatin1String("/etc/"))))
                reason = QStringLiteral("/etc holds the system's configuration and secrets");
            if (!reason.isEmpty())
                return deny(action, QStringLiteral("observe"),
                            QStringLiteral("%1 access to \"%2\" is not allowed while observing (%3)").arg(action, value, reason));
        }
    }
    for (const std::string &root : m_protected) {
        if (pathWithin(resolved, root))
            return deny(action, QStringLiteral("protected"),
                        QStringLiteral("%1 access to \"%2\" is not allowed (Sandbench keeps the audit log and caches there)").arg(action, value));
    }
    // Another run's private folder, another agent session's workdir copy or records: a grant
    // of a shared folder (/tmp, /run/user) must not reach them.
    for (const std::string &root : m_reserved) {
        const bool ownWorkdirInside = !m_ownWorkdir.empty() && pathWithin(m_ownWorkdir, root);
        if (pathWithin(resolved, root) && !(ownWorkdirInside && pathWithin(resolved, m_ownWorkdir)))
            return deny(action, QStringLiteral("protected"),
                        QStringLiteral("%1 access to \"%2\" is not allowed (Sandbench keeps the private files of its runs and sessions there)").arg(action, value));
    }
    for (const PathRule &rule : write ? m_write : m_read) {
        if (pathWithin(resolved, rule.path))
            return {true, action, rule.name, {}};
    }
    // Deny rules above, allow rules, and only then a person: an ask entry holds what nothing
    // else decided, including what would be allowed only for want of a sandbox.
    for (const PathRule &rule : write ? m_askWrite : m_askRead) {
        if (pathWithin(resolved, rule.path)) {
            Decision d{false, action, QString(), QString(), value};
            return held(d, rule.name);
        }
    }
    if (m_observe && write)
        return deny(action, QStringLiteral("observe"),
                    QStringLiteral("write access to \"%1\" is not allowed while observing (only the workdir and allow_write are writable)").arg(value));
    if (m_allFs)
        return {true, action, QStringLiteral("no sandbox"), {}};
    // Only the path as the code wrote it: where it leads on the host is not the code's business.
    const QString where = write ? QStringLiteral("allow_write or the workdir")
                                : QStringLiteral("allow_read, the workdir or read_only_dirs");
    return deny(action, m_policy.permissions.denyFs ? QStringLiteral("deny_fs") : QStringLiteral("sandbox"),
                QStringLiteral("%1 access to \"%2\" is not allowed (not in %3)").arg(action, value, where));
}

Decision PolicyMatcher::decideNet(const QString &value, bool hasValue) const
{
    if (!hasValue) {
        if (m_allNet)
            return {true, QStringLiteral("connect"), QStringLiteral("no sandbox"), {}};
        return deny(QStringLiteral("connect"), QStringLiteral("sandbox"),
                    QStringLiteral("access to every host is not allowed"));
    }
    const auto address = NetAddress::parse(value);
    if (!address)
        return deny(QStringLiteral("connect"), QStringLiteral("invalid address"),
                    QStringLiteral("\"%1\" is not a host the policy can check").arg(value));
    // The runtime asks the same question for connect and listen; the unspecified address is the
    // only certain sign of a server.
    const QString action = isUnspecifiedAddress(*address) ? QStringLiteral("listen") : QStringLiteral("connect");
    const bool metadata = isMetadataAddress(*address);
    for (const NamedNetRule &rule : m_net) {
        if (metadata ? rule.rule.namesExactly(*address) : rule.rule.matches(*address))
            return {true, action, rule.name, {}};
    }
    if (!metadata) {
        for (const NamedNetRule &rule : m_askNet) {
            if (rule.rule.matches(*address))
                return held({false, action, QString(), QString(), value}, rule.name);
        }
    }
    if (metadata)
        return deny(action, QStringLiteral("metadata"),
                    QStringLiteral("\"%1\" is a cloud metadata address; only a rule naming it exactly allows it").arg(value));
    if (m_allNet)
        return {true, action, QStringLiteral("no sandbox"), {}};
    return deny(action, m_policy.permissions.denyNet ? QStringLiteral("deny_net") : QStringLiteral("sandbox"),
                QStringLiteral("network access to \"%1\" is not allowed (not in allow_net%2)")
                        .arg(value, action == QLatin1String("listen") ? QStringLiteral(" or allow_listen") : QString()));
}

Decision PolicyMatcher::decideEnv(const QString &value, bool hasValue) const
{
    const QString action = QStringLiteral("get");
    if (!hasValue) {
        if (m_allEnv)
            return {true, action, QStringLiteral("no sandbox"), {}};
        return deny(action, QStringLiteral("sandbox"), QStringLiteral("reading every environment variable is not allowed"));
    }
    if (!reservedEnvReason(value).isEmpty())
        return deny(action, QStringLiteral("reserved"), QStringLiteral("environment variable \"%1\" is reserved").arg(value));
    const qsizetype index = m_policy.permissions.allowEnv.indexOf(value);
    if (index >= 0)
        return {true, action, indexed("allow_env", index), {}};
    if (m_policy.env.contains(value))
        return {true, action, QStringLiteral("env"), {}};
    if (const qsizetype ask = m_policy.permissions.askEnv.indexOf(value); ask >= 0)
        return held({false, action, QString(), QString(), value}, indexed("ask_env", ask));
    if (m_allEnv)
        return {true, action, QStringLiteral("no sandbox"), {}};
    return deny(action, m_policy.permissions.denyEnv ? QStringLiteral("deny_env") : QStringLiteral("sandbox"),
                QStringLiteral("environment variable \"%1\" is not allowed (not in allow_env)").arg(value));
}

Decision PolicyMatcher::decideRun(const QString &value, bool hasValue) const
{
    const QString action = QStringLiteral("spawn");
    const bool anyAllowed = m_policy.permissions.allowRun.contains(QStringLiteral("*"));
    // An ask_run entry is asked even without a sandbox: only an explicit allow beats it.
    if (anyAllowed || (m_allRun && (m_askPrograms.empty() || !hasValue)))
        return {true, action, m_policy.sandbox ? QStringLiteral("allow_run[*]") : QStringLiteral("no sandbox"), {}};
    if (!hasValue)
        return deny(action, QStringLiteral("sandbox"), QStringLiteral("running any program is not allowed"));
    // The name as written or the binary it was resolved to; the namespace makes sure that name
    // can only ever start that binary.
    const std::string asked = value.toStdString();
    for (const ProgramRule &program : m_programs) {
        if (!program.resolved.empty() && (value == program.asWritten || asked == program.resolved))
            return {true, action, program.name, {}};
    }
    for (const ProgramRule &program : m_askPrograms) {
        if (!program.resolved.empty() && (value == program.asWritten || asked == program.resolved))
            return held({false, action, QString(), QString(), value}, program.name);
    }
    if (m_allRun)
        return {true, action, QStringLiteral("no sandbox"), {}};
    return deny(action, m_policy.permissions.denyRun ? QStringLiteral("deny_run") : QStringLiteral("sandbox"),
                QStringLiteral("running \"%1\" is not allowed (not in allow_run)").arg(value));
}

} // namespace Sandbench
