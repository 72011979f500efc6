// What happens around the engine: orphans of a killed process are reaped by the next pool,
// and an engine that dies mid-exec gives a clear error without hanging anything.
#include "dockertestsupport.h"

#include "testsupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// Containers of ours whose owner label names pid.
QStringList containersOf(qint64 pid)
{
    QStringList ids;
    auto r = dockerCall(dockerSocket(), "GET", "/containers/json?all=true");
    if (!r || r->status != 200)
        return ids;
    const QString needle = QStringLiteral("/%1/").arg(pid);
    for (const QJsonValue &v : QJsonDocument::fromJson(r->body).array()) {
        const QJsonObject labels = v.toObject().value(QLatin1String("Labels")).toObject();
        if (labels.value(QLatin1String(DockerProvider::ownerLabel)).toString().contains(needle)
            && v.toObject().value(QLatin1String("State")).toString() == QLatin1String("running"))
            ids << v.toObject().value(QLatin1String("Id")).toString();
    }
    return ids;
}

int bash(const QString &script, QByteArray *output = nullptr, int timeoutMs = 60'000)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("bash"), {QStringLiteral("-c"), script});
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return -1;
    }
    if (output)
        *output = p.readAll();
    return p.exitCode();
}

// A second, private engine (the first owns docker0), in a folder of its own, with the base
// image copied in; stop() and start() stop and restart it, kill() SIGKILLs it. Whatever happens,
// its processes and mounts go with it.
class PrivateEngine
{
public:
    PrivateEngine() : m_dir(QStringLiteral("/tmp/sbd-XXXXXX")) {}
    ~PrivateEngine()
    {
        // A SIGKILLed dockerd leaves its containerd, shims, the containers' processes and their
        // mounts behind unless removed here.
        bash(QStringLiteral("for p in /proc/[0-9]*; do [ \"${p#/proc/}\" = $$ ] && continue; "
                            "tr '\\0' ' ' < $p/cmdline 2>/dev/null | grep -q -- '%1/' && kill -9 ${p#/proc/}; done; sleep 0.5; "
                            "for c in %2; do cat /sys/fs/cgroup/pids/docker/\"$c\"*/cgroup.procs 2>/dev/null | xargs -r kill -9; done; "
                            "grep -o ' %1/[^ ]*' /proc/mounts | sort -r | while read m; do umount -l \"$m\"; done; true")
                 .arg(m_dir.path(), containers.join(QLatin1Char(' '))));
    }

    QString socket() const { return m_dir.path() + QStringLiteral("/d.sock"); }
    // Containers whose processes the destructor must kill (a dead engine cannot).
    QStringList containers;

    // Empty when it answers, else its log.
    QString start()
    {
        if (!m_dir.isValid())
            return QStringLiteral("no folder for the engine");
        const QString lib = sourceDir() + QStringLiteral("/scripts/lib/docker.sh");
        if (!QFile::exists(lib))
            return QStringLiteral("SANDBENCH_SOURCE_DIR does not hold scripts/lib/docker.sh");
        QByteArray log;
        if (bash(QStringLiteral("source '%1' && sandbench_docker_start_at '%2' '%3' --bridge=none --iptables=false")
                     .arg(lib, m_dir.path(), socket()), &log) != 0)
            return QString::fromUtf8(log);
        if (m_hasImage)
            return {};
        // Concatenated, not arg(): "%2F" in the URL would be taken for a placeholder.
        const QString copy = QStringLiteral("curl -sf --unix-socket '") + dockerSocket()
                             + QStringLiteral("' 'http://localhost/v1.41/images/get?names=sandbench%2Fbase:1' "
                                              "| curl -sf --unix-socket '") + socket()
                             + QStringLiteral("' -X POST -H 'Content-Type: application/x-tar' "
                                              "--data-binary @- http://localhost/v1.41/images/load");
        if (bash(copy, &log) != 0)
            return QString::fromUtf8(log);
        m_hasImage = true;
        return {};
    }

    // Stops it as a service manager would (SIGTERM, waited for); empty, or what went wrong.
    QString stop()
    {
        QByteArray log;
        const QString lib = sourceDir() + QStringLiteral("/scripts/lib/docker.sh");
        if (bash(QStringLiteral("source '%1' && sandbench_docker_stop_at '%2'").arg(lib, m_dir.path()), &log) != 0)
            return QString::fromUtf8(log);
        return {};
    }

