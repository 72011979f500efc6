// code.run's HTTP(S) in an agent session, on the real Deno runtime and mitmproxy: each call's
// exec session holds its traffic (recorded by the same proxy as `run --record`), and the agent
// session replays identical offline with the servers stopped, in process and with
// `sandbench-cli replay`.
#include "mcpcalls.h"
#include "testsupport.h"
#include "../session/trafficservers.h"

#include "mcp/agentsessionreplayer.h"
#include "mcp/mcpclientsession.h"
#include "mcp/mcpserver.h"
#include "session/agent/agentsession.h"
#include "session/exec/execsession.h"
#include "workbench/workbench.h"

#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Sandbench;
using namespace Sandbench::Test;

class TestAgentTraffic : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void codeRunTrafficIsRecordedAndReplayedOffline()
    {
        QVERIFY2(!QStandardPaths::findExecutable(QStringLiteral("mitmdump")).isEmpty(), "mitmdump is not installed (scripts/setup installs mitmproxy)");
        Servers servers;
        QVERIFY2(servers.tls && servers.plain, qPrintable(servers.error()));
        McpServerOptions o;
        o.recordDir = m_dir.filePath(QStringLiteral("records"));
        o.policyBaseDir = m_dir.path();
        o.policy.permissions.allowNet = {QStringLiteral("127.0.0.1:%1").arg(servers.plain), QStringLiteral("localhost:%1").arg(servers.tls)};
        o.engine.secretUpstreamCaFile = servers.caFile();
        McpServer server(o);
        auto *s = static_cast<McpClientSession *>(server.newSession(QStringLiteral("test"), &server));
        const QJsonObject init = ask(s, rpc(1, QStringLiteral("initialize"), {{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")}}));
        QVERIFY2(init.contains(QLatin1String("result")), QJsonDocument(init).toJson().constData());
        const QString code = QStringLiteral(
            "const a = await (await fetch('http://127.0.0.1:%1/first')).json();\n"
            "const b = await (await fetch('https://localhost:%2/second', {method: 'POST', body: 'payload'})).json();\n"
            "console.log(a.path, b.path, b.size);").arg(servers.plain).arg(servers.tls);
        const QJsonObject ran = ask(s, codeRun(2, code));
        QCOMPARE(stdoutOf(ran), QStringLiteral("/first /second 7\n"));
        const QString path = s->recordPath();
        QSignalSpy closed(s, &McpSession::closed);
        s->close(QStringLiteral("done"));
        QVERIFY(closed.count() == 1 || closed.wait(kMcpAnswerMs));
        servers.stop();

        auto recorded = AgentSession::read(path);
        QVERIFY2(recorded, recorded ? "" : qPrintable(recorded.error().message));
        QCOMPARE(recorded->calls.size(), 1);
        auto bytes = recorded->execSessionData(0);
        QVERIFY2(bytes, bytes ? "" : qPrintable(bytes.error().message));
        const QString execFile = m_dir.filePath(QStringLiteral("call.sbsession"));
        QVERIFY(Test::writeFile(execFile, *bytes));
        auto exec = ExecSession::read(execFile);
        QVERIFY2(exec, exec ? "" : qPrintable(exec.error().message));
        QVERIFY(exec->manifest.trafficRecorded);
        QCOMPARE(exec->manifest.traffic.exchanges.size(), 2);
        QCOMPARE(exec->manifest.traffic.exchanges.at(1).url, QStringLiteral("https://localhost:%1/second").arg(servers.tls));

        Workbench bench;
        AgentSessionReplayer replayer(*recorded, &bench, {});
        auto report = runReplayToEnd(replayer);
        QVERIFY2(report, report ? "" : qPrintable(report.error().message));
        QVERIFY2(report->identical, qPrintable(report->summary()));
        const CliRun cli = runCli({QStringLiteral("replay"), path}, 120'000);
        QVERIFY2(!cli.crashed && cli.exitCode == 0, (cli.stdoutData + cli.stderrData).constData());
        QVERIFY2(cli.stdoutData.startsWith("identical"), cli.stdoutData.constData());
    }
};

QTEST_GUILESS_MAIN(TestAgentTraffic)
#include "tst_agenttraffic.moc"
