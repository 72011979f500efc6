#include "policylearner.h"

#include "policy/envnames.h"
#include "policy/netrule.h"
#include "policy/policymatcher.h"

#include <QDir>
#include <QFileInfo>

#include <map>
#include <set>
#include <utility>

namespace Sandbench {

namespace {

struct Use
{
    int uses = 0;
    bool denied = false;

    void add(bool wasDenied)
    {
        ++uses;
        denied = denied || wasDenied;
    }
    void add(const Use &other)
    {
        uses += other.uses;
        denied = denied || other.denied;
    }
};

using Uses = std::map<QString, Use>;

bool within(const QString &path, const QString &root)
{
    return !root.isEmpty() && (root == QLatin1String("/") || path == root || path.startsWith(root + QLatin1Char('/')));
}

QString parentOf(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    return slash <= 0 ? QStringLiteral("/") : path.left(slash);
}

// Rules of the matcher that stand for what every run may use without a grant.
bool implicitRule(const QString &rule)
{
    return rule == QLatin1String("workdir") || rule == QLatin1String("entry") || rule == QLatin1String("sandbench")
           || rule == QLatin1String("code");
}

QString deniedSuffix(bool denied)
{
    return denied ? QStringLiteral(" (was denied)") : QString();
}

// Collects one run's events into what it used; everything about the proposal lives here.
class Collector
{
public:
    explicit Collector(const LearnContext &context) : m_context(context) {}

    void add(const AuditEvent &event)
    {
        if (event.unreadable || !event.isDecision())
            return; // a connection's end repeats its decision
        const bool denied = !event.allowed;
        if (event.kind == QLatin1String("read") || event.kind == QLatin1String("write"))
            addPath(event, denied);
        else if (event.kind == QLatin1String("net"))
            addNet(event, denied);
        else if (event.kind == QLatin1String("env"))
            addEnv(event, denied);
        else if (event.kind == QLatin1String("run"))
            addRun(event, denied);
        else if (event.kind == QLatin1String("sys"))
            m_notes.insert(QStringLiteral("sys: the code asked for system information \"%1\"%2; not granted: the sandbox never gives it")
                                   .arg(event.resource, deniedSuffix(denied)));
        else if (event.kind == QLatin1String("ffi"))
            m_notes.insert(QStringLiteral("ffi: the code tried to load a native library%1; not granted: native code leaves the sandbox")
                                   .arg(event.resource.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(event.resource)));
        else if (event.kind == QLatin1String("broker"))
            // Not a decision: the broker's record of why it ended the conversation.
            m_notes.insert(QStringLiteral("broker: the run's permission broker hung up (%1)").arg(event.reason));
        else if (event.kind == QLatin1String("import"))
            m_notes.insert(QStringLiteral("import: the code tried to load a module from %1; never granted: runs load no remote modules")
                                   .arg(event.resource));
        else
            m_notes.insert(QStringLiteral("%1: an unknown kind of access (%2); not granted").arg(event.kind, event.resource));
    }

    PolicyProposal finish()
    {
        PolicyProposal out;
        out.policy.sandbox = true;
        Permissions &p = out.policy.permissions;
        p.allowRead = paths(QStringLiteral("allow_read"), m_reads, out);
        p.allowWrite = paths(QStringLiteral("allow_write"), m_writes, out);
        p.allowNet = exact(QStringLiteral("allow_net"), m_net, out);
        p.allowListen = exact(QStringLiteral("allow_listen"), m_listen, out);
        p.allowEnv = exact(QStringLiteral("allow_env"), m_env, out);
        p.allowRun = exact(QStringLiteral("allow_run"), m_run, out);
        for (const auto &[key, refusal] : m_refusals)
            out.refusals << refusal;
        if (m_implicit > 0)
            m_notes.insert(QStringLiteral("%1 file access(es) inside the workdir or to the entry file needed no grant").arg(m_implicit));
        out.notes = QStringList(m_notes.begin(), m_notes.end());
        return out;
    }

private:
    void refuse(const QString &list, const QString &what, const QString &why, bool denied)
    {
        Refusal &refusal = m_refusals[{list, what}];
        refusal.list = list;
        refusal.what = what;
        refusal.why = why;
        refusal.wasDenied = refusal.wasDenied || denied;
    }

