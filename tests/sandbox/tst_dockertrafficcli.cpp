// A sandbox session's traffic, end to end through the real CLI and the real engine: a web
// server on this machine (reached through the egress proxy as allow:127.0.0.1:PORT) counts and
// echoes; `sandbox run --record` runs busybox wget against it (the same URL twice with different
// answers, a body posted); the server is stopped; `replay` of the bundle is identical offline. A
// changed request is a divergence naming it, and a bundle whose traffic was tampered with
// (a body's digest, its size, a header's bytes, a million requests' worth of count) is refused
// with an error naming what and where.
#include "dockertestsupport.h"

#include "session/sandbox/sandboxsession.h"
#include "session/sessionarchive.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

// The bundle at `from` with its manifest changed by `edit`, written to `to` as a writer would
// (every member's digest listed anew): what a hostile hand makes, past the archive's own checks.
bool rewrite(const QString &from, const QString &to, const std::function<void(QJsonObject &)> &edit)
{
    QTemporaryDir dir;
    auto extracted = extractArchive(from, dir.path(), {}, [](const QString &) { return true; },
                                    [](const QString &, const QString &, const QByteArray &) { return VoidResult{}; });
    if (!extracted)
        return false;
    QFile manifestFile(dir.filePath(QStringLiteral("manifest.json")));
    if (!manifestFile.open(QIODevice::ReadOnly))
        return false;
    QJsonObject manifest = QJsonDocument::fromJson(manifestFile.readAll()).object();
    edit(manifest);
    QList<ArchiveMember> members{{QStringLiteral("manifest.json"), QJsonDocument(manifest).toJson(QJsonDocument::Compact), {}}};
    for (const QString &name : QDir(dir.filePath(QStringLiteral("files"))).entryList(QDir::Files))
        members.append({QStringLiteral("files/") + name, {}, dir.filePath(QStringLiteral("files/") + name)});
    return bool(writeArchive(to, members, QStringLiteral("SHA256SUMS")));
}

QJsonObject withTraffic(QJsonObject manifest, const std::function<void(QJsonArray &)> &edit)
{
    QJsonObject sandbox = manifest.value(QStringLiteral("sandbox")).toObject();
    QJsonArray traffic = sandbox.value(QStringLiteral("traffic")).toArray();
    edit(traffic);
    sandbox.insert(QStringLiteral("traffic"), traffic);
    manifest.insert(QStringLiteral("sandbox"), sandbox);
    return manifest;
}

} // namespace

#define VERIFY_OK(r) QVERIFY2((r), qPrintable((r) ? QString() : why((r).error())))

class TestDockerTrafficCli : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    HostTestServer m_server;
    int m_port = 0;
    QString m_bundle;

    QString url(const QString &path) const { return QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path); }
    QString script(const QString &last) const
    {
        return QStringLiteral("wget -q -O - %1 && wget -q -O - %1 && wget -q -O - --post-data 'a=1&b=two' %2 && %3")
            .arg(url(QStringLiteral("/n")), url(QStringLiteral("/echo")), last);
    }

