// sandboxholder COUNT LIFETIME_MS: holds COUNT sandboxes of the engine of DOCKER_HOST, prints
// each id on a line of its own and then "ready", and waits to be killed. It stands for the
// application killed while its sandboxes are alive (tst_dockerresilience).
// sandboxholder COUNT LIFETIME_MS warm: prints its owner label, keeps COUNT warm sandboxes and
// claims none, prints "ready" once they are, and waits to be killed (tst_dockerwarmpool).
#include "dockertestsupport.h"

#include <QCoreApplication>
#include <QTimer>

#include <cstdio>

using namespace Sandbench;
using namespace Sandbench::Test;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int count = argc > 1 ? QByteArray(argv[1]).toInt() : 0;
    const qint64 lifetimeMs = argc > 2 ? QByteArray(argv[2]).toLongLong() : 0;
    if (count < 1 || count > 16 || lifetimeMs < 1000) {
        std::fprintf(stderr, "usage: sandboxholder COUNT(1-16) LIFETIME_MS(>=1000)\n");
        return 2;
    }
    const bool warm = argc > 3 && QByteArray(argv[3]) == "warm";
    PoolOptions o;
    o.maxSandboxes = count;
    o.maxLifetimeMs = lifetimeMs;
    o.warm = warm ? count : 0;
    auto pool = openDockerPool(o);
    if (!pool) {
        std::fprintf(stderr, "%s\n", qPrintable(why(pool.error())));
        return 1;
    }
    if (warm) {
        std::printf("%s\n", qPrintable(DockerProvider::ownerIdentity()));
        std::fflush(stdout);
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, &poll, [&] {
            if ((*pool)->warmReady() == count) {
                poll.stop();
                std::printf("ready\n");
                std::fflush(stdout);
            }
        });
        poll.start(50);
        return app.exec();
    }
    SandboxOptions so;
    so.lifetimeMs = lifetimeMs;
    QList<Operation<Sandbox *> *> ops;
    for (int i = 0; i < count; ++i)
        ops << (*pool)->create(so);
    for (auto *op : ops) {
        auto s = waitFor(op, 60'000);
        if (!s) {
            std::fprintf(stderr, "%s\n", qPrintable(why(s.error())));
            return 1;
        }
        std::printf("%s\n", qPrintable((*s)->id()));
    }
    std::printf("ready\n");
    std::fflush(stdout);
    return app.exec();
}
