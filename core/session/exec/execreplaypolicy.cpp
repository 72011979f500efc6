#include "execreplaypolicy.h"

#include "policy/pathresolver.h"

#include <QDir>

#include <algorithm>

namespace Sandbench {

namespace {

bool isInside(const QString &path, const QString &folder)
{
    return !folder.isEmpty()
            && (path == folder || folder == QLatin1String("/") || path.startsWith(folder + QLatin1Char('/')));
}

QString absoluteFrom(const QString &base, const QString &path)
{
    return QDir::cleanPath(QDir(base.isEmpty() ? QStringLiteral("/") : base).absoluteFilePath(path));
}

// Lists at most a screenful of one kind; thousands of entries must not bury the rest. `why` is
// a phrase of the context Sandbench::ReplayNote (QT_TRANSLATE_NOOP).
void refuseAll(QList<ReplayNote> *refused, const char *key, const QStringList &entries, const char *why)
{
    constexpr qsizetype kShown = 10;
    for (qsizetype i = 0; i < entries.size() && i < kShown; ++i)
        refused->append(ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "%1 %2: "), {QLatin1String(key), entries.at(i)})
                        + ReplayNote(why));
    if (entries.size() > kShown)
        refused->append(ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "%1: %2 more entries: "),
                                   {QLatin1String(key), QString::number(entries.size() - kShown)})
                        + ReplayNote(why));
}

} // namespace

ContainedReplayPolicy containedReplayPolicy(const ExecSessionManifest &m, const ReplayValues &supplied)
{
    ContainedReplayPolicy out;
    const Policy &recorded = m.policy;
    const Permissions &rp = recorded.permissions;
    Policy &p = out.policy;
    p.sandbox = true;
    if (!recorded.sandbox)
        out.refused << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "%1: a replay always runs in the sandbox"),
                                  {QStringLiteral("sandbox false")});
    // Deny switches only take away; they are kept so that the same reads are denied.
    p.permissions.denyFs = rp.denyFs;
    p.permissions.denyNet = rp.denyNet;
    p.permissions.denyEnv = rp.denyEnv;
    p.permissions.denyRun = rp.denyRun;
    // Reads: exactly the files the bundle holds, at the paths the run read them.
    p.permissions.allowRead = m.inputFiles.keys();
    QStringList hostReads;
    for (const QString &path : rp.allowRead) {
        const QString absolute = absoluteFrom(m.baseDir, path);
        if (!m.inputFiles.contains(absolute) && !isInside(absolute, m.workdir))
            hostReads << path;
    }
    refuseAll(&out.refused, "allow_read", hostReads, QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "a host path; only the bundle's copies are read"));
    QStringList hostWrites;
    for (const QString &path : rp.allowWrite) {
        if (!isInside(absoluteFrom(m.baseDir, path), m.workdir))
            hostWrites << path;
    }
    refuseAll(&out.refused, "allow_write", hostWrites, QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "a host path; a replay writes only in its copy of the workdir"));
    refuseAll(&out.refused, "read_only_dirs", recorded.readOnlyDirs, QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "a host folder; only the bundle's copies are read"));
    // With recorded traffic the broker decides the same names as in the recording (the audit
    // compares them), but the namespace still has no network: its only way out is the replay
    // proxy, which answers from the recording and connects nowhere (hostmitmproxy.h).
    if (m.trafficRecorded)
        p.permissions.allowNet = rp.allowNet;
    else
        refuseAll(&out.refused, "allow_net", rp.allowNet, QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "a replay has no network"));
    refuseAll(&out.refused, "allow_listen", rp.allowListen, QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "a replay has no network"));
    refuseAll(&out.refused, "allow_run", rp.allowRun, QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "a replay runs no host programs"));
    // Held checks are not asked again: an approved read is in the bundle (an input file, read
    // from its copy), anything refused, timed out or withdrawn is simply not allowed.
    for (const auto &[key, list] : {std::pair{"ask_read", &rp.askRead}, std::pair{"ask_write", &rp.askWrite},
                                    std::pair{"ask_net", &rp.askNet}, std::pair{"ask_env", &rp.askEnv},
                                    std::pair{"ask_run", &rp.askRun}}) {
        if (!list->isEmpty())
            out.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "%1: a replay asks nobody; the recorded answers stand"),
                                    {QLatin1String(key)});
    }

    // Environment: recorded values only. A name without a value is not filled from this
    // machine, where it might hold a secret of the person replaying.
    QStringList unrecorded;
    QStringList given;
    for (const ExecSessionEnvVar &var : m.environment) {
        if (var.value) {
            p.env.insert(var.name, *var.value);
        } else if (supplied.contains(var.name)) {
            p.env.insert(var.name, supplied.value(var.name));
            if (!given.contains(var.name))
                given << var.name;
        } else if (!unrecorded.contains(var.name)) {
            unrecorded << var.name;
        }
    }
    if (!given.isEmpty())
        out.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "values given for the replay (not recorded): %1"),
                                {given.join(QLatin1Char(' '))});
    for (auto it = recorded.env.cbegin(); it != recorded.env.cend(); ++it) {
        if (!p.env.contains(it.key()))
            p.env.insert(it.key(), it.value());
    }
    for (const QString &name : rp.allowEnv) {
        if (!p.env.contains(name) && !unrecorded.contains(name))
            unrecorded << name;
    }
    for (const QString &name : std::as_const(unrecorded))
        out.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "the value of %1 was not recorded; the replay does not give it"),
                                {name});

    p.seed = recorded.seed;
    p.freezeTimeMs = recorded.freezeTimeMs;
    p.maxMemoryMb = recorded.maxMemoryMb;
    p.maxOutputBytes = recorded.maxOutputBytes;
    // A bundle never raises the replaying machine's task cap, only lowers it.
    if (recorded.maxTasks && *recorded.maxTasks < Policy::defaultMaxTasks)
        p.maxTasks = recorded.maxTasks;
    p.allowPackages = recorded.allowPackages; // from the bundle's own cache folder
    p.workdir = m.workdir;                    // mounted from the replay's copy
    p.timeoutMs = recorded.timeoutMs;
    if (!p.timeoutMs) {
        p.timeoutMs = kDefaultReplayTimeoutMs;
        out.notes << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "the recording had no timeout; the replay stops after %1 s"),
                                {QString::number(kDefaultReplayTimeoutMs / 1000)});
    }
    return out;
}

