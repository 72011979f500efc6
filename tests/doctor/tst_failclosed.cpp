// A run that needs a layer this machine lacks fails closed, naming the layer, and runs nothing;
// an explicit --accept-missing-layer (accept_missing_layers) lets it go ahead with its audit log
// saying which layer it went without. The machine's lack is made by pointing the engine's
// cgroup root at a plain folder, where no cgroup can be made.
#include "audit/auditevent.h"
#include "exec/execengine.h"
#include "policy/policyfile.h"
#include "testsupport.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace Sandbench;

namespace {

struct Fixture
{
    QTemporaryDir dir;
    QTemporaryDir noCgroups; // a plain folder: no controller
    QString work = dir.path() + QStringLiteral("/work");
    QString log = dir.path() + QStringLiteral("/audit.jsonl");

    Fixture() { QDir().mkpath(work); }

    ExecEngineConfig lacking() const
    {
        ExecEngineConfig config;
        config.cgroupRoot = noCgroups.path();
        return config;
    }
    ExecRequest request(const QStringList &accept = {}) const
    {
        ExecRequest r;
        r.code = QStringLiteral("Deno.writeTextFileSync('ran.txt', 'x'); console.log('RAN');");
        r.policy.sandbox = true;
        r.policy.workdir = work;
        r.policy.timeoutMs = 60000;
        r.policy.acceptMissingLayers = accept;
        r.auditLogPath = log;
        return r;
    }
    bool ran() const { return QFile::exists(work + QStringLiteral("/ran.txt")); }
    QList<AuditEvent> layerLines() const
    {
        QList<AuditEvent> out;
        for (const QByteArray &line : Test::readFile(log).split('\n')) {
            AuditEvent event;
            if (AuditEvent::fromJsonLine(line, &event) && event.kind == QLatin1String("layer"))
                out << event;
        }
        return out;
    }
};

} // namespace

class TestFailClosed : public QObject
{
    Q_OBJECT

private slots:
    void missingPidsCgroupRefusesTheRun()
    {
        Fixture f;
        auto result = ExecEngine::runSync(f.request(), f.lacking());
        QVERIFY(!result.has_value());
        QCOMPARE(result.error().code, ErrorCode::EnvironmentError);
        QVERIFY2(result.error().message.contains(QLatin1String("lacks the pids-cgroup layer")), qPrintable(result.error().message));
        QVERIFY(result.error().message.contains(QLatin1String("--accept-missing-layer pids-cgroup")));
        QVERIFY(!f.ran());
        QVERIFY(f.layerLines().isEmpty());
    }

    void missingMemoryCgroupRefusesARunWithAMemoryCap()
    {
        Fixture f;
        ExecRequest r = f.request({QStringLiteral("pids-cgroup")});
        r.policy.maxMemoryMb = 128;
        auto result = ExecEngine::runSync(r, f.lacking());
        QVERIFY(!result.has_value());
        QVERIFY2(result.error().message.contains(QLatin1String("lacks the memory-cgroup layer")), qPrintable(result.error().message));
        QVERIFY(!f.ran());
    }

    void acceptedMissingLayersRunAndAreAudited()
    {
        Fixture f;
        ExecRequest r = f.request({QStringLiteral("pids-cgroup"), QStringLiteral("memory-cgroup")});
        r.policy.maxMemoryMb = 128;
        auto result = ExecEngine::runSync(r, f.lacking());
        QVERIFY2(result.has_value(), result ? "" : qPrintable(result.error().message));
        QVERIFY2(result->stdoutData.contains("RAN"), result->stderrData);
        QVERIFY(f.ran());
        const QList<AuditEvent> lines = f.layerLines();
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0).resource, QStringLiteral("memory-cgroup"));
        QCOMPARE(lines.at(1).resource, QStringLiteral("pids-cgroup"));
        QCOMPARE(lines.at(0).rule, QStringLiteral("accept_missing_layers"));
        QCOMPARE(lines.at(0).seq, 1u); // first, before anything the run did
        // And the run's own events say it too.
        QVERIFY(std::any_of(result->auditEvents.begin(), result->auditEvents.end(),
                            [](const AuditEvent &e) { return e.kind == QLatin1String("layer") && e.resource == QLatin1String("pids-cgroup"); }));
    }

    void onlyWhatIsMissingIsAudited()
    {
        // The memory layer is not needed without a cap: only the pids layer is recorded.
        Fixture f;
        auto result = ExecEngine::runSync(f.request({QStringLiteral("pids-cgroup"), QStringLiteral("memory-cgroup")}), f.lacking());
        QVERIFY2(result.has_value(), result ? "" : qPrintable(result.error().message));
        const QList<AuditEvent> lines = f.layerLines();
        QCOMPARE(lines.size(), 1);
        QCOMPARE(lines.at(0).resource, QStringLiteral("pids-cgroup"));
    }

    void aMachineWithTheLayersNeedsNoAcceptance()
    {
        // This machine has both cgroups: a run with a cap runs, and its log records no layer.
        Fixture f;
        ExecRequest r = f.request({QStringLiteral("pids-cgroup"), QStringLiteral("memory-cgroup")});
        r.policy.maxMemoryMb = 128;
        auto result = ExecEngine::runSync(r);
        QVERIFY2(result.has_value(), result ? "" : qPrintable(result.error().message));
        QVERIFY(result->stdoutData.contains("RAN"));
        QVERIFY(f.layerLines().isEmpty());
    }

    void onlyAcceptableLayersMayBeAccepted()
    {
        const Test::CliRun bad = Test::runCli({QStringLiteral("run"), QStringLiteral("--accept-missing-layer"), QStringLiteral("landlock"),
                                               QStringLiteral("--code"), QStringLiteral("console.log('RAN')")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.stderrData.contains("--accept-missing-layer") && bad.stderrData.contains("pids-cgroup"), bad.stderrData);
        QVERIFY(!bad.stdoutData.contains("RAN"));

        auto parsed = parsePolicy(R"({"options": {"accept_missing_layers": ["pids-cgroup", "mount-namespace"]}})", QStringLiteral("test.json"));
        QVERIFY(!parsed.has_value());
        QVERIFY2(parsed.error().message.contains(QLatin1String("mount-namespace")), qPrintable(parsed.error().message));
        auto good = parsePolicy(R"({"options": {"accept_missing_layers": ["memory-cgroup"]}})", QStringLiteral("test.json"));
        QVERIFY2(good.has_value(), good ? "" : qPrintable(good.error().message));
        QCOMPARE(good->acceptMissingLayers, QStringList{QStringLiteral("memory-cgroup")});
    }

    void cliFlagReachesTheRun()
    {
        // On this machine the layers are there: the flag changes nothing but is taken, twice.
        const Test::CliRun run = Test::runCli({QStringLiteral("run"), QStringLiteral("--accept-missing-layer"), QStringLiteral("pids-cgroup"),
                                               QStringLiteral("--accept-missing-layer"), QStringLiteral("memory-cgroup"),
                                               QStringLiteral("--code"), QStringLiteral("console.log('RAN')")});
        QVERIFY2(run.exitCode == 0, run.stderrData);
        QVERIFY(run.stdoutData.contains("RAN"));
    }
};

QTEST_GUILESS_MAIN(TestFailClosed)
#include "tst_failclosed.moc"
