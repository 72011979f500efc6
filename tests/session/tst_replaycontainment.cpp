// A session file comes from anyone. These bundles are recorded harmlessly and then rewritten to
// ask for more than a replay may give (no sandbox, host folders, host variables, programs, a
// copy over the runtime); the replay must run contained, say what it refused, and leave the
// host as it was. Also: a run refused after set-up leaves no hidden file behind.
#include "execfixture.h"
#include "exec/runtimelocator.h"
#include "session/exec/execreplaypolicy.h"
#include "session/exec/execsessionrecorder.h"
#include "session/exec/execsessionreplayer.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestReplayContainment : public QObject
{
    Q_OBJECT

    ExecFixture m_fixture;
    int m_count = 0;

    Result<ExecSession> record(const ExecRequest &request)
    {
        auto recorder = ExecSessionRecorder::begin(request, {}, {});
        if (!recorder)
            return std::unexpected(recorder.error());
        auto result = ExecEngine::runSync(request, {});
        if (!result)
            return std::unexpected(result.error());
        return recorder->finish(*result);
    }

    // Writes the (tampered) bundle and reads it back, as a shared file would arrive.
    Result<ExecSession> roundTrip(const ExecSession &bundle)
    {
        const QString file = m_fixture.path(QStringLiteral("c%1.sbsession").arg(++m_count));
        if (auto ok = bundle.write(file); !ok)
            return std::unexpected(ok.error());
        return ExecSession::read(file);
    }

    ExecSession greedyBundle()
    {
        m_fixture.write(QStringLiteral("work/in.txt"), "input\n");
        m_fixture.write(QStringLiteral("outside/host/secret.txt"), "host-file-secret\n");
        ExecRequest r;
        r.code = QStringLiteral("console.log(Deno.readTextFileSync('in.txt').trim());");
        r.policy = m_fixture.sandboxPolicy();
        r.baseDir = m_fixture.root();
        auto bundle = record(r);
        if (!bundle)
            qFatal("recording failed: %s", qPrintable(bundle.error().message));
        ExecSessionManifest &m = bundle->manifest;
        const QString host = m_fixture.path(QStringLiteral("outside/host"));
        m.code = QStringLiteral(
                "const out = [];\n"
                "const t = (name, f) => { try { out.push(name + ' ' + f()); } catch (e) { out.push(name + ' ' + e.name); } };\n"
                "t('write', () => { Deno.writeTextFileSync('%1/pwned.txt', 'x'); return 'done'; });\n"
                "t('read', () => Deno.readTextFileSync('%1/secret.txt').trim());\n"
                "t('env', () => String(Deno.env.get('SB_HOST_SECRET')));\n"
                "t('run', () => new Deno.Command('/bin/true').outputSync().code);\n"
                "console.log(out.join('\\n'));\n").arg(host);
        m.policy.sandbox = false;
        m.policy.timeoutMs.reset();
        m.policy.permissions.allowRead = {host};
        m.policy.permissions.allowWrite = {host};
        m.policy.permissions.allowRun = {QStringLiteral("*")};
        m.policy.permissions.allowEnv = {QStringLiteral("SB_HOST_SECRET")};
        m.policy.permissions.allowNet = {QStringLiteral("*")};
        m.policy.readOnlyDirs = {host};
        m.environment.append({QStringLiteral("SB_HOST_SECRET"), QStringLiteral("host"), std::nullopt});
        auto tampered = roundTrip(*bundle);
        if (!tampered)
            qFatal("rewriting failed: %s", qPrintable(tampered.error().message));
        return *tampered;
    }

private slots:
    void greedyBundleIsPlannedContained()
    {
        const ExecSession bundle = greedyBundle();
        auto plan = ExecSessionReplayer::plan(bundle, {});
        QVERIFY2(plan.has_value(), qPrintable(plan ? QString() : plan.error().message));
        const Policy &p = plan->request.policy;
        QVERIFY(p.sandbox);
        QVERIFY(plan->request.offline);
        QVERIFY(p.readOnlyDirs.isEmpty());
        QVERIFY(p.permissions.allowRun.isEmpty());
        QVERIFY(p.permissions.allowEnv.isEmpty());
        QVERIFY(p.permissions.allowNet.isEmpty());
        QVERIFY(p.permissions.allowWrite.isEmpty());
        QVERIFY(!p.permissions.allowRead.contains(m_fixture.path(QStringLiteral("outside/host"))));
        QVERIFY(!p.env.contains(QStringLiteral("SB_HOST_SECRET")));
        QCOMPARE(p.timeoutMs, std::optional<qint64>(kDefaultReplayTimeoutMs));
        const QString notes = englishNotes(plan->notes).join(QLatin1Char('\n'));
        for (const char *refused : {"refused: sandbox false", "refused: allow_read", "refused: allow_write",
                                    "refused: read_only_dirs", "refused: allow_run", "refused: allow_net",
                                    "SB_HOST_SECRET was not recorded", "stops after 120 s"})
            QVERIFY2(notes.contains(QLatin1String(refused)), qPrintable(notes));
    }

    void greedyReplayIsContained()
    {
        const ExecSession bundle = greedyBundle();
        qputenv("SB_HOST_SECRET", "host-env-secret");
        auto report = ExecSessionReplayer::runSync(bundle);
        qunsetenv("SB_HOST_SECRET");
        QVERIFY2(report.has_value(), qPrintable(report ? QString() : report.error().message));
        const QByteArray out = report->replayed.stdoutData;
        QVERIFY2(!out.contains("host-file-secret"), out.constData());
        QVERIFY2(!out.contains("host-env-secret"), out.constData());
        QVERIFY2(out.contains("write NotCapable") || out.contains("write PermissionDenied"), out.constData());
        QVERIFY2(!out.contains("run 0"), out.constData());
        QVERIFY(!QFile::exists(m_fixture.path(QStringLiteral("outside/host/pwned.txt"))));
        QVERIFY(report->summary().contains(QStringLiteral("refused: sandbox false")));
    }

    void widerReplayPolicyNeedsExplicitConsent()
    {
        const ExecSession bundle = greedyBundle();
        Policy wider;
        wider.sandbox = true;
        wider.permissions.allowRead = {m_fixture.path(QStringLiteral("outside/host"))};
        auto refused = ExecSessionReplayer::plan(bundle, {wider, {}});
        QVERIFY(!refused.has_value());
        QCOMPARE(refused.error().code, ErrorCode::ConfigError);
        QVERIFY2(refused.error().message.contains(QStringLiteral("allow_read %1").arg(m_fixture.path(QStringLiteral("outside/host")))),
                 qPrintable(refused.error().message));

        ExecReplayOptions consent{wider, {}, true};
        auto report = ExecSessionReplayer::runSync(bundle, consent);
        QVERIFY2(report.has_value(), qPrintable(report ? QString() : report.error().message));
        QVERIFY2(report->replayed.stdoutData.contains("read host-file-secret"), report->replayed.stdoutData.constData());
        QVERIFY(report->summary().contains(QStringLiteral("widened by the replay policy")));

        Policy narrower;
        narrower.sandbox = true;
        narrower.permissions.denyEnv = true;
        QVERIFY(ExecSessionReplayer::plan(bundle, {narrower, {}}).has_value());
    }

    void copiesCannotReplaceTheRuntime()
    {
        ExecSession bundle = greedyBundle();
        auto runtime = locateRuntime({});
        QVERIFY(runtime.has_value());
        QVERIFY(!bundle.manifest.workdirFiles.isEmpty());
        bundle.manifest.inputFiles.insert(runtime->path, bundle.manifest.workdirFiles.first());
        auto report = ExecSessionReplayer::runSync(bundle);
        QVERIFY(!report.has_value());
        QVERIFY2(report.error().message.contains(QStringLiteral("would replace")), qPrintable(report.error().message));

        bundle.manifest.inputFiles.remove(runtime->path);
        bundle.manifest.inputFiles.insert(QStringLiteral("/proc/self/environ"), bundle.manifest.workdirFiles.first());
        auto proc = ExecSessionReplayer::runSync(bundle);
        QVERIFY(!proc.has_value());
        QVERIFY2(proc.error().message.contains(QStringLiteral("cannot go there")), qPrintable(proc.error().message));
    }

    // A bundle from another machine names a workdir that does not exist here.
    void replaysWhereTheWorkdirDoesNotExist()
    {
        m_fixture.write(QStringLiteral("work/in.txt"), "input\n");
        ExecRequest r;
        r.code = QStringLiteral("console.log(Deno.readTextFileSync('in.txt').trim(), Deno.cwd());");
        r.policy = m_fixture.sandboxPolicy();
        r.baseDir = m_fixture.root();
        auto bundle = record(r);
        QVERIFY(bundle.has_value());
        const QString elsewhere = QStringLiteral("/nonexistent-sandbench-host/work");
        QVERIFY(!QFileInfo::exists(elsewhere));
        bundle->stdoutData.replace(m_fixture.workdir().toUtf8(), elsewhere.toUtf8());
        bundle->manifest.workdir = elsewhere;
        bundle->manifest.policy.workdir = elsewhere;
        auto moved = roundTrip(*bundle);
        QVERIFY2(moved.has_value(), qPrintable(moved ? QString() : moved.error().message));
        auto report = ExecSessionReplayer::runSync(*moved);
        QVERIFY2(report.has_value(), qPrintable(report ? QString() : report.error().message));
        QVERIFY2(report->replayed.stdoutData == QByteArray("input ") + elsewhere.toUtf8() + '\n',
                 report->replayed.stderrData.constData());
        QVERIFY(!QFileInfo::exists(elsewhere));
    }

    // bubblewrap's own limit (9000 arguments) is a configuration error, not "exit 1".
    void tooManyRulesIsAConfigurationError()
    {
        ExecRequest r;
        r.code = QStringLiteral("console.log(1)");
        r.policy = m_fixture.sandboxPolicy();
        // Existing files: a grant for a missing file mounts nothing, so only these need arguments.
        QVERIFY(QDir().mkpath(m_fixture.path(QStringLiteral("many"))));
        for (int i = 0; i < 4000; ++i) {
            const QString file = m_fixture.path(QStringLiteral("many/f%1.txt").arg(i));
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            r.policy.permissions.allowRead << file;
        }
        auto result = ExecEngine::runSync(r, {});
        QVERIFY2(!result.has_value(), result ? result->stderrData.constData() : "");
        QCOMPARE(result.error().code, ErrorCode::ConfigError);
        QVERIFY2(result.error().message.contains(QStringLiteral("bubblewrap takes fewer than 9000")), qPrintable(result.error().message));
        QVERIFY(QDir(m_fixture.workdir()).entryList(QDir::Files | QDir::Hidden).filter(QStringLiteral(".sandbench-main")).isEmpty());
    }

    void refusedRunLeavesNoEntryFile()
    {
        const QString work = m_fixture.path(QStringLiteral("linked"));
        QDir().mkpath(work);
        QVERIFY(QFile::link(m_fixture.outside(), work + QStringLiteral("/out")));
        ExecRequest r;
        r.code = QStringLiteral("console.log(1)");
        r.policy.sandbox = true;
        r.policy.workdir = work;
        auto result = ExecEngine::runSync(r, {});
        QVERIFY(!result.has_value());
        QCOMPARE(result.error().code, ErrorCode::ConfigError);
        const QStringList left = QDir(work).entryList(QDir::Files | QDir::Hidden | QDir::System);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char(' '))));
    }
};

QTEST_GUILESS_MAIN(TestReplayContainment)
#include "tst_replaycontainment.moc"
