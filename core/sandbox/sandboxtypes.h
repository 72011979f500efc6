#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace Sandbench {

// What a sandbox may reach. Domains is the kind named "allow": only the entries of an allow
// list (host, host:port, *.domain, IP, CIDR; core/net/egressallowlist.h), which the Docker
// provider enforces through a per-sandbox egress proxy (core/net/egressproxy.h).
enum class NetworkKind { None, All, Domains };

QString networkKindName(NetworkKind kind);
std::optional<NetworkKind> networkKindFromName(const QString &name);

struct NetworkSpec
{
    NetworkKind kind = NetworkKind::None;
    QStringList domains; // only for Domains: the allow list's entries as given
};

enum class SandboxStream { Stdout = 1, Stderr = 2 };

// What a provider can do beyond commands and files.
struct SandboxFeatures
{
    bool stdinSupported = true;
    bool ports = false;
    bool desktop = false;
    QList<NetworkKind> network{NetworkKind::None};
};

// What a provider gives one sandbox at most (0: no maximum of its own).
struct SandboxLimits
{
    double maxCpus = 0;
    int maxMemoryMiB = 0;
};

// Limits every sandbox of a pool is held to (reference: sandboxes.md, "Limits").
struct PoolOptions
{
    // The longest lifetime Sandbench gives any sandbox (the Docker provider's keeper holds it);
    // the command line refuses a longer one as it reads it.
    static constexpr qint64 longestLifetimeMs = 24LL * 3600 * 1000;
    int maxSandboxes = 0;    // required, > 0
    qint64 maxLifetimeMs = 0; // required, > 0, at most the provider's
    QList<NetworkKind> network{NetworkKind::None};
    qint64 execTimeoutMs = 60'000;
    qint64 maxExecTimeoutMs = 30 * 60'000;
    qint64 maxOutputBytes = 1 << 20;
    qint64 maxFileBytes = 16 << 20;
    qint64 callTimeoutMs = 120'000;
    QMap<QString, QString> labels;
    // Warm pool (core/sandbox/warmpool.h): how many sandboxes to keep ready, locked down and
    // unused, per shape (image, cpus, memory); 0: none. They count against maxSandboxes. The
    // first shape kept is warmImage's (empty: the provider's default image) at the provider's
    // default cpus and memory; each shape a create asks for is kept from then on.
    int warm = 0;
    QString warmImage;
};

// A credential that never enters the sandbox (network kind allow only): the sandbox sees the
// variable `name` holding a random placeholder, and the egress proxy puts the value in place of
// the placeholder in request headers sent over HTTPS to exactly these hosts
// (core/net/secretproxyconfig.h). The value stays in Sandbench's memory and the proxy's: it is
// never written to a session, an audit line, a message or the sandbox (Sandbox keeps the name
// and hosts only).
struct SandboxSecret
{
    QString name;      // an environment variable name
    QStringList hosts; // exact host names, lower-case ASCII (punycode)
    QByteArray value;
};

// What an egress proxy does with a sandbox's HTTP(S) traffic besides deciding it.
enum class TrafficCapture {
    Off,
    // mitmdump in front of Squid (as for secrets) terminates TLS with the sandbox's own CA and
    // prints one line per request and response (trafficLinePrefix, then RecordedTraffic's
    // proxy line JSON) before anything else is done with it.
    Record,
    // mitmdump answers every request from the recording (method, URL, body digest; the n-th
    // identical request gets the n-th answer) and prints one replayLinePrefix line per request;
    // a request without an answer gets 502 and a body naming it. The proxy joins no outbound
    // network: nothing reaches the network during a replay, whatever the recording says.
    Replay,
};

struct SandboxOptions
{
    qint64 lifetimeMs = 0; // required
    NetworkSpec network;
    QMap<QString, QString> env;
    QList<int> ports;
    double cpus = 0;     // 0: the provider's default
    int memoryMiB = 0;   // 0: the provider's default
    QString image;       // empty: the provider's default
    QMap<QString, QString> labels;
    QList<SandboxSecret> secrets;
    // Network kind allow only (the egress proxy records or answers): the pool refuses it with
    // any other kind. replayTraffic is RecordedTraffic::replayJson for Replay.
    TrafficCapture traffic = TrafficCapture::Off;
    QByteArray replayTraffic;
    // Start from this snapshot's files (sandboxsnapshot.h) instead of image; with a digest,
    // a snapshot holding anything else fails the create (a replay's check).
    QString snapshot;
    QString snapshotDigest;
    // Outlives this process: not released when the pool closes, and not reaped as an orphan by
    // other processes while its lifetime lasts (its keeper still ends it at its deadline).
    bool persist = false;
};

struct ExecOptions
{
    QString cwd; // empty: the workdir; relative paths are below it
    QMap<QString, QString> env;
    std::optional<QByteArray> stdinData;
    qint64 timeoutMs = 0; // 0: the pool's execTimeoutMs
    // A stream, not a command's output: standard input stays open for ExecJob::writeInput (after
    // stdinData), and output goes only through ExecJob::output, neither kept nor capped (the
    // reader bounds what it holds). For Sandbench's own streams, such as the desktop's RFB.
    bool interactive = false;
};

struct SandboxExecResult
{
    std::optional<int> exitCode; // none when timed out
    QByteArray stdoutData;
    QByteArray stderrData;
    bool truncated = false;
    bool timedOut = false;
    qint64 durationMs = 0;
};

enum class FileType { File, Directory, Symlink, Other };

struct FileEntry
{
    QString name;
    FileType type = FileType::File;
    qint64 size = 0;
    QDateTime modified;
};

// A sandbox as the provider sees it, including those of other processes (for `sandbox ls`).
struct SandboxInfo
{
    QString id;
    QString name;
    QString image;
    QDateTime created;
    QDateTime expires;
    QString owner;
    bool ownerAlive = false;
    bool ours = false; // created by this process
    bool persist = false; // SandboxOptions::persist
    QString state;
    QMap<QString, QString> labels;
};

// What the pool hands a provider's create(): already checked against the pool and the
// provider's features, with defaults filled in.
struct BackendCreateRequest
{
    SandboxOptions options;
    QDateTime expires;
    QDateTime latestEnd; // created + the pool's maxLifetimeMs: no extension goes past it
    QMap<QString, QString> labels; // pool labels merged with the sandbox's
    // For the warm pool: the sandbox waits for a claim (SandboxBackend::claim), with no env
    // and, when options.network.kind is All, able to go online but not yet on any network.
    bool warm = false;
};

// What one claim of a warm sandbox applies to it (SandboxBackend::claim): the claim's env,
// network kind (None or All) and lifetime; checked against the pool like a create.
// A secret the egress proxy in front of a sandbox puts into its requests, and the placeholder the
// sandbox holds instead: a recording redacts both wherever they appear.
struct SandboxProxySecret
{
    QString name;
    QByteArray value;
    QByteArray placeholder;
};

struct BackendClaimRequest
{
    SandboxOptions options;
    QDateTime expires;
};

// A command as the pool hands it to a backend: validated, absolute cwd, effective limits.
struct BackendExecRequest
{
    QStringList argv;
    QString cwd;
    QMap<QString, QString> env;
    std::optional<QByteArray> stdinData;
    qint64 timeoutMs = 0;
    qint64 maxOutputBytes = 0;
    // As the image's root, still without any capability: only for Sandbench's own bookkeeping
    // (the lifetime deadline), never for the caller's commands.
    bool asRoot = false;
    // See ExecOptions::interactive.
    bool interactive = false;
};

} // namespace Sandbench
