#pragma once

#include "common/result.h"
#include "net/secretproxyconfig.h"

#include <QString>
#include <QTemporaryDir>

#include <memory>
#include <thread>

namespace Sandbench {

// The secret proxy of an exec run (`run --secret`): mitmproxy's mitmdump on the host's
// loopback, with the same addon and the same rule as a sandbox's (secretproxyconfig.h): it
// passes every connection through untouched but those whose CONNECT name and TLS SNI are both a
// secret's host, which it terminates with a CA made for this run alone and where it swaps the
// placeholder for the value in request headers sent over HTTPS. The runtime reaches it through
// HTTPS_PROXY and trusts the CA through DENO_CERT; the broker still decides every connection on
// the name the code asked for before the runtime sends anything to the proxy.
//
// Lives as long as the object: the destructor ends mitmdump. If Sandbench itself dies, mitmdump
// sees its input end and exits (the addon watches it), so it never outlives its owner.
// Blocking: start() waits until mitmdump listens (a worker thread's job, like preparing a run).
class HostSecretProxy
{
public:
    ~HostSecretProxy();
    HostSecretProxy(const HostSecretProxy &) = delete;
    HostSecretProxy &operator=(const HostSecretProxy &) = delete;

    // `upstreamCaFile`: certificates mitmdump trusts for the servers it terminates for (empty:
    // the system's); tests give their own server's CA. The values are written to a 0600 file in
    // a private folder and removed once mitmdump has read them.
    static Result<std::unique_ptr<HostSecretProxy>> start(const QList<EgressSecret> &secrets, const QString &upstreamCaFile,
                                                          int timeoutMs = 30000);

    quint16 port() const { return m_port; }
    // The CA's certificate (no key), for the runtime to trust: copy it where the run can read it.
    QByteArray caCertificate() const { return m_caPem; }
    qint64 processId() const { return m_pid; }

private:
    HostSecretProxy() = default;
    void stop();

    std::unique_ptr<QTemporaryDir> m_folder;
    qint64 m_pid = 0;
    int m_inputFd = -1;   // mitmdump's stdin: closing it ends mitmdump
    std::thread m_drain;  // reads mitmdump's output until it ends, so it never blocks on a pipe
    quint16 m_port = 0;
    QByteArray m_caPem;
};

} // namespace Sandbench
