// Attacks from inside a sandbox, as an agent's code would make them, on Sandbench's own
// machinery (the deadline loop, the env file, the subreaper), on the tracking of a command's
// processes, and on the secrecy of env values in the engine's records. Each attack prints
// BREACH:<name> when it succeeds; every script ends by printing TRIED, so a script that did not
// run cannot pass. One sandbox takes every attack (a few more for the process trees).
#include "dockertestsupport.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

Result<SandboxExecResult> shell(Sandbox *s, const QString &script, qint64 timeoutMs = 30'000,
                                const QMap<QString, QString> &env = {})
{
    ExecOptions o;
    o.timeoutMs = timeoutMs;
    o.env = env;
    return waitFor(s->exec({QStringLiteral("sh"), QStringLiteral("-c"), script}, o), 120'000);
}

// Shell functions every attack starts with. M: the machinery, the container's pid 1 (the keeper)
// and every process below it, found by ancestry whatever uid it runs as, so that an attack is
// never vacuous; R: the subreapers of the running execs.
const char prelude[] = R"SH(
machinery() {
  for p in /proc/[0-9]*; do IFS= read -r s < "$p/stat" 2>/dev/null && echo "${p#/proc/} ${s##*") "}"; done |
    awk '{ pp[$1] = $3 } END { t[1] = 1; do { c = 0; for (p in pp) if (!(p in t) && (pp[p] in t)) { t[p] = 1; c = 1 } } while (c); for (p in t) print p }'
}
M=$(machinery)
[ -n "$M" ] || echo BREACH:nomachinery
# R: the exec's subreapers (parent outside the container), but pid 1.
R=$(for p in /proc/[0-9]*; do IFS= read -r s < "$p/stat" 2>/dev/null && set -- ${s##*") "} && [ "$2" = 0 ] && [ "${p#/proc/}" != 1 ] && echo "${p#/proc/}"; done)
[ -n "$R" ] || echo BREACH:nosubreaper
breach() { echo "BREACH:$1"; }
)SH";

// The secrets of the env test: a value that would run a command if anything unquoted it.
const QString createCanary = QStringLiteral("cr3ate-canary-7f2e");
const QString execCanary = QStringLiteral("ex3c-canary-91ab");

} // namespace

#define VERIFY_OK(r) QVERIFY2((r), qPrintable((r) ? QString() : why((r).error())))

class TestDockerAttacks : public QObject
{
    Q_OBJECT

    std::unique_ptr<SandboxPool> m_pool;
    Sandbox *m_sandbox = nullptr;
    QByteArray m_envBefore;

    // Lists every process whose command line holds a marker ("sleep 71..." or ": 71...").
    QString survivors(const QString &markerPrefix)
    {
        auto r = shell(m_sandbox, QStringLiteral(
            "for p in /proc/[0-9]*; do c=$(tr '\\0' ' ' < $p/cmdline 2>/dev/null); "
            "case \"$c\" in *for\\ p\\ in*) ;; *\"sleep %1\"*|*\": %1\"*) echo \"$c\" ;; esac; done; echo TRIED")
            .arg(markerPrefix));
        if (!r || !r->stdoutData.contains("TRIED"))
            return QStringLiteral("(listing failed)");
        return QString::fromUtf8(r->stdoutData).remove(QStringLiteral("TRIED")).trimmed();
    }

