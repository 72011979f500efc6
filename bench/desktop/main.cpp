// Side by side, alternating, on the same desktop sandbox:
//   one screenshot through Desktop::screenshot()  vs  `docker exec ID import -window root png:-`
//   (and the same shell command with -quality 10, a faster zlib level, to see whether
//   compression is what costs), then frames per second, back to back, for a few seconds each.
// Medians of N rounds (default 20; first argument); seconds per fps run from the second (5).
#include "../common/median.h"
#include "sandbox/desktop.h"
#include "sandbox/docker/dockerprovider.h"
#include "sandbox/sandboxpool.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTextStream>

#include <algorithm>

using namespace Sandbench;
using Sandbench::Bench::median;

namespace {

// Milliseconds, and the PNG's size in bytes.
std::pair<double, qsizetype> shellShot(const QString &id, bool fast)
{
    QStringList args{QStringLiteral("exec"), QStringLiteral("-e"), QStringLiteral("DISPLAY=:99"), id,
                     QStringLiteral("import"), QStringLiteral("-window"), QStringLiteral("root")};
    if (fast)
        args << QStringLiteral("-quality") << QStringLiteral("10");
    args << QStringLiteral("png:-");
    QElapsedTimer t;
    t.start();
    QProcess p;
    p.start(QStringLiteral("docker"), args);
    p.waitForFinished(60'000);
    const QByteArray png = p.readAllStandardOutput();
    if (p.exitCode() != 0 || !png.startsWith("\x89PNG"))
        qFatal("docker exec import failed: %s", p.readAllStandardError().constData());
    return {t.nsecsElapsed() / 1e6, png.size()};
}

std::pair<double, qsizetype> apiShot(Sandbox *s)
{
    QElapsedTimer t;
    t.start();
    auto png = waitFor(s->desktop()->screenshot(), 60'000);
    if (!png)
        qFatal("screenshot failed: %s", qPrintable(png.error().message));
    return {t.nsecsElapsed() / 1e6, png->size()};
}

// Frames per second, back to back, for seconds.
double fps(const std::function<void()> &shot, int seconds)
{
    QElapsedTimer t;
    t.start();
    int frames = 0;
    while (t.elapsed() < seconds * 1000) {
        shot();
        ++frames;
    }
    return frames * 1000.0 / t.elapsed();
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int rounds = argc > 1 ? std::max(1, atoi(argv[1])) : 20;
    const int seconds = argc > 2 ? std::max(1, atoi(argv[2])) : 5;
    QTextStream out(stdout);

    auto provider = DockerProvider::create();
    if (!provider)
        qFatal("%s", qPrintable(provider.error().message));
    PoolOptions po;
    po.maxSandboxes = 1;
    po.maxLifetimeMs = 600'000;
    auto pool = SandboxPool::open(std::move(*provider), po);
    if (!pool)
        qFatal("%s", qPrintable(pool.error().message));
    SandboxOptions so;
    so.lifetimeMs = 600'000;
    so.image = QStringLiteral("sandbench/desktop:2");
    QElapsedTimer createClock;
    createClock.start();
    auto created = waitFor((*pool)->create(so), 90'000);
    if (!created)
        qFatal("%s", qPrintable(created.error().message));
    const double createMs = createClock.nsecsElapsed() / 1e6;
    Sandbox *s = *created;
    // Something on the screen besides the taskbar, as in real use.
    waitFor(s->exec({QStringLiteral("sh"), QStringLiteral("-c"),
                     QStringLiteral("DISPLAY=:99 setsid xterm -geometry 100x30+40+40 -e top >/dev/null 2>&1 </dev/null & sleep 1")}),
            30'000);

    // Warm-up.
    apiShot(s);
    shellShot(s->id(), false);

    QList<double> api, shell, shellFast;
    qsizetype apiBytes = 0, shellBytes = 0, shellFastBytes = 0;
    for (int i = 0; i < rounds; ++i) {
        auto a = [&] { auto [ms, bytes] = apiShot(s); api << ms; apiBytes = bytes; };
        auto b = [&] { auto [ms, bytes] = shellShot(s->id(), false); shell << ms; shellBytes = bytes; };
        auto c = [&] { auto [ms, bytes] = shellShot(s->id(), true); shellFast << ms; shellFastBytes = bytes; };
        // Rotate the order so that none always runs on a warmer engine.
        if (i % 3 == 0) { a(); b(); c(); }
        else if (i % 3 == 1) { b(); c(); a(); }
        else { c(); a(); b(); }
    }
    const double apiFps = fps([&] { apiShot(s); }, seconds);
    const double shellFps = fps([&] { shellShot(s->id(), false); }, seconds);
    const double shellFastFps = fps([&] { shellShot(s->id(), true); }, seconds);

    out << "create (desktop image, display up): " << QString::number(createMs, 'f', 0) << " ms\n";
    out << "rounds: " << rounds << ", fps runs of " << seconds << " s\n";
    out << "| what | Desktop API | docker exec import | docker exec import -quality 10 |\n";
    out << "| --- | ---: | ---: | ---: |\n";
    out << "| screenshot round trip, median | " << QString::number(median(api), 'f', 0) << " ms | "
        << QString::number(median(shell), 'f', 0) << " ms | " << QString::number(median(shellFast), 'f', 0) << " ms |\n";
    out << "| frames per second, back to back | " << QString::number(apiFps, 'f', 2) << " | "
        << QString::number(shellFps, 'f', 2) << " | " << QString::number(shellFastFps, 'f', 2) << " |\n";
    out << "| PNG size | " << apiBytes << " B | " << shellBytes << " B | " << shellFastBytes << " B |\n";
    waitFor(s->release(), 30'000);
    return 0;
}
