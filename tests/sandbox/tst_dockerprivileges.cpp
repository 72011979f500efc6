// Privilege that is held but not used: every process of a fresh sandbox (offline, online with a
// port, a desktop) is read from /proc and must be neither root nor hold any capability in any
// set: pid 1 is the lifetime keeper as uid 999, each exec's subreaper uid 999, each command uid
// 1000. Root's own steps start with the container's few capabilities and keep only their own
// (sandbench-inside as-root), the bounding set included. And what this costs nothing of: the
// lifetime ends, extends and the sandbox releases, commands and files work, the display runs.
#include "dockertestsupport.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

#define VERIFY_OK(r) QVERIFY2((r), qPrintable((r) ? QString() : why((r).error())))

namespace {

Result<SandboxExecResult> shell(Sandbox *s, const QString &script, qint64 timeoutMs = 30'000)
{
    ExecOptions o;
    o.timeoutMs = timeoutMs;
    return waitFor(s->exec({QStringLiteral("sh"), QStringLiteral("-c"), script}, o), 120'000);
}

// One line per process: its pid, then the fields of its status that say who it is and what it
// holds, then its command line.
const char listProcesses[] = R"SH(
for p in /proc/[0-9]*; do
  s=$(grep -E '^(PPid|Uid|Gid|CapInh|CapPrm|CapEff|CapBnd|CapAmb|NoNewPrivs):' $p/status 2>/dev/null | tr -s '\t ' ' ' | tr '\n' ';')
  [ -n "$s" ] || continue
  c=$(tr '\0' ' ' < $p/cmdline 2>/dev/null | cut -c1-60)
  echo "PROC ${p#/proc/};${s}CMD $c"
done
echo TRIED
)SH";

struct Process
{
    int pid = 0;
    QMap<QString, QString> fields; // "Uid" -> "999 999 999 999"
    QString command;
};

QList<Process> parseProcesses(const QByteArray &out)
{
    QList<Process> all;
    for (const QByteArray &line : out.split('\n')) {
        if (!line.startsWith("PROC "))
            continue;
        Process p;
        const qsizetype cmd = line.indexOf("CMD ");
        p.command = QString::fromUtf8(line.mid(cmd + 4)).trimmed();
        const QList<QByteArray> parts = line.left(cmd).mid(5).split(';');
        p.pid = parts.value(0).toInt();
        for (qsizetype i = 1; i < parts.size(); ++i) {
            const qsizetype colon = parts[i].indexOf(':');
            if (colon > 0)
                p.fields.insert(QString::fromLatin1(parts[i].left(colon)), QString::fromLatin1(parts[i].mid(colon + 1)).trimmed());
        }
        all << p;
    }
    return all;
}

QString describe(const Process &p)
{
    QStringList f;
    for (auto it = p.fields.cbegin(); it != p.fields.cend(); ++it)
        f << it.key() + QLatin1Char('=') + it.value();
    return QStringLiteral("pid %1 (%2): %3").arg(p.pid).arg(p.command, f.join(QLatin1Char(' ')));
}

// Runs argv as root in the container straight through the engine (what every exec of Sandbench
// starts as), and returns its output.
QByteArray rootExec(const QString &containerId, const QStringList &argv)
{
    const QJsonObject create{{QStringLiteral("User"), QStringLiteral("0:0")},
                             {QStringLiteral("AttachStdout"), true},
                             {QStringLiteral("AttachStderr"), true},
                             {QStringLiteral("Cmd"), QJsonArray::fromStringList(argv)}};
    auto curl = [](const QString &path, const QJsonObject &body) {
        QProcess p;
        p.start(QStringLiteral("curl"), {QStringLiteral("-sS"), QStringLiteral("--unix-socket"), dockerSocket(),
                                         QStringLiteral("-X"), QStringLiteral("POST"), QStringLiteral("-H"),
                                         QStringLiteral("Content-Type: application/json"), QStringLiteral("--data-binary"),
                                         QString::fromUtf8(QJsonDocument(body).toJson(QJsonDocument::Compact)),
                                         QStringLiteral("http://localhost/v1.41") + path});
        p.waitForFinished(60'000);
        return p.readAllStandardOutput();
    };
    const QString execId = QJsonDocument::fromJson(curl(QStringLiteral("/containers/%1/exec").arg(containerId), create))
                               .object().value(QLatin1String("Id")).toString();
    if (execId.isEmpty())
        return "NO-EXEC";
    // The stream's frame headers stay in; the lines between them are what is checked.
    return curl(QStringLiteral("/exec/%1/start").arg(execId), QJsonObject{{QStringLiteral("Detach"), false}});
}

QByteArray statusLine(const QByteArray &out, const QByteArray &name)
{
    for (QByteArray line : out.split('\n')) {
        const qsizetype at = line.indexOf(name + ':');
        if (at >= 0)
            return line.mid(at + name.size() + 1).trimmed();
    }
    return {};
}

} // namespace

class TestDockerPrivileges : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { REQUIRE_DOCKER(); }

    void noProcessHoldsPrivilege_data()
    {
        QTest::addColumn<QString>("image");
        QTest::addColumn<bool>("online");
        QTest::newRow("offline") << QStringLiteral("sandbench/base:1") << false;
        QTest::newRow("online with a port") << QStringLiteral("sandbench/base:1") << true;
        QTest::newRow("desktop") << QStringLiteral("sandbench/desktop:2") << false;
    }

    void noProcessHoldsPrivilege()
    {
        QFETCH(QString, image);
        QFETCH(bool, online);
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 120'000;
        o.network = {NetworkKind::None, NetworkKind::All};
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        SandboxOptions so;
        so.image = image;
        so.lifetimeMs = 120'000;
        if (online) {
            so.network.kind = NetworkKind::All;
            so.ports = {8080};
        }
        Sandbox *s = createSandbox(pool->get(), so);
        QVERIFY(s);
        // A command left running in the background, and this one: each with its subreaper.
        VERIFY_OK(shell(s, QStringLiteral("setsid sleep 300 </dev/null >/dev/null 2>&1 &")));
        auto r = shell(s, QStringLiteral("sleep 300 & ") + QLatin1String(listProcesses));
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.contains("TRIED"), r->stdoutData.constData());
        const QList<Process> all = parseProcesses(r->stdoutData);
        const QString listing = QString::fromUtf8(r->stdoutData);
        const QString zero = QStringLiteral("0000000000000000");
        bool sawKeeper = false;
        int subreapers = 0;
        for (const Process &p : all) {
            for (const char *set : {"CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"})
                QVERIFY2(p.fields.value(QLatin1String(set)) == zero, qPrintable(describe(p)));
            const QStringList uids = p.fields.value(QStringLiteral("Uid")).split(QLatin1Char(' '));
            const QStringList gids = p.fields.value(QStringLiteral("Gid")).split(QLatin1Char(' '));
            QVERIFY2(uids.size() == 4 && gids.size() == 4, qPrintable(describe(p)));
            QVERIFY2(!uids.contains(QStringLiteral("0")) && !gids.contains(QStringLiteral("0")), qPrintable(describe(p)));
            QVERIFY2(p.fields.value(QStringLiteral("NoNewPrivs")) == QLatin1String("1"), qPrintable(describe(p)));
            if (p.pid == 1) {
                sawKeeper = true;
                QVERIFY2(p.command.startsWith(QLatin1String("/run/sandbench/inside keep ")), qPrintable(describe(p)));
                QCOMPARE(p.fields.value(QStringLiteral("Uid")), QStringLiteral("999 999 999 999"));
            } else if (p.fields.value(QStringLiteral("PPid")) == QLatin1String("0")) {
                // An exec's first process: the subreaper of a command.
                ++subreapers;
                QVERIFY2(p.command.startsWith(QLatin1String("/run/sandbench/inside as-user 1000 1000 999 ")), qPrintable(describe(p)));
                QCOMPARE(p.fields.value(QStringLiteral("Uid")), QStringLiteral("999 999 999 999"));
            } else if (p.command.startsWith(QLatin1String("sleep 300"))) {
                QCOMPARE(p.fields.value(QStringLiteral("Uid")), QStringLiteral("1000 1000 1000 1000"));
            }
        }
        for (const Process &p : all)
            qInfo().noquote() << describe(p);
        QVERIFY2(sawKeeper, qPrintable(listing));
        QVERIFY2(subreapers == 1, qPrintable(listing));
        QVERIFY2(all.size() >= 4, qPrintable(listing));
        if (image.contains(QLatin1String("desktop")))
            QVERIFY2(listing.contains(QLatin1String("Xvfb")), qPrintable(listing));

        // And root's steps as the engine starts them: the container's few capabilities, which
        // sandbench-inside narrows to the step's own before anything runs, bounding set included.
        const QString inside = QStringLiteral("/run/sandbench/inside");
        const QStringList status{QStringLiteral("/bin/grep"), QStringLiteral("-E"), QStringLiteral("^(Uid|Cap)"), QStringLiteral("/proc/self/status")};
        const QByteArray bare = rootExec(s->id(), status);
        const QByteArray start = online ? "00000000000011e0" : "00000000000001e0"; // SETPCAP SETUID SETGID KILL (NET_ADMIN)
        QVERIFY2(statusLine(bare, "CapBnd") == start, bare.constData());
        QByteArray kill = rootExec(s->id(), QStringList{inside, QStringLiteral("as-root"), QStringLiteral("KILL")} + status);
        for (const char *set : {"CapEff", "CapPrm", "CapBnd"})
            QVERIFY2(statusLine(kill, set) == "0000000000000020", kill.constData());
        QVERIFY2(statusLine(kill, "CapInh") == zero.toLatin1(), kill.constData());
        const QByteArray none = rootExec(s->id(), QStringList{inside, QStringLiteral("as-root"), QStringLiteral("none")} + status);
        for (const char *set : {"CapEff", "CapPrm", "CapBnd"})
            QVERIFY2(statusLine(none, set) == zero.toLatin1(), none.constData());
        const QByteArray net = rootExec(s->id(), QStringList{inside, QStringLiteral("as-root"), QStringLiteral("NET_ADMIN")} + status);
        if (online) {
            for (const char *set : {"CapEff", "CapPrm", "CapBnd"})
                QVERIFY2(statusLine(net, set) == "0000000000001000", net.constData());
        } else {
            // Not the container's to give: refused, never run with less or more.
            QVERIFY2(statusLine(net, "CapEff").isEmpty() && net.contains("sandbench-inside"), net.constData());
        }
        const QByteArray unknown = rootExec(s->id(), QStringList{inside, QStringLiteral("as-root"), QStringLiteral("SYS_ADMIN")} + status);
        QVERIFY2(statusLine(unknown, "CapEff").isEmpty() && unknown.contains("unknown capabilities"), unknown.constData());
        QVERIFY(waitFor((*pool)->close(), 60'000));
    }

    // The keeper, though unprivileged, still ends the container at the deadline, moves it when
    // extended (by root's step, which the user cannot imitate), and the user cannot end it early.
    void keeperKeepsTheLifetime()
    {
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 120'000;
        auto pool = openDockerPool(o);
        VERIFY_OK(pool);
        SandboxOptions so;
        so.lifetimeMs = 4'000;
        Sandbox *s = createSandbox(pool->get(), so);
        QVERIFY(s);
        const QString id = s->id();
        QElapsedTimer clock;
        clock.start();
        VERIFY_OK(waitFor(s->extend(6'000), 30'000));
        auto r = shell(s, QStringLiteral(
            "kill -TERM 1 2>/dev/null && echo BREACH:term\nkill -KILL 1 2>/dev/null && echo BREACH:kill\n"
            "(echo 1 > /run/sandbench/deadline) 2>/dev/null && echo BREACH:deadline\n"
            "echo TRIED"));
        VERIFY_OK(r);
        QVERIFY2(r->stdoutData.contains("TRIED") && !r->stdoutData.contains("BREACH"), r->stdoutData.constData());
        // Past the first deadline the sandbox still answers; the extended one ends it.
        QTRY_VERIFY_WITH_TIMEOUT(clock.elapsed() > 5'000, 10'000);
        VERIFY_OK(shell(s, QStringLiteral("true")));
        QTRY_VERIFY_WITH_TIMEOUT(!containerExists(dockerSocket(), id), 30'000);
        QVERIFY2(clock.elapsed() > 9'000, QByteArray::number(clock.elapsed()));
        QVERIFY(waitFor((*pool)->close(), 60'000));
    }
};

QTEST_GUILESS_MAIN(TestDockerPrivileges)
#include "tst_dockerprivileges.moc"