    void addPath(const AuditEvent &event, bool denied)
    {
        const bool write = event.kind == QLatin1String("write");
        const QString list = write ? QStringLiteral("allow_write") : QStringLiteral("allow_read");
        if (event.allowed && implicitRule(event.rule)) {
            ++m_implicit;
            return;
        }
        if (event.resource.isEmpty()) {
            m_notes.insert(QStringLiteral("%1: the code asked for every file%2; not granted (name the files)")
                                   .arg(event.kind, deniedSuffix(denied)));
            return;
        }
        QString path = event.resource;
        if (!QDir::isAbsolutePath(path)) {
            const QString base = m_context.baseDir.isEmpty() ? m_context.workdir : m_context.baseDir;
            if (base.isEmpty()) {
                m_notes.insert(QStringLiteral("%1 \"%2\": a relative path and no folder to take it from; not granted").arg(event.kind, path));
                return;
            }
            path = QDir(base).absoluteFilePath(path);
        }
        path = QDir::cleanPath(path);
        if (within(path, m_context.workdir) || (!write && path == m_context.entry)) {
            ++m_implicit;
            return;
        }
        if (event.rule == QLatin1String("protected")) {
            refuse(list, path, QStringLiteral("Sandbench keeps the run's audit log or caches there"), denied);
            return;
        }
        if (const QString reason = secretPathReason(path, m_context.sensitive); !reason.isEmpty()) {
            refuse(list, path, reason, denied);
            return;
        }
        (write ? m_writes : m_reads)[path].add(denied);
    }

    void addNet(const AuditEvent &event, bool denied)
    {
        if (event.resource.isEmpty()) {
            m_notes.insert(QStringLiteral("net: the code asked for every host%1; not granted (name the hosts)").arg(deniedSuffix(denied)));
            return;
        }
        const auto address = NetAddress::parse(event.resource);
        if (!address) {
            m_notes.insert(QStringLiteral("net \"%1\": not a host the policy can name; not granted").arg(event.resource));
            return;
        }
        const bool listen = event.action == QLatin1String("listen") || isUnspecifiedAddress(*address);
        const QString list = listen ? QStringLiteral("allow_listen") : QStringLiteral("allow_net");
        const QString host = address->host.contains(QLatin1Char(':')) ? QLatin1Char('[') + address->host + QLatin1Char(']') : address->host;
        const QString entry = address->port ? QStringLiteral("%1:%2").arg(host).arg(*address->port) : host;
        if (isMetadataAddress(*address)) {
            refuse(list, entry, QStringLiteral("a cloud metadata address (instance credentials)"), denied);
            return;
        }
        if (!address->port)
            m_notes.insert(QStringLiteral("%1 %2: asked without a port, granted for every port").arg(list, entry));
        (listen ? m_listen : m_net)[entry].add(denied);
    }

    void addEnv(const AuditEvent &event, bool denied)
    {
        if (event.resource.isEmpty()) {
            m_notes.insert(QStringLiteral("env: the code asked for every variable%1; not granted (name the variables)").arg(deniedSuffix(denied)));
            return;
        }
        if (event.allowed && event.rule == QLatin1String("env")) {
            m_notes.insert(QStringLiteral("env %1: a value the run gave (--env / options.env); pass it again, it needs no grant").arg(event.resource));
            return;
        }
        if (const QString reason = reservedEnvReason(event.resource); !reason.isEmpty()) {
            refuse(QStringLiteral("allow_env"), event.resource, reason, denied);
            return;
        }
        m_env[event.resource].add(denied);
    }

