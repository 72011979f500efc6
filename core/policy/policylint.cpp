#include "policylint.h"

#include "policy/decisioncontext.h"
#include "policy/netrule.h"
#include "policy/pathresolver.h"
#include "policy/policyfile.h"
#include "policy/policymatcher.h"
#include "policy/sensitivepaths.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <sys/stat.h>

#include <algorithm>

namespace Sandbench {

namespace {

using Severity = LintFinding::Severity;

// Programs that run whatever they are told: a shell, an interpreter, a package manager, a
// privilege or process wrapper. The broker sees the spawn, never what the child does next, so
// allowing one gives the code everything the namespace holds.
const QStringList &escapingPrograms()
{
    static const QStringList names = {
        QStringLiteral("sh"), QStringLiteral("bash"), QStringLiteral("dash"), QStringLiteral("zsh"), QStringLiteral("ksh"),
        QStringLiteral("mksh"), QStringLiteral("csh"), QStringLiteral("tcsh"), QStringLiteral("fish"), QStringLiteral("busybox"),
        QStringLiteral("python"), QStringLiteral("node"), QStringLiteral("nodejs"), QStringLiteral("deno"), QStringLiteral("bun"),
        QStringLiteral("perl"), QStringLiteral("ruby"), QStringLiteral("php"), QStringLiteral("lua"), QStringLiteral("tclsh"),
        QStringLiteral("wish"), QStringLiteral("osascript"), QStringLiteral("awk"), QStringLiteral("gawk"), QStringLiteral("mawk"),
        QStringLiteral("nawk"), QStringLiteral("npm"), QStringLiteral("npx"), QStringLiteral("pnpm"), QStringLiteral("yarn"),
        QStringLiteral("pip"), QStringLiteral("pipx"), QStringLiteral("uv"), QStringLiteral("gem"), QStringLiteral("cargo"),
        QStringLiteral("go"), QStringLiteral("apt"), QStringLiteral("apt-get"), QStringLiteral("dpkg"), QStringLiteral("make"),
        QStringLiteral("git"), QStringLiteral("curl"), QStringLiteral("wget"), QStringLiteral("ssh"), QStringLiteral("nc"),
        QStringLiteral("ncat"), QStringLiteral("socat"), QStringLiteral("sudo"), QStringLiteral("su"), QStringLiteral("doas"),
        QStringLiteral("pkexec"), QStringLiteral("env"), QStringLiteral("xargs"), QStringLiteral("find"), QStringLiteral("nohup"),
        QStringLiteral("setsid"), QStringLiteral("timeout"), QStringLiteral("nice"), QStringLiteral("chroot"),
        QStringLiteral("unshare"), QStringLiteral("nsenter"), QStringLiteral("bwrap"), QStringLiteral("docker"),
        QStringLiteral("podman"), QStringLiteral("strace"), QStringLiteral("gdb"), QStringLiteral("vi"), QStringLiteral("vim"),
        QStringLiteral("emacs"), QStringLiteral("ld.so")};
    return names;
}

// "python3.11" and "pip3" are python and pip; "ld-linux-x86-64.so.2" is the loader.
QString programFamily(const QString &name)
{
    static const QRegularExpression versioned(QStringLiteral("^([a-z-]+?)[0-9.]*$"));
    if (name.startsWith(QLatin1String("ld-linux")))
        return QStringLiteral("ld.so");
    const QRegularExpressionMatch m = versioned.match(name);
    return m.hasMatch() ? m.captured(1) : name;
}

const char *sensitiveSystemFolders[] = {"/etc", "/usr", "/var", "/boot", "/run", "/opt", "/srv", "/bin", "/sbin", "/lib"};

class Linter
{
public:
    Linter(const Policy &policy, const QString &baseDir, const QByteArray &source, const LintOptions &options)
        : m_policy(policy), m_base(baseDir.isEmpty() ? QDir::currentPath() : baseDir),
          m_source(source.startsWith("\xEF\xBB\xBF") ? source.mid(3) : source), m_locator(m_source), m_options(options)
    {
    }

    QList<LintFinding> run()
    {
        sandbox();
        for (const char *key : {"allow_read", "allow_write", "read_only_dirs", "ask_read", "ask_write"})
            paths(QLatin1String(key));
        programs();
        hosts(QStringLiteral("allow_net"));
        hosts(QStringLiteral("allow_listen"));
        hosts(QStringLiteral("ask_net"));
        names(QStringLiteral("allow_env"));
        names(QStringLiteral("ask_env"));
        names(QStringLiteral("ask_run"));
        askNeverAsked();
        return m_findings;
    }

private:
    void add(Severity severity, const QString &code, const QString &pointer, const QString &message)
    {
        TextPosition at;
        if (!m_source.isEmpty())
            at = m_locator.valuePosition(pointer);
        m_findings.append({severity, code, message, pointer, at});
    }

