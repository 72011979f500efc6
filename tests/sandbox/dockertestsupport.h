#pragma once

#include "sandbox/docker/dockerprovider.h"
#include "sandbox/sandboxpool.h"

#include <QProcess>
#include <QString>
#include <QStringList>

#include <memory>

namespace Sandbench::Test {

// Empty when DOCKER_HOST names a local engine that answers; else why not. Integration tests
// fail (never skip) on it: scripts/test always provides an engine.
QString dockerProblem();
// The unix socket of DOCKER_HOST.
QString dockerSocket();

// A pool over the engine of DOCKER_HOST (or socketPath), or a failed Result.
Result<std::unique_ptr<SandboxPool>> openDockerPool(PoolOptions options,
                                                    DockerProviderOptions providerOptions = {});

// One engine call, waited for (status and body).
Result<HttpResponse> dockerCall(const QString &socket, const QByteArray &method, const QByteArray &path,
                                int timeoutMs = 10'000);
// An error as a test prints it: its code's name and its message.
QString why(const Error &e);

// A sandbox of `pool` with these options, waited for (60 s); null, with a warning that says why,
// when it cannot be made.
Sandbox *createSandbox(SandboxPool *pool, const SandboxOptions &options);

// Whether a container with this id (or name) exists on the engine.
bool containerExists(const QString &socket, const QString &id);

// The docker command line, waited for (60 s): its stdout, trimmed; `ok` when it ran and
// exited 0.
QByteArray docker(const QStringList &args, bool *ok = nullptr);

// A test's own server in a container on a network of its own (both named after `prefix` and a
// random tag), reached by its address on that network. stop() removes the container and keeps
// the network; remove() (and the destructor) removes both, waiting for the engine to let go of
// the network: nothing outlives the test.
class DockerTestServer
{
public:
    DockerTestServer() = default;
    ~DockerTestServer() { remove(); }
    DockerTestServer(const DockerTestServer &) = delete;
    DockerTestServer &operator=(const DockerTestServer &) = delete;

    // Runs `command` in `image` (detached, --rm); the server's address, or why it did not start.
    Result<QString> start(const QString &prefix, const QString &image, const QStringList &command);
    bool stop();
    bool remove();
    QString tag() const { return m_tag; }
    QString address() const { return m_address; }

private:
    QString m_tag;
    QString m_address;
    bool m_network = false;
};

// A host process serving tests/sandbox/traffic/webserver.py on 127.0.0.1 (an ephemeral port),
// for what reaches this machine through a sandbox's egress proxy (allow:127.0.0.1:PORT). Ended
// by stop() or the destructor.
class HostTestServer
{
public:
    HostTestServer() = default;
    ~HostTestServer() { stop(); }
    HostTestServer(const HostTestServer &) = delete;
    HostTestServer &operator=(const HostTestServer &) = delete;

    // Waits (30 s) until it listens; its port, or why not.
    Result<int> start();
    void stop();

private:
    std::unique_ptr<QProcess> m_process;
};

// One run of sandbench-cli (SANDBENCH_CLI, as ctest gives it) with `args`, `input` on its
// standard input (then closed), waited for up to timeoutMs; past that it is killed and status
// stays -1, as for a crash.
struct SandboxCliRun
{
    int status = -1;
    QByteArray out;
    QByteArray err;
};
SandboxCliRun runSandboxCli(const QStringList &args, const QByteArray &input = {}, int timeoutMs = 240'000);
// Status, stdout and stderr, for a failed check's message.
QString describe(const SandboxCliRun &run);

// The source of a file under tests/sandbox/traffic (SANDBENCH_SOURCE_DIR), empty when missing.
QString trafficTestFile(const QString &name);

} // namespace Sandbench::Test

#define REQUIRE_DOCKER()                                        \
    do {                                                        \
        const QString problem = Sandbench::Test::dockerProblem(); \
        if (!problem.isEmpty())                                 \
            QFAIL(qPrintable(problem));                         \
    } while (false)