    void addRun(const AuditEvent &event, bool denied)
    {
        if (event.resource.isEmpty()) {
            // The runtime asks for "any program" before each spawn; the spawn that follows names it.
            if (!event.allowed || event.rule != QLatin1String("allow_run[*]"))
                m_anyProgramAsked = true;
            return;
        }
        const QString base = m_context.workdir.isEmpty() ? QStringLiteral("/") : m_context.workdir;
        if (PolicyMatcher::resolveProgram(event.resource, base.toStdString()).empty()) {
            refuse(QStringLiteral("allow_run"), event.resource,
                   QStringLiteral("no such program here (looked up in /usr/local/bin, /usr/bin and /bin); a policy naming it would not load"), denied);
            return;
        }
        m_run[event.resource].add(denied);
    }

    // Exact entries, sorted by the map.
    static QStringList exact(const QString &list, const Uses &uses, PolicyProposal &out)
    {
        QStringList entries;
        for (const auto &[entry, use] : uses) {
            entries << entry;
            out.grants << LearnedGrant{list, entry, use.uses, use.denied};
        }
        return entries;
    }

    QStringList paths(const QString &list, Uses uses, PolicyProposal &out) const
    {
        // A folder the code used as a whole (a listing) is granted as such: say so, or refuse it.
        Uses folders;
        for (auto it = uses.begin(); it != uses.end();) {
            const QFileInfo info(it->first);
            if (info.isDir() && !info.isSymLink()) {
                if (const QString reason = sensitiveFolderReason(it->first, m_context.sensitive); !reason.isEmpty()) {
                    out.refusals << Refusal{list, it->first, {}, QStringLiteral("the code used this folder itself, but %1").arg(reason), it->second.denied};
                    it = uses.erase(it);
                    continue;
                }
                out.widenings << Widening{list, it->first, {it->first},
                                          QStringLiteral("the code used the folder itself (a listing or a stat): a folder grant covers everything below it; no credential place is in it")};
            }
            ++it;
        }
        // Siblings: groupThreshold distinct entries directly in one folder stand for the folder.
        std::map<QString, QStringList> byParent;
        for (const auto &[path, use] : uses)
            byParent[parentOf(path)] << path;
        for (const auto &[parent, children] : byParent) {
            if (children.size() < PolicyLearner::groupThreshold)
                continue;
            if (const QString reason = sensitiveFolderReason(parent, m_context.sensitive); !reason.isEmpty()) {
                out.refusals << Refusal{list, parent, children,
                                        QStringLiteral("%1 entries were used in it, but %2; granted one by one").arg(children.size()).arg(reason), false};
                continue;
            }
            Use folder;
            for (const QString &child : children) {
                folder.add(uses[child]);
                uses.erase(child);
            }
            uses[parent].add(folder);
            out.widenings << Widening{list, parent, children,
                                      QStringLiteral("%1 entries directly in this folder were used (%2 or more are grouped); it is not a sensitive place and holds no credential place")
                                              .arg(children.size()).arg(PolicyLearner::groupThreshold)};
        }
        // An entry inside a folder entry is covered by it.
        for (auto it = uses.begin(); it != uses.end();) {
            QString folder;
            for (const auto &[other, use] : uses) {
                if (other != it->first && within(it->first, other)) {
                    folder = other;
                    break;
                }
            }
            if (!folder.isEmpty()) {
                uses[folder].add(it->second);
                for (Widening &widening : out.widenings) {
                    if (widening.list == list && widening.what == folder && !widening.covers.contains(it->first)) {
                        widening.covers << it->first;
                        widening.covers.sort();
                    }
                }
                it = uses.erase(it);
            } else {
                ++it;
            }
        }
        return exact(list, uses, out);
    }