    std::string resolved(const QString &path) const { return resolvePath(path.toStdString(), m_base.toStdString()); }

    void sandbox()
    {
        if (m_policy.sandbox)
            return;
        const Permissions &p = m_policy.permissions;
        add(Severity::Warning, QStringLiteral("no-sandbox"), QStringLiteral("/sandbox"),
            QStringLiteral("without \"sandbox\": true every file, host, variable and program not denied is allowed"));
        if (!p.denyFs && !p.denyNet && !p.denyEnv && !p.denyRun)
            add(Severity::Error, QStringLiteral("ffi"), QStringLiteral("/sandbox"),
                QStringLiteral("native libraries (FFI) can be loaded: native code escapes every other rule "
                               "(turn \"sandbox\" or a deny switch on)"));
    }

    void paths(const QString &key)
    {
        const QStringList &list = *policyList(m_policy, key);
        const bool write = key == QLatin1String("allow_write") || key == QLatin1String("ask_write");
        std::vector<std::string> resolvedEntries;
        for (qsizetype i = 0; i < list.size(); ++i)
            resolvedEntries.push_back(resolved(list.at(i)));
        const QString home = QDir::cleanPath(m_options.homeDir.isEmpty() ? QDir::homePath() : m_options.homeDir);
        const std::string workdir = m_policy.workdir.isEmpty() ? std::string() : resolved(m_policy.workdir);
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString pointer = listPointer(key, i);
            const QString entry = list.at(i);
            const std::string &path = resolvedEntries[size_t(i)];
            const QString absolute = path.empty() ? QDir::cleanPath(QDir(m_base).absoluteFilePath(entry)) : QString::fromStdString(path);
            if (QString why = sensitiveRootReason(absolute, home); !why.isEmpty()) {
                add(Severity::Warning, QStringLiteral("broad-grant"), pointer, QStringLiteral("%1 \"%2\" grants %3").arg(key, entry, why));
            } else {
                bool systemFolder = false;
                for (const char *folder : sensitiveSystemFolders) {
                    if (absolute == QLatin1String(folder)) {
                        systemFolder = true;
                        add(Severity::Warning, QStringLiteral("broad-grant"), pointer,
                            QStringLiteral("%1 \"%2\" grants a whole system folder").arg(key, entry));
                    }
                }
                // The places the learner never grants (keys, tokens, the runtime's cache): an
                // "Allow this" or a hand edit that grants one hands the code a credential.
                const QString secret = systemFolder ? QString() : secretPathReason(absolute, SensitiveContext{home, {}});
                if (!secret.isEmpty())
                    add(Severity::Error, QStringLiteral("secret-path"), pointer,
                        QStringLiteral("%1 \"%2\" grants %3").arg(key, entry, secret));
            }
            if (write)
                writable(pointer, entry, path);
            // The first entry that holds this one decides it: this one never does.
            bool covered = false;
            for (qsizetype j = 0; j < list.size() && !covered; ++j) {
                if (j == i || resolvedEntries[size_t(j)].empty() || path.empty())
                    continue;
                const std::string &other = resolvedEntries[size_t(j)];
                if (other == path && j < i) {
                    add(Severity::Info, QStringLiteral("duplicate"), pointer,
                        QStringLiteral("%1 \"%2\" is the same path as %1[%3]").arg(key, entry).arg(j));
                    covered = true;
                } else if (other != path && pathWithin(path, other)) {
                    add(Severity::Info, QStringLiteral("shadowed"), pointer,
                        QStringLiteral("%1 \"%2\" is inside %1[%3] \"%4\", which already grants it").arg(key, entry).arg(j).arg(list.at(j)));
                    covered = true;
                }
            }
            if (!covered && !workdir.empty() && !path.empty() && key != QLatin1String("read_only_dirs") && pathWithin(path, workdir))
                add(Severity::Info, QStringLiteral("shadowed"), pointer,
                    QStringLiteral("%1 \"%2\" is inside the workdir, which the run may read and write anyway").arg(key, entry));
            struct stat st;
            if (path.empty() || ::stat(path.c_str(), &st) != 0)
                add(Severity::Info, QStringLiteral("missing-path"), pointer,
                    QStringLiteral("%1 \"%2\" does not exist (yet): it grants nothing until it does").arg(key, entry));
        }
    }

