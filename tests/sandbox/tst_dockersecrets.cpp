// Secrets on the real engine: a web server of the test's own (HTTPS, two names, echoing the
// request's headers) on a network of its own, known to the sandbox's egress proxy by both
// names. The sandbox's $API_KEY is a placeholder; the server gets the value only from the name
// the secret is for, the other name gets the placeholder over a connection that was not
// bumped, and the value is nowhere the sandbox can look, nor in the audit, a session or the CLI's
// output.
#include "dockertestsupport.h"

#include "net/egressproxy.h"
#include "sandbox/docker/dockerbackend.h"
#include "session/sandbox/sandboxsession.h"
#include "session/sandbox/sandboxsessionrecorder.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {

QString testFile(const QString &name)
{
    QFile f(qEnvironmentVariable("SANDBENCH_SOURCE_DIR") + QStringLiteral("/tests/sandbox/secrets/") + name);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

Result<SandboxExecResult> python(Sandbox *s, const QString &script, QMap<QString, QString> env = {},
                                 const std::optional<QByteArray> &stdinData = std::nullopt)
{
    ExecOptions o;
    o.timeoutMs = 120'000;
    env.insert(QStringLiteral("SB_SCRIPT"), script);
    o.env = env;
    o.stdinData = stdinData;
    return waitFor(s->exec({QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("exec python3 -c \"$SB_SCRIPT\"")}, o), 180'000);
}

// A value no run of this test shares with another.
QByteArray freshValue()
{
    return QStringLiteral("sk-test-%1%2").arg(QRandomGenerator::system()->generate64(), 16, 16, QLatin1Char('0'))
        .arg(QRandomGenerator::system()->generate64(), 16, 16, QLatin1Char('0')).toLatin1();
}

const QString image = QStringLiteral("sandbench/egress:2"); // an image with python3 for the client

} // namespace

#define VERIFY_OK(r) QVERIFY2((r), qPrintable((r) ? QString() : why((r).error())))

class TestDockerSecrets : public QObject
{
    Q_OBJECT
    QString m_tag;
    QString m_serverIp;
    QByteArray m_serverCa;

    // The session as read back: its output and variables hold the placeholder, never the value.
    static void expectSessionWithoutValue(const QString &file, const QByteArray &value)
    {
        auto session = SandboxSession::read(file);
        VERIFY_OK(session);
        QVERIFY(!session->steps.isEmpty());
        auto out = session->load(0, SandboxPayloadKind::Stdout);
        VERIFY_OK(out);
        QVERIFY2(out->contains("key=sandbench-secret-API_KEY-") && !out->contains(value), out->constData());
        for (const QString &v : session->envValues)
            QVERIFY(!v.toLatin1().contains(value));
        QFile raw(file);
        QVERIFY(raw.open(QIODevice::ReadOnly));
        QVERIFY(!raw.readAll().contains(value));
    }

private slots:
    void initTestCase()
    {
        REQUIRE_DOCKER();
        const QString server = testFile(QStringLiteral("echoserver.py"));
        QVERIFY(!server.isEmpty());
        m_tag = QStringLiteral("sbtest-secrets-%1").arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
        bool ok = false;
        docker({QStringLiteral("network"), QStringLiteral("create"), m_tag}, &ok);
        QVERIFY(ok);
        docker({QStringLiteral("run"), QStringLiteral("-d"), QStringLiteral("--rm"), QStringLiteral("--name"), m_tag,
                QStringLiteral("--network"), m_tag, image, QStringLiteral("python3"), QStringLiteral("-c"), server}, &ok);
        QVERIFY(ok);
        // The server writes its CA once it listens.
        for (QDeadlineTimer deadline(60'000); m_serverCa.isEmpty() && !deadline.hasExpired(); QTest::qWait(m_serverCa.isEmpty() ? 200 : 0))
            m_serverCa = docker({QStringLiteral("exec"), m_tag, QStringLiteral("cat"), QStringLiteral("/tmp/ca.pem")}, &ok);
        QVERIFY2(m_serverCa.contains("BEGIN CERTIFICATE"), docker({QStringLiteral("logs"), m_tag}).constData());
        m_serverIp = QString::fromLatin1(docker({QStringLiteral("inspect"), QStringLiteral("-f"),
                                                 QStringLiteral("{{(index .NetworkSettings.Networks \"%1\").IPAddress}}").arg(m_tag), m_tag}));
        QVERIFY(!m_serverIp.isEmpty());
    }

    void cleanupTestCase()
    {
        docker({QStringLiteral("rm"), QStringLiteral("-f"), m_tag});
        bool removed = false;
        for (QDeadlineTimer deadline(30'000); !removed && !deadline.hasExpired(); QTest::qWait(removed ? 0 : 200))
            docker({QStringLiteral("network"), QStringLiteral("rm"), m_tag}, &removed);
        QVERIFY2(removed, qPrintable(m_tag));
    }

    void valueOnlyForItsHostAndNowhereInside()
    {
        const QByteArray value = freshValue();
        PoolOptions o;
        o.maxSandboxes = 1;
        o.maxLifetimeMs = 300'000;
        o.execTimeoutMs = 180'000;
        o.network = {NetworkKind::None, NetworkKind::Domains};
        DockerProviderOptions po;
        po.egressExtraHosts = {QStringLiteral("secret.test:%1").arg(m_serverIp), QStringLiteral("other.test:%1").arg(m_serverIp),
                               QStringLiteral("third.test:%1").arg(m_serverIp)};
        po.egressUpstreamCaPem = m_serverCa;
        auto pool = openDockerPool(o, po);
        VERIFY_OK(pool);
        SandboxOptions so;
        so.lifetimeMs = 300'000;
        so.image = image;
        so.network.kind = NetworkKind::Domains;
        so.network.domains = {QStringLiteral("secret.test:8443"), QStringLiteral("other.test:8443"), QStringLiteral("third.test:8443")};
        // Two secrets for two hosts: each host gets its own value and the other's placeholder.
        const QByteArray otherValue = freshValue();
        so.secrets = {{QStringLiteral("API_KEY"), {QStringLiteral("secret.test")}, value},
                      {QStringLiteral("OTHER_KEY"), {QStringLiteral("third.test")}, otherValue}};
        Sandbox *s = createSandbox(pool->get(), so);
        QVERIFY(s);
        auto *backend = qobject_cast<DockerBackend *>(s->backend());
        QVERIFY(backend && backend->egressProxy());
        QList<AuditEvent> events;
        connect(backend, &SandboxBackend::networkEvent, this, [&events](const AuditEvent &e) { events << e; });
        bool ok = false;
        docker({QStringLiteral("network"), QStringLiteral("connect"), m_tag, backend->egressProxy()->proxyContainerId()}, &ok);
        QVERIFY(ok);
        // Kept by name and hosts only.
        QCOMPARE(s->options().secrets.size(), 2);
        QVERIFY(s->options().secrets[0].value.isEmpty() && s->options().secrets[1].value.isEmpty());

        // (Not recorded: the server echoes what it got, the value too, into this output.)
        auto r = python(s, testFile(QStringLiteral("client.py")), {{QStringLiteral("TEST_CA"), QString::fromLatin1(m_serverCa)}});
        VERIFY_OK(r);
        const QByteArray out = r->stdoutData;
        const QByteArray placeholder = "sandbench-secret-API_KEY-";
        // The named host: reached through the sandbox's CA, with the value in both headers.
        QVERIFY2(out.contains("secret.test status=200 issuer=mitmproxy"), out + r->stderrData);
        const QByteArray secretPart = out.mid(out.indexOf("secret.test status="), out.indexOf("other.test ") - out.indexOf("secret.test status="));
        QVERIFY2(secretPart.contains("H Authorization: Bearer " + value) && secretPart.contains("H X-Api-Key: " + value), out);
        QVERIFY2(!secretPart.contains(placeholder) && secretPart.contains("H X-Other-Key: sandbench-secret-OTHER_KEY-")
                     && !secretPart.contains(otherValue), out);
        // The other name: the server's own certificate (not bumped), and the placeholders only.
        const QByteArray otherPart = out.mid(out.indexOf("other.test "), out.indexOf("third.test ") - out.indexOf("other.test "));
        QVERIFY2(otherPart.contains("other.test status=200 issuer=Sandbench Test CA"), out + r->stderrData);
        QVERIFY2(otherPart.contains("H X-Api-Key: " + placeholder) && !otherPart.contains(value) && !otherPart.contains(otherValue), out);
        // OTHER_KEY's host, bumped too: its value, and API_KEY's placeholder left as it is.
        const QByteArray thirdPart = out.mid(out.indexOf("third.test "));
        QVERIFY2(thirdPart.contains("third.test status=200 issuer=mitmproxy"), out + r->stderrData);
        QVERIFY2(thirdPart.contains("H X-Other-Key: " + otherValue) && thirdPart.contains("H X-Api-Key: " + placeholder)
                     && !thirdPart.contains(value), out);

        // Nowhere inside: files, environments, command lines. The search finds the placeholder
        // (the control: the search works), never the value.
        const QString scan = testFile(QStringLiteral("scan.py"));
        auto control = python(s, scan, {}, placeholder);
        VERIFY_OK(control);
        QVERIFY2(control->stdoutData.contains("found /run/sandbench/env") && control->stdoutData.contains("/environ"), control->stdoutData);
        for (const QByteArray &v : {value, otherValue}) {
            auto search = python(s, scan, {}, v);
            VERIFY_OK(search);
            QVERIFY2(search->stdoutData.contains("scanned") && !search->stdoutData.contains("found"), search->stdoutData + search->stderrData);
        }

        // Nor in the record: every audit line, and the saved session.
        QDeadlineTimer deadline(30'000);
        auto has = [&events](const QString &resource) {
            return std::ranges::any_of(events, [&](const AuditEvent &e) { return e.resource == resource && e.allowed; });
        };
        while (!deadline.hasExpired() && !(has(QStringLiteral("secret.test:8443")) && has(QStringLiteral("other.test:8443"))))
            QTest::qWait(100);
        QVERIFY(has(QStringLiteral("secret.test:8443")));
        QVERIFY(has(QStringLiteral("other.test:8443")));
        for (const AuditEvent &e : events)
            QVERIFY(!e.toJsonLine().contains(value) && !e.toJsonLine().contains(otherValue));
        SandboxSessionRecorder recorder(s);
        recorder.setRecordEnvValues(true);
        ExecOptions eo;
        eo.timeoutMs = 60'000;
        eo.env = {{QStringLiteral("VISIBLE"), QStringLiteral("1")}};
        VERIFY_OK(waitFor(recorder.exec({QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo \"key=$API_KEY\"; cat /run/sandbench/env")}, eo),
                          120'000));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString sessionFile = dir.filePath(QStringLiteral("session.sbsession"));
        VERIFY_OK(recorder.session().write(sessionFile));
        expectSessionWithoutValue(sessionFile, value);

        // mitmdump alone dies: Squid goes with it, the record says so, and the sandbox is
        // offline, never connected around it.
        QSignalSpy stopped(backend->egressProxy(), &EgressProxy::proxyStopped);
        docker({QStringLiteral("exec"), backend->egressProxy()->proxyContainerId(), QStringLiteral("sh"), QStringLiteral("-c"),
                QStringLiteral("for p in /proc/[0-9]*; do [ \"$(cat $p/comm 2>/dev/null)\" = mitmdump ] && kill -9 ${p#/proc/}; done; true")},
               &ok);
        QVERIFY(ok);
        QVERIFY(stopped.wait(30'000));
        auto after = python(s, testFile(QStringLiteral("client.py")), {{QStringLiteral("TEST_CA"), QString::fromLatin1(m_serverCa)}});
        VERIFY_OK(after);
        QVERIFY2(!after->stdoutData.contains("status=") && after->stdoutData.count("error=") == 3, after->stdoutData);

        VERIFY_OK(waitFor(s->release(), 60'000));
        QVERIFY(waitFor((*pool)->close(), 60'000));
    }

    // The CLI: the value from its own environment; the sandbox, the output, the audit log and
    // the session hold the placeholder only.
    void cliKeepsTheValueOut()
    {
        const QByteArray value = freshValue();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString audit = dir.filePath(QStringLiteral("net.jsonl"));
        const QString record = dir.filePath(QStringLiteral("session.json"));
        QProcess cli;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("API_KEY"), QString::fromLatin1(value));
        cli.setProcessEnvironment(env);
        cli.setStandardInputFile(QProcess::nullDevice());
        cli.start(qEnvironmentVariable("SANDBENCH_CLI"),
                  {QStringLiteral("sandbox"), QStringLiteral("run"), QStringLiteral("--network"), QStringLiteral("allow:api.invalid:443"),
                   QStringLiteral("--secret"), QStringLiteral("API_KEY@api.invalid"), QStringLiteral("--audit-log"), audit,
                   QStringLiteral("--record"), record, QStringLiteral("--record-env-values"), QStringLiteral("--"),
                   QStringLiteral("sh"), QStringLiteral("-c"),
                   QStringLiteral("echo \"key=$API_KEY\"; cat /run/sandbench/env; "
                                  "(printf 'CONNECT other.invalid:443 HTTP/1.1\\r\\n\\r\\nGET / HTTP/1.0\\r\\n\\r\\n'; sleep 2) "
                                  "| nc -w 4 ${https_proxy#http://} | head -1")});
        QVERIFY(cli.waitForFinished(180'000));
        const QByteArray out = cli.readAllStandardOutput();
        const QByteArray errors = cli.readAllStandardError();
        QVERIFY2(cli.exitCode() == 0, errors.constData());
        QVERIFY2(out.contains("key=sandbench-secret-API_KEY-"), out.constData());
        QVERIFY(!out.contains(value) && !errors.contains(value));
        QFile log(audit);
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QByteArray lines = log.readAll();
        QVERIFY2(lines.contains("other.invalid:443") && !lines.contains(value), (lines + out + errors).constData());
        expectSessionWithoutValue(record, value);
    }

    void cliRefusesAMissingVariable()
    {
        QProcess cli;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("SB_NOT_SET_KEY"));
        cli.setProcessEnvironment(env);
        cli.start(qEnvironmentVariable("SANDBENCH_CLI"),
                  {QStringLiteral("sandbox"), QStringLiteral("run"), QStringLiteral("--network"), QStringLiteral("allow:api.invalid"),
                   QStringLiteral("--secret"), QStringLiteral("SB_NOT_SET_KEY@api.invalid"), QStringLiteral("--"), QStringLiteral("true")});
        QVERIFY(cli.waitForFinished(60'000));
        QCOMPARE(cli.exitCode(), 2);
        const QByteArray errors = cli.readAllStandardError();
        QVERIFY2(errors.contains("the environment variable SB_NOT_SET_KEY is not set"), errors.constData());
        // A value typed into the spec by mistake is refused and not repeated.
        QProcess inline_;
        inline_.start(qEnvironmentVariable("SANDBENCH_CLI"),
                      {QStringLiteral("sandbox"), QStringLiteral("run"), QStringLiteral("--network"), QStringLiteral("allow:api.invalid"),
                       QStringLiteral("--secret"), QStringLiteral("API_KEY@api.invalid=sk-typed-inline"), QStringLiteral("--"), QStringLiteral("true")});
        QVERIFY(inline_.waitForFinished(60'000));
        QCOMPARE(inline_.exitCode(), 2);
        const QByteArray inlineErrors = inline_.readAllStandardError();
        QVERIFY2(inlineErrors.contains("file:PATH") && !inlineErrors.contains("sk-typed-inline"), inlineErrors.constData());
    }
};

QTEST_GUILESS_MAIN(TestDockerSecrets)
#include "tst_dockersecrets.moc"