    // Starts every way of escaping a process tree at once, each with a marker of its own.
    static QString escapes(const QString &p)
    {
        return QStringLiteral(
            "setsid env -i sleep %1001 </dev/null >/dev/null 2>&1 &\n"
            "( setsid sh -c 'env -i sleep %1002 </dev/null >/dev/null 2>&1 &' & )\n"
            "env -u SANDBENCH_EXEC sleep %1003 </dev/null >/dev/null 2>&1 &\n"
            "setsid nohup sleep %1004 </dev/null >/dev/null 2>&1 &\n"
            "sh -c 'trap \"\" TERM INT HUP QUIT; exec sleep %1005' </dev/null >/dev/null 2>&1 &\n"
            "setsid env -i sh -c 'while :; do sleep %1006 & wait; done' </dev/null >/dev/null 2>&1 &\n"
            "env -i sh -c 'while :; do sleep %1007 & sleep 0.2; done' </dev/null >/dev/null 2>&1 &\n"
            "setsid sh -c 'while :; do kill -CONT -1 2>/dev/null; done; : %1008' </dev/null >/dev/null 2>&1 &\n"
            "echo ready\n"
            "sleep 600\n").arg(p);
    }

private slots:
    void initTestCase()
    {
        REQUIRE_DOCKER();
        PoolOptions o;
        o.maxSandboxes = 2;
        o.maxLifetimeMs = 600'000;
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        m_pool = std::move(*pool);
        SandboxOptions so;
        so.lifetimeMs = 300'000;
        so.env.insert(QStringLiteral("CREATE_SECRET"), createCanary);
        auto s = waitFor(m_pool->create(so), 60'000);
        VERIFY_OK(s);
        m_sandbox = *s;
        auto env = waitFor(m_sandbox->readFile(QStringLiteral("/run/sandbench/env")), 30'000);
        VERIFY_OK(env);
        QVERIFY(env->has_value());
        m_envBefore = **env;
        QVERIFY(m_envBefore.contains(createCanary.toUtf8()));
    }

    void cleanupTestCase()
    {
        if (m_pool)
            QVERIFY(waitFor(m_pool->close(), 60'000));
    }

    void machineryOutOfReach_data()
    {
        QTest::addColumn<QString>("script");
        auto row = [](const char *name, const QString &script) { QTest::newRow(name) << script; };
        // Signals: the keeper (pid 1) is uid 999, the sandbox's user is 1000 without CAP_KILL.
        row("stop-init", QStringLiteral("kill -STOP 1 2>/dev/null && breach stop-init"));
        row("kill-init", QStringLiteral("kill -KILL 1 2>/dev/null && breach kill-init"));
        row("stop-machinery", QStringLiteral("for p in $M; do kill -STOP $p 2>/dev/null && { breach stop-$p; kill -CONT $p; }; done"));
        row("tstp-machinery", QStringLiteral("for p in $M; do kill -TSTP $p 2>/dev/null && { breach tstp-$p; kill -CONT $p; }; done"));
        row("usr1-machinery", QStringLiteral("for p in $M; do [ $p = 1 ] && continue; kill -USR1 $p 2>/dev/null && breach usr1-$p; done"));
        // ptrace access (what attach needs) shows as opening /proc/PID/mem, environ, fd, maps.
        row("trace-init-mem", QStringLiteral("(exec 3</proc/1/mem) 2>/dev/null && breach trace-init-mem"));
        row("trace-machinery-mem", QStringLiteral("for p in $M; do (exec 3</proc/$p/mem) 2>/dev/null && breach mem-$p; done"));
        row("read-init-environ", QStringLiteral("cat /proc/1/environ >/dev/null 2>&1 && breach read-init-environ"));
        row("read-machinery-environ", QStringLiteral("for p in $M; do cat /proc/$p/environ >/dev/null 2>&1 && breach environ-$p; done"));
        row("machinery-cwd", QStringLiteral("for p in $M; do ls /proc/$p/cwd/ >/dev/null 2>&1 && breach cwd-$p; done"));
        row("machinery-root", QStringLiteral("for p in $M; do ls /proc/$p/root/ >/dev/null 2>&1 && breach root-$p; done"));
        row("trace-machinery-threads", QStringLiteral("for p in $M; do for t in /proc/$p/task/*; do (exec 3<$t/mem) 2>/dev/null && breach task-mem-$p; done; done"));
        row("list-machinery-fds", QStringLiteral("for p in $M; do ls /proc/$p/fd >/dev/null 2>&1 && breach fd-$p; done"));
        row("read-machinery-maps", QStringLiteral("for p in $M; do cat /proc/$p/maps >/dev/null 2>&1 && breach maps-$p; done"));
        row("oom-machinery", QStringLiteral("for p in $M; do (echo 1000 > /proc/$p/oom_score_adj) 2>/dev/null && breach oom-$p; done"));
        row("renice-machinery", QStringLiteral("for p in $M; do renice -n 19 -p $p >/dev/null 2>&1 && breach renice-$p; done"));
        // The env file every command sources, and the deadline file root's loop reads.
        row("append-envfile", QStringLiteral("(echo 'export CREATE_SECRET=owned' >> /run/sandbench/env) 2>/dev/null && breach append-envfile"));
        row("truncate-envfile", QStringLiteral("(: > /run/sandbench/env) 2>/dev/null && breach truncate-envfile"));
        row("remove-envfile", QStringLiteral("rm -f /run/sandbench/env 2>/dev/null; [ -e /run/sandbench/env ] || breach remove-envfile"));
        row("rename-envfile", QStringLiteral("mv /run/sandbench/env /run/sandbench/env.old 2>/dev/null && breach rename-envfile"));
        row("chmod-envfile", QStringLiteral("chmod 0666 /run/sandbench/env 2>/dev/null && breach chmod-envfile"));
        row("plant-envfile-temp", QStringLiteral("(echo 'echo owned' > /run/sandbench/env.new) 2>/dev/null && breach plant-envfile-temp"));
        row("plant-deadline", QStringLiteral("(echo 99999999999 > /run/sandbench/deadline) 2>/dev/null && breach plant-deadline"));
        row("symlink-in-run", QStringLiteral("ln -s /tmp/x /run/sandbench/deadline 2>/dev/null && breach symlink-in-run"));
        row("mkdir-in-run", QStringLiteral("mkdir /run/sandbench/x 2>/dev/null && breach mkdir-in-run"));
        // What every exec runs first (sandbench-inside, root's) and what root's PATH finds.
        row("replace-inside", QStringLiteral("(: > /run/sandbench/inside) 2>/dev/null && breach replace-inside"));
        row("rename-inside", QStringLiteral("mv /run/sandbench/inside /tmp/x 2>/dev/null && breach rename-inside"));
        row("shadow-date", QStringLiteral("(echo '#!/bin/sh' > /usr/local/bin/date) 2>/dev/null || (echo x > /bin/date) 2>/dev/null && breach shadow-date"));
        // The command's own subreaper (its parent is outside the container): uid 999, not the
        // user's, so the command can neither stop, kill nor trace it and escape its tree.
        row("stop-subreaper", QStringLiteral("for p in $R; do kill -STOP $p 2>/dev/null && { breach stop-sr-$p; kill -CONT $p; }; done"));
        row("kill-subreaper", QStringLiteral("for p in $R; do kill -KILL $p 2>/dev/null && breach kill-sr-$p; done"));
        row("trace-subreaper", QStringLiteral("for p in $R; do (exec 3</proc/$p/mem) 2>/dev/null && breach mem-sr-$p; cat /proc/$p/environ >/dev/null 2>&1 && breach environ-sr-$p; done"));
        // Last: TERM to the loop (and the main sleep) would end the container if it worked.
        row("term-machinery", QStringLiteral("for p in $M; do [ $p = 1 ] && continue; kill -TERM $p 2>/dev/null && breach term-$p; done"));
    }

    void machineryOutOfReach()
    {
        QFETCH(QString, script);
        QVERIFY(m_sandbox);
        auto r = shell(m_sandbox, QLatin1String(prelude) + script + QStringLiteral("\necho TRIED\n"));
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.contains("TRIED"), r->stdoutData.constData());
        QVERIFY2(!r->stdoutData.contains("BREACH"), r->stdoutData.constData());
    }

    // After every attack: the machinery still runs, unstopped; the env file is as written; the
    // lifetime still moves (root's exec) and commands still see the sandbox's variables.
    void machineryIntactAfterAttacks()
    {
        QVERIFY(m_sandbox);
        auto r = shell(m_sandbox, QLatin1String(prelude) + QStringLiteral(
            "for p in $M; do IFS= read -r s < /proc/$p/stat; s=${s##*\") \"}; echo \"state ${s%% *}\"; done\n"
            "echo \"secret=$CREATE_SECRET\"\necho TRIED\n"));
        VERIFY_OK(r);
        const QByteArray out = r->stdoutData;
        QVERIFY2(out.contains("TRIED") && out.count("state ") >= 1, out.constData());
        QVERIFY2(!out.contains("state T") && !out.contains("state t"), out.constData());
        QVERIFY2(out.contains("secret=" + createCanary.toUtf8()), out.constData());
        auto env = waitFor(m_sandbox->readFile(QStringLiteral("/run/sandbench/env")), 30'000);
        VERIFY_OK(env);
        QVERIFY(env->has_value());
        QCOMPARE(**env, m_envBefore);
        VERIFY_OK(waitFor(m_sandbox->extend(5'000), 30'000));
        auto deadline = waitFor(m_sandbox->readFile(QStringLiteral("/run/sandbench/deadline")), 30'000);
        VERIFY_OK(deadline);
        QVERIFY(deadline->has_value());
        QCOMPARE((*deadline)->trimmed().toLongLong(), (m_sandbox->expiresAt().toMSecsSinceEpoch() + 999) / 1000);
    }

    // Every way of leaving a process tree at once; the timeout must end each of them.
    void timeoutEndsEveryProcess()
    {
        QVERIFY(m_sandbox);
        auto r = shell(m_sandbox, escapes(QStringLiteral("71")), 2'500);
        VERIFY_OK(r);
        QVERIFY(r->timedOut);
        QVERIFY2(r->stdoutData.contains("ready"), r->stdoutData.constData());
        const QString left = survivors(QStringLiteral("71"));
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    void cancelEndsEveryProcess()
    {
        QVERIFY(m_sandbox);
        ExecOptions o;
        o.timeoutMs = 60'000;
        ExecJob *job = m_sandbox->exec({QStringLiteral("sh"), QStringLiteral("-c"), escapes(QStringLiteral("72"))}, o);
        bool ready = false;
        connect(job, &ExecJob::output, this, [&](SandboxStream, const QByteArray &d) {
            if (d.contains("ready")) {
                ready = true;
                job->cancel();
            }
        });
        QVERIFY2(job->waitForFinished(60'000), "the cancelled command did not finish");
        QVERIFY(ready);
        QVERIFY(job->error().has_value());
        QCOMPARE(job->error()->code, ErrorCode::Cancelled);
        const QString left = survivors(QStringLiteral("72"));
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    // A process an earlier command left running (as the reference allows servers to) stops every
    // process that starts after it for a few seconds, as a guard against the kill would. A command
    // that times out meanwhile must still end with its whole tree: the kill is root's, which the
    // guard cannot signal. (With the kill run as the sandbox's user, the guard froze it and the
    // command's tree stayed, stopped, after its timeout; with execs started as the sandbox's
    // user, it froze the engine's own start-up process and the engine hung.)
    void leftoverCannotStopTheKill()
    {
        QVERIFY(m_sandbox);
        // Builtins only, so the guard has no child of its own to spare; it stops nothing older
        // than itself, so the command that starts it returns.
        auto r = shell(m_sandbox, QStringLiteral(
            "rm -f /tmp/guard.log\n"
            "setsid sh -c '\n"
            "  read up _ < /proc/uptime; end=$(( ${up%%.*} + 8 ))\n"
            "  while :; do\n"
            "    read up _ < /proc/uptime; [ ${up%%.*} -ge $end ] && exit 0\n"
            "    for p in /proc/[0-9]*; do\n"
            "      q=${p#/proc/}; [ \"$q\" -gt \"$$\" ] 2>/dev/null || continue\n"
            "      kill -STOP $q 2>/dev/null && echo $q >> /tmp/guard.log\n"
            "    done\n"
            "  done; : 74000' </dev/null >/dev/null 2>&1 &\n"
            "echo TRIED\n"));
        VERIFY_OK(r);
        QCOMPARE(r->exitCode, 0);
        QVERIFY2(r->stdoutData.contains("TRIED"), r->stdoutData.constData());
        QElapsedTimer guard;
        guard.start();

        auto timedOut = shell(m_sandbox, QStringLiteral("sleep 74001"), 1'500);
        VERIFY_OK(timedOut);
        QVERIFY(timedOut->timedOut);
        // The engine still answers for the container while the guard runs: the engine's start-up
        // process of each exec is root's, so the guard could not stop it and hold the engine's
        // lock (with execs started as the sandbox's user, this call and every later one hung).
        QVERIFY2(guard.elapsed() < 7'000, "too slow to see the guard at work");
        auto inspect = dockerCall(dockerSocket(), "GET", "/containers/" + m_sandbox->id().toLatin1() + "/json", 5'000);
        QVERIFY2(inspect && inspect->status == 200, "the engine hangs on the sandbox");

        // Past the guard's end, which nothing here could hasten: then commands run again.
        QTest::qWait(int(std::max<qint64>(0, 9'500 - guard.elapsed())));
        auto log = waitFor(m_sandbox->readFile(QStringLiteral("/tmp/guard.log")), 30'000);
        VERIFY_OK(log);
        QVERIFY2(log->has_value() && !(*log)->isEmpty(), "the guard stopped nothing: the attack did not happen");
        const QString left = survivors(QStringLiteral("74001"));
        QVERIFY2(left.isEmpty(), qPrintable(left));
    }

    // The reference's way of starting a server: setsid'd, it outlives a command that returns.
    void serverOutlivesItsCommand()
    {
        QVERIFY(m_sandbox);
        auto r = shell(m_sandbox, QStringLiteral("setsid sleep 73001 </dev/null >/dev/null 2>&1 &\necho TRIED"));
        VERIFY_OK(r);
        QCOMPARE(r->exitCode, 0);
        QVERIFY(survivors(QStringLiteral("73001")).contains(QLatin1String("sleep 73001")));
        // busybox here has no pkill.
        VERIFY_OK(shell(m_sandbox, QStringLiteral(
            "for p in /proc/[0-9]*; do case \"$(tr '\\0' ' ' < $p/cmdline 2>/dev/null)\" in 'sleep 73001 ') kill -9 ${p#/proc/} ;; esac; done")));
        QTRY_VERIFY_WITH_TIMEOUT(survivors(QStringLiteral("73001")).isEmpty(), 10000);
    }

    // No env value in any engine record of the sandbox or its execs, while one runs and after;
    // the values still reach the command exactly.
    void envValuesNotInEngineRecords()
    {
        QVERIFY(m_sandbox);
        const QString tricky = execCanary + QStringLiteral("'\"$(id)`id`\\\nline2\n");
        ExecOptions o;
        o.timeoutMs = 30'000;
        o.env.insert(QStringLiteral("EXEC_SECRET"), tricky);
        o.stdinData = QByteArray("stdin-stays-intact\n");
        ExecJob *job = m_sandbox->exec({QStringLiteral("sh"), QStringLiteral("-c"),
                                        QStringLiteral("printf '[%s]' \"$EXEC_SECRET\"; cat; sleep 2")}, o);
        // While it runs: the container (with its ExecIDs), each exec, the process list, the list.
        const QString socket = dockerSocket();
        const QByteArray id = m_sandbox->id().toLatin1();
        QList<QByteArray> bodies;
        QList<QByteArray> execIds;
        for (int i = 0; i < 50 && execIds.isEmpty(); ++i) {
            auto c = dockerCall(socket, "GET", "/containers/" + id + "/json");
            QVERIFY(c && c->status == 200);
            bodies << c->body;
            const QJsonArray ids = QJsonDocument::fromJson(c->body).object().value(QLatin1String("ExecIDs")).toArray();
            for (const QJsonValue &e : ids) {
                auto x = dockerCall(socket, "GET", "/exec/" + e.toString().toLatin1() + "/json");
                QVERIFY(x && x->status == 200);
                bodies << x->body;
                execIds << e.toString().toLatin1();
            }
            QTest::qWait(50);
        }
        QVERIFY2(!execIds.isEmpty(), "no exec of the running command was seen");
        for (const QByteArray &path : {"/containers/" + id + "/top?ps_args=-ef", QByteArray("/containers/json?all=true")}) {
            auto t = dockerCall(socket, "GET", path);
            QVERIFY(t && t->status == 200);
            bodies << t->body;
        }
        auto r = waitFor(job, 60'000);
        VERIFY_OK(r);
        QCOMPARE(r->exitCode, 0);
        QCOMPARE(QString::fromUtf8(r->stdoutData), QLatin1Char('[') + tricky + QStringLiteral("]stdin-stays-intact\n"));
        for (const QByteArray &e : execIds) {
            if (auto x = dockerCall(socket, "GET", "/exec/" + e + "/json"); x && x->status == 200)
                bodies << x->body;
        }
        for (const QByteArray &b : bodies) {
            QVERIFY2(!b.contains(execCanary.toUtf8()), b.left(2000).constData());
            QVERIFY2(!b.contains(createCanary.toUtf8()), b.left(2000).constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestDockerAttacks)
#include "tst_dockerattacks.moc"
