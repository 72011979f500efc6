// Snapshots and forks of a sandbox holding 100 MiB (written in its tmpfs workdir), beside a
// plain create in the same run, on the same engine:
//   plain create to first exec                 (the baseline)
//   snapshot of the 100 MiB sandbox            (tar inside, archive to disk, commit)
//   create from that snapshot to first exec    (archive checked and unpacked)
//   fork --count 1 and fork --count 4          (snapshot + creates; the fork's name removed)
// Medians of N rounds (default 5; first argument). Archives go to a temporary folder.
#include "../common/median.h"
#include "sandbox/docker/dockerprovider.h"
#include "sandbox/sandboxpool.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>

using namespace Sandbench;
using Sandbench::Bench::median;

namespace {

template<typename T>
T must(Result<T> r, const char *what)
{
    if (!r)
        qFatal("%s: %s", what, qPrintable(r.error().message));
    if constexpr (!std::is_void_v<T>)
        return std::move(*r);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int rounds = argc > 1 ? std::max(1, atoi(argv[1])) : 5;
    QTextStream out(stdout);
    QTemporaryDir dir;
    DockerProviderOptions dp;
    dp.snapshotDir = dir.path() + QStringLiteral("/snapshots");
    PoolOptions po;
    po.maxSandboxes = 6;
    po.maxLifetimeMs = 600'000;
    auto pool = must(SandboxPool::open(must(DockerProvider::create(dp), "provider"), po), "pool");
    SandboxOptions so;
    so.lifetimeMs = 300'000;
    const QStringList first{QStringLiteral("true")};

    auto timed = [](auto fn) {
        QElapsedTimer t;
        t.start();
        fn();
        return t.nsecsElapsed() / 1e6;
    };
    QList<double> plain, snap, fromSnap, fork1, fork4;
    for (int i = 0; i < rounds; ++i) {
        plain << timed([&] {
            Sandbox *s = must(waitFor(pool->create(so), 120'000), "create");
            must(waitFor(s->exec(first), 60'000), "exec");
            must(waitFor(s->release(), 60'000), "release");
        });
        Sandbox *source = must(waitFor(pool->create(so), 120'000), "create");
        must(waitFor(source->exec({QStringLiteral("sh"), QStringLiteral("-c"),
                                   QStringLiteral("head -c 104857600 /dev/urandom > /workspace/blob")}), 120'000), "fill");
        const QString name = QStringLiteral("bench-%1").arg(i);
        snap << timed([&] { must(waitFor(pool->snapshot(source->id(), name), 600'000), "snapshot"); });
        SandboxOptions from = so;
        from.snapshot = name;
        fromSnap << timed([&] {
            Sandbox *s = must(waitFor(pool->create(from), 600'000), "create from snapshot");
            must(waitFor(s->exec(first), 60'000), "exec");
            must(waitFor(s->release(), 60'000), "release");
        });
        must(waitFor(pool->removeSnapshot(name), 120'000), "rm-snapshot");
        for (auto [count, into] : {std::pair{1, &fork1}, std::pair{4, &fork4}}) {
            QList<Sandbox *> forks;
            *into << timed([&] { forks = must(waitFor(pool->fork(source->id(), count, so), 600'000), "fork"); });
            for (Sandbox *f : forks)
                must(waitFor(f->release(), 60'000), "release");
        }
        must(waitFor(source->release(), 60'000), "release");
        must(waitFor(pool->reapOrphans(), 120'000), "reap");
    }
    out << rounds << " rounds, sandbox holding 100 MiB in /workspace, medians in ms\n";
    const double base = median(plain);
    auto row = [&](const QString &what, const QList<double> &v) {
        out << QStringLiteral("%1 %2 %3").arg(what, -40).arg(median(v), 10, 'f', 1).arg(median(v) / base, 7, 'f', 2) << "x\n";
    };
    row(QStringLiteral("plain create to first exec (baseline)"), plain);
    row(QStringLiteral("snapshot"), snap);
    row(QStringLiteral("create from snapshot to first exec"), fromSnap);
    row(QStringLiteral("fork --count 1"), fork1);
    row(QStringLiteral("fork --count 4"), fork4);
    return 0;
}
