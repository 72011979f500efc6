// The self-test: on this machine every layer holds; with each layer taken away in turn (a
// launcher without Landlock, one without no-new-privileges under a bubblewrap that makes no
// namespace, a bubblewrap that makes no PID or network namespace or none at all, a cgroup root
// where none can be made, a runtime that is not the pinned one and ignores its broker, an
// unreachable Docker engine) that layer is reported missing with its reason, the others still
// hold, and the CLI exits 1.
#include "doctor/doctor.h"
#include "doctor/sandboxprobe.h"
#include "sandbox/docker/dockerprovider.h"
#include "testsupport.h"
#include "workbench/workbench.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace Sandbench;

namespace {

DoctorReport runDoctor(DoctorOptions options, SandboxProviderFactory providers = {})
{
    WorkbenchOptions wo;
    wo.sandboxProviders = std::move(providers);
    Workbench workbench(wo);
    Doctor *doctor = workbench.startDoctor(std::move(options), &workbench);
    QSignalSpy finished(doctor, &Doctor::finished);
    if (!finished.wait(300'000))
        qWarning("the doctor did not finish");
    return doctor->report();
}

LayerCheck layerOf(const DoctorReport &report, const QString &layer)
{
    for (const LayerCheck &check : report.layers)
        if (check.layer == layer)
            return check;
    return {layer, LayerState::Missing, QStringLiteral("(not reported)")};
}

QString describe(const DoctorReport &report) { return report.toText(); }

// Every layer but `expectedMissing` holds (or does not apply); those are missing, their why
// containing `why`.
void expectOnlyMissing(const DoctorReport &report, const QStringList &expectedMissing, const QString &why)
{
    QCOMPARE(report.layers.size(), doctorLayers().size());
    for (const LayerCheck &check : report.layers) {
        if (expectedMissing.contains(check.layer)) {
            QVERIFY2(check.state == LayerState::Missing, qPrintable(check.layer + QStringLiteral(" should be missing:\n") + describe(report)));
            QVERIFY2(check.why.contains(why), qPrintable(check.layer + QStringLiteral(": ") + check.why));
        } else {
            QVERIFY2(check.state != LayerState::Missing, qPrintable(check.layer + QStringLiteral(" should hold:\n") + describe(report)));
        }
    }
    QVERIFY(!report.allHeld());
}

// A bubblewrap that drops `dropped` from its arguments, then runs the real one.
QString bwrapWithout(const QTemporaryDir &dir, const QString &dropped)
{
    const QString path = dir.path() + QStringLiteral("/bwrap-without") + dropped;
    Test::writeFile(path, QStringLiteral("#!/bin/sh\nfor a do shift; [ \"$a\" = %1 ] || set -- \"$@\" \"$a\"; done\nexec /usr/bin/bwrap \"$@\"\n")
                                  .arg(dropped).toUtf8());
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

// A "bubblewrap" that runs what follows its "--" on the host: no namespace, no mount, nothing.
QString bwrapThatMakesNothing(const QTemporaryDir &dir)
{
    const QString fake = dir.path() + QStringLiteral("/bwrap-none");
    Test::writeFile(fake, "#!/bin/sh\nwhile [ \"$1\" != -- ]; do shift; done\nshift\nexec \"$@\"\n");
    QFile::setPermissions(fake, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return fake;
}

DoctorOptions withoutSandboxes()
{
    DoctorOptions options;
    options.sandboxes = false;
    return options;
}

} // namespace

class TestDoctor : public QObject
{
    Q_OBJECT

private slots:
    void everyLayerHoldsOnThisMachine()
    {
        const DoctorReport report = runDoctor(DoctorOptions{}, dockerProviderFactory());
        qInfo().noquote() << "\n" << report.toText();
        QCOMPARE(report.layers.size(), doctorLayers().size());
        for (int i = 0; i < report.layers.size(); ++i) {
            const LayerCheck &check = report.layers.at(i);
            QCOMPARE(check.layer, doctorLayers().at(i));
            QVERIFY2(!check.why.isEmpty(), qPrintable(check.layer));
            // As root bubblewrap makes no user namespace (it drops every capability instead).
            const bool userNsNa = check.layer == QLatin1String(DoctorLayer::userNamespace) && ::geteuid() == 0;
            QVERIFY2(check.state == (userNsNa ? LayerState::NotApplicable : LayerState::Held), qPrintable(report.toText()));
        }
        QVERIFY(report.allHeld());
    }

    void launcherWithoutLandlock()
    {
        DoctorOptions options = withoutSandboxes();
        options.launcherPath = QStringLiteral(FAKE_LAUNCH_NOLANDLOCK);
        const DoctorReport report = runDoctor(options);
        expectOnlyMissing(report, {QLatin1String(DoctorLayer::landlock)}, QStringLiteral("was not refused"));
    }

    void noNewPrivilegesNeedsBothBubblewrapAndLauncherGone()
    {
        // bubblewrap sets no-new-privileges itself, and so does the launcher: without the
        // launcher's the layer still holds; with bubblewrap's gone too it is missing.
        DoctorOptions options = withoutSandboxes();
        options.launcherPath = QStringLiteral(FAKE_LAUNCH_NONNP);
        DoctorReport report = runDoctor(options);
        QCOMPARE(layerOf(report, QLatin1String(DoctorLayer::noNewPrivileges)).state, LayerState::Held);
        QCOMPARE(layerOf(report, QLatin1String(DoctorLayer::landlock)).state, LayerState::Missing);

        QTemporaryDir dir;
        options.bwrapPath = bwrapThatMakesNothing(dir);
        report = runDoctor(options);
        QCOMPARE(layerOf(report, QLatin1String(DoctorLayer::noNewPrivileges)).state, LayerState::Missing);
        QVERIFY(layerOf(report, QLatin1String(DoctorLayer::noNewPrivileges)).why.contains(QLatin1String("NoNewPrivs is not set")));
        QCOMPARE(layerOf(report, QLatin1String(DoctorLayer::memoryCgroup)).state, LayerState::Held);
        QCOMPARE(layerOf(report, QLatin1String(DoctorLayer::runtimeChecksum)).state, LayerState::Held);
    }

    void bubblewrapWithoutPidNamespace()
    {
        QTemporaryDir dir;
        DoctorOptions options = withoutSandboxes();
        options.bwrapPath = bwrapWithout(dir, QStringLiteral("--unshare-pid"));
        expectOnlyMissing(runDoctor(options), {QLatin1String(DoctorLayer::pidNamespace)}, QStringLiteral("shares the host's PID namespace"));
    }

    void bubblewrapWithoutNetworkNamespace()
    {
        QTemporaryDir dir;
        DoctorOptions options = withoutSandboxes();
        options.bwrapPath = bwrapWithout(dir, QStringLiteral("--unshare-net"));
        expectOnlyMissing(runDoctor(options), {QLatin1String(DoctorLayer::networkNamespace)}, QStringLiteral("network interfaces"));
    }

    void bubblewrapThatMakesNoNamespace()
    {
        // Runs what follows "--" on the host: the launcher still applies Landlock and
        // no-new-privileges, but nothing is contained.
        QTemporaryDir dir;
        DoctorOptions options = withoutSandboxes();
        options.bwrapPath = bwrapThatMakesNothing(dir);
        const DoctorReport report = runDoctor(options);
        for (const char *layer : {DoctorLayer::pidNamespace, DoctorLayer::mountNamespace, DoctorLayer::networkNamespace})
            QVERIFY2(layerOf(report, QLatin1String(layer)).state == LayerState::Missing, qPrintable(report.toText()));
        QCOMPARE(layerOf(report, QLatin1String(DoctorLayer::landlock)).state, LayerState::Held);
        QCOMPARE(layerOf(report, QLatin1String(DoctorLayer::noNewPrivileges)).state, LayerState::Held);
        QVERIFY(!report.allHeld());
    }

    void noCgroupCanBeMade()
    {
        QTemporaryDir root; // a plain folder: no controller, no cgroup.procs
        DoctorOptions options = withoutSandboxes();
        options.cgroupRoot = root.path();
        expectOnlyMissing(runDoctor(options), {QLatin1String(DoctorLayer::memoryCgroup), QLatin1String(DoctorLayer::pidsCgroup)},
                          QStringLiteral("cannot create a"));
    }

    void runtimeThatIsNotThePinnedOne()
    {
        DoctorOptions options = withoutSandboxes();
        options.runtimeSha256 = QString(64, QLatin1Char('0'));
        expectOnlyMissing(runDoctor(options), {QLatin1String(DoctorLayer::runtimeChecksum)}, QStringLiteral("not the pinned"));
    }

    void runtimeThatIgnoresItsBroker()
    {
        // Says it is Deno, then runs "code" whatever its environment says.
        QTemporaryDir dir;
        const QString fake = dir.path() + QStringLiteral("/deno");
        Test::writeFile(fake, "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'deno 2.9.6 (fake)'; exit 0; fi\necho STARTED\necho READ SECRET-CONTENT\n");
        QFile::setPermissions(fake, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        DoctorOptions options = withoutSandboxes();
        options.engine.runtimePath = fake;
        options.engine.cacheDir = dir.path() + QStringLiteral("/cache");
        const DoctorReport report = runDoctor(options);
        QCOMPARE(layerOf(report, QLatin1String(DoctorLayer::runtimeNeedsBroker)).state, LayerState::Missing);
        QVERIFY(layerOf(report, QLatin1String(DoctorLayer::runtimeNeedsBroker)).why.contains(QLatin1String("ran the code")));
        QCOMPARE(layerOf(report, QLatin1String(DoctorLayer::runtimeChecksum)).state, LayerState::Missing);
        QCOMPARE(layerOf(report, QLatin1String(DoctorLayer::broker)).state, LayerState::Missing);
        QCOMPARE(layerOf(report, QLatin1String(DoctorLayer::landlock)).state, LayerState::Held);
    }

    void unreachableDockerEngine()
    {
        QTemporaryDir dir;
        const QString socket = dir.path() + QStringLiteral("/no-docker.sock");
        SandboxProviderFactory factory = [socket]() -> Result<std::unique_ptr<SandboxProvider>> {
            DockerProviderOptions o;
            o.socketPath = socket;
            auto made = DockerProvider::create(o);
            if (!made)
                return std::unexpected(made.error());
            return std::unique_ptr<SandboxProvider>(std::move(*made));
        };
        const DoctorReport report = runDoctor(DoctorOptions{}, factory);
        const QStringList docker = {QLatin1String(DoctorLayer::dockerCapabilities), QLatin1String(DoctorLayer::dockerUser),
                                    QLatin1String(DoctorLayer::dockerReadOnlyRoot), QLatin1String(DoctorLayer::dockerNoNetwork)};
        expectOnlyMissing(report, docker, QString());
        for (const QString &layer : docker)
            QVERIFY2(layerOf(report, layer).why.contains(socket) || layerOf(report, layer).why.contains(QLatin1String("sandbox")),
                     qPrintable(layerOf(report, layer).why));
    }

    // What a sandbox that kept too much would print: each check finds its own fault.
    void sandboxJudgementFindsEachFault()
    {
        const QByteArray good = "Uid: 1000\nCapEff: 0000000000000000\nNoNewPrivs: 1\nPid1CapBnd: 00000000000000e0\nNetif: lo\nEnd:\n";
        const QByteArray roRoot = "sh: 1: cannot create /.sandbench-doctor: Read-only file system\nEnd:\n";
        for (const LayerCheck &c : SandboxProbe::judge(good, roRoot))
            QVERIFY2(c.state == LayerState::Held, qPrintable(c.layer + c.why));
        auto stateOf = [](const QList<LayerCheck> &checks, const char *layer) {
            for (const LayerCheck &c : checks)
                if (c.layer == QLatin1String(layer))
                    return c.state;
            return LayerState::NotApplicable;
        };
        QByteArray caps = good;
        caps.replace("CapEff: 0000000000000000", "CapEff: 0000000000000400");
        QCOMPARE(stateOf(SandboxProbe::judge(caps, roRoot), DoctorLayer::dockerCapabilities), LayerState::Missing);
        QByteArray bounding = good;
        bounding.replace("Pid1CapBnd: 00000000000000e0", "Pid1CapBnd: 000001ffffffffff");
        QCOMPARE(stateOf(SandboxProbe::judge(bounding, roRoot), DoctorLayer::dockerCapabilities), LayerState::Missing);
        QByteArray root = good;
        root.replace("Uid: 1000", "Uid: 0");
        QCOMPARE(stateOf(SandboxProbe::judge(root, roRoot), DoctorLayer::dockerUser), LayerState::Missing);
        QByteArray nnp = good;
        nnp.replace("NoNewPrivs: 1", "NoNewPrivs: 0");
        QCOMPARE(stateOf(SandboxProbe::judge(nnp, roRoot), DoctorLayer::dockerUser), LayerState::Missing);
        QCOMPARE(stateOf(SandboxProbe::judge(good, "Root: written\nEnd:\n"), DoctorLayer::dockerReadOnlyRoot), LayerState::Missing);
        QCOMPARE(stateOf(SandboxProbe::judge(good, "sh: Permission denied\nEnd:\n"), DoctorLayer::dockerReadOnlyRoot), LayerState::Missing);
        QByteArray net = good;
        net.replace("Netif: lo\n", "Netif: lo\nNetif: eth0\n");
        QCOMPARE(stateOf(SandboxProbe::judge(net, roRoot), DoctorLayer::dockerNoNetwork), LayerState::Missing);
        for (const LayerCheck &c : SandboxProbe::judge(QByteArray(), QByteArray()))
            QCOMPARE(c.state, LayerState::Missing);
    }

    void reportIsEscapedAndMachineReadable()
    {
        DoctorReport report;
        report.layers = {{QStringLiteral("landlock"), LayerState::Missing, QStringLiteral("bad \x1b[31mred\x1b[0m")},
                         {QStringLiteral("pid-namespace"), LayerState::Held, QStringLiteral("fine")},
                         {QStringLiteral("user-namespace"), LayerState::NotApplicable, QStringLiteral("root")}};
        const QString text = report.toText();
        QVERIFY(!text.contains(QChar(0x1b)));
        QVERIFY(text.startsWith(QLatin1String("missing  landlock")));
        QVERIFY(text.contains(QLatin1String("\nheld     pid-namespace")));
        QVERIFY(text.contains(QLatin1String("\nn/a      user-namespace")));
        QVERIFY(!report.allHeld());
        const QJsonObject json = QJsonDocument::fromJson(report.toJson()).object();
        QCOMPARE(json.value(QLatin1String("ok")).toBool(true), false);
        QCOMPARE(json.value(QLatin1String("layers")).toArray().size(), 3);
        QCOMPARE(json.value(QLatin1String("layers")).toArray().at(2).toObject().value(QLatin1String("state")).toString(), QStringLiteral("n/a"));
        report.layers.removeFirst();
        QVERIFY(report.allHeld());
        QVERIFY(!DoctorReport{}.allHeld()); // nothing proved is not "all held"
    }

    void cliReportsAndExits()
    {
        const Test::CliRun json = Test::runCli({QStringLiteral("doctor"), QStringLiteral("--json")}, 300'000);
        QVERIFY2(json.exitCode == 0, json.stdoutData + json.stderrData);
        const QJsonObject object = QJsonDocument::fromJson(json.stdoutData).object();
        QVERIFY(object.value(QLatin1String("ok")).toBool());
        QStringList layers;
        for (const QJsonValue &v : object.value(QLatin1String("layers")).toArray())
            layers << v.toObject().value(QLatin1String("layer")).toString();
        QCOMPARE(layers, doctorLayers());

        const Test::CliRun text = Test::runCli({QStringLiteral("doctor"), QStringLiteral("--no-sandboxes")}, 300'000);
        QCOMPARE(text.exitCode, 0);
        const QList<QByteArray> lines = text.stdoutData.trimmed().split('\n');
        QCOMPARE(lines.size(), doctorLayers().size());
        QVERIFY(text.stdoutData.contains("n/a      docker-user"));
        QVERIFY(text.stdoutData.contains("held     landlock"));

        // A layer missing: exit 1 (Docker unreachable).
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        QTemporaryDir dir;
        env.insert(QStringLiteral("DOCKER_HOST"), QStringLiteral("unix://%1/none.sock").arg(dir.path()));
        const Test::CliRun missing = Test::runCli({QStringLiteral("doctor")}, 300'000, env);
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.stdoutData.contains("missing  docker-user"));

        const Test::CliRun bad = Test::runCli({QStringLiteral("doctor"), QStringLiteral("--bogus")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.stderrData.contains("--bogus"));
        QCOMPARE(Test::runCli({QStringLiteral("doctor"), QStringLiteral("extra")}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestDoctor)
#include "tst_doctor.moc"
