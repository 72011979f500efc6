// `run --secret`: an exec run's API key reaches only the named host over HTTPS, through the
// run's own proxy (core/net/hostmitmproxy.h), and is nowhere the code can see: not in its
// variables, its output or the audit log. The proxy ends with the run and with Sandbench.
// Real parts: Deno, mitmproxy's mitmdump, and a Python HTTPS server with a CA of the test's own.
#include "execfixture.h"
#include "exec/execengine.h"
#include "sandbox/sandboxtypes.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

#include <csignal>
#include <unistd.h>

using namespace Sandbench;
using namespace Sandbench::Test;

namespace {



constexpr char secretValue[] = "sk-test-9f8e7d6c5b4a-VALUE";

// mitmdump processes whose parent is this process.
QList<qint64> ownMitmdumps()
{
    QList<qint64> out;
    const QString self = QString::number(::getpid());
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        QFile status(QStringLiteral("/proc/%1/status").arg(entry));
        if (!status.open(QIODevice::ReadOnly))
            continue;
        const QString text = QString::fromUtf8(status.readAll());
        if (text.contains(QRegularExpression(QStringLiteral("^PPid:\\s+%1$").arg(self), QRegularExpression::MultilineOption))
            && QFile(QStringLiteral("/proc/%1/cmdline").arg(entry)).open(QIODevice::ReadOnly)) {
            QFile cmd(QStringLiteral("/proc/%1/cmdline").arg(entry));
            cmd.open(QIODevice::ReadOnly);
            if (cmd.readAll().contains("mitmdump"))
                out << entry.toLongLong();
        }
    }
    return out;
}

QString sha256(const QByteArray &data)
{
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

// Running or sleeping; a zombie waiting for init to reap it counts as gone.
bool alive(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return close > 0 && close + 2 < text.size() && text[close + 2] != 'Z' && text[close + 2] != 'X';
}

} // namespace