private slots:
    void initTestCase()
    {
        REQUIRE_DOCKER();
        QVERIFY(QFileInfo(qEnvironmentVariable("SANDBENCH_CLI")).isExecutable());
        QVERIFY(m_dir.isValid());
        auto port = m_server.start();
        VERIFY_OK(port);
        m_port = *port;
        m_bundle = m_dir.filePath(QStringLiteral("traffic.sbsession"));
    }

    void cleanupTestCase() { m_server.stop(); }

    // --network all goes around the egress proxy: nothing there to record, so refused.
    void recordWithNetworkAllRefused()
    {
        const QString file = m_dir.filePath(QStringLiteral("all.sbsession"));
        const SandboxCliRun r = runSandboxCli({QStringLiteral("sandbox"), QStringLiteral("run"), QStringLiteral("--network"), QStringLiteral("all"),
                              QStringLiteral("--record"), file, QStringLiteral("--"), QStringLiteral("true")});
        QVERIFY2(r.status == 2 && r.err.contains("--record cannot record the traffic of --network all"), qPrintable(describe(r)));
        QVERIFY(!QFile::exists(file));
    }

    void recordedThenReplayedOffline()
    {
        const SandboxCliRun recorded = runSandboxCli({QStringLiteral("sandbox"), QStringLiteral("run"), QStringLiteral("--network"),
                                     QStringLiteral("allow:127.0.0.1:%1").arg(m_port), QStringLiteral("--record"), m_bundle,
                                     QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"), script(QStringLiteral("echo done"))});
        QVERIFY2(recorded.status == 0, qPrintable(describe(recorded)));
        QCOMPARE(recorded.out, QByteArray("answer 1\nanswer 2\nposted: a=1&b=two\ndone\n"));

        // In the bundle, by digest, every exchange of the run (checked as any reader checks it).
        auto session = SandboxSession::read(m_bundle);
        VERIFY_OK(session);
        QVERIFY(session->trafficRecorded);
        QCOMPARE(session->traffic.exchanges.size(), 3);
        QCOMPARE(session->traffic.exchanges[1].url, url(QStringLiteral("/n")));
        QCOMPARE(*session->payloads->load(session->traffic.exchanges[1].responseBody, QStringLiteral("answer")), QByteArray("answer 2\n"));
        QCOMPARE(*session->payloads->load(session->traffic.exchanges[2].requestBody, QStringLiteral("posted")), QByteArray("a=1&b=two"));
        // The server's cookie is a credential: redacted.
        QVERIFY(session->traffic.redacted.contains(QStringLiteral("response header Set-Cookie")));

        // Nothing can answer now but the recording.
        m_server.stop();
        const SandboxCliRun replayed = runSandboxCli({QStringLiteral("replay"), m_bundle});
        QVERIFY2(replayed.status == 0 && replayed.out.startsWith("identical\n"), qPrintable(describe(replayed)));
    }

    // The same steps asking for a URL the recording lacks: diverged, the request named.
    void changedRequestDiverges()
    {
        auto session = SandboxSession::read(m_bundle);
        VERIFY_OK(session);
        auto *exec = session->steps[0].as<SandboxExecStep>();
        QVERIFY(exec);
        exec->argv = {QStringLiteral("sh"), QStringLiteral("-c"), script(QStringLiteral("wget -q -O - %1; echo done").arg(url(QStringLiteral("/missing"))))};
        const QString changed = m_dir.filePath(QStringLiteral("changed.sbsession"));
        VERIFY_OK(session->write(changed));
        const SandboxCliRun r = runSandboxCli({QStringLiteral("replay"), changed});
        QVERIFY2(r.status == 1, qPrintable(describe(r)));
        QVERIFY2(r.out.contains("diverged: network at step 1"), qPrintable(describe(r)));
        QVERIFY2(r.out.contains(QStringLiteral("GET %1: not in the recording").arg(url(QStringLiteral("/missing"))).toUtf8()),
                 qPrintable(describe(r)));
    }

    void hostileBundleRefused_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("expected");
        QTest::newRow("digest of no member") << QStringLiteral("digest") << QStringLiteral("recorded request 3: its response body files/");
        QTest::newRow("size other than the member's") << QStringLiteral("size") << QStringLiteral("recorded request 2: its response body files/");
        QTest::newRow("line break in a header") << QStringLiteral("header") << QStringLiteral("recorded request 1: a request header has a bad name or a line break");
        QTest::newRow("more requests than are read") << QStringLiteral("count") << QStringLiteral("the session's traffic has 20001 requests; at most 20000 are read");
        QTest::newRow("traffic without the flag") << QStringLiteral("unflagged") << QStringLiteral("traffic, but the session says none was recorded");
    }

    void hostileBundleRefused()
    {
        QFETCH(QString, name);
        QFETCH(QString, expected);
        const QString hostile = m_dir.filePath(name + QStringLiteral(".sbsession"));
        QVERIFY(rewrite(m_bundle, hostile, [&](QJsonObject &manifest) {
            if (name == QLatin1String("unflagged")) {
                QJsonObject sandbox = manifest.value(QStringLiteral("sandbox")).toObject();
                sandbox.remove(QStringLiteral("trafficRecorded"));
                manifest.insert(QStringLiteral("sandbox"), sandbox);
                return;
            }
            manifest = withTraffic(manifest, [&](QJsonArray &traffic) {
                if (name == QLatin1String("count")) {
                    QJsonObject one = traffic.at(0).toObject();
                    one.insert(QStringLiteral("requestHeaders"), QJsonArray());
                    one.insert(QStringLiteral("responseHeaders"), QJsonArray());
                    while (traffic.size() <= 20000)
                        traffic.append(one);
                    return;
                }
                const int at = name == QLatin1String("digest") ? 2 : name == QLatin1String("size") ? 1 : 0;
                QJsonObject e = traffic.at(at).toObject();
                if (name == QLatin1String("header")) {
                    QJsonArray headers = e.value(QStringLiteral("requestHeaders")).toArray();
                    headers.append(QJsonArray{QStringLiteral("X-Smuggled"), QStringLiteral("a\r\nHost: elsewhere")});
                    e.insert(QStringLiteral("requestHeaders"), headers);
                } else {
                    QJsonObject body = e.value(QStringLiteral("responseBody")).toObject();
                    if (name == QLatin1String("digest"))
                        body.insert(QStringLiteral("sha256"), QString(64, QLatin1Char('a')));
                    else
                        body.insert(QStringLiteral("size"), body.value(QStringLiteral("size")).toInt() + 1000);
                    e.insert(QStringLiteral("responseBody"), body);
                }
                traffic.replace(at, e);
            });
        }));
        const SandboxCliRun r = runSandboxCli({QStringLiteral("replay"), hostile});
        QVERIFY2(r.status == 2, qPrintable(describe(r)));
        QVERIFY2(r.err.contains(hostile.toUtf8()) && r.err.contains(expected.toUtf8()), qPrintable(describe(r)));
    }
};

QTEST_GUILESS_MAIN(TestDockerTrafficCli)
#include "tst_dockertrafficcli.moc"
