// Side by side, alternating the order every round, medians:
//   warm: ExecEngine::start() of a hello-world --code run to finished(), on an engine with a warm
//         template of that request (the next warm runtime is let start between rounds, untimed);
//   cold: the same on an engine without a template (prepare, module graph, namespace, runtime);
//   bare: `deno run --no-config hello.ts` with the same binary, started with QProcess.
//   (and, untimed in the round: finished() until the next warm runtime waits)
//   bench_exec_warm [rounds=21] [deno=/opt/sandbench/bin/deno]
// With SANDBENCH_BENCH_IMPORT=1 the code imports two local modules and one allowed npm package
// (SANDBENCH_BENCH_NPM=0: the local modules only), so its start-up module graph is not empty.
// With SANDBENCH_BENCH_PHASES=1 it also prints, per warm run, start() -> started() (the hand
// over) and started() -> finished() (the runtime running the code and exiting).
#include "../../common/median.h"
#include "exec/execengine.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <algorithm>

using namespace Sandbench;
using Sandbench::Bench::median;

namespace {

struct Timed
{
    double totalMs = 0;
    double handOverMs = 0;
};

void spin()
{
    QEventLoop loop;
    QTimer::singleShot(1, &loop, &QEventLoop::quit);
    loop.exec();
}

Timed timeRun(ExecEngine &engine, const ExecRequest &request, bool expectWarm)
{
    // The ended run is let go from the event loop (untimed).
    while (engine.isRunning())
        spin();
    QEventLoop loop;
    QElapsedTimer clock;
    Timed timed;
    bool ok = false;
    auto a = QObject::connect(&engine, &ExecEngine::started, &loop, [&] { timed.handOverMs = clock.nsecsElapsed() / 1e6; });
    auto b = QObject::connect(&engine, &ExecEngine::finished, &loop, [&](const ExecResult &result) {
        timed.totalMs = clock.nsecsElapsed() / 1e6;
        ok = result.exitCode == 0 && result.stdoutData == "hello, world\n";
        loop.quit();
    });
    auto c = QObject::connect(&engine, &ExecEngine::failed, &loop, [&](const Error &error) {
        qFatal("run failed: %s", qPrintable(error.message));
    });
    clock.start();
    engine.start(request);
    if (engine.lastStartWasWarm() != expectWarm)
        qFatal("the run was %s", expectWarm ? "cold" : "warm");
    loop.exec();
    QObject::disconnect(a);
    QObject::disconnect(b);
    QObject::disconnect(c);
    if (!ok)
        qFatal("unexpected result");
    return timed;
}

double waitForWarm(ExecEngine &engine)
{
    QElapsedTimer t;
    t.start();
    while (!engine.hasWarmRuntime()) {
        if (t.elapsed() > 30000)
            qFatal("no warm runtime");
        spin();
    }
    return t.nsecsElapsed() / 1e6;
}

double timeBare(const QString &deno, const QString &script, const QProcessEnvironment &env)
{
    QElapsedTimer t;
    t.start();
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(deno, {QStringLiteral("run"), QStringLiteral("--no-config"), script});
    p.waitForFinished(60000);
    if (p.exitCode() != 0 || p.readAllStandardOutput() != "hello, world\n")
        qFatal("bare deno failed: %s", p.readAllStandardError().constData());
    return t.nsecsElapsed() / 1e6;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int rounds = argc > 1 ? std::max(1, atoi(argv[1])) : 21;
    const QString deno = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QStringLiteral("/opt/sandbench/bin/deno");
    const bool phases = qEnvironmentVariableIntValue("SANDBENCH_BENCH_PHASES") == 1;
    QTextStream out(stdout);

    QTemporaryDir dir;
    const QString work = QDir(dir.path()).canonicalPath() + QStringLiteral("/work");
    QDir().mkpath(work);
    // SANDBENCH_BENCH_IMPORT=1: the hello-world imports its name from lib/who.ts, which re-exports
    // it from ../name.ts, so the warm run has a start-up module graph to learn before its hand-over.
    const bool withImport = qEnvironmentVariableIntValue("SANDBENCH_BENCH_IMPORT") == 1;
    const bool withPackage = withImport && qEnvironmentVariable("SANDBENCH_BENCH_NPM") != QLatin1String("0");
    QByteArray imports = "import { name } from \"./lib/who.ts\";\n";
    if (withPackage)
        imports += "import isOdd from \"npm:is-odd@3\";\nif (!isOdd(3)) Deno.exit(1);\n";
    const QByteArray hello = withImport ? QByteArray(imports + "console.log(`hello, ${name}`);\n")
                                        : QByteArray("// The smallest run: no permission needed.\n"
                                                     "const name: string = Deno.args[0] ?? \"world\";\n"
                                                     "console.log(`hello, ${name}`);\n");
    for (const QString &folder : {dir.path(), work}) {
        QFile name(folder + QStringLiteral("/name.ts"));
        if (!name.open(QIODevice::WriteOnly) || name.write("export const name = \"world\";\n") < 0)
            qFatal("cannot write name.ts");
        QDir().mkpath(folder + QStringLiteral("/lib"));
        QFile who(folder + QStringLiteral("/lib/who.ts"));
        if (!who.open(QIODevice::WriteOnly) || who.write("export { name } from \"../name.ts\";\n") < 0)
            qFatal("cannot write lib/who.ts");
    }
    const QString script = dir.path() + QStringLiteral("/hello.ts");
    QFile file(script);
    if (!file.open(QIODevice::WriteOnly) || file.write(hello) != hello.size())
        qFatal("cannot write %s", qPrintable(script));
    file.close();
    QProcessEnvironment bareEnv = QProcessEnvironment::systemEnvironment();
    bareEnv.insert(QStringLiteral("DENO_DIR"), dir.path() + QStringLiteral("/deno-dir"));
    bareEnv.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));

    ExecRequest request;
    request.code = QString::fromUtf8(hello);
    request.policy.sandbox = true;
    request.policy.workdir = work;
    request.policy.timeoutMs = 30000;
    if (withPackage)
        request.policy.allowPackages = {QStringLiteral("is-odd@3")};
    ExecEngineConfig config;
    config.runtimePath = deno;

    ExecEngine warm;
    warm.setConfig(config);
    warm.setWarmTemplate(request);
    ExecEngine cold;
    cold.setConfig(config);

    // Warm-up: caches of the library list, the runtime's version probe, its code cache.
    timeBare(deno, script, bareEnv);
    timeRun(cold, request, false);
    waitForWarm(warm);
    timeRun(warm, request, true);

    QList<double> warmMs, handOverMs, coldMs, bareMs, rewarmMs;
    for (int round = 0; round < rounds; ++round) {
        for (int k = 0; k < 3; ++k) {
            switch ((round + k) % 3) {
            case 0: {
                waitForWarm(warm);
                const Timed t = timeRun(warm, request, true);
                warmMs << t.totalMs;
                handOverMs << t.handOverMs;
                // Not part of the run: how long until the next one waits (finished() -> ready).
                rewarmMs << waitForWarm(warm);
                if (phases)
                    out << QStringLiteral("warm %1 ms: hand over %2 ms, run %3 ms\n").arg(t.totalMs, 0, 'f', 1)
                                   .arg(t.handOverMs, 0, 'f', 1).arg(t.totalMs - t.handOverMs, 0, 'f', 1);
                break;
            }
            case 1:
                coldMs << timeRun(cold, request, false).totalMs;
                break;
            default:
                bareMs << timeBare(deno, script, bareEnv);
                break;
            }
        }
    }
    out << QStringLiteral("hello-world%1, %2 alternating rounds, medians\n")
                   .arg(withPackage ? QStringLiteral(" importing two modules and a package")
                        : withImport ? QStringLiteral(" importing two modules") : QString()).arg(rounds);
    out << QStringLiteral("warm ExecEngine start() -> finished()   %1 ms (start() -> started(): %2 ms)\n")
                   .arg(median(warmMs), 0, 'f', 1).arg(median(handOverMs), 0, 'f', 1);
    out << QStringLiteral("  next warm runtime ready after finished() %1 ms\n").arg(median(rewarmMs), 0, 'f', 1);
    out << QStringLiteral("cold ExecEngine start() -> finished()   %1 ms\n").arg(median(coldMs), 0, 'f', 1);
    out << QStringLiteral("bare deno run hello.ts                  %1 ms\n").arg(median(bareMs), 0, 'f', 1);
    // The targets (bench/README.md): a warm run at most half of bare Deno, with or without
    // imports; the one-shot target (<= 1.50x) is for a whole `sandbench-cli run` (bench/exec/run),
    // of which this in-process cold run is a part.
    out << QStringLiteral("warm / bare %1x (target <= 0.50x), cold / bare %2x (one-shot CLI target <= 1.50x: bench/exec/run)\n")
                   .arg(median(warmMs) / median(bareMs), 0, 'f', 2).arg(median(coldMs) / median(bareMs), 0, 'f', 2);
    return 0;
}
