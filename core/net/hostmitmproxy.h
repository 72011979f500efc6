#pragma once

#include "common/result.h"
#include "net/secretproxyconfig.h"
#include "sandbox/sandboxtypes.h"

#include <QByteArray>
#include <QList>
#include <QMutex>
#include <QString>
#include <QTemporaryDir>

#include <memory>
#include <thread>

namespace Sandbench {

class UnixRelay;

// The host-side proxy of an exec run: mitmproxy's mitmdump on the host's loopback, with the
// same addons as a sandbox's egress proxy (secretproxyconfig.h, trafficproxyconfig.h).
//  - Secrets (`run --secret`): it passes every connection through untouched but those whose
//    CONNECT name and TLS SNI are both a secret's host, which it terminates with a CA made for
//    this run alone and where it swaps the placeholder for the value in request headers sent
//    over HTTPS.
//  - Recording (`run --record`): it terminates every connection with that CA (still verifying
//    each server's certificate) and prints each exchange as a line (trafficLines()), read
//    before the secrets' addon swaps a placeholder for a value.
//  - Replaying: it answers from a recording and opens no connection at all; the run reaches it
//    through a Unix socket (Options::relaySocketPath) since a replay's namespace has no network.
// The runtime reaches it through HTTP(S)_PROXY and trusts the CA through DENO_CERT; the broker
// still decides every connection on the name the code asked for before the runtime sends
// anything to the proxy.
//
// Lives as long as the object: the destructor ends mitmdump. If Sandbench itself dies, mitmdump
// sees its input end and exits (the addon watches it), so it never outlives its owner.
// Blocking: start() waits until mitmdump listens (a worker thread's job, like preparing a run).
class HostMitmProxy
{
public:
    struct Options
    {
        QList<EgressSecret> secrets;
        // Certificates mitmdump trusts for the servers it terminates for (empty: the system's);
        // tests give their own server's CA.
        QString upstreamCaFile;
        TrafficCapture capture = TrafficCapture::Off;
        QByteArray replayJson; // RecordedTraffic::replayJson, for TrafficCapture::Replay
        // Where a replay's run reaches it (a replay's namespace has no network): a Unix socket
        // made here, each connection to it copied to mitmdump's port (unixrelay.h).
        QString relaySocketPath;
        int timeoutMs = 30000;
    };

    // Whether mitmdump can be started here (mitmproxy is only recommended by the package).
    static bool installed();

    ~HostMitmProxy();
    HostMitmProxy(const HostMitmProxy &) = delete;
    HostMitmProxy &operator=(const HostMitmProxy &) = delete;

    // The values and the recording are written to 0600 files in a private folder and removed
    // once mitmdump has read them.
    static Result<std::unique_ptr<HostMitmProxy>> start(const Options &options);

    quint16 port() const { return m_port; }
    // The CA's certificate (no key), for the runtime to trust: copy it where the run can read it.
    QByteArray caCertificate() const { return m_caPem; }
    qint64 processId() const { return m_pid; }
    // Ends mitmdump and returns every SBFLOW/SBREQ line it printed, in order (bounded by
    // TrafficProxyConfig's maxLines and maxLineBytes; `dropped` counts those left out).
    QList<QByteArray> finishTraffic(qsizetype *dropped = nullptr);

private:
    HostMitmProxy() = default;
    void stop();
    void drain(int fd);
    void keepLine(const QByteArray &line);

    std::unique_ptr<QTemporaryDir> m_folder;
    qint64 m_pid = 0;
    int m_inputFd = -1;   // mitmdump's stdin: closing it ends mitmdump
    std::thread m_drain;  // reads mitmdump's output until it ends, so it never blocks on a pipe
    quint16 m_port = 0;
    QByteArray m_caPem;
    bool m_keepLines = false;
    QMutex m_mutex;
    QList<QByteArray> m_lines;
    qint64 m_lineBytes = 0;
    qsizetype m_dropped = 0;
    std::unique_ptr<UnixRelay> m_relay;
    int m_deadFd = -1; // a replay's upstream: bound, never listening (start())
};

} // namespace Sandbench
