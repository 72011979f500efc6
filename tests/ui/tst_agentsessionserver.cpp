// End to end, against the real agent server and Deno: a `sandbench-cli mcp` session, driven
// over its stdin as a client would, shows up in the Sessions panel's Live list while the server
// runs, its calls appear as they are answered, it leaves the list when the client hangs up, and
// it replays identical through the panel's Workbench. code.run only: no Docker.
#include "panels/agentcallsmodel.h"
#include "panels/agentsessionview.h"
#include "panels/livesessionslist.h"
#include "panels/sessionspanel.h"
#include "session/replayreport.h"
#include "testsupport.h"
#include "workbench/workbench.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace Sandbench;

namespace {

QByteArray line(const QJsonObject &message)
{
    return QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace

class TestAgentSessionServer : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void serverSessionIsFollowedLiveAndReplays();
};

void TestAgentSessionServer::serverSessionIsFollowedLiveAndReplays()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString sessions = dir.filePath(QStringLiteral("sessions"));
    const QString workdir = dir.filePath(QStringLiteral("wd"));
    QVERIFY(QDir().mkpath(workdir));
    const QString policy = dir.filePath(QStringLiteral("policy.json"));
    QVERIFY(Test::writeFile(policy, R"({"permissions": {"allow_read": ["/etc/hostname"]}})"));

    Workbench workbench;
    SessionsPanel panel;
    panel.setWorkbench(&workbench);
    panel.setSessionsFolder(sessions);
    panel.resize(1100, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));

    QProcess server;
    server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    server.start(Test::cliPath(), {QStringLiteral("mcp"), QStringLiteral("--policy"), policy, QStringLiteral("--workdir"), workdir,
                                   QStringLiteral("--record-dir"), sessions});
    QVERIFY(server.waitForStarted());
    auto answer = [&server]() -> QJsonObject {
        // Waited for with the event loop running, so the panel keeps following meanwhile.
        [&] { QTRY_VERIFY_WITH_TIMEOUT(server.canReadLine(), 60000); }();
        return QJsonDocument::fromJson(server.readLine()).object();
    };
    server.write(line({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), 1},
                       {QStringLiteral("method"), QStringLiteral("initialize")},
                       {QStringLiteral("params"), QJsonObject{{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                                                              {QStringLiteral("capabilities"), QJsonObject{}},
                                                              {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("e2e-client")},
                                                                                                         {QStringLiteral("version"), QStringLiteral("7")}}}}}}));
    QVERIFY(answer().contains(QStringLiteral("result")));
    server.write(line({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("method"), QStringLiteral("notifications/initialized")}}));

    LiveSessionsList *live = panel.liveSessions();
    QTRY_COMPARE_WITH_TIMEOUT(live->paths().size(), 1, 5000);
    QListWidget *list = live->listView();
    QTRY_VERIFY_WITH_TIMEOUT(list->item(0)->text().contains(QStringLiteral("e2e-client")), 5000);
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(0)).center());
    QTRY_VERIFY_WITH_TIMEOUT(panel.agentSession() != nullptr, 5000);
    AgentSessionView *view = panel.agentView();
    QVERIFY(view->isFollowing());
    QVERIFY(view->headerLabel()->text().contains(QStringLiteral("client e2e-client 7")));

    const QString code = QStringLiteral("console.log(Deno.readTextFileSync('/etc/hostname').length > 0);"
                                        "try { Deno.readTextFileSync('/etc/passwd') } catch { console.log('denied') }");
    server.write(line({{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), 2},
                       {QStringLiteral("method"), QStringLiteral("tools/call")},
                       {QStringLiteral("params"), QJsonObject{{QStringLiteral("name"), QStringLiteral("code.run")},
                                                              {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("code"), code}}}}}}));
    const QJsonObject ran = answer();
    QVERIFY2(ran.contains(QStringLiteral("result")), QJsonDocument(ran).toJson().constData());
    // The call's line was written before it was answered: it shows within a second or so.
    QElapsedTimer shown;
    shown.start();
    QTRY_COMPARE_WITH_TIMEOUT(view->callsModel()->rowCount(), 1, 2000);
    qInfo("the call showed %lld ms after its answer", shown.elapsed());
    const AgentCallsModel *model = view->callsModel();
    QCOMPARE(model->data(model->index(0, AgentCallsModel::ToolColumn)).toString(), QStringLiteral("code.run"));
    QCOMPARE(model->data(model->index(0, AgentCallsModel::OutcomeColumn)).toString(), QStringLiteral("ok"));
    const QString decisions = model->data(model->index(0, AgentCallsModel::DecisionsColumn)).toString();
    QVERIFY2(!decisions.startsWith(QStringLiteral("0 allowed")) && !decisions.endsWith(QStringLiteral(" 0 denied")), qPrintable(decisions));

    // The client hangs up: the server ends the session, and it leaves the Live list.
    server.closeWriteChannel();
    QTRY_COMPARE_WITH_TIMEOUT(server.state(), QProcess::NotRunning, 30000);
    QCOMPARE(server.exitCode(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!view->isFollowing(), 2000);
    QVERIFY2(view->stateLabel()->text().startsWith(QStringLiteral("ended:")), qPrintable(view->stateLabel()->text()));
    QTRY_COMPARE_WITH_TIMEOUT(live->paths(), QStringList(), 2000);

    // Replayed offline through the panel's Workbench, from the call's recorded exec session.
    QSignalSpy finished(&panel, &SessionsPanel::replayFinished);
    QSignalSpy failed(&panel, &SessionsPanel::replayFailed);
    QTRY_VERIFY(panel.replayButton()->isEnabled());
    QTest::mouseClick(panel.replayButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(finished.size() + failed.size() > 0, 120000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    const auto report = finished.first().first().value<ReplayReport>();
    QVERIFY2(report.identical, qPrintable(report.summary()));
}

QTEST_MAIN(TestAgentSessionServer)
#include "tst_agentsessionserver.moc"
