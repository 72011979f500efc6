// Side by side, alternating, on the same engine:
//   create-to-first-exec through SandboxPool   vs  `docker run --rm IMAGE true`
//   one exec in a live sandbox                 vs  `docker exec CONTAINER true`
//   pause + resume of a live sandbox           vs  `docker pause` + `docker unpause`
//   warm claim to first exec output            vs  `docker run --rm IMAGE true`
//   warm claim with its own env                vs  warm claim without
// Medians of N rounds (default 20; first argument), image from the second (sandbench/base:1).
#include "../common/median.h"
#include "sandbox/docker/dockerprovider.h"
#include "sandbox/sandboxpool.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QProcess>
#include <QTextStream>

#include <algorithm>

using namespace Sandbench;
using Sandbench::Bench::median;

namespace {

double timeProcess(const QStringList &argv)
{
    QElapsedTimer t;
    t.start();
    QProcess p;
    p.start(argv.first(), argv.mid(1));
    p.waitForFinished(60'000);
    if (p.exitCode() != 0)
        qFatal("%s failed: %s", qPrintable(argv.join(QLatin1Char(' '))), p.readAllStandardError().constData());
    return t.nsecsElapsed() / 1e6;
}

// Round `round` of a side-by-side pair, the order alternating so that neither side always runs
// on a warmer engine.
template<typename Ours, typename Theirs>
void alternate(int round, Ours ours, Theirs theirs)
{
    if (round % 2) {
        ours();
        theirs();
    } else {
        theirs();
        ours();
    }
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int rounds = argc > 1 ? std::max(1, atoi(argv[1])) : 20;
    const QString image = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QStringLiteral("sandbench/base:1");
    QTextStream out(stdout);

    auto provider = DockerProvider::create();
    if (!provider)
        qFatal("%s", qPrintable(provider.error().message));
    PoolOptions po;
    po.maxSandboxes = 2;
    po.maxLifetimeMs = 600'000;
    auto pool = SandboxPool::open(std::move(*provider), po);
    if (!pool)
        qFatal("%s", qPrintable(pool.error().message));
    SandboxOptions so;
    so.lifetimeMs = 300'000;
    so.image = image;

    // Warm-up: the first of each pays for cold caches.
    timeProcess({QStringLiteral("docker"), QStringLiteral("run"), QStringLiteral("--rm"), image, QStringLiteral("true")});
    {
        auto s = waitFor((*pool)->create(so), 60'000);
        if (!s)
            qFatal("%s", qPrintable(s.error().message));
        waitFor((*s)->release(), 60'000);
    }

    QList<double> ours, theirs;
    for (int i = 0; i < rounds; ++i) {
        auto runOurs = [&] {
            QElapsedTimer t;
            t.start();
            auto s = waitFor((*pool)->create(so), 60'000);
            if (!s)
                qFatal("%s", qPrintable(s.error().message));
            auto r = waitFor((*s)->exec({QStringLiteral("true")}), 60'000);
            if (!r || r->exitCode != 0)
                qFatal("exec failed");
            ours << t.nsecsElapsed() / 1e6;
            waitFor((*s)->release(), 60'000);
        };
        auto runTheirs = [&] {
            theirs << timeProcess({QStringLiteral("docker"), QStringLiteral("run"), QStringLiteral("--rm"), image,
                                   QStringLiteral("true")});
        };
        alternate(i, runOurs, runTheirs);
    }

    auto live = waitFor((*pool)->create(so), 60'000);
    if (!live)
        qFatal("%s", qPrintable(live.error().message));
    Sandbox *s = *live;
    QList<double> execOurs, execTheirs;
    for (int i = 0; i < rounds; ++i) {
        auto runOurs = [&] {
            QElapsedTimer t;
            t.start();
            auto r = waitFor(s->exec({QStringLiteral("true")}), 60'000);
            if (!r || r->exitCode != 0)
                qFatal("exec failed");
            execOurs << t.nsecsElapsed() / 1e6;
        };
        auto runTheirs = [&] {
            execTheirs << timeProcess({QStringLiteral("docker"), QStringLiteral("exec"), s->id(), QStringLiteral("true")});
        };
        alternate(i, runOurs, runTheirs);
    }
    // Pause and resume (the engine's freezer), each round followed by an exec that must work,
    // against the docker CLI's pause and unpause of the same container.
    QList<double> pauseOurs, pauseTheirs;
    for (int i = 0; i < rounds; ++i) {
        auto runOurs = [&] {
            QElapsedTimer t;
            t.start();
            if (!waitFor(s->pause(), 60'000) || !s->isPaused())
                qFatal("pause failed");
            if (!waitFor(s->resume(), 60'000) || s->isPaused())
                qFatal("resume failed");
            pauseOurs << t.nsecsElapsed() / 1e6;
        };
        auto runTheirs = [&] {
            pauseTheirs << timeProcess({QStringLiteral("docker"), QStringLiteral("pause"), s->id()})
                               + timeProcess({QStringLiteral("docker"), QStringLiteral("unpause"), s->id()});
        };
        alternate(i, runOurs, runTheirs);
        auto r = waitFor(s->exec({QStringLiteral("true")}), 60'000);
        if (!r || r->exitCode != 0)
            qFatal("exec after resume failed");
    }
    waitFor(s->release(), 60'000);

    // Warm claims: a pool of its own that keeps one warm; each round waits (untimed) for the
    // refill, then times create() to the first exec's output, which must be the claim's.
    PoolOptions wo = po;
    wo.warm = 1;
    wo.warmImage = image;
    auto warmProvider = DockerProvider::create();
    if (!warmProvider)
        qFatal("%s", qPrintable(warmProvider.error().message));
    auto warmPool = SandboxPool::open(std::move(*warmProvider), wo);
    if (!warmPool)
        qFatal("%s", qPrintable(warmPool.error().message));
    auto waitWarm = [&] {
        QElapsedTimer t;
        t.start();
        while ((*warmPool)->warmReady() < 1 && t.elapsed() < 120'000)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
        if ((*warmPool)->warmReady() < 1)
            qFatal("no warm sandbox after 120 s");
    };
    auto claimOnce = [&](bool withEnv) {
        waitWarm();
        SandboxOptions co = so;
        if (withEnv)
            co.env = {{QStringLiteral("BENCH_TOKEN"), QStringLiteral("claim-env")}, {QStringLiteral("BENCH_MORE"), QStringLiteral("x")}};
        QElapsedTimer t;
        t.start();
        auto s = waitFor((*warmPool)->create(co), 60'000);
        if (!s)
            qFatal("%s", qPrintable(s.error().message));
        auto r = waitFor((*s)->exec({QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("printf %s \"$BENCH_TOKEN\"")}), 60'000);
        const double ms = t.nsecsElapsed() / 1e6;
        if (!r || r->exitCode != 0 || r->stdoutData != (withEnv ? QByteArray("claim-env") : QByteArray()))
            qFatal("warm exec failed or lost its env");
        waitFor((*s)->release(), 60'000);
        return ms;
    };
    claimOnce(false); // warm-up
    QList<double> claimPlain, claimEnv, runWarm;
    for (int i = 0; i < rounds; ++i) {
        auto theirs = [&] {
            runWarm << timeProcess({QStringLiteral("docker"), QStringLiteral("run"), QStringLiteral("--rm"), image, QStringLiteral("true")});
        };
        // Alternating: with env / without, and docker run before or after.
        if (i % 2) {
            theirs();
            claimPlain << claimOnce(false);
            claimEnv << claimOnce(true);
        } else {
            claimEnv << claimOnce(true);
            claimPlain << claimOnce(false);
            theirs();
        }
    }
    waitFor((*warmPool)->close(), 60'000);

    out << "image " << image << ", " << rounds << " alternating rounds, medians in ms\n";
    out << QStringLiteral("%1 %2 %3 %4\n").arg(QStringLiteral("what"), -38).arg(QStringLiteral("sandbench"), 10)
               .arg(QStringLiteral("docker CLI"), 11).arg(QStringLiteral("ratio"), 7);
    auto row = [&](const QString &what, const QList<double> &a, const QList<double> &b) {
        out << QStringLiteral("%1 %2 %3 %4").arg(what, -38).arg(median(a), 10, 'f', 1).arg(median(b), 11, 'f', 1)
                   .arg(median(a) / median(b), 6, 'f', 2) << "x\n";
    };
    row(QStringLiteral("create to first exec / docker run"), ours, theirs);
    row(QStringLiteral("exec in a live sandbox / docker exec"), execOurs, execTheirs);
    row(QStringLiteral("pause + resume / docker pause + unpause"), pauseOurs, pauseTheirs);
    row(QStringLiteral("warm claim to first exec / docker run"), claimPlain, runWarm);
    row(QStringLiteral("warm claim with env / without"), claimEnv, claimPlain);
    return 0;
}
