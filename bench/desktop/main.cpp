// Side by side, alternating, on the same desktop sandbox:
//   one screenshot through Desktop::screenshot()  vs  `docker exec ID import -window root png:-`
//   (and the same shell command with -quality 10, a faster zlib level, to see whether
//   compression is what costs), then frames per second, back to back, for a few seconds each;
// then the RFB stream (Desktop::openStream, what the desktop panel shows) beside screenshot
// polling (what it showed before): frames per second while a window scrolls text, the CPU each
// side costs (this process, and the sandbox's cgroup), and a key's time from sending to the
// first frame that shows it.
// Medians of N rounds (default 20; first argument); seconds per fps run from the second (5).
#include "../common/median.h"
#include "desktop/desktopstream.h"
#include "session/pngimage.h"
#include "sandbox/desktop.h"
#include "sandbox/docker/dockerprovider.h"
#include "sandbox/sandboxpool.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <QProcess>
#include <QTextStream>

#include <algorithm>

#include <sys/resource.h>

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

// CPU milliseconds this process has used (all its threads: the stream's client runs on one).
double ownCpuMs()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000.0 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1000.0;
}

QByteArray inSandbox(Sandbox *s, const QString &script)
{
    ExecOptions o;
    o.env.insert(QStringLiteral("DISPLAY"), Desktop::display());
    auto r = waitFor(s->exec({QStringLiteral("sh"), QStringLiteral("-c"), script}, o), 60'000);
    if (!r || r->exitCode != 0)
        qFatal("%s failed", qPrintable(script));
    return r->stdoutData;
}

// CPU milliseconds the sandbox's cgroup has used (every process in it: Xvfb, x11vnc, import):
// cgroup v2's cpu.stat, else v1's cpuacct.usage (nanoseconds).
double sandboxCpuMs(Sandbox *s)
{
    const QByteArray out = inSandbox(s, QStringLiteral("cat /sys/fs/cgroup/cpu.stat 2>/dev/null || echo v1 $(cat /sys/fs/cgroup/cpuacct/cpuacct.usage)"));
    if (out.startsWith("v1 "))
        return out.mid(3).trimmed().toDouble() / 1e6;
    for (const QByteArray &line : out.split('\n'))
        if (line.startsWith("usage_usec "))
            return line.mid(11).toDouble() / 1000.0;
    qFatal("no CPU usage in the sandbox's cgroup");
}

// Whether two RGBA/RGBX pictures of the given width differ inside r (alpha ignored).
bool differs(const QByteArray &a, const QByteArray &b, int width, QRect r)
{
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) {
            const qsizetype i = (qsizetype(y) * width + x) * 4;
            if (std::memcmp(a.constData() + i, b.constData() + i, 3) != 0)
                return true;
        }
    return false;
}

QByteArray shotPixels(Sandbox *s, int *width)
{
    auto png = waitFor(s->desktop()->screenshot(), 60'000);
    if (!png)
        qFatal("screenshot failed: %s", qPrintable(png.error().message));
    auto image = PngImage::decode(*png);
    if (!image)
        qFatal("unreadable screenshot");
    *width = image->width;
    return image->rgba;
}

// Runs the event loop for ms, or until `until` emits (nothing burns CPU meanwhile:
// processEvents with a time returns at once when no event is waiting).
template<typename Sender, typename Signal>
void waitEvents(int ms, const Sender *sender, Signal until)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    QObject::connect(sender, until, &loop, &QEventLoop::quit);
    loop.exec();
}