QList<ReplayNote> wideningEntries(const Policy &user, const ContainedReplayPolicy &contained, const ExecSessionManifest &m)
{
    QList<ReplayNote> out;
    const Permissions &up = user.permissions;
    const Permissions &cp = contained.policy.permissions;
    if (!user.sandbox)
        out << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "%1 (a replay runs in the sandbox)"), {QStringLiteral("sandbox false")});
    // Compared as the broker of the replay will match them: every grant resolved from the
    // recording's base folder (the replay's request.baseDir) through the links that exist,
    // with resolvePath. A lexical comparison takes "./in.txt" under a linked base for a host
    // file (warning of a narrower policy) and "./work/link" that leads out for the workdir.
    const std::string base = (m.baseDir.isEmpty() ? QDir::currentPath() : m.baseDir).toStdString();
    const auto resolved = [&base](const QString &path) { return resolvePath(path.toStdString(), base); };
    const std::string workdir = m.workdir.isEmpty() ? std::string() : resolved(m.workdir);
    std::vector<std::string> inputs;
    for (const QString &file : cp.allowRead)
        if (std::string r = resolved(file); !r.empty())
            inputs.push_back(std::move(r));
    // "" (a path the resolver cannot finish) is covered by nothing: the broker denies it, and
    // a warning too many is the safe side here.
    const auto inWorkdir = [&](const std::string &path) { return !path.empty() && !workdir.empty() && pathWithin(path, workdir); };
    for (const QString &path : up.allowRead) {
        const std::string r = resolved(path);
        const bool covered = inWorkdir(r) || (!r.empty() && std::any_of(inputs.cbegin(), inputs.cend(), [&](const std::string &f) {
                                                 return pathWithin(r, f);
                                             }));
        if (!covered)
            out << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "allow_read %1"), {path});
    }
    for (const QString &path : up.allowWrite) {
        if (!inWorkdir(resolved(path)))
            out << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "allow_write %1"), {path});
    }
    for (const QString &dir : user.readOnlyDirs)
        out << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "read_only_dirs %1"), {dir});
    for (const QString &name : up.allowEnv)
        out << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "allow_env %1 (a variable of this machine)"), {name});
    for (const QString &program : up.allowRun)
        out << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "allow_run %1"), {program});
    if (!user.workdir.isEmpty() && (workdir.empty() || resolved(user.workdir) != workdir))
        out << ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "workdir %1 (a host folder)"), {user.workdir});
    return out;
}

Result<Policy> replayPolicy(const ExecSessionManifest &m, const ContainedReplayPolicy &contained,
                            const std::optional<Policy> &user, bool allowWider, QList<ReplayNote> *notes)
{
    if (!user)
        return contained.policy;
    const QList<ReplayNote> wider = wideningEntries(*user, contained, m);
    if (!wider.isEmpty() && !allowWider)
        return fail(ErrorCode::ConfigError,
                    QStringLiteral("the replay policy grants more than the bundle holds (%1); allow a wider policy "
                                   "explicitly (--allow-wider-policy) to replay under it")
                            .arg(englishNotes(wider).join(QStringLiteral("; "))));
    for (const ReplayNote &entry : wider)
        notes->append(ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "widened by the replay policy: ")) + entry);
    Policy out = *user;
    const Policy &c = contained.policy;
    const Policy defaults;
    out.sandbox = true;
    if (!out.seed)
        out.seed = c.seed;
    if (!out.freezeTimeMs)
        out.freezeTimeMs = c.freezeTimeMs;
    if (!out.timeoutMs)
        out.timeoutMs = c.timeoutMs;
    if (!out.maxMemoryMb)
        out.maxMemoryMb = c.maxMemoryMb;
    if (!out.maxTasks)
        out.maxTasks = c.maxTasks;
    if (out.maxOutputBytes == defaults.maxOutputBytes)
        out.maxOutputBytes = c.maxOutputBytes;
    if (out.workdir.isEmpty())
        out.workdir = c.workdir;
    if (out.allowPackages.isEmpty())
        out.allowPackages = c.allowPackages;
    // Recorded values only (never read_only_dirs or host names of the bundle).
    for (auto it = c.env.cbegin(); it != c.env.cend(); ++it) {
        if (!out.env.contains(it.key()))
            out.env.insert(it.key(), it.value());
    }
    if (!out.permissions.allowNet.isEmpty() || !out.permissions.allowListen.isEmpty())
        notes->append(ReplayNote(QT_TRANSLATE_NOOP("Sandbench::ReplayNote", "the replay policy allows network access; a replay has no network")));
    return out;
}

} // namespace Sandbench
