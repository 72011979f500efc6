// `sandbench-cli sandbox create` and `sandbox exec ID` on the real engine: a sandbox that
// outlives the command line that made it, commands run in it from later command lines (output,
// exit status, its env), refused while paused and once gone, snapshots of it, `sandbox rm`, and
// its end: past its lifetime any Sandbench process reaps it, before that none takes it for an
// orphan. Ids from the command line that are not ours are refused without touching anything.
#include "dockertestsupport.h"

#include <QDateTime>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QUrl>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// `sandbench-cli sandbox ARGS...`.
SandboxCliRun cli(const QStringList &args, const QByteArray &input = {})
{
    return runSandboxCli(QStringList{QStringLiteral("sandbox")} + args, input, 120'000);
}

// Every container on the engine carrying Sandbench's owner label, by id.
QStringList ourContainers()
{
    const QByteArray filter = QUrl::toPercentEncoding(QStringLiteral(R"({"label":["%1"]})").arg(QLatin1String(DockerProvider::ownerLabel)));
    auto r = dockerCall(dockerSocket(), "GET", "/containers/json?all=true&filters=" + filter);
    QStringList ids;
    if (r && r->status == 200) {
        for (const QJsonValue &v : QJsonDocument::fromJson(r->body).array())
            ids << v.toObject().value(QLatin1String("Id")).toString();
    }
    return ids;
}

bool exists(const QString &id)
{
    return ourContainers().contains(id);
}

QString createdId(const SandboxCliRun &r)
{
    return QString::fromLatin1(r.out.trimmed());
}

QByteArray lsLine(const QString &id)
{
    const SandboxCliRun ls = cli({QStringLiteral("ls")});
    for (const QByteArray &line : ls.out.split('\n')) {
        if (line.startsWith(id.left(12).toLatin1()))
            return line;
    }
    return {};
}

} // namespace

class TestDockerCreateCli : public QObject
{
    Q_OBJECT

    QStringList m_made; // removed at the end whatever happened
    QString m_sentinel; // a created sandbox no refused id may touch
    QString m_snapshot = QStringLiteral("createcli-%1").arg(QCoreApplication::applicationPid());

    QString create(const QStringList &options)
    {
        const SandboxCliRun r = cli(QStringList{QStringLiteral("create")} + options);
        if (r.status != 0) {
            qWarning("%s", qPrintable(describe(r)));
            return {};
        }
        const QString id = createdId(r);
        m_made << id;
        return id;
    }

private slots:
    void initTestCase()
    {
        REQUIRE_DOCKER();
        QVERIFY2(QFile::exists(qEnvironmentVariable("SANDBENCH_CLI")), "SANDBENCH_CLI does not name sandbench-cli");
        m_sentinel = create({QStringLiteral("--lifetime"), QStringLiteral("300")});
        QVERIFY(!m_sentinel.isEmpty());
    }

    void cleanupTestCase()
    {
        for (const QString &id : std::as_const(m_made))
            dockerCall(dockerSocket(), "DELETE", "/containers/" + id.toLatin1() + "?force=true");
        cli({QStringLiteral("rm-snapshot"), m_snapshot});
        for (const QString &id : std::as_const(m_made))
            QVERIFY2(!exists(id), qPrintable(id));
    }