    const LearnContext &m_context;
    Uses m_reads, m_writes, m_net, m_listen, m_env, m_run;
    std::map<std::pair<QString, QString>, Refusal> m_refusals;
    std::set<QString> m_notes;
    int m_implicit = 0;
    bool m_anyProgramAsked = false;

public:
    bool anyProgramAsked() const { return m_anyProgramAsked; }
};

} // namespace

PolicyLearner::PolicyLearner(LearnContext context)
    : m_context(std::move(context))
{
    m_context.workdir = m_context.workdir.isEmpty() ? QString() : QDir::cleanPath(m_context.workdir);
    m_context.entry = m_context.entry.isEmpty() ? QString() : QDir::cleanPath(m_context.entry);
}

PolicyProposal PolicyLearner::learn(const QList<AuditEvent> &events) const
{
    Collector collector(m_context);
    for (const AuditEvent &event : events)
        collector.add(event);
    PolicyProposal proposal = collector.finish();
    if (collector.anyProgramAsked() && !proposal.policy.permissions.allowRun.isEmpty())
        proposal.notes << QStringLiteral("run: the runtime asks for \"any program\" before each spawn; the programs it then named are granted one by one");
    std::sort(proposal.widenings.begin(), proposal.widenings.end(), [](const Widening &a, const Widening &b) {
        return std::pair(a.list, a.what) < std::pair(b.list, b.what);
    });
    std::sort(proposal.refusals.begin(), proposal.refusals.end(), [](const Refusal &a, const Refusal &b) {
        return std::pair(a.list, a.what) < std::pair(b.list, b.what);
    });
    return proposal;
}

void PolicyLearner::askForRareUses(PolicyProposal &proposal, int maxUses)
{
    if (maxUses < 1)
        return;
    Permissions &p = proposal.policy.permissions;
    const std::map<QString, std::pair<QStringList *, QString>> askFor = {
        {QStringLiteral("allow_read"), {&p.allowRead, QStringLiteral("ask_read")}},
        {QStringLiteral("allow_write"), {&p.allowWrite, QStringLiteral("ask_write")}},
        {QStringLiteral("allow_net"), {&p.allowNet, QStringLiteral("ask_net")}},
        {QStringLiteral("allow_env"), {&p.allowEnv, QStringLiteral("ask_env")}},
        {QStringLiteral("allow_run"), {&p.allowRun, QStringLiteral("ask_run")}},
    };
    const std::map<QString, QStringList *> askLists = {
        {QStringLiteral("ask_read"), &p.askRead}, {QStringLiteral("ask_write"), &p.askWrite}, {QStringLiteral("ask_net"), &p.askNet},
        {QStringLiteral("ask_env"), &p.askEnv},   {QStringLiteral("ask_run"), &p.askRun},
    };
    int moved = 0;
    QStringList stayed;
    for (LearnedGrant &grant : proposal.grants) {
        if (grant.uses > maxUses)
            continue;
        const auto it = askFor.find(grant.list);
        if (it == askFor.end()) {
            stayed << QStringLiteral("%1 %2").arg(grant.list, grant.entry);
            continue;
        }
        it->second.first->removeAll(grant.entry);
        QStringList *ask = askLists.at(it->second.second);
        if (!ask->contains(grant.entry))
            ask->append(grant.entry);
        grant.list = it->second.second;
        ++moved;
    }
    for (const auto &[name, list] : askLists)
        list->sort();
    // Still in list then entry order, as learn() gives them, the ask lists after the allow ones.
    static const QStringList order = {QStringLiteral("allow_read"), QStringLiteral("allow_write"), QStringLiteral("allow_net"),
                                      QStringLiteral("allow_listen"), QStringLiteral("allow_env"), QStringLiteral("allow_run"),
                                      QStringLiteral("ask_read"), QStringLiteral("ask_write"), QStringLiteral("ask_net"),
                                      QStringLiteral("ask_env"), QStringLiteral("ask_run")};
    std::stable_sort(proposal.grants.begin(), proposal.grants.end(), [](const LearnedGrant &a, const LearnedGrant &b) {
        const qsizetype x = order.indexOf(a.list), y = order.indexOf(b.list);
        return x != y ? x < y : a.entry < b.entry;
    });
    if (moved > 0)
        proposal.notes << QStringLiteral("%1 grant(s) used at most %2 time(s) are ask_* entries: each use waits for a person (ask_timeout_ms, then denied)")
                                  .arg(moved).arg(maxUses);
    if (!stayed.isEmpty())
        proposal.notes << QStringLiteral("used rarely but allowed, for there is no ask list for them: %1").arg(stayed.join(QStringLiteral(", ")));
}

} // namespace Sandbench