void waitEvents(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

struct Costs
{
    double fps, ownCpuPercent, sandboxCpuPercent;
};

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

    // The stream against screenshot polling, while a window scrolls text (about 100 lines a
    // second) and another runs cat for the keys.
    inSandbox(s, QStringLiteral("setsid xterm -geometry 80x20+700+40 -e sh -c 'while :; do date +%N; sleep 0.01; done' >/dev/null 2>&1 </dev/null &"
                            " setsid xterm -title keys -geometry 40x5+700+500 -e cat >/dev/null 2>&1 </dev/null &"
                            " i=0; while [ -z \"$(xdotool search --onlyvisible --name '^keys$')\" ]; do i=$((i+1)); [ $i -gt 100 ] && exit 1; sleep 0.1; done"));
    const QList<QByteArray> g = inSandbox(s, QStringLiteral("eval $(xdotool getwindowgeometry --shell $(xdotool search --onlyvisible --name '^keys$')); echo $X $Y $WIDTH $HEIGHT"))
                                    .trimmed().split(' ');
    const QRect keysWindow(g.value(0).toInt(), g.value(1).toInt(), g.value(2).toInt(), g.value(3).toInt());
    std::unique_ptr<DesktopStream> stream(s->desktop()->openStream(nullptr));
    QElapsedTimer openClock;
    openClock.start();
    while (stream->frameCount() == 0 && openClock.elapsed() < 60'000)
        waitEvents(100, stream.get(), &DesktopStream::frameReady);
    if (stream->frameCount() == 0)
        qFatal("the stream did not open");
    const double openMs = openClock.nsecsElapsed() / 1e6;
    QObject::connect(stream.get(), &DesktopStream::frameReady, stream.get(), [&stream] { stream->frame(); });
    auto measure = [&](const std::function<int()> &run) {
        const double own = ownCpuMs(), box = sandboxCpuMs(s);
        QElapsedTimer t;
        t.start();
        const int frames = run();
        const double ms = t.nsecsElapsed() / 1e6;
        return Costs{frames * 1000.0 / ms, (ownCpuMs() - own) * 100 / ms, (sandboxCpuMs(s) - box) * 100 / ms};
    };
    const Costs streamed = measure([&] {
        const quint64 before = stream->frameCount();
        waitEvents(seconds * 1000);
        return int(stream->frameCount() - before);
    });
    // A key's time to the screen, through the stream: the key goes as an RFB event, and the
    // clock stops at the first frame whose cat window differs (a frame in hand in this process;
    // the panel paints it at its next screen refresh).
    stream->sendPointer(keysWindow.center().x(), keysWindow.center().y(), 1); // focus the cat window
    stream->sendPointer(keysWindow.center().x(), keysWindow.center().y(), 0);
    auto settle = [](int ms) { waitEvents(ms); };
    settle(500);
    QList<double> streamKey, polledKey;
    for (int i = 0; i < rounds; ++i) {
        const QByteArray before = stream->frame();
        const quint32 keysym = i % 30 == 29 ? 0xff0d : quint32('a' + i % 26); // Return now and then
        QElapsedTimer t;
        t.start();
        stream->sendKey(keysym, true);
        stream->sendKey(keysym, false);
        while (!differs(before, stream->frame(), stream->size().width(), keysWindow) && t.elapsed() < 10'000)
            waitEvents(1000, stream.get(), &DesktopStream::frameReady);
        streamKey << t.nsecsElapsed() / 1e6;
        settle(100);
    }
    stream.reset(); // its VNC server ends here
    const Costs polled = measure([&] {
        int frames = 0;
        int width = 0;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < seconds * 1000) {
            shotPixels(s, &width); // the panel decoded every screenshot too
            ++frames;
        }
        return frames;
    });
    // The same through commands, as the panel did before: xdotool types the key, then
    // screenshots back to back until one shows it.
    for (int i = 0; i < rounds; ++i) {
        int width = 0;
        const QByteArray before = shotPixels(s, &width);
        QElapsedTimer t;
        t.start();
        if (!waitFor(s->desktop()->type(i % 30 == 29 ? QStringLiteral("\n") : QString(QChar(char16_t(u'a' + i % 26)))), 60'000))
            qFatal("type failed");
        while (!differs(before, shotPixels(s, &width), width, keysWindow) && t.elapsed() < 20'000) {
        }
        polledKey << t.nsecsElapsed() / 1e6;
    }
    // What the screen costs with neither: the scrolling window and Xvfb alone.
    const Costs idle = measure([&] {
        settle(seconds * 1000);
        return 0;
    });

    out << "create (desktop image, display up): " << QString::number(createMs, 'f', 0) << " ms\n";
    out << "rounds: " << rounds << ", fps runs of " << seconds << " s\n";
    out << "| what | Desktop API | docker exec import | docker exec import -quality 10 |\n";
    out << "| --- | ---: | ---: | ---: |\n";
    out << "| screenshot round trip, median | " << QString::number(median(api), 'f', 0) << " ms | "
        << QString::number(median(shell), 'f', 0) << " ms | " << QString::number(median(shellFast), 'f', 0) << " ms |\n";
    out << "| frames per second, back to back | " << QString::number(apiFps, 'f', 2) << " | "
        << QString::number(shellFps, 'f', 2) << " | " << QString::number(shellFastFps, 'f', 2) << " |\n";
    out << "| PNG size | " << apiBytes << " B | " << shellBytes << " B | " << shellFastBytes << " B |\n";
    out << "\nwhile a window scrolls text (stream opened in " << QString::number(openMs, 'f', 0) << " ms):\n";
    out << "| what | RFB stream (panel now) | screenshot polling (panel before) | neither |\n";
    out << "| --- | ---: | ---: | ---: |\n";
    out << "| frames per second | " << QString::number(streamed.fps, 'f', 1) << " | " << QString::number(polled.fps, 'f', 2)
        << " | - |\n";
    out << "| key to a frame showing it, median | " << QString::number(median(streamKey), 'f', 1) << " ms | "
        << QString::number(median(polledKey), 'f', 0) << " ms | - |\n";
    out << "| key to a frame showing it, worst | " << QString::number(*std::max_element(streamKey.begin(), streamKey.end()), 'f', 1)
        << " ms | " << QString::number(*std::max_element(polledKey.begin(), polledKey.end()), 'f', 0) << " ms | - |\n";
    out << "| CPU of this process (% of a core) | " << QString::number(streamed.ownCpuPercent, 'f', 1) << " | "
        << QString::number(polled.ownCpuPercent, 'f', 1) << " | " << QString::number(idle.ownCpuPercent, 'f', 1) << " |\n";
    out << "| CPU of the sandbox (% of a core) | " << QString::number(streamed.sandboxCpuPercent, 'f', 1) << " | "
        << QString::number(polled.sandboxCpuPercent, 'f', 1) << " | " << QString::number(idle.sandboxCpuPercent, 'f', 1) << " |\n";
    waitFor(s->release(), 30'000);
    return 0;
}