    void createExecPauseResumeSnapshotRemove()
    {
        const QString id = create({QStringLiteral("--env"), QStringLiteral("GREETING=hello there"), QStringLiteral("--lifetime"), QStringLiteral("300")});
        QVERIFY(!id.isEmpty());
        // It outlived the command that made it.
        QVERIFY2(exists(id), qPrintable(id));
        QByteArray line = lsLine(id);
        QVERIFY2(line.contains("persistent") && line.contains("running") && !line.contains("orphan"), line.constData());

        // Output on both streams, the command's status, the env it was made with, stdin.
        SandboxCliRun r = cli({QStringLiteral("exec"), id.left(12), QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                        QStringLiteral("echo \"$GREETING\"; read l; echo \"in:$l\"; echo oops >&2; echo kept > /workspace/f; exit 7")},
                       "typed\n");
        QCOMPARE(r.status, 7);
        QCOMPARE(r.out, QByteArray("hello there\nin:typed\n"));
        QVERIFY2(r.err.contains("oops"), r.err.constData());
        r = cli({QStringLiteral("exec"), id, QStringLiteral("--json"), QStringLiteral("--"), QStringLiteral("cat"), QStringLiteral("/workspace/f")});
        QCOMPARE(r.status, 0);
        const QJsonObject json = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(json.value(QLatin1String("stdout")).toString(), QStringLiteral("kept\n"));
        QCOMPARE(json.value(QLatin1String("exitCode")).toInt(-1), 0);
        // As the sandbox's user, never root.
        r = cli({QStringLiteral("exec"), id, QStringLiteral("--"), QStringLiteral("id"), QStringLiteral("-u")});
        QCOMPARE(r.out, QByteArray("1000\n"));

        // A background counter: paused, exec is refused and the counter stands still.
        r = cli({QStringLiteral("exec"), id, QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                 QStringLiteral("setsid sh -c 'i=0; while :; do i=$((i+1)); echo $i > /workspace/c.new; mv /workspace/c.new /workspace/c; "
                                "sleep 0.05; done' </dev/null >/dev/null 2>&1 &")});
        QCOMPARE(r.status, 0);
        QVERIFY(cli({QStringLiteral("pause"), id}).status == 0);
        r = cli({QStringLiteral("exec"), id, QStringLiteral("--"), QStringLiteral("true")});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains("is paused: resume it first"), r.err.constData());
        r = cli({QStringLiteral("exec"), id, QStringLiteral("--json"), QStringLiteral("--"), QStringLiteral("true")});
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QLatin1String("ok")).toBool(true), false);
        line = lsLine(id);
        QVERIFY2(line.contains("paused") && line.contains("persistent"), line.constData());
        QVERIFY(cli({QStringLiteral("resume"), id}).status == 0);
        r = cli({QStringLiteral("exec"), id, QStringLiteral("--"), QStringLiteral("cat"), QStringLiteral("/workspace/f")});
        QCOMPARE(r.status, 0);
        QCOMPARE(r.out, QByteArray("kept\n"));
        // The counter carries on after the resume.
        const auto counter = [&id] {
            return cli({QStringLiteral("exec"), id, QStringLiteral("--"), QStringLiteral("cat"), QStringLiteral("/workspace/c")}).out.trimmed().toLongLong();
        };
        const qint64 resumedAt = counter();
        QVERIFY(resumedAt > 0);
        QTRY_VERIFY_WITH_TIMEOUT(counter() > resumedAt, 30'000);

        // Snapshot and fork work on it as on any sandbox of ours.
        r = cli({QStringLiteral("snapshot"), id, m_snapshot});
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        r = cli({QStringLiteral("fork"), id, QStringLiteral("--count"), QStringLiteral("1"), QStringLiteral("--lifetime"), QStringLiteral("120")});
        QVERIFY2(r.status == 0, qPrintable(describe(r)));
        const QString fork = QString::fromLatin1(r.out.trimmed());
        m_made << fork;
        line = lsLine(fork);
        QVERIFY2(line.contains("persistent"), line.constData());
        r = cli({QStringLiteral("exec"), fork, QStringLiteral("--"), QStringLiteral("cat"), QStringLiteral("/workspace/f")});
        QCOMPARE(r.out, QByteArray("kept\n"));
        const QString fromSnapshot = create({QStringLiteral("--from"), m_snapshot, QStringLiteral("--lifetime"), QStringLiteral("120")});
        QVERIFY(!fromSnapshot.isEmpty());
        r = cli({QStringLiteral("exec"), fromSnapshot, QStringLiteral("--"), QStringLiteral("cat"), QStringLiteral("/workspace/f")});
        QCOMPARE(r.out, QByteArray("kept\n"));

        for (const QString &gone : {id, fork, fromSnapshot}) {
            r = cli({QStringLiteral("rm"), gone});
            QVERIFY2(r.status == 0, qPrintable(describe(r)));
            QVERIFY(!exists(gone));
        }
        r = cli({QStringLiteral("exec"), id, QStringLiteral("--"), QStringLiteral("true")});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains("no sandbox of ours"), r.err.constData());
        QCOMPARE(cli({QStringLiteral("rm-snapshot"), m_snapshot}).status, 0);
    }

    void pastItsLifetimeAnotherProcessReapsIt()
    {
        // Paused, its own keeper cannot end it: only the reaping of another process can.
        const SandboxCliRun made = cli({QStringLiteral("create"), QStringLiteral("--lifetime"), QStringLiteral("8"), QStringLiteral("--json")});
        QVERIFY2(made.status == 0, qPrintable(describe(made)));
        const QJsonObject json = QJsonDocument::fromJson(made.out).object();
        const QString shortLived = json.value(QLatin1String("id")).toString();
        m_made << shortLived;
        const QDateTime expires = QDateTime::fromString(json.value(QLatin1String("expires")).toString(), Qt::ISODateWithMs);
        QVERIFY(expires.isValid());
        QVERIFY(cli({QStringLiteral("pause"), shortLived}).status == 0);
        // Checked before its end, not after: past its end any Sandbench process on the engine
        // may reap it (ctest runs other tests' pools beside this one), which is the point.
        QVERIFY(exists(shortLived));
        const QString longLived = create({QStringLiteral("--lifetime"), QStringLiteral("300")});
        QVERIFY(!longLived.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(QDateTime::currentDateTimeUtc() > expires.addMSecs(500), 30'000);
        // Any Sandbench process: this one's pool reaps before it creates.
        const SandboxCliRun run = cli({QStringLiteral("run"), QStringLiteral("--lifetime"), QStringLiteral("60"), QStringLiteral("--"), QStringLiteral("true")});
        QVERIFY2(run.status == 0, qPrintable(describe(run)));
        QVERIFY2(!exists(shortLived), "a persistent sandbox past its lifetime was left");
        // Its maker is dead, but its lifetime is not over: no orphan.
        QVERIFY2(exists(longLived), "a persistent sandbox within its lifetime was reaped");
        QVERIFY(cli({QStringLiteral("rm"), longLived}).status == 0);
        QVERIFY(!exists(longLived));
    }

    void refusesIdsNotOurs_data()
    {
        QTest::addColumn<QString>("id");
        QTest::newRow("unknown") << QStringLiteral("no-such-sandbox");
        QTest::newRow("too short a prefix") << QStringLiteral("a");
        QTest::newRow("path") << QStringLiteral("../../containers/json");
        QTest::newRow("query") << QStringLiteral("abcd?force=true");
        QTest::newRow("percent") << QStringLiteral("abcd%2F..");
        QTest::newRow("newline") << QStringLiteral("abcd\nPOST /x");
        QTest::newRow("ours, 3 characters") << QStringLiteral("SENTINEL3");
        QTest::newRow("ours, then a path") << QStringLiteral("SENTINEL/../json");
    }

    void refusesIdsNotOurs()
    {
        QFETCH(QString, id);
        if (id == QLatin1String("SENTINEL3"))
            id = m_sentinel.left(3);
        else if (id.startsWith(QLatin1String("SENTINEL")))
            id = m_sentinel.left(12) + id.mid(8);
        // The engine is shared: other processes' sandboxes come and go, so the check is on one
        // of ours (running, not paused) rather than on the whole list.
        const SandboxCliRun r = cli({QStringLiteral("exec"), id, QStringLiteral("--"), QStringLiteral("true")});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains("no sandbox of ours is called"), r.err.constData());
        // Shown, not obeyed.
        QVERIFY(!r.err.contains('\n' + QByteArray("POST")));
        auto inspected = dockerCall(dockerSocket(), "GET", "/containers/" + m_sentinel.toLatin1() + "/json");
        QVERIFY(inspected && inspected->status == 200);
        const QJsonObject state = QJsonDocument::fromJson(inspected->body).object().value(QLatin1String("State")).toObject();
        QVERIFY(state.value(QLatin1String("Running")).toBool());
        QVERIFY(!state.value(QLatin1String("Paused")).toBool());
    }

    void refusesBadUsage()
    {
        QCOMPARE(cli({QStringLiteral("exec")}).status, 2);
        QCOMPARE(cli({QStringLiteral("exec"), QStringLiteral("abcd")}).status, 2);
        QCOMPARE(cli({QStringLiteral("exec"), QStringLiteral("abcd"), QStringLiteral("efgh"), QStringLiteral("--"), QStringLiteral("true")}).status, 2);
        QCOMPARE(cli({QStringLiteral("create"), QStringLiteral("--"), QStringLiteral("true")}).status, 2);
        QCOMPARE(cli({QStringLiteral("create"), QStringLiteral("--network"), QStringLiteral("allow:example.org")}).status, 2);
        QCOMPARE(cli({QStringLiteral("create"), QStringLiteral("--lifetime"), QStringLiteral("0")}).status, 2);
        QCOMPARE(cli({QStringLiteral("create"), QStringLiteral("--bogus")}).status, 2);
        // A bad --env entry is refused before anything is made, naming the entry, never
        // showing a value (one without '=' may be a value pasted alone).
        const QList<std::pair<QStringList, QByteArray>> badEnv{
            {{QStringLiteral("--env"), QStringLiteral("sk-live-8c7d6e5f")}, "--env #1: expected NAME=VALUE (there is no '=')"},
            {{QStringLiteral("--env"), QStringLiteral("A=1"), QStringLiteral("--env"), QStringLiteral("BAD NAME=sk-live-8c7d6e5f")},
             "--env #2: the name holds U+0020 at character 4"},
            {{QStringLiteral("--env"), QStringLiteral("TOKEN=sk-live-8c7d6e5f\x1b")}, "--env #1: the value of TOKEN holds a control character"},
            {{QStringLiteral("--env"), QStringLiteral("A=sk-live-8c7d6e5f"), QStringLiteral("--env"), QStringLiteral("A=2")},
             "--env #2: A is given twice"},
        };
        for (const auto &[args, says] : badEnv) {
            const SandboxCliRun r = cli(QStringList{QStringLiteral("create")} + args);
            QVERIFY2(r.status == 2 && r.out.isEmpty() && r.err.contains(says) && !r.err.contains("sk-live-8c7d6e5f")
                         && !r.err.contains("BAD NAME"),
                     qPrintable(describe(r)));
        }
    }

    // A lifetime past the engine's longest (24 h) is refused as the option is read, naming it,
    // by every command that makes a sandbox, before the engine is asked; 24 h itself is fine.
    void refusesALifetimePastTheEnginesLongest()
    {
        const QList<QStringList> commands{
            {QStringLiteral("create"), QStringLiteral("--lifetime"), QStringLiteral("86401")},
            {QStringLiteral("create"), QStringLiteral("--lifetime"), QStringLiteral("604800")},
            {QStringLiteral("run"), QStringLiteral("--lifetime"), QStringLiteral("86401"), QStringLiteral("--"), QStringLiteral("true")},
            {QStringLiteral("fork"), QStringLiteral("abcdef123456"), QStringLiteral("--count"), QStringLiteral("1"),
             QStringLiteral("--lifetime"), QStringLiteral("86401")},
        };
        for (const QStringList &args : commands) {
            const SandboxCliRun r = cli(args);
            QVERIFY2(r.status == 2 && r.out.isEmpty(), qPrintable(args.join(u' ') + QLatin1Char('\n') + describe(r)));
            const QByteArray first = r.err.left(r.err.indexOf('\n'));
            QVERIFY2(first.contains("--lifetime: \"" + args.at(args.indexOf(QStringLiteral("--lifetime")) + 1).toLatin1() + "\"")
                         && first.contains("from 1 to 86400"),
                     first.constData());
        }
        const QString id = create({QStringLiteral("--lifetime"), QStringLiteral("86400")});
        QVERIFY(!id.isEmpty());
        QCOMPARE(cli({QStringLiteral("rm"), id}).status, 0);
        QVERIFY(!exists(id));
    }
};

QTEST_GUILESS_MAIN(TestDockerCreateCli)
#include "tst_dockercreatecli.moc"