    bool kill()
    {
        QFile f(m_dir.path() + QStringLiteral("/dockerd.pid"));
        const qint64 pid = f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll()).trimmed().toLongLong() : 0;
        return pid > 0 && ::kill(pid_t(pid), SIGKILL) == 0;
    }

    Result<std::unique_ptr<SandboxPool>> pool()
    {
        PoolOptions o;
        o.maxSandboxes = 2;
        o.maxLifetimeMs = 60'000;
        o.callTimeoutMs = 10'000;
        DockerProviderOptions po;
        po.socketPath = socket();
        po.callTimeoutMs = 10'000;
        return openDockerPool(o, po);
    }

private:
    QTemporaryDir m_dir;
    bool m_hasImage = false;
};

} // namespace

class TestDockerResilience : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { REQUIRE_DOCKER(); }

    // `sandbox run`: the exec timeout is its own option and exits 124; a command that the
    // lifetime ends says so and is not mistaken for a timeout.
    void runSaysWhatEndedTheCommand()
    {
        QVERIFY2(QFile::exists(cliPath()), "SANDBENCH_CLI does not name sandbench-cli");
        auto run = [](const QStringList &args, QByteArray *err) {
            QProcess cli;
            cli.start(cliPath(), QStringList{QStringLiteral("sandbox"), QStringLiteral("run")} + args);
            cli.closeWriteChannel();
            if (!cli.waitForFinished(60'000)) {
                cli.kill();
                cli.waitForFinished();
                return -1;
            }
            *err = cli.readAllStandardError();
            return cli.exitCode();
        };
        QByteArray err;
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(run({QStringLiteral("--exec-timeout"), QStringLiteral("1"), QStringLiteral("--"), QStringLiteral("sh"),
                      QStringLiteral("-c"), QStringLiteral("setsid env -i sleep 30 & sleep 30")}, &err), 124);
        QVERIFY2(err.contains("timed out"), err.constData());
        QVERIFY(clock.elapsed() < 20'000);
        clock.restart();
        QCOMPARE(run({QStringLiteral("--lifetime"), QStringLiteral("2"), QStringLiteral("--"), QStringLiteral("sleep"),
                      QStringLiteral("30")}, &err), 1);
        QVERIFY2(err.contains("lifetime ended"), err.constData());
        QVERIFY(clock.elapsed() < 20'000);
        QCOMPARE(run({QStringLiteral("--lifetime"), QStringLiteral("2"), QStringLiteral("--exec-timeout"),
                      QStringLiteral("3"), QStringLiteral("--"), QStringLiteral("true")}, &err), 2);
        QCOMPARE(run({QStringLiteral("--memory"), QStringLiteral("16384"), QStringLiteral("--"), QStringLiteral("true")}, &err), 1);
        QVERIFY2(err.contains("limit_exceeded"), err.constData());
        QCOMPARE(run({QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("exit 7")}, &err), 7);
    }

    // With the CLI killed and no pool started after it, the container still ends at its
    // deadline: the engine ends it, not the next pool's reaping.
    void killedCliSandboxEndsByItsDeadline()
    {
        QVERIFY2(QFile::exists(cliPath()), "SANDBENCH_CLI does not name sandbench-cli");
        QProcess cli;
        cli.start(cliPath(), {QStringLiteral("sandbox"), QStringLiteral("run"), QStringLiteral("--lifetime"),
                              QStringLiteral("5"), QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                              QStringLiteral("for p in /proc/[0-9]*; do [ ${p#/proc/} = $$ ] || kill -STOP ${p#/proc/}; done 2>/dev/null; "
                                             "echo tried; sleep 100")});
        QVERIFY(cli.waitForStarted(5000));
        cli.closeWriteChannel();
        QStringList ids;
        QTRY_VERIFY_WITH_TIMEOUT(!(ids = containersOf(cli.processId())).isEmpty(), 30'000);
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += cli.readAllStandardOutput()).contains("tried"), 30'000);
        ::kill(pid_t(cli.processId()), SIGKILL);
        QVERIFY(cli.waitForFinished(5000));
        QElapsedTimer clock;
        clock.start();
        while (containerExists(dockerSocket(), ids.first()) && clock.elapsed() < 15'000)
            QTest::qWait(200);
        QVERIFY2(!containerExists(dockerSocket(), ids.first()), "the container outlived its lifetime with the CLI dead");
    }

    // The application SIGKILLed while 8 sandboxes are alive, with no pool started after it: the
    // engine ends every one by its deadline, and nothing of them is left.
    void killedApplicationsSandboxesEndByTheirDeadlines()
    {
        const qint64 lifetimeMs = 10'000;
        QProcess holder;
        holder.start(QStringLiteral(SANDBOX_HOLDER), {QStringLiteral("8"), QString::number(lifetimeMs)});
        QVERIFY(holder.waitForStarted(5000));
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += holder.readAllStandardOutput()).contains("ready\n") || holder.state() != QProcess::Running,
                                 90'000);
        QVERIFY2(out.contains("ready\n"), (out + holder.readAllStandardError()).constData());
        QElapsedTimer clock;
        clock.start();
        ::kill(pid_t(holder.processId()), SIGKILL);
        QVERIFY(holder.waitForFinished(5000));
        QStringList ids = QString::fromLatin1(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        ids.removeAll(QStringLiteral("ready"));
        QCOMPARE(ids.size(), 8);
        for (const QString &id : std::as_const(ids))
            QVERIFY2(containerExists(dockerSocket(), id), "a sandbox ended before its deadline");
        QTRY_VERIFY_WITH_TIMEOUT(std::none_of(ids.cbegin(), ids.cend(), [](const QString &id) { return containerExists(dockerSocket(), id); }),
                                 lifetimeMs + 15'000);
    }

    void orphansOfAKilledProcessAreReaped()
    {
        QVERIFY2(QFile::exists(cliPath()), "SANDBENCH_CLI does not name sandbench-cli");
        QProcess cli;
        cli.start(cliPath(), {QStringLiteral("sandbox"), QStringLiteral("run"), QStringLiteral("--lifetime"),
                              QStringLiteral("300"), QStringLiteral("--"), QStringLiteral("sleep"),
                              QStringLiteral("250")});
        QVERIFY(cli.waitForStarted(5000));
        cli.closeWriteChannel();
        QStringList ids;
        QTRY_VERIFY_WITH_TIMEOUT(!(ids = containersOf(cli.processId())).isEmpty(), 30'000);
        QCOMPARE(ids.size(), 1);
        QTest::qWait(500); // let the CLI get to its command
        // SIGKILL: no chance to release anything.
        ::kill(pid_t(cli.processId()), SIGKILL);
        QVERIFY(cli.waitForFinished(5000));
        QVERIFY(containerExists(dockerSocket(), ids.first()));

        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 60'000;
        auto pool = openDockerPool(o);
        QVERIFY(pool);
        QSignalSpy reaped(pool->get(), &SandboxPool::orphansReaped);
        SandboxOptions so;
        so.lifetimeMs = 30'000;
        // The first create waits for the pool's start-up reaping.
        auto sandbox = waitFor((*pool)->create(so), 60'000);
        QVERIFY2(sandbox, qPrintable(sandbox ? QString() : why(sandbox.error())));
        QCOMPARE(reaped.size(), 1);
        QVERIFY(reaped.first().first().toInt() >= 1);
        QVERIFY(!containerExists(dockerSocket(), ids.first()));
        // Its own sandbox (a live owner) is left alone by a second reaping.
        auto again = waitFor((*pool)->reapOrphans(), 30'000);
        QVERIFY(again);
        QVERIFY(containerExists(dockerSocket(), (*sandbox)->id()));
        QVERIFY(waitFor((*pool)->close(), 30'000));
    }

    void engineDyingMidExecGivesAClearError()
    {
        PrivateEngine engine;
        const QString problem = engine.start();
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        auto pool = engine.pool();
        QVERIFY(pool);
        SandboxOptions so;
        so.lifetimeMs = 40'000;
        auto sandbox = waitFor((*pool)->create(so), 60'000);
        QVERIFY2(sandbox, qPrintable(sandbox ? QString() : why(sandbox.error())));
        Sandbox *s = *sandbox;
        engine.containers << s->id();

        ExecOptions eo;
        eo.timeoutMs = 120'000;
        ExecJob *job = s->exec({QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo started; sleep 100")}, eo);
        QByteArray seen;
        connect(job, &ExecJob::output, job, [&](SandboxStream, const QByteArray &d) { seen += d; });
        QTRY_VERIFY_WITH_TIMEOUT(seen.contains("started"), 20'000);

        QElapsedTimer clock;
        clock.start();
        QVERIFY(engine.kill());
        QVERIFY2(job->waitForFinished(30'000), "the exec hung after the engine died");
        QVERIFY(job->error().has_value());
        QCOMPARE(job->error()->code, ErrorCode::EnvironmentError);
        QVERIFY2(job->error()->message.contains(QLatin1String("Docker engine")), qPrintable(job->error()->message));
        QVERIFY2(clock.elapsed() < 25'000, qPrintable(QString::number(clock.elapsed())));
        delete job;

        // Later calls fail fast and clearly too.
        clock.restart();
        auto r = waitFor(s->readFile(QStringLiteral("x")), 30'000);
        QVERIFY(!r);
        QCOMPARE(r.error().code, ErrorCode::EnvironmentError);
        QVERIFY2(r.error().message.contains(QLatin1String("not reachable")), qPrintable(r.error().message));
        QVERIFY(clock.elapsed() < 5000);
        auto released = waitFor(s->release(), 30'000);
        QVERIFY(!released);
        QCOMPARE(released.error().code, ErrorCode::EnvironmentError);
    }

    // The engine stopped (as a service manager does) and started again under a running command:
    // the command ends with a clear error instead of hanging, the old sandbox is gone (release
    // says so or succeeds, never hangs), and the same pool makes and uses a new sandbox on the
    // engine that came back, with nothing of the old one left.
    void engineRestartMidExec()
    {
        PrivateEngine engine;
        QString problem = engine.start();
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        auto pool = engine.pool();
        QVERIFY(pool);
        SandboxOptions so;
        so.lifetimeMs = 40'000;
        auto sandbox = waitFor((*pool)->create(so), 60'000);
        QVERIFY2(sandbox, qPrintable(sandbox ? QString() : why(sandbox.error())));
        Sandbox *old = *sandbox;
        const QString oldId = old->id();
        engine.containers << oldId;
        ExecOptions eo;
        eo.timeoutMs = 120'000;
        ExecJob *job = old->exec({QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo started; sleep 100")}, eo);
        QByteArray seen;
        connect(job, &ExecJob::output, job, [&](SandboxStream, const QByteArray &d) { seen += d; });
        QTRY_VERIFY_WITH_TIMEOUT(seen.contains("started"), 20'000);

        problem = engine.stop();
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY2(job->waitForFinished(30'000), "the exec hung while the engine stopped");
        // Stopped with its container (GONE) or cut off mid-stream (the engine's error): either
        // says what happened; neither passes for the command's own end.
        QVERIFY(job->error().has_value());
        QVERIFY2(job->error()->code == ErrorCode::Gone || job->error()->code == ErrorCode::EnvironmentError,
                 qPrintable(errorCodeName(job->error()->code) + QStringLiteral(": ") + job->error()->message));
        delete job;

        problem = engine.start();
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        auto released = waitFor(old->release(), 30'000);
        QVERIFY2(released || released.error().code == ErrorCode::Gone, qPrintable(released ? QString() : why(released.error())));
        QTRY_VERIFY_WITH_TIMEOUT(!containerExists(engine.socket(), oldId), 20'000);

        auto fresh = waitFor((*pool)->create(so), 60'000);
        QVERIFY2(fresh, qPrintable(fresh ? QString() : why(fresh.error())));
        engine.containers << (*fresh)->id();
        auto r = waitFor((*fresh)->exec({QStringLiteral("echo"), QStringLiteral("back")}, eo), 30'000);
        QVERIFY2(r && r->stdoutData == "back\n", qPrintable(r ? QString::fromUtf8(r->stdoutData) : why(r.error())));
        QVERIFY(waitFor((*pool)->close(), 60'000));
        QVERIFY(!containerExists(engine.socket(), (*fresh)->id()));
    }
};

QTEST_GUILESS_MAIN(TestDockerResilience)
#include "tst_dockerresilience.moc"