    // Writing a folder of PATH plants programs for whoever runs next; writing the policy file
    // rewrites the rules of the next run.
    void writable(const QString &pointer, const QString &entry, const std::string &path)
    {
        if (path.empty())
            return;
        const QString pathVariable = m_options.pathVariable.isEmpty() ? qEnvironmentVariable("PATH") : m_options.pathVariable;
        QStringList dirs = pathVariable.split(QLatin1Char(':'), Qt::SkipEmptyParts);
        // The runtime's own PATH, whatever the host's is.
        dirs << QStringLiteral("/usr/local/bin") << QStringLiteral("/usr/bin") << QStringLiteral("/bin");
        dirs.removeDuplicates();
        for (const QString &dir : dirs) {
            const std::string d = resolvePath(dir.toStdString());
            if (!d.empty() && pathWithin(d, path)) {
                add(Severity::Error, QStringLiteral("writable-path"), pointer,
                    QStringLiteral("allow_write \"%1\" lets the code write %2, a folder of PATH: its programs run outside the sandbox").arg(entry, dir));
                break;
            }
        }
        if (!m_options.policyPath.isEmpty()) {
            const std::string policy = resolvePath(QFileInfo(m_options.policyPath).absoluteFilePath().toStdString());
            if (!policy.empty() && pathWithin(policy, path))
                add(Severity::Error, QStringLiteral("writable-policy"), pointer,
                    QStringLiteral("allow_write \"%1\" lets the code rewrite this policy file").arg(entry));
        }
    }

    void programs()
    {
        const QStringList &list = m_policy.permissions.allowRun;
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString pointer = listPointer(QStringLiteral("allow_run"), i);
            const QString entry = list.at(i);
            if (list.indexOf(entry) < i)
                add(Severity::Info, QStringLiteral("duplicate"), pointer,
                    QStringLiteral("allow_run \"%1\" is also allow_run[%2]").arg(entry).arg(list.indexOf(entry)));
            if (entry == QLatin1String("*")) {
                add(Severity::Error, QStringLiteral("leaves-sandbox"), pointer,
                    QStringLiteral("allow_run \"*\" allows every program, shells and interpreters included"));
                continue;
            }
            const std::string binary = PolicyMatcher::resolveProgram(entry, m_base.toStdString());
            if (binary.empty()) {
                add(Severity::Warning, QStringLiteral("missing-path"), pointer,
                    QStringLiteral("allow_run \"%1\": no such program (a run under this policy is refused)").arg(entry));
            }
            // By the name as written and by the binary it is (python3 -> python3.11).
            const QString written = programFamily(QFileInfo(entry).fileName());
            const QString real = binary.empty() ? QString() : programFamily(QFileInfo(QString::fromStdString(binary)).fileName());
            const QString family = escapingPrograms().contains(written) ? written : real;
            if (escapingPrograms().contains(family))
                add(Severity::Error, QStringLiteral("leaves-sandbox"), pointer,
                    QStringLiteral("allow_run \"%1\" (%2) runs whatever it is told: the code leaves the broker's checks").arg(entry, family));
        }
    }