class TestExecSecrets : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("mitmdump")).isEmpty(), "mitmdump is not installed (scripts/setup installs mitmproxy)");
        QVERIFY(m_dir.isValid());
        const QString script = qEnvironmentVariable("SANDBENCH_SOURCE_DIR") + QStringLiteral("/tests/exec/secretechoserver.py");
        QVERIFY2(QFileInfo::exists(script), "SANDBENCH_SOURCE_DIR does not hold tests/exec/secretechoserver.py (ctest sets it)");
        m_server.start(QStringLiteral("python3"), {script, m_dir.path()});
        QVERIFY2(m_server.waitForStarted(10000), "python3 did not start");
        QTRY_VERIFY_WITH_TIMEOUT(m_server.canReadLine() || m_server.state() == QProcess::NotRunning, 30000);
        const QList<QByteArray> ports = m_server.readLine().trimmed().split(' ');
        QVERIFY2(ports.size() == 3 && ports[0] == "PORTS", m_server.readAllStandardError().constData());
        m_tlsPort = ports[1].toInt();
        m_plainPort = ports[2].toInt();
    }

    void cleanupTestCase()
    {
        m_server.kill();
        m_server.waitForFinished(5000);
    }

    // The named host gets the value over HTTPS; the code, its output and the audit log never do.
    void valueReachesOnlyTheNamedHostOverHttps()
    {
        ExecFixture fixture;
        const QString audit = fixture.path(QStringLiteral("audit.jsonl"));
        ExecRequest request;
        request.policy = fixture.sandboxPolicy();
        request.policy.permissions.allowNet = {QStringLiteral("localhost:%1").arg(m_tlsPort), QStringLiteral("127.0.0.1:%1").arg(m_tlsPort),
                                               QStringLiteral("localhost:%1").arg(m_plainPort)};
        request.auditLogPath = audit;
        request.baseDir = fixture.root();
        request.secrets = {SandboxSecret{QStringLiteral("API_KEY"), {QStringLiteral("localhost")}, QByteArray(secretValue)}};
        request.code = QStringLiteral(
            "const key = Deno.env.get(\"API_KEY\");\n"
            "const get = async (url) => {\n"
            "  try { return await (await fetch(url, {headers: {Authorization: \"Bearer \" + key, \"X-Api-Key\": key}})).json(); }\n"
            "  catch (e) { return {error: String(e) + ' ' + String(e.cause)}; }\n"
            "};\n"
            "console.log(JSON.stringify({\n"
            "  seen: key,\n"
            "  named: await get(\"https://localhost:%1/\"),\n"
            "  other: await get(\"https://127.0.0.1:%1/\"),\n"
            "  plain: await get(\"http://localhost:%2/\"),\n"
            "}));\n").arg(m_tlsPort).arg(m_plainPort);
        ExecEngineConfig config;
        config.secretUpstreamCaFile = m_dir.path() + QStringLiteral("/ca.pem");
        const auto result = ExecEngine::runSync(request, config);
        QVERIFY2(result, result ? "" : qPrintable(result.error().message));
        const QByteArray out = result->stdoutData;
        QVERIFY2(!out.contains(secretValue), out.constData());
        const QJsonObject seen = QJsonDocument::fromJson(out).object();
        QVERIFY2(!seen.isEmpty(), (out + result->stderrData).constData());
        const QString placeholder = seen.value(QLatin1String("seen")).toString();
        QVERIFY2(placeholder.startsWith(QLatin1String("sandbench-secret-API_KEY-")), out.constData());
        // The named host over HTTPS: the value in both headers.
        const QJsonObject named = seen.value(QLatin1String("named")).toObject();
        QCOMPARE(named.value(QLatin1String("auth")).toString(), sha256(QByteArray("Bearer ") + secretValue));
        QCOMPARE(named.value(QLatin1String("key")).toString(), sha256(secretValue));
        // Another name of the same server: passed through untouched, so the runtime meets the
        // server's own certificate, which it does not trust (the proxy terminated nothing).
        QVERIFY2(seen.value(QLatin1String("other")).toObject().value(QLatin1String("error")).toString().contains(QLatin1String("certificate"), Qt::CaseInsensitive),
                 out.constData());
        // Plain HTTP, even to the named host: the placeholder, never the value.
        QCOMPARE(seen.value(QLatin1String("plain")).toObject().value(QLatin1String("auth")).toString(), sha256("Bearer " + placeholder.toLatin1()));
        QFile log(audit);
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QByteArray lines = log.readAll();
        QVERIFY2(lines.contains("localhost:" + QByteArray::number(m_tlsPort)), lines.constData());
        QVERIFY(!lines.contains(secretValue));
        QVERIFY(!result->stderrData.contains(secretValue));
        // The proxy ended with the run.
        QTRY_VERIFY_WITH_TIMEOUT(ownMitmdumps().isEmpty(), 10000);
    }

    // A host the policy does not allow stays denied by the broker: the proxy decides nothing.
    void brokerStillDecidesEveryConnection()
    {
        ExecFixture fixture;
        ExecRequest request;
        request.policy = fixture.sandboxPolicy();
        request.policy.permissions.allowNet = {QStringLiteral("127.0.0.1:%1").arg(m_tlsPort)};
        request.baseDir = fixture.root();
        request.secrets = {SandboxSecret{QStringLiteral("API_KEY"), {QStringLiteral("localhost")}, QByteArray(secretValue)}};
        request.code = QStringLiteral("try { await fetch('https://localhost:%1/'); console.log('reached'); } catch (e) { console.log(String(e)); }").arg(m_tlsPort);
        ExecEngineConfig config;
        config.secretUpstreamCaFile = m_dir.path() + QStringLiteral("/ca.pem");
        const auto result = ExecEngine::runSync(request, config);
        QVERIFY2(result, result ? "" : qPrintable(result.error().message));
        QVERIFY2(result->stdoutData.contains("NotCapable") || result->stdoutData.contains("permission denied"), result->stdoutData.constData());
    }

    // Refused before anything starts, naming the secret and never a value.
    void badSecretsAreRefused_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("host");
        QTest::newRow("a variable Sandbench sets") << QStringLiteral("DENO_DIR") << QStringLiteral("localhost");
        QTest::newRow("the proxy's variable") << QStringLiteral("HTTPS_PROXY") << QStringLiteral("localhost");
        QTest::newRow("an address as host") << QStringLiteral("API_KEY") << QStringLiteral("127.0.0.1");
        QTest::newRow("a wildcard host") << QStringLiteral("API_KEY") << QStringLiteral("*.example.com");
    }

    void badSecretsAreRefused()
    {
        QFETCH(QString, name);
        QFETCH(QString, host);
        ExecFixture fixture;
        ExecRequest request;
        request.policy = fixture.sandboxPolicy();
        request.policy.permissions.allowNet = {QStringLiteral("localhost")};
        request.baseDir = fixture.root();
        request.secrets = {SandboxSecret{name, {host}, QByteArray(secretValue)}};
        request.code = QStringLiteral("console.log('ran')");
        const auto result = ExecEngine::runSync(request);
        QVERIFY2(!result, "a bad secret was taken");
        QVERIFY2(result.error().message.contains(name) || result.error().message.contains(host), qPrintable(result.error().message));
        QVERIFY(!result.error().message.contains(QLatin1String(secretValue)));
        QVERIFY(ownMitmdumps().isEmpty());
    }

    // Killed, the CLI takes its proxy with it: mitmdump sees its input end and exits.
    void proxyEndsWhenSandbenchIsKilled()
    {
        const QString cli = qEnvironmentVariable("SANDBENCH_CLI");
        QVERIFY2(!cli.isEmpty(), "SANDBENCH_CLI is not set (ctest sets it)");
        QProcess run;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("API_KEY"), QLatin1String(secretValue));
        run.setProcessEnvironment(env);
        run.start(cli, {QStringLiteral("run"), QStringLiteral("--sandbox"), QStringLiteral("--allow-net"), QStringLiteral("localhost"),
                        QStringLiteral("--secret"), QStringLiteral("API_KEY@localhost"),
                        QStringLiteral("--code"), QStringLiteral("console.log('started'); await new Promise((r) => setTimeout(r, 60000));")});
        QVERIFY(run.waitForStarted(10000));
        // The CLI's own mitmdump, found by its parent, once it is there.
        qint64 proxy = 0;
        const auto findProxy = [&] {
            for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
                QFile status(QStringLiteral("/proc/%1/status").arg(entry));
                QFile cmd(QStringLiteral("/proc/%1/cmdline").arg(entry));
                if (status.open(QIODevice::ReadOnly) && cmd.open(QIODevice::ReadOnly)
                    && status.readAll().contains(QStringLiteral("\nPPid:\t%1\n").arg(run.processId()).toLatin1())
                    && cmd.readAll().contains("mitmdump"))
                    proxy = entry.toLongLong();
            }
            return proxy > 0;
        };
        QTRY_VERIFY_WITH_TIMEOUT(findProxy() || run.state() == QProcess::NotRunning, 60000);
        QVERIFY2(proxy > 0, run.readAllStandardError().constData());
        ::kill(pid_t(run.processId()), SIGKILL);
        run.waitForFinished(10000);
        QTRY_VERIFY_WITH_TIMEOUT(!alive(proxy), 15000);
    }

private:
    QTemporaryDir m_dir;
    QProcess m_server;
    int m_tlsPort = 0;
    int m_plainPort = 0;
};

QTEST_GUILESS_MAIN(TestExecSecrets)
#include "tst_execsecrets.moc"
