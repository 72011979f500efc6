#pragma once

#include "sandbox/docker/dockerprovider.h"
#include "sandbox/sandboxpool.h"

#include <QString>

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

} // namespace Sandbench::Test

#define REQUIRE_DOCKER()                                        \
    do {                                                        \
        const QString problem = Sandbench::Test::dockerProblem(); \
        if (!problem.isEmpty())                                 \
            QFAIL(qPrintable(problem));                         \
    } while (false)