    void hosts(const QString &key)
    {
        const QStringList &list = *policyList(m_policy, key);
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString pointer = listPointer(key, i);
            const QString entry = list.at(i).trimmed();
            if (list.indexOf(list.at(i)) < i)
                add(Severity::Info, QStringLiteral("duplicate"), pointer,
                    QStringLiteral("%1 \"%2\" is also %1[%3]").arg(key, entry).arg(list.indexOf(list.at(i))));
            // "*.com" is every host of a top-level domain: as good as "*".
            const QString suffix = entry.startsWith(QLatin1String("*.")) ? entry.mid(2).section(QLatin1Char(':'), 0, 0) : QString();
            if (!suffix.isEmpty() && !suffix.contains(QLatin1Char('.'))) {
                add(Severity::Warning, QStringLiteral("broad-grant"), pointer,
                    QStringLiteral("%1 \"%2\" allows every host under a top-level domain").arg(key, entry));
                continue;
            }
            if (entry.isEmpty() || entry == QLatin1String("*") || entry.startsWith(QLatin1String("*:"))) {
                add(Severity::Warning, QStringLiteral("broad-grant"), pointer,
                    QStringLiteral("%1 \"%2\" allows every host").arg(key, entry));
                continue;
            }
            const auto address = NetAddress::parse(entry);
            if (!address)
                continue;
            static const QStringList metadataNames = {QStringLiteral("metadata.google.internal"), QStringLiteral("metadata"),
                                                      QStringLiteral("metadata.azure.com"), QStringLiteral("instance-data")};
            if (isMetadataAddress(*address) || metadataNames.contains(address->host)
                || address->host == QLatin1String("fd00:ec2::254") || address->host == QLatin1String("100.100.100.200")) {
                add(Severity::Error, QStringLiteral("metadata-host"), pointer,
                    QStringLiteral("%1 \"%2\" is a cloud metadata endpoint: it hands out the machine's credentials").arg(key, entry));
                continue;
            }
            const QString &h = address->host;
            if (h == QLatin1String("localhost") || h.endsWith(QLatin1String(".localhost")) || h == QLatin1String("::1")
                || (address->isIp && h.startsWith(QLatin1String("127.")))) {
                add(Severity::Warning, QStringLiteral("loopback-host"), pointer,
                    QStringLiteral("%1 \"%2\" reaches this machine's own services (databases, daemons, dev servers)").arg(key, entry));
            }
        }
    }

    void names(const QString &key)
    {
        const QStringList &list = *policyList(m_policy, key);
        for (qsizetype i = 0; i < list.size(); ++i) {
            if (list.indexOf(list.at(i)) < i)
                add(Severity::Info, QStringLiteral("duplicate"), listPointer(key, i),
                    QStringLiteral("%1 \"%2\" is also %1[%3]").arg(key, list.at(i)).arg(list.indexOf(list.at(i))));
        }
    }

    // Allow beats ask: an ask entry that an allow entry (or the workdir) already covers never
    // holds anything, which is seldom what its author meant.
    void askNeverAsked()
    {
        const Permissions &p = m_policy.permissions;
        const std::string workdir = m_policy.workdir.isEmpty() ? std::string() : resolved(m_policy.workdir);
        auto pathsCovered = [&](const char *askKey, const char *allowKey) {
            const QStringList &asks = *policyList(m_policy, QLatin1String(askKey));
            const QStringList &allows = *policyList(m_policy, QLatin1String(allowKey));
            for (qsizetype i = 0; i < asks.size(); ++i) {
                const std::string path = resolved(asks.at(i));
                if (path.empty())
                    continue;
                QString by;
                for (qsizetype j = 0; j < allows.size() && by.isEmpty(); ++j) {
                    const std::string other = resolved(allows.at(j));
                    if (!other.empty() && pathWithin(path, other))
                        by = QStringLiteral("%1[%2] \"%3\"").arg(QLatin1String(allowKey)).arg(j).arg(allows.at(j));
                }
                if (by.isEmpty() && !workdir.empty() && pathWithin(path, workdir))
                    by = QStringLiteral("the workdir");
                if (!by.isEmpty())
                    add(Severity::Warning, QStringLiteral("ask-never-asked"), listPointer(QLatin1String(askKey), i),
                        QStringLiteral("%1 \"%2\" is allowed by %3 without asking: allow beats ask").arg(QLatin1String(askKey), asks.at(i), by));
            }
        };
        pathsCovered("ask_read", "allow_read");
        pathsCovered("ask_write", "allow_write");
        auto namesCovered = [&](const char *askKey, const QStringList &asks, const char *allowKey, const QStringList &allows) {
            for (qsizetype i = 0; i < asks.size(); ++i) {
                const qsizetype j = allows.indexOf(asks.at(i));
                const qsizetype any = allows.indexOf(QStringLiteral("*"));
                if (j >= 0 || any >= 0)
                    add(Severity::Warning, QStringLiteral("ask-never-asked"), listPointer(QLatin1String(askKey), i),
                        QStringLiteral("%1 \"%2\" is allowed by %3[%4] without asking: allow beats ask")
                                .arg(QLatin1String(askKey), asks.at(i), QLatin1String(allowKey)).arg(j >= 0 ? j : any));
            }
        };
        namesCovered("ask_net", p.askNet, "allow_net", p.allowNet);
        namesCovered("ask_env", p.askEnv, "allow_env", p.allowEnv);
        namesCovered("ask_run", p.askRun, "allow_run", p.allowRun);
    }

    const Policy &m_policy;
    QString m_base;
    QByteArray m_source;
    JsonLocator m_locator;
    LintOptions m_options;
    QList<LintFinding> m_findings;
};

} // namespace

QString severityName(LintFinding::Severity severity)
{
    switch (severity) {
    case LintFinding::Severity::Info:
        return QStringLiteral("info");
    case LintFinding::Severity::Warning:
        return QStringLiteral("warning");
    case LintFinding::Severity::Error:
        return QStringLiteral("error");
    }
    return {};
}

QList<LintFinding> lintPolicy(const Policy &policy, const QString &baseDir, const QByteArray &sourceJson,
                              const LintOptions &options)
{
    QList<LintFinding> findings = Linter(policy, baseDir, sourceJson, options).run();
    // In file order, as an editor shows them.
    std::stable_sort(findings.begin(), findings.end(), [](const LintFinding &a, const LintFinding &b) {
        return std::pair(a.position.line, a.position.column) < std::pair(b.position.line, b.position.column);
    });
    return findings;
}

} // namespace Sandbench
