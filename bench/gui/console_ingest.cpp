// Console ingest: 100 MB of output into the console panel.
//
// Two ways: "synthetic" posts 64 KiB chunks to the panel from the event loop as fast as it
// turns (the panel's worst case: output arriving with no process in between), and "deno" runs a
// real script through the exec engine that prints 100 MB while the panel shows it live. Both
// report the longest event-loop stall (a 2 ms heartbeat's largest gap), the wall time and the
// process's peak RSS.
#include "benchsupport.h"
#include "exec/execengine.h"
#include "panels/consolepanel.h"

#include <QApplication>
#include <QPlainTextEdit>
#include <QTemporaryDir>

#include <cstdio>

using namespace Sandbench;

namespace {

constexpr qint64 kTotal = 100LL * 1024 * 1024;

int synthetic(ConsolePanel &console)
{
    QByteArray chunk;
    for (int i = 0; chunk.size() < 64 * 1024; ++i)
        chunk += "synthetic output line " + QByteArray::number(i) + " of the console ingest benchmark\n";
    Bench::StallMeter stalls;
    QElapsedTimer clock;
    clock.start();
    stalls.start();
    qint64 sent = 0;
    // One chunk per event-loop turn, like a process's readyRead.
    QTimer feeder;
    feeder.setInterval(0);
    QObject::connect(&feeder, &QTimer::timeout, &console, [&] {
        console.append(ExecStream::Stdout, chunk);
        sent += chunk.size();
        if (sent >= kTotal) {
            feeder.stop();
            console.append(ExecStream::Stdout, "END\n");
            // Wait for the console to drain what it kept.
            QTimer *drain = new QTimer(&console);
            drain->setInterval(10);
            QObject::connect(drain, &QTimer::timeout, &console, [&, drain] {
                if (console.pendingBytes() == 0) {
                    drain->stop();
                    QApplication::exit(0);
                }
            });
            drain->start();
        }
    });
    feeder.start();
    QApplication::exec();
    const qint64 stall = stalls.stop();
    std::printf("synthetic: %lld MiB in %lld ms, longest stall %lld ms, dropped %lld MiB, "
                "%d lines kept, peak RSS %.1f MiB\n",
                sent >> 20, clock.elapsed(), stall, console.droppedBytes() >> 20,
                console.view()->blockCount(), Bench::peakRssMiB());
    return console.text().endsWith(QStringLiteral("END\n")) ? 0 : 1;
}

int deno(ConsolePanel &console)
{
    QTemporaryDir dir;
    ExecEngine engine;
    ExecRequest request;
    request.code = QStringLiteral(
        "const line = new TextEncoder().encode('deno output line of the console ingest benchmark, 64 bytes..\\n');\n"
        "const block = new Uint8Array(line.length * 1024);\n"
        "for (let i = 0; i < 1024; i++) block.set(line, i * line.length);\n"
        "let written = 0;\n"
        "while (written < %1) { written += Deno.stdout.writeSync(block); }\n").arg(kTotal);
    request.policy.sandbox = true;
    request.policy.timeoutMs = 120000;
    request.policy.maxOutputBytes = 1024 * 1024;
    request.baseDir = dir.path();
    qint64 received = 0;
    QObject::connect(&engine, &ExecEngine::output, &console,
                     [&](ExecStream stream, const QByteArray &data) {
                         received += data.size();
                         console.append(stream, data);
                     });
    int rc = 0;
    ExecResult result;
    QObject::connect(&engine, &ExecEngine::finished, &console, [&](const ExecResult &r) {
        result = r;
        QApplication::exit(0);
    });
    QObject::connect(&engine, &ExecEngine::failed, &console, [&](const Error &error) {
        std::fprintf(stderr, "deno: %s\n", qPrintable(error.message));
        rc = 1;
        QApplication::exit(1);
    });
    Bench::StallMeter stalls;
    QElapsedTimer clock;
    clock.start();
    stalls.start();
    engine.start(request);
    QApplication::exec();
    const qint64 stall = stalls.stop(); // before draining the rest, which is not live any more
    console.flushAll();
    std::printf("deno: %lld MiB live in %lld ms (run %lld ms, exit %d), longest stall %lld ms, "
                "dropped %lld MiB, peak RSS %.1f MiB\n",
                received >> 20, clock.elapsed(), result.durationMs, result.exitCode.value_or(-1),
                stall, console.droppedBytes() >> 20, Bench::peakRssMiB());
    return rc;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    ConsolePanel console;
    console.resize(900, 600);
    console.show();
    const QString mode = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("synthetic");
    return mode == QLatin1String("deno") ? deno(console) : synthetic(console);
}
